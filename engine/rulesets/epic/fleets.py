"""Where fleets may sail (rules 16.4.1-16.4.4, 16.4.6, 16.7, 18.4).

Fleets move from sea Area to sea Area at 1 MP each; launching from the coast costs 1 (from a
port, only into the sea of its anchor, 16.6 note), landing costs 1 at a port of that sea and
2 on another coastal hex; a city that is not a port cannot be entered (18.4). An Open Sea
ends the move (16.4.6). The allowance is 6 + 1d6, rolled after the move (16.4.1): a stack
may aim 12 MP away and is stopped short if the die falls low."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache

from engine.core.ruleset import asks

from . import board as B
from .cards import season_fx
from .state import CALM_OPEN_SEAS, MAP, EState, on_board, other

MAX_MP = 12  # 16.5: 6 + 1d6 at most
BASE_MP = 6
PORTAGE = 6  # 16.8.1: hauling the ships across the Isthmus of Corinth
ISTHMUS = {"Cenchreae": "Lechaeum", "Lechaeum": "Cenchreae"}  # 16.8.1: Corinth's two ports
LAND_AT_PORT, LAND_ELSEWHERE, LAUNCH, SEA = 1, 2, 1, 1  # 16.6 (labels ours)
CAPACITY = {"hoplite": 0.5, "light": 1.0, "cavalry": 1.0}  # 16.7.2: per fleet


@dataclass(frozen=True)
class Voyage:
    cost: int
    prev: str | None  # the node before it on the cheapest way (to stop short, 16.4.1)
    stops: bool  # ends in a battle (enemy fleets at sea, or enemies on the landing hex)


def at_sea(h: str | None) -> bool:
    return h is not None and h in B.comps().areas


def no_battle_at_sea(s: EState, area: str) -> bool:
    """8.5, 16.4.4: an Open Sea sees no battle (games before generation 9 fought there)."""
    return B.comps().areas[area].kind == "open" and asks(s, CALM_OPEN_SEAS)


def landings(area: str) -> tuple[tuple[str, int], ...]:
    """Land hexes a fleet may land at from a sea Area, with the cost (16.6, 18.4)."""
    return _all_landings().get(area, ())


@cache
def _all_landings() -> dict[str, tuple[tuple[str, int], ...]]:
    c = B.comps()
    out: dict[str, list[tuple[str, int]]] = {}
    for h, hx in c.hexes.items():
        if hx.kind != "land":
            continue
        city = B.city_by_hex().get(h)
        for area in hx.seas:
            if city is not None:
                if city.port and city.port_sea == area:
                    out.setdefault(area, []).append((h, LAND_AT_PORT))
                continue  # a non-port city, or a port on another sea (16.6 note, 18.4)
            out.setdefault(area, []).append((h, LAND_ELSEWHERE))
    return {a: tuple(v) for a, v in out.items()}


def shore(s: EState, side: str, area: str) -> tuple[tuple[str, int], ...]:
    """`landings` as the game stands for `side`: a razed city is a plain coast (11.1.2), and
    `side`'s bases make ports of their coasts, a city without an anchor too (7.6.3b, c)."""
    changed = _changed_coasts(s, side)
    if not changed:
        return landings(area)
    out = [x for x in landings(area) if x[0] not in changed]
    out += [(h, cost) for h, (seas, cost) in changed.items() if area in seas]
    return tuple(sorted(out))


def _changed_coasts(s: EState, side: str) -> dict[str, tuple[tuple[str, ...], int]]:
    """Coastal hexes whose landing is not the printed map's: hex -> (seas, cost); asked for
    every sea a voyage crosses, so worked out once while the state stands still."""
    return B.steady_memo(s, ("changed_coasts", side), lambda: _find_changed_coasts(s, side))


def _find_changed_coasts(s: EState, side: str) -> dict[str, tuple[tuple[str, ...], int]]:
    c = B.comps()
    out: dict[str, tuple[tuple[str, ...], int]] = {}
    for name in s["razed"]:
        h = c.cities[name].hex
        out[h] = (tuple(c.hexes[h].seas), LAND_ELSEWHERE)
    for h in s["bases"]:
        city = B.city_at(s, h)
        if B.base_port(s, h) == side and not (city is not None and city.port):
            out[h] = (B.port_seas(s, h), LAND_AT_PORT)  # 7.6.3b, c
    return out


def launches(s: EState, h: str, side: str | None = None) -> list[str]:
    """Seas a fleet in land hex `h` may launch into (16.4.3, 16.6 note): a port city's
    anchor sea; any sea from a plain coast or a port `side`'s base makes (7.6.3b, c); none
    from a city that is no port (18.4)."""
    if B.city_at(s, h) is not None and not B.is_port(s, h, side):
        return []
    return list(B.port_seas(s, h))


def enemy_fleets_at(s: EState, area: str, side: str) -> list[str]:
    return [u for u in B.units_at(s, area, other(side)) if s["units"][u]["type"] == "fleet"]


