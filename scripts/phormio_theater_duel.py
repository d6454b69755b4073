"""Duels of Phormio in Pericles with its theater rules following the Prime Strategy the
level plays by: the level `phormio_planned` (defined here) is the `phormio` level whose
theater rules read `self.strategy` through `planned_rules` (engine/players/phormio/
theater.py). In a duel the game does not know which seats are Phormio's, so the view
records no Prime Strategy; the `phormio` level then draws its own for its political
play while its theater rules, reading the view only, play by the charts alone.

Run from the repository root:
    nice -n 10 .venv/bin/python scripts/phormio_theater_duel.py phormio_planned random 20 "14.1.06 A"
    nice -n 10 .venv/bin/python scripts/phormio_theater_duel.py phormio random 20 "14.1.06 A"
"""

from __future__ import annotations

import json
import sys
from typing import Any

from engine.players.base import register_level
from engine.players.duel import duel
from engine.players.phormio.player import PhormioPlayer
from engine.players.phormio.theater import planned_rules


@register_level
class PlannedPhormio(PhormioPlayer):
    """Phormio whose theater rules follow the level's own Prime Strategy."""

    level = "phormio_planned"

    def __init__(self, seed: str | int = 0, **options: Any):
        super().__init__(seed, **options)
        self.rules.update(planned_rules(self.strategy))


def main() -> None:
    a, b, games, scenario = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    r = duel("pericles", a, b, games, seed="pw", scenario=scenario)
    keys = ("a_wins", "b_wins", "draws", "a_win_rate", "a_win_rate_low", "a_win_rate_high",
            "a_decision_ms_p95")
    print(a, "vs", b, scenario, json.dumps({k: r[k] for k in keys}))


if __name__ == "__main__":
    main()
