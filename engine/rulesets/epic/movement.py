"""Where a land stack may go (rules 16.2, 16.3, 16.5, 16.6, 17.1).

Hex movement pays for the hex entered (clear 1, rough 2, +1 across a river, ½ along a
road); Area movement treats each friendly Area as one hex (16.3.2). A stack stops on
entering a hex with enemy units or an unmasked enemy city (16.3.4); enemy leaders, bases,
unoccupied forts and masked cities do not stop it (16.3.5), though a masked hex gives no
road (16.3.5d)."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from . import board as B
from .components import MOVE_ALLOWANCE
from .state import EState, other

TERRAIN_COST = {"clear": 1.0, "rough": 2.0}  # 16.6; mountains and lakes are impassable
ROAD_COST = 0.5
RIVER_EXTRA = 1.0
AREA_COST = 1.0


@dataclass(frozen=True)
class Reach:
    cost: float
    via: str | None  # the hex the stack entered from (its retreat hex if it attacks, 17.7.7)
    stops: bool  # an enemy is there: the move ends in battle or masking


def allowance(s: EState, units: list[str], leaders: list[str]) -> int:
    """A stack moves at its slowest member's allowance (16.3.1, 16.5)."""
    kinds = [MOVE_ALLOWANCE[s["units"][u]["type"]] for u in units]
    kinds += [MOVE_ALLOWANCE["leader"] for _ in leaders]
    return min(kinds) if kinds else 0


def blocking(s: EState, h: str, side: str, by_hex: dict[str, list[str]]) -> bool:
    """An enemy in `h` that ends movement there: units, or a city the enemy holds that is
    not masked (16.3.4)."""
    foe = other(side)
    if B.holder(s, h) == foe and B.masked(s, h):
        return False  # enemies shut in a masked city or fort (16.3.5d)
    if any(s["units"][u]["side"] == foe for u in by_hex.get(h, ())):
        return True
    city = B.city_at(s, h)
    return city is not None and B.city_owner(s, city.name) == foe


def reachable(s: EState, side: str, start: str, mp: float) -> dict[str, Reach]:
    with B.steady(s):
        return _reachable(s, side, start, mp)


def _reachable(s: EState, side: str, start: str, mp: float) -> dict[str, Reach]:
    c = B.comps()
    allowed = B.play_hexes(s["scenario"], side)
    by_hex = B.hex_units_by_hex(s)
    status: dict[str, str] = {}

    def friendly(area: str) -> bool:
        if area not in status:
            status[area] = B.area_status(s, area, side)
        return status[area] == "friendly"

    def no_road(h: str) -> bool:
        return B.masked(s, h) or h in s["sieges"]

    best: dict[str, float] = {start: 0.0}
    out: dict[str, Reach] = {}
    done_areas: set[str] = set()
    heap: list[tuple[float, str, str | None]] = [(0.0, start, None)]
    while heap:
        cost, node, via = heapq.heappop(heap)
        if node.startswith("@"):  # in Area-movement mode inside a friendly Area (16.3.2)
            area = node[1:]
            if area in done_areas:
                continue
            done_areas.add(area)
            for h in c.area_hexes[area]:
                if h in allowed and best.get(h, 1e9) > cost:
                    best[h] = cost
                    heapq.heappush(heap, (cost, h, None))
            for nxt in c.land_area_links.get(area, ()):
                if cost + AREA_COST <= mp and friendly(nxt) and _area_open(nxt, allowed):
                    heapq.heappush(heap, (cost + AREA_COST, "@" + nxt, None))
            continue
        h = node
        if cost > best.get(h, 1e9):
            continue
        if h != start:
            stop = blocking(s, h, side, by_hex)
            if h not in out or out[h].cost > cost:
                out[h] = Reach(cost, via, stop)
            if stop:
                continue
        area = B.area_of(h)
        if friendly(area) and cost + AREA_COST <= mp:
            heapq.heappush(heap, (cost + AREA_COST, "@" + area, None))
        for n in c.land_neighbors(h):
            if n not in allowed:
                continue
            terrain = c.hexes[n].terrain
            if terrain not in TERRAIN_COST:
                continue
            hs = c.side(h, n)
            step = TERRAIN_COST[terrain]
            if hs is not None and hs.road and not no_road(h) and not no_road(n):
                step = ROAD_COST
            elif hs is not None and hs.river:
                step += RIVER_EXTRA
            nc = cost + step
            if nc <= mp and nc < best.get(n, 1e9):
                best[n] = nc
                heapq.heappush(heap, (nc, n, h))
    return out


def _area_open(area: str, allowed: frozenset[str]) -> bool:
    """Area movement only into Areas in play (22.4.2)."""
    return any(h in allowed for h in B.comps().area_hexes[area])

