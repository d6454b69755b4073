"""The Epic players' map readings: where a hoplite's march reaches in a Campaign Turn
(16.5, 16.6), the capitals whose fall ends the game for a side (21.1) and the enemy units
that may reach them next turn, and the enemy region our armies aim at with the hexes
that lead to it. Read from public map data and the seat's view; shared by the heuristic
(engine/players/epic.py) and the search's stages (engine/players/epic_stage.py)."""

from __future__ import annotations

import heapq
from functools import cache
from typing import Any

from ..rulesets.epic import board as B
from ..rulesets.epic import movement as M
from . import epic_policy as policy
from .epic_policy import other, side_of

# A hoplite's move (16.5): the reach of a Campaign Turn's march, in movement points.
CAPITAL_REACH = 3
# An enemy city within that reach counts as up to this many enemy units coming: units are
# placed there at the start of a season and the enemy may move first (Argos is a road's
# march from Sparta; a Sparta that marched out when no Argive stood at Argos fell the next
# season). Only where the enemy may place them, and as many as its Force Pool holds
# (`placeable`, 7.3.2).
PLACED_THREAT = 4
PLACE_ML = 5  # 4.4.2: no units placed in a region whose ML is below 5
# Hexes within which the enemy region we aim at draws our land units (epic.APPROACH).
PULL = 12


@cache
def neighbours(h: str) -> frozenset[str]:
    return frozenset(B.comps().neighbors(h))


def our_capitals(view: dict[str, Any], side: str) -> list[str]:
    """The capitals whose fall ends the game for `side`: Athens, or Sparta and, with
    allies, Thebes' and Corinth's too (24.7.1, 25.3.1: any League capital taken ends it;
    read from the seats the treasuries name)."""
    seats = sorted(view["treasury"], key=lambda x: (x != side, x))
    return [CAPITAL_OF[x] for x in seats if side_of(x) == side and x in CAPITAL_OF]


CAPITAL_OF = {"athens": "Athens", "sparta": "Sparta", "thebes": "Thebes", "corinth": "Corinth"}


def target(view: dict[str, Any], me: str) -> str | None:
    """The enemy region nearest to changing hands (lowest AL), the one our armies march
    on: pressure there (13.4) and victories there (13.4) bring its control check nearer.
    A tie goes to the region that started the scenario lower, whatever its name: the
    alphabetical tie-break sent Sparta's army from Elis to the Argolid and back each time
    their ALs met, and neither fell (2026-11-29 traces, `e5s`)."""
    start = B.comps().scenarios[view["scenario"]].regions
    theirs = [(int(r["al"]), start[region].al if region in start else 99, region)
              for region, r in sorted(view["regions"].items())
              if r["side"] == other(me) and B.comps().regions[region].home_of is None]
    return min(theirs)[2] if theirs else None


def goal(view: dict[str, Any], region: str, me: str) -> dict[str, int]:
    """Land hex -> hexes to the cities of the enemy region we aim at that its controller
    still holds, or to the region when it holds none: a siege there is a victory in the
    region when it ends (_siege_drift), where standing anywhere in the region adds no
    more than the one seasonal adjustment (13.4). Sparta's seven stood at Lepreum, in
    Elis, for three years, four hexes from Elis and Cyllene, besieging nothing (`e5s:19`)."""
    cities = frozenset(c.hex for c in goal_cities(view, region, me))
    return policy.land_distances(cities) if cities else distances(region)


def goal_cities(view: dict[str, Any], region: str, me: str) -> list[Any]:
    """The cities of `region` our enemy holds (its controller's in a region of his, the
    enemy-held ones in ours) that land units alone may besiege (not ports: a port's
    besiegers need a fleet besides, 10.3.2). In a region of ours each presses it every
    season until masked (13.4): Athenian Mantinea took Arcadia from AL 5 to Athens by the
    last check while no Spartan came near it (`e6s:9`)."""
    fleet = fleet_alive(view, me)
    return [c for c in B.region_cities(region)
            if B.city_owner(view, c.name) == other(me) and (fleet or not c.port)]


