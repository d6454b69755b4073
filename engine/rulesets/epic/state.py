"""The Epic game state: plain JSON data (docs/architecture.md).

Only facts are stored; what follows from them (Area status, supply, who may enter a
city) is worked out by `board.py` and `supply.py`, so it can never disagree with them.

    scenario, year (BC, counting down), season (0 Spring .. 3 Winter), ct (Campaign Turn
    1-3, 0 while the Seasonal Turn runs), order (who acts first, 22.4.1)
    regions:  id -> {side, al, ml, mult}   AL is read from the controller's side (4.1)
    treasury: side -> talents (5.1)
    units:    id -> {side, home, type, morale, where: pool|map|dead|build, hex, forage,
                     raid, moved, placed, sailed (carried by sea this turn, 16.7.3)}
    leaders:  name -> {side, land, sea, where: map|force|pool|dead, hex, region}
    leader_pool: side -> names, face down; the order is the hidden draw (7.8.4)
    marks:    city -> side holding it against its region (4.3.1c, "captured" markers)
    razed, unwalled: city names (11.1, 11.3)
    forts, bases: hex -> side (7.6)
    sieges:   hex -> {by, morale, initial}   (10.3)
    raided:   area -> count this year (15.2); raided_now: areas whose ML fell this season
    bases_placed: how many of its 3 bases Athens has placed (22.4.5)
    ports_open: ports whose blockading fleets went ashore this Campaign Turn (10.2.3b)
    revolts: revolting cities (6.5); helots: cities under a Helot Uprising marker (29.4.4)
    kept: revolting city -> the controller whose units stayed inside and hold it (6.5.4)
    works: walls going up {city, side, due: season index}, Long Walls {ends: [hex, hex],
           side, unit, hex, due}; built_walls: walls put up (7.6.4)
    long_walls: hex -> hex, both ends of each standing Long Walls (7.6.5, 10.9)
"""

from __future__ import annotations

from typing import Any

EState = dict[str, Any]

SIDES = ("athens", "sparta")
SEASONS = ("Spring", "Summer", "Fall", "Winter")
WINTER = 3
POOL, MAP, DEAD = "pool", "map", "dead"
LAND_TYPES = ("hoplite", "light", "cavalry")


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


def clamp_al(v: int) -> int:
    return max(-4, min(20, v))  # rule 4.1


def clamp_ml(v: int) -> int:
    return max(1, min(20, v))  # rule 4.2


def stamp(s: EState) -> str:
    """Where the game stands, for log lines."""
    ct = f", Campaign Turn {s['ct']}" if s["ct"] else ""
    return f"{SEASONS[s['season']]} {s['year']} BC{ct}"
