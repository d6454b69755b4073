"""What the Ionian War (27.0) adds to the Campaign's rules: Sparta's Sicilian fleets.

27.2.1: Sparta has one of Sicily's four fleets at the start and may bring one more each
Seasonal Turn until all four have come, as after a decisive Spartan victory on the Sicilian
Expedition Resolution card (Appendix C: one a season, at the Placement stage, supplied at no
cost, `sicily.free`); a fleet lost is not replaced. A fleet comes straight to a Spartan port
on the waters the Sicily box is reached from (RULINGS.md 67), not through the box.

Every other Ionian rule is data (components.json) or shared with the Campaign: the set-up
(`setup.py`), the length and victory (`flow.py`), the Peace Embassy's regions
(`events.PEACE_REGIONS`)."""

from __future__ import annotations

from . import board as B
from .state import MAP, POOL, EState

SICILY = "sicily"  # the Sicilian fleets' home (they have no region)
SICILIAN_FLEETS = {"ionian": (1, 4)}  # 27.2.1: at the start, at most
# 19.1: the Sicily box is reached from the Corcyran Waters and the North Ionian Sea; a fleet
# comes to a port on those waters or on a coastal sea next to the North Ionian Sea
WEST_SEAS = ("corcyran-waters", "leucadian-waters", "cephallenian-waters")


def sicilian(u: dict) -> bool:
    return bool(u["home"] == SICILY)


def _season_index(s: EState) -> int:
    first = B.comps().scenarios[s["scenario"]].first_year
    return (first - s["year"]) * 4 + s["season"]


def fleets_due(s: EState) -> int:
    """How many Sicilian fleets Sparta may have had by this season (27.2.1)."""
    start, most = SICILIAN_FLEETS.get(s["scenario"], (0, 0))
    return min(most, start + _season_index(s)) if most else 0


def sicilian_ports(s: EState, side: str) -> list[str]:
    """Where a Sicilian fleet may come in this Placement stage (none once one has come this
    season, or all that are due have come)."""
    if side != "sparta" or not fleets_due(s):
        return []
    came = sum(1 for u in s["units"].values() if sicilian(u) and u["where"] != POOL)
    if came >= fleets_due(s) or s.get("sicily_season") == _season_index(s):
        return []
    return sorted(c.name for c in B.comps().cities.values()
                  if c.port and c.port_sea in WEST_SEAS and B.city_at(s, c.hex) is not None
                  and B.city_owner(s, c.name) == side and c.hex not in s["sieges"]
                  and not B.masked(s, c.hex) and not B.fleet_masked(s, c.hex))


def came(s: EState, uid: str) -> None:
    """A Sicilian fleet has come: one a season (Appendix C, Resolution)."""
    if sicilian(s["units"][uid]) and s["units"][uid]["where"] == MAP:
        s["sicily_season"] = _season_index(s)


