"""Random self-play at scale (issue 38 point 7): `python -m tests.ppw.selfplay SCENARIO
PLAYERS GAMES` plays GAMES random games, checks the invariants after every action and
prints a JSON line: errors, unfinished games, first places, ends by goal, actions.
The fast and slow lanes run the same loop on a few games (test_contract.py)."""

from __future__ import annotations

import json
import statistics
import sys
import time
import traceback
from collections import Counter

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.ppw import RULESET

MAX_ACTIONS = 4000


def run(scenario: str, players: int, games: int, every: int = 0) -> dict[str, object]:
    """`every` > 0: print the figures so far after each `every` games (a long run cut
    short still tells what it played)."""
    errors: list[str] = []
    firsts: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    actions: list[int] = []
    unfinished = 0
    start = time.perf_counter()
    for i in range(games):
        g = Game.create(RULESET, scenario=scenario, seed=f"sp:{scenario}:{players}:{i}",
                        options={"players": players})
        rng = Rng(f"spr:{i}")
        steps = 0
        try:
            while g.outcome is None and steps < MAX_ACTIONS:
                p = rng.choice(g.prompts())
                g.act(p.seat, random_answer(p, rng))
                steps += 1
                problems = RULESET.check_invariants(g.state)
                if problems:
                    errors.append(f"game {i} action {steps}: {problems[0]}")
                    break
        except Exception:  # noqa: BLE001 - counted and shown, the run goes on
            errors.append(f"game {i} action {steps}: {traceback.format_exc(limit=3)}")
        actions.append(steps)
        if g.outcome is None:
            unfinished += 1
        else:
            firsts["+".join(g.outcome.places[0])] += 1
            reasons[g.outcome.reason] += 1
        if every and (i + 1) % every == 0 and i + 1 < games:
            print(json.dumps(_figures(scenario, players, i + 1, errors, unfinished, firsts,
                                      reasons, actions, start)), flush=True)
    return _figures(scenario, players, games, errors, unfinished, firsts, reasons, actions,
                    start)


def _figures(scenario: str, players: int, games: int, errors: list[str], unfinished: int,
             firsts: Counter[str], reasons: Counter[str], actions: list[int],
             start: float) -> dict[str, object]:
    return {"scenario": scenario, "players": players, "games": games, "errors": len(errors),
            "first_errors": errors[:3], "unfinished": unfinished,
            "first_places": dict(firsts.most_common()), "reasons": dict(reasons),
            "actions_median": statistics.median(actions) if actions else 0,
            "seconds": round(time.perf_counter() - start, 1)}


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), every=100)))
