"""Micro-benchmark of Pericles' march question (rule 9.2, rulings R28/R62): the time of
one `movable` call on the worked example's march on Chalcidice (16.0), by generation.
Run against another checkout with PYTHONPATH=<checkout> to compare (paudit15)."""

from __future__ import annotations

import statistics
import sys
import time
import timeit

import engine
from engine.rulesets.pericles.schema import GENERATION
from engine.rulesets.pericles.theater_flow import movable


def march_north(generation: int) -> dict:
    """16.0's expedition to Chalcidice, the Eurypontid commanding with 4 Strategos."""
    g = engine.ruleset("pericles").from_position(
        {"scenario": "14.1.06 A", "war": True, "strategos": {"eurypontid": 8},
         "start": "expedition", "args": {"theater": "chalcidice", "owner": "eurypontid"}},
        seed="bench", generation=generation)
    for seat in ("aristocrats", "demagogues", "agiad"):
        g.act(seat, "0")
    g.act("eurypontid", "4")
    return g.state


def main(calls: int = 200, repeats: int = 7) -> None:
    for gen in range(GENERATION + 1):
        s = march_north(gen)
        runs = timeit.repeat(lambda s=s: movable(s), number=calls, repeat=repeats,
                             timer=time.process_time)
        per = [r / calls * 1e6 for r in runs]
        print(f"generation {gen}: {len(movable(s))} options, median "
              f"{statistics.median(per):.0f} µs a call of CPU time (min {min(per):.0f}, max {max(per):.0f}; {repeats} x {calls} calls)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
