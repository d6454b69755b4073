"""Where a land stack may go (rules 16.2, 16.3, 16.5, 16.6, 17.1).

Hex movement pays for the hex entered (clear 1, rough 2, +1 across a river, ½ along a
road); Area movement treats each friendly Area as one hex (16.3.2). A stack stops on
entering a hex with enemy units or an unmasked enemy city (16.3.4); enemy leaders, bases,
unoccupied forts and masked cities do not stop it (16.3.5), though a masked hex gives no
road (16.3.5d)."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache

from . import board as B
from . import cards as C
from .components import MOVE_ALLOWANCE
from .state import EState, on_board, other

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


@cache
def _graph() -> dict[str, tuple[tuple[str, float, bool], ...]]:
    """Each passable land hex's passable neighbours with the cost of entering them
    (terrain plus river) and whether a road runs along the hex-side (16.6)."""
    c = B.comps()
    out: dict[str, tuple[tuple[str, float, bool], ...]] = {}
    for h, hx in c.hexes.items():
        if hx.kind != "land" or hx.terrain not in TERRAIN_COST:
            continue
        steps = []
        for n in c.land_neighbors(h):
            terrain = c.hexes[n].terrain
            if terrain not in TERRAIN_COST:
                continue
            hs = c.side(h, n)
            cost = TERRAIN_COST[terrain] + (RIVER_EXTRA if hs is not None and hs.river else 0.0)
            steps.append((n, cost, bool(hs is not None and hs.road)))
        out[h] = tuple(steps)
    return out


def reachable(s: EState, side: str, start: str, mp: float,
              also: frozenset[str] = frozenset(),
              within: frozenset[str] | None = None) -> dict[str, Reach]:
    """`also`: hexes open to this stack beyond its side's (a satrapy, persia.satrapy_open);
    `within`: the only hexes it may pass through (the Festival's region)."""
    with B.steady(s):
        return _reachable(s, side, start, mp, also, within)


def _stops_and_no_roads(s: EState, side: str) -> tuple[set[str], set[str]]:
    """Hexes that end a move (16.3.4) and hexes with no road through them (16.3.5d)."""
    foe = other(side)
    stops: set[str] = set()
    no_road: set[str] = set(s["sieges"])
    for u in s["units"].values():
        if u["where"] == "map" and u["side"] == foe:
            stops.add(on_board(u))
    for city in B.comps().cities.values():
        if B.holder(s, city.hex) == foe:
            stops.add(city.hex)
    places = {c.hex for c in B.comps().cities.values()} | set(s["forts"])
    for h in list(stops) + list(s["forts"]):
        if h in places and B.masked(s, h):
            no_road.add(h)
            if B.holder(s, h) == foe:
                stops.discard(h)  # enemies shut in a masked place do not stop (16.3.5d)
    return stops, no_road


def _reachable(s: EState, side: str, start: str, mp: float,
               also: frozenset[str], within: frozenset[str] | None) -> dict[str, Reach]:
    c = B.comps()
    graph = _graph()
    allowed = B.allowed(s, side) | also
    if within is not None:
        allowed &= within
    barred = C.entry_barred(s)  # the Earthquake's first Campaign Turn
    if barred:
        allowed = frozenset(h for h in allowed if c.region_of_hex(h) not in barred)
    no_area = C.no_area_move(s)  # Sitalces Invades: no Area movement there this season
    stops, no_road = _stops_and_no_roads(s, side)
    status: dict[str, bool] = {}

    def friendly(area: str) -> bool:
        if area not in status:
            status[area] = B.area_status(s, area, side) == "friendly" and \
                c.areas[area].region not in no_area
        return status[area]

    # Area movement (16.3.2): a friendly Area is one "hex". From a hex of it the stack may
    # step to a neighbouring friendly Area for 1 MP ("@" nodes: any hex of an Area entered
    # so is reached at its cost) or shift to another hex of its own Area for 1 MP ("^"
    # nodes: the Area the stack stands in, costing nothing until it moves on).
    best: dict[str, float] = {start: 0.0}
    out: dict[str, Reach] = {}
    done: set[str] = set()
    heap: list[tuple[float, str, str | None]] = [(0.0, start, None)]
    pop, push, far = heapq.heappop, heapq.heappush, 1e9  # local names: the search's loop
    while heap:
        cost, node, via = pop(heap)
        if node[0] in "@^":
            if node in done:
                continue
            done.add(node)
            area = node[1:]
            here = cost + (AREA_COST if node[0] == "^" else 0.0)
            if here <= mp:
                for h in c.area_hexes[area]:
                    if h in allowed and best.get(h, 1e9) > here:
                        best[h] = here
                        heapq.heappush(heap, (here, h, None))
            if cost + AREA_COST <= mp:
                for nxt in c.land_area_links.get(area, ()):
                    if "@" + nxt not in done and friendly(nxt) and _area_open(nxt, allowed):
                        heapq.heappush(heap, (cost + AREA_COST, "@" + nxt, None))
            continue
        h = node
        if cost > best.get(h, far):
            continue
        if h != start:
            stop = h in stops
            if h not in out or out[h].cost > cost:
                out[h] = Reach(cost, via, stop)
            if stop:
                continue
        here_area = c.hexes[h].area
        if here_area and cost + AREA_COST <= mp and "^" + here_area not in done \
                and friendly(here_area):
            heapq.heappush(heap, (cost, "^" + here_area, None))
        road_ok = h not in no_road
        for n, step, road in graph.get(h, ()):
            if n not in allowed:
                continue
            if road and road_ok and n not in no_road:
                step = ROAD_COST
            nc = cost + step
            if nc <= mp and nc < best.get(n, far):
                best[n] = nc
                push(heap, (nc, n, h))
    return out


def _area_open(area: str, allowed: frozenset[str]) -> bool:
    """Area movement only into Areas in play (22.4.2)."""
    return any(h in allowed for h in B.comps().area_hexes[area])

