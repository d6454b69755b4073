"""Random play of an Epic scenario in which neither player reaches for peace, so the game
runs its whole length (random players sign a peace within a year or two; this plays the
later years too). Invariants are checked after every action, as `keryx selfplay` does.

    nice -n 10 .venv/bin/python scripts/epic_selfplay_no_peace.py ionian SEED GAMES

Prints one line a game (seed, actions, seconds, last year, ending) and a summary: errors,
games with Persian troops inside their satrapy, Sicilian fleets that came."""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import replace

from engine import ruleset
from engine.core.decisions import ONE, random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.epic import persia

PEACE = {"offer", "accept", "roll"}  # the Peace Embassy roll and peace by agreement (20.1)


def peaceful(option_id: str) -> bool:
    """An answer that reaches for peace (with allies the embassy's roll names a seat)."""
    return option_id in PEACE or option_id.startswith("roll:")


def main(scenario: str, base: str, games: int) -> int:
    errors = satrapy = sicilian = 0
    for i in range(games):
        seed = f"{base}:{i}"
        start = time.perf_counter()
        g = Game.create(ruleset("epic"), scenario=scenario, seed=seed, options=None)
        rng = Rng(f"player:{seed}")
        problem, seen, actions = None, False, 0
        for _ in range(200_000):
            if g.outcome is not None:
                break
            prompts = g.prompts()
            if not prompts:
                problem = "stuck"
                break
            p = rng.choice(prompts)
            keep = tuple(o for o in p.options if not peaceful(o.id))
            if p.form == ONE and keep and len(keep) < len(p.options):
                p = replace(p, options=keep)
            actions += 1
            try:
                g.act(p.seat, random_answer(p, rng))
            except Exception:  # noqa: BLE001 - reported with its place
                problem = traceback.format_exc(limit=8)
                break
            bad = g.check_invariants()
            if bad:
                problem = "; ".join(bad)
                break
            s = g.state
            seen = seen or any(u["where"] == "map" and persia.in_satrapy(s, uid)
                               for uid, u in s["units"].items())
        s = g.state
        satrapy += seen
        sicilian += sum(1 for u in s["units"].values()
                        if u["home"] == "sicily" and u["where"] != "pool")
        ending = g.outcome.reason if g.outcome else None
        print(seed, actions, round(time.perf_counter() - start, 1), s["year"], ending,
              "ERROR" if problem else "", flush=True)
        if problem:
            errors += 1
            print(problem[-3000:], flush=True)
    print(f"{games} games, {errors} errors; Persian troops in their satrapy in {satrapy}; "
          f"{sicilian} Sicilian fleets came")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