def enemy_seas(s: EState, side: str, supply: bool = True) -> set[str]:
    """Sea Areas holding enemy fleets and no friendly ones (8.4): a fleet in a port counts
    in the port's sea (even with the port masked by land, 10.2.2a, but not while blockaded
    by enemy fleets), one on another coast in every sea it touches. `supply`: foraging
    fleets do not count (9.7.4 says so for supply lines only; a retreat counts them)."""
    c = B.comps()
    have: dict[str, set[str]] = {}
    for u in s["units"].values():
        if u["where"] != MAP or u["type"] != "fleet" or (supply and u["forage"]):
            continue  # 9.7.4: foraging fleets do not count for supply
        h = on_board(u)
        if h in c.areas:
            seas = [h]
        elif B.holder(s, h) == u["side"] and B.fleet_masked(s, h):
            continue  # 10.2.2a: shut in by enemy fleets, they count for no sea
        else:
            city = B.city_at(s, h)
            seas = [city.port_sea] if city is not None and city.port_sea else c.hexes[h].seas
        for sea in seas:
            have.setdefault(sea, set()).add(u["side"])
    return {a for a, sides in have.items() if other(side) in sides and side not in sides}


def sea_stacks(s: EState, area: str, side: str) -> list[list[str]]:
    """`side`'s stacks of fleets at sea in `area` (16.2.2, 7.8.2): a leader there keeps its
    fleets together as one stack (the state records no finer grouping); without one, each
    fleet is a stack of its own, even fleets that arrived together."""
    fleets = [u for u in B.units_at(s, area, side) if s["units"][u]["type"] == "fleet"]
    if len(fleets) < 2 or B.leaders_at(s, area, side):
        return [fleets] if fleets else []
    return [[u] for u in fleets]


def portage(s: EState, side: str, start: str) -> str | None:
    """16.8.1: the other port of Corinth, for fleets starting in one of them while the
    Corinthian Area is friendly; the far port must be `side`'s and open to it."""
    city = B.city_at(s, start)
    if city is None or city.name not in ISTHMUS or B.holder(s, start) != side:
        return None
    if B.area_status(s, city.area, side) != "friendly":
        return None
    far = B.comps().cities[ISTHMUS[city.name]]
    if B.city_at(s, far.hex) is None or B.holder(s, far.hex) != side or \
            B.units_at(s, far.hex, other(side)):
        return None
    return far.hex


def blocked_landing(s: EState, side: str, h: str, cargo: bool) -> bool:
    """Whether landing at `h` means a battle. Fleets alone may come into their own port
    masked only by land units (10.2.2d); enemy fleets masking it must be fought (10.2.3b,
    10.8.2); with passengers it is a landing on the enemy (17.4.4)."""
    foe = other(side)
    owner = B.holder(s, h)
    if owner == foe:
        return True
    if not B.units_at(s, h, foe):
        return False
    return owner != side or cargo or B.fleet_masked(s, h)


def voyages(s: EState, side: str, start: str, mp: int = MAX_MP,
            cargo: bool = False, also: frozenset[str] = frozenset()) -> dict[str, Voyage]:
    """`also`: land hexes open to these fleets beyond their side's (a satrap's own coast,
    persia.satrapy_sea)."""
    c = B.comps()
    allowed = B.allowed(s, side) | also
    stormy = set(season_fx(s).get("stormy", ()))
    best: dict[str, int] = {start: 0}
    out: dict[str, Voyage] = {}
    heap: list[tuple[int, str, str | None]] = []
    hauled = None
    if at_sea(start):
        heap.append((0, start, None))
    else:
        for sea in launches(s, start, side):
            heapq.heappush(heap, (LAUNCH, sea, start))
            best[sea] = LAUNCH
        hauled = portage(s, side, start)
        if hauled is not None and mp >= PORTAGE:
            heapq.heappush(heap, (PORTAGE, hauled, start))
            best[hauled] = PORTAGE
    while heap:
        cost, node, prev = heapq.heappop(heap)
        if cost > best.get(node, 99):
            continue
        if node != start:
            if node in c.areas:
                fight = bool(enemy_fleets_at(s, node, side)) and not no_battle_at_sea(s, node)
                out[node] = Voyage(cost, prev, fight)
            else:
                out[node] = Voyage(cost, prev, blocked_landing(s, side, node, cargo))
                if node == hauled and prev == start:  # 16.8.1: on from the far port
                    for sea in launches(s, node, side):
                        if cost + LAUNCH <= mp and cost + LAUNCH < best.get(sea, 99):
                            best[sea] = cost + LAUNCH
                            heapq.heappush(heap, (cost + LAUNCH, sea, node))
                continue  # a landing ends the voyage
        area = c.areas[node]
        if area.kind == "open" and node != start:
            continue  # 16.4.6: an Open Sea ends the move
        for h, step in shore(s, side, node):
            if h in allowed and cost + step <= mp and cost + step < best.get(h, 99):
                best[h] = cost + step
                heapq.heappush(heap, (cost + step, h, node))
        for nxt in c.sea_links.get(node, ()):
            step = SEA * 2 if nxt in stormy else SEA  # Storms at Sea: 2 MP into stormy seas
            if cost + step <= mp and cost + step < best.get(nxt, 99):
                best[nxt] = cost + step
                heapq.heappush(heap, (cost + step, nxt, node))
    return out


def stop_short(found: dict[str, Voyage], dest: str, allowance: int) -> str:
    """16.4.1: move back along the way to the last point the allowance reaches."""
    node = dest
    while node in found and found[node].cost > allowance:
        prev = found[node].prev
        if prev is None or prev not in found:
            return prev or node
        node = prev
    return node


def capacity_ok(s: EState, fleets: list[str], cargo: list[str]) -> bool:
    """16.7.2: two hoplites, one light infantry or one cavalry per fleet."""
    need = sum(CAPACITY[s["units"][u]["type"]] for u in cargo)
    return need <= len(fleets)
