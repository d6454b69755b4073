"""Land units at sea (2.26, 5.21, 6.4, 6.5): a Greek land unit stands in a sea area only
aboard a fleet of its side there, one unit to a fleet, and weaker than it.

Which fleet carries which unit is not kept: a fleet holds at most one, so the units aboard
in a sea are matched to its fleets strongest to strongest whenever it matters. `stow`
keeps the rule true after anything moves or fights: carried units shed steps to stay
weaker than their fleets (5.21, 6.5), and a unit left with no fleet able to carry it is
lost with the ships (6.5, 5.23: it returns to its Recruit Pool).
"""

from __future__ import annotations

from functools import cache

from . import board as B
from .state import HState, to_pool


@cache
def seas() -> frozenset[str]:
    return frozenset(a for a, x in B.comps().areas.items() if x.kind == "sea")


@cache
def is_fleet(bid: str) -> bool:
    return B.spec(bid).type == "fleet"



def aboard(s: HState, sea: str, side: str) -> list[str]:
    """The side's land units carried in `sea`."""
    return [u for u in B.units_in(s, sea, side) if not is_fleet(u)]


def stow(s: HState) -> list[str]:
    """Match each sea's land units to its fleets (see the module); the units lost."""
    found: dict[tuple[str, str], list[str]] = {}
    f = B.known(s)
    if f is not None:  # the blocks by area, kept across clicks: only the seas are read
        ships, by_area = B.fleet_ids(), f.by_area
        for sea in seas():
            here = by_area.get(sea)
            if here is not None:
                for b in here:
                    if b not in ships:
                        found.setdefault((sea, f.place[b][1]), []).append(b)
    else:
        at_sea = seas()
        for b, x in s["blocks"].items():
            if x["loc"] in at_sea and not is_fleet(b):
                found.setdefault((x["loc"], x["side"]), []).append(b)
    lost = []
    for (sea, side), units in sorted(found.items()):
        blocks = s["blocks"]
        fleets = sorted((blocks[f]["cv"] for f in B.units_in(s, sea, side) if is_fleet(f)),
                        reverse=True)
        units.sort(key=lambda u: (-blocks[u]["cv"], u))
        for i, u in enumerate(units):
            room = fleets[i] - 1 if i < len(fleets) else 0
            if room < 1:
                to_pool(blocks[u])
                lost.append(u)
            else:
                blocks[u]["cv"] = min(blocks[u]["cv"], room)
    return lost
