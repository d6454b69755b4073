"""Self-play of the `phormio` level in every seat of Pericles scenarios, to find errors
in Phormio's play and time its theater decisions (engine/players/phormio/theater*.py).

Every faction is automated (the game option `phormio`), so the Prime Strategies are
drawn on the game's dice (rule 15.3). An error is an exception in a decision, an answer
the prompt does not offer, or a game still running after 50,000 actions.

Run from the repository root (all scenarios, 40 games each):
    nice -n 10 .venv/bin/python scripts/phormio_theater_selfplay.py --games 40
    nice -n 10 .venv/bin/python scripts/phormio_theater_selfplay.py --games 5 "14.3" "14.4"
"""

from __future__ import annotations

import argparse
import time
import traceback
from collections import Counter

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.players import player
from engine.players.phormio.theater import THEATER_RULES
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles.scenarios import SPECS

MAX_ACTIONS = 50_000


def play(scenario: str, games: int) -> tuple[list[float], int, Counter[str]]:
    """(theater decision times in seconds, errors, decisions by prompt kind)."""
    times: list[float] = []
    errors = 0
    kinds: Counter[str] = Counter()
    seats = ",".join(Game.create(RULESET, scenario=scenario, seed="seats").view(None)["factions"])
    for g in range(games):
        game = Game.create(RULESET, scenario=scenario, seed=f"selfplay{g}",
                           options={"phormio": seats})
        bots = {f: player("phormio", seed=f"{g}:{f}") for f in game.view(None)["factions"]}
        actions = 0
        while game.outcome is None and actions < MAX_ACTIONS:
            actions += 1
            prompt = game.prompts()[0]
            start = time.perf_counter()
            try:
                answer = bots[prompt.seat].choose(game.view(prompt.seat), prompt)
            except Exception:  # noqa: BLE001 - counted and shown, the game goes on
                traceback.print_exc()
                errors += 1
                answer = random_answer(prompt, Rng("fallback"))
            if prompt.kind in THEATER_RULES:
                times.append(time.perf_counter() - start)
                kinds[prompt.kind] += 1
            try:
                game.act(prompt.seat, answer)
            except Exception as exc:  # noqa: BLE001
                print(f"ILLEGAL {scenario} game {g}: {prompt.kind} {answer!r}: {exc}")
                errors += 1
                game.act(prompt.seat, random_answer(prompt, Rng("fallback")))
        if game.outcome is None:
            print(f"UNFINISHED {scenario} game {g}")
            errors += 1
    return times, errors, kinds


def ms(values: list[float], q: float) -> float:
    return 1000 * values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=list(SPECS))
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    every: list[float] = []
    total_errors = 0
    for scenario in args.scenarios:
        begun = time.perf_counter()
        times, errors, kinds = play(scenario, args.games)
        times.sort()
        every += times
        total_errors += errors
        print(f"{scenario}: {args.games} games, {errors} errors, {len(times)} theater "
              f"decisions, p95 {ms(times, .95):.2f} ms, max {ms(times, 1):.1f} ms, "
              f"{time.perf_counter() - begun:.0f} s; {dict(kinds)}", flush=True)
    every.sort()
    print(f"all: {len(args.scenarios) * args.games} games, {total_errors} errors, "
          f"{len(every)} theater decisions, p50 {ms(every, .5):.3f} ms, "
          f"p95 {ms(every, .95):.3f} ms, p99 {ms(every, .99):.3f} ms, max {ms(every, 1):.1f} ms")


if __name__ == "__main__":
    main()
