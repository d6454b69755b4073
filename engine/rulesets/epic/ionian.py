"""What the Ionian War (27.0) adds to the Campaign's rules: Sparta's Sicilian fleets.

27.2.1: Sparta has one of Sicily's four fleets at the start and may bring one more each
Seasonal Turn until all four have come, as after a decisive Spartan victory on the Sicilian
Expedition Resolution card (Appendix C: placed in the Sicily box at the Placement stage, one
a Seasonal Turn, supplied at no cost, `sicily.free`); from the box they leave by the Leaving
Sicily box like any piece (19.2). A fleet lost is not replaced.

Every other Ionian rule is data (components.json) or shared with the Campaign: the set-up
(`setup.py`), the length and victory (`flow.py`), the Peace Embassy's regions
(`events.PEACE_REGIONS`)."""

from __future__ import annotations

from . import board as B
from .state import POOL, EState, Unit

SICILY = "sicily"  # the Sicilian fleets' home (they have no region)
SICILIAN_FLEETS = {"ionian": (1, 4)}  # 27.2.1: at the start, at most


def sicilian(u: Unit) -> bool:
    return bool(u["home"] == SICILY)


def _season_index(s: EState) -> int:
    first = B.comps().scenarios[s["scenario"]].first_year
    return (first - s["year"]) * 4 + s["season"]


def fleets_due(s: EState) -> int:
    """How many Sicilian fleets Sparta may have had by this season (27.2.1)."""
    start, most = SICILIAN_FLEETS.get(s["scenario"], (0, 0))
    return min(most, start + _season_index(s)) if most else 0


def fleet_due(s: EState, side: str) -> bool:
    """Whether the Ionian War lets `side` bring a Sicilian fleet into the Sicily box now
    (one a Seasonal Turn, as many as are due; `sicily.place_options` keeps it to one)."""
    if side != "sparta" or not fleets_due(s):
        return False
    came = sum(1 for u in s["units"].values() if sicilian(u) and u["where"] != POOL)
    return came < fleets_due(s)