def fleet_alive(view: dict[str, Any], me: str) -> bool:
    """Whether `me` has a fleet on the map or in its Force Pool (one to besiege a port
    with, 10.3.2)."""
    return any(u["side"] == me and u["type"] == "fleet" and u["where"] in ("map", "pool")
               for u in view["units"].values())


@cache
def distances(region: str) -> dict[str, int]:
    """Land hex -> hexes over land to the nearest hex of `region` (public map data)."""
    c = B.comps()
    return policy.land_distances(frozenset(h for a in c.region_areas[region]
                                           for h in c.area_hexes[a]))


@cache
def hex_of(city: str) -> str:
    return B.comps().cities[city].hex


@cache
def near_capital(capital: str) -> frozenset[str]:
    """Land hexes from which a hoplite reaches the city `capital` in one Campaign Turn."""
    return reach_of(hex_of(capital))


@cache
def reach_of(start: str) -> frozenset[str]:
    """Land hexes from which a hoplite reaches hex `start` in one Campaign Turn: a move
    of CAPITAL_REACH MP (16.5) at each hex's terrain cost, half a point along a road
    (16.6; public map data). Counting hexes alone missed armies a road brings in a turn
    from twice as far."""
    graph = M._graph()
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        cost, h = heapq.heappop(heap)
        if cost > best.get(h, 1e9):
            continue
        for n, step, road in graph.get(h, ()):
            c = cost + (M.ROAD_COST if road else step)
            if c <= CAPITAL_REACH and c < best.get(n, 1e9):
                best[n] = c
                heapq.heappush(heap, (c, n))
    return frozenset(best)


@cache
def cities_near(capital: str) -> tuple[str, ...]:
    """The cities (other than the capital) within a Campaign Turn's march of it."""
    near = near_capital(capital)
    return tuple(sorted(c.name for c in B.comps().cities.values()
                        if c.hex in near and c.name != capital))


def coming(view: dict[str, Any], here: dict[str, dict[str, int]], side: str,
           capital: str) -> int:
    """Enemy land units that may reach `side`'s capital next turn: those within that march,
    or, when more, those the enemy may place in its cities within it (`placeable`, at
    most PLACED_THREAT)."""
    foe = other(side)
    near = near_capital(capital)
    marching = sum(n.get(foe, 0) for h, n in here.items() if h in near)
    return max(marching, min(PLACED_THREAT, placeable(view, here, side, capital)))


def placeable(view: dict[str, Any], here: dict[str, dict[str, int]], side: str,
              capital: str) -> int:
    """Land units the enemy may place next in its cities within a march of `side`'s capital
    (7.3.2): only in a city of a region it controls with ML 5 or more (4.4.2), neither
    besieged nor masked (our land units in its hex, 10.2.2), from that region's Force Pool
    (public). Counted whatever the city's state, a flat four Argives kept Sparta's four
    best hoplites at home all game, while three Argives with Alcibiades took Corinthia's
    cities one by one and Corinthia went over to Athens (`t11bait-taker:3`)."""
    foe = other(side)
    regions: set[str] = set()
    for name in cities_near(capital):
        h = hex_of(name)
        region = B.city_region().get(name)
        r = view["regions"].get(region) if region is not None else None
        if B.city_owner(view, name) != foe or r is None or r["side"] != foe \
                or int(r["ml"]) < PLACE_ML or (view.get("sieges") or {}).get(h) \
                or here.get(h, {}).get(side, 0):
            continue
        regions.add(str(region))
    return sum(1 for u in view["units"].values() if u["side"] == foe and u["where"] == "pool"
               and u["type"] != "fleet" and u["home"] in regions)


def walls(view: dict[str, Any], capital: str) -> int:
    """2 when the capital has standing walls (its defenders count double, 18.6)."""
    city = B.comps().cities[capital]
    return 2 if city.walled and city.name not in view["unwalled"] else 1
