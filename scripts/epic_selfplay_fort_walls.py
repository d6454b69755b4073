"""Random Epic games that start with Long Walls from a walled city to a fort (7.6.5), since
random play seldom finishes any: Argos-W3034 (Athens) in the Argive League, Corinth-W3132
(Sparta) in the Archidamian War and the Campaign. Invariants are checked after every action;
prints what became of the fort-end walls.

Run:  nice -n 10 .venv/bin/python scripts/epic_selfplay_fort_walls.py GAMES [SEED]
"""

from __future__ import annotations

import sys
from collections import Counter

import engine
from engine.core.rng import Rng
from engine.rulesets.epic import board as B
from engine.selfplay import play_random

SETUPS = {"argive-league": ("Argos", "W3034", "athens"),
          "archidamian": ("Corinth", "W3132", "sparta"),
          "campaign": ("Corinth", "W3132", "sparta")}


def main(games: int, seed: str) -> int:
    tally: Counter[str] = Counter()
    for i in range(games):
        scenario = list(SETUPS)[i % len(SETUPS)]
        name, fort, side = SETUPS[scenario]
        city = B.comps().cities[name].hex
        g = engine.new_game("epic", scenario, seed=f"{seed}:{i}")
        s = g.state
        assert B.city_owner(s, name) == side and B.city_at(s, fort) is None
        s["forts"][fort] = side
        s["long_walls"].update({city: fort, fort: city})
        n, problem = play_random(g, Rng(f"player:{seed}:{i}"))
        tally["games"] += 1
        tally["actions"] += n
        if problem:
            tally["errors"] += 1
            print(f"{seed}:{i} {scenario}: {problem}")
        tally["walls standing at the end"] += s["long_walls"].get(fort) == city
        tally["fort changed hands"] += s["forts"].get(fort) not in (None, side)
    print(dict(tally))
    return 1 if tally["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), sys.argv[2] if len(sys.argv) > 2 else "fortend"))
