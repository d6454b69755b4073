"""Movement (5.0-5.2, 12.0): where a unit can go this turn.

A move is found by breadth-first search, so each destination is reached by a shortest
route (fewest areas, then fewest DeepSea crossings): units of one Group with the same
destination entering it from the same area are one Formation (5.0, RULINGS.md).

A Group Move may end in an area holding unbesieged enemy units (Engaging, 5.4); it may
not pass through one. Musters never engage.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board as B
from .state import WINTER, HState, Side


@dataclass(frozen=True, slots=True)
class Route:
    dest: str
    via: str  # the area the unit enters `dest` from
    deep: int  # DeepSea borders crossed (5.22)
    length: int


def home_territory(s: HState, bid: str) -> set[str]:
    """12.0: the areas of the cities and towns of the unit's colour, and (for fleets) their
    Offshore Seas; pro-Athenian units may also end in Corcyra's (Sicily Campaign prep)."""
    c = B.comps()
    b = B.spec(bid)
    areas = {c.cities[n].area for n in c.home_cities(b.nation)}
    areas |= {c.towns[n].area for n in c.home_towns(b.nation)}
    if b.side == "athens":
        areas |= {c.cities["Corcyra"].area}
    seas = {c.cities[n].offshore for n in c.home_cities(b.nation) if c.cities[n].offshore}
    if b.side == "athens":
        seas.add(c.cities["Corcyra"].offshore)
    return areas | {x for x in seas if x}


def _enterable(s: HState, bid: str, side: Side, area: str) -> bool:
    """May this unit enter `area` at all (neutrality 1.31/15.x, Sicilians 15.2 rule 5,
    Pillage 5.5, the Peace on land 12.0 2a)."""
    if B.neutral(s, area) and not _gelan_at_home(bid, area):
        return False
    b = B.spec(bid)
    if b.sicilian and B.region(area) != "sicily":
        return False
    t = s["turn"]
    if t is not None and area in t["no_entry"]:
        return False
    if B.peace(s) and B.region(area) == "greece" and B.comps().areas[area].kind == "land":
        city = B.city_of(area)
        if city is not None and city.loyalty != side and B.city_control(s, city) == side:
            return False  # 12.0 2a: not into captured Opposing Cities
    return True


def _gelan_at_home(bid: str, area: str) -> bool:
    city = B.city_of(area)
    return city is not None and city.nationality == B.spec(bid).nation


def may_engage(s: HState, side: str) -> bool:
    """5.4: a Group Move may Engage, except under Augury (sidebar) and in Winter (9.21)."""
    return side not in s["effects"]["augury"] and s["season"] != WINTER


def routes(s: HState, bid: str, blocked: frozenset[str] | None = None,
           engage: bool = False, extra: int = 0) -> list[Route]:
    """Every destination this unit can reach on its own this turn (5.1, 5.2). `blocked`:
    the areas with unbesieged enemy units (computed when not given); `engage`: whether it
    may end its move in one of them (5.4). Under the Peace, in Greece, units pass enemies
    at sea and never engage (12.0 2b)."""
    x = s["blocks"][bid]
    if blocked is None:
        blocked = B.blocking(s, x["side"])
    b = B.spec(bid)
    side: Side = x["side"]
    origin = x["loc"]
    c = B.comps()
    fleet = b.type == "fleet"
    if x["inside"] and not fleet:
        return []  # 7.4: besieged land units cannot move
    best: dict[str, Route] = {}
    # frontier: (area, length, deep, previous)
    frontier: list[tuple[str, int, int, str]] = [(origin, 0, 0, origin)]
    seen = {origin: (0, 0)}
    while frontier:
        nxt: list[tuple[str, int, int, str]] = []
        for area, length, deep, _prev in frontier:
            kind = c.areas[area].kind
            for n in sorted(_steps(s, bid, area, origin, x["inside"])):
                nkind = c.areas[n].kind
                crossing = kind == "sea" and nkind == "sea" and c.is_deep(area, n)
                ndeep = deep + (1 if crossing else 0)
                nlen = length + 1
                if fleet:  # 5.1: one area on land along the coast; the sea range at sea
                    limit = 1 if kind == nkind == "land" else (b.sea_move or 1) + extra
                else:
                    limit = b.land_move + extra
                if nlen > limit or not _enterable(s, bid, side, n):
                    continue
                peaceful = B.peace(s) and B.region(n) == "greece"
                stop = n in blocked and not (peaceful and nkind == "sea")
                if stop and (not engage or peaceful):
                    continue
                old = seen.get(n)
                if old is not None and old <= (nlen, ndeep):
                    continue
                seen[n] = (nlen, ndeep)
                best[n] = Route(n, area, ndeep, nlen)
                if not stop and not (fleet and nkind == "land"):  # 5.4, 2.26: stop there
                    nxt.append((n, nlen, ndeep, area))
        frontier = nxt
    best.pop(origin, None)
    out = [r for r in best.values() if _may_end(s, bid, side, r.dest)]
    return sorted(out, key=lambda r: (r.length, r.dest))


def _steps(s: HState, bid: str, area: str, origin: str, inside: bool) -> set[str]:
    c = B.comps()
    b = B.spec(bid)
    kind = c.areas[area].kind
    if b.type != "fleet":
        return set(c.land_neighbours(area)) if kind == "land" else set()
    if kind == "land":
        city = B.city_of(area)
        if area == origin and inside and city is not None and city.offshore:
            return {city.offshore}  # 1.3/7.4: a besieged Port's only exit
        seas = set(c.sea_neighbours(area))
        coast = {n for n in c.land_neighbours(area) if c.sea_neighbours(n) & seas}
        return seas | coast if area == origin else set()
    return set(c.adjacent(area))


def _may_end(s: HState, bid: str, side: Side, dest: str) -> bool:
    """12.0 2b: in Greece under the Peace, moves end in home territory."""
    if not B.peace(s) or B.region(dest) != "greece":
        return True
    if B.comps().areas[dest].kind == "sea" and B.spec(bid).type != "fleet":
        return False
    return dest in home_territory(s, bid)


def cargo_for(s: HState, fleet: str, candidates: list[str]) -> list[str]:
    """5.21: a fleet carries one Greek land unit that started in its area; barbarians never.
    A unit as strong as the fleet may shed steps to fit, so any cv will do if the fleet has
    more than one."""
    if s["blocks"][fleet]["cv"] < 2:
        return []
    here = s["blocks"][fleet]["loc"]
    return [u for u in candidates if s["blocks"][u]["loc"] == here and
            B.spec(u).type != "fleet" and not B.spec(u).barbarian and
            not s["blocks"][u]["inside"]]


def can_carry_to(s: HState, unit: str, dest: str) -> bool:
    return _enterable(s, unit, s["blocks"][unit]["side"], dest) and \
        B.comps().areas[dest].kind == "land" and _may_end(s, unit, s["blocks"][unit]["side"], dest)


# ------------------------------------------------------------------ Winter (9.21)
def shelter(s: HState, side: Side, dest: str, via: str) -> bool:
    """A Wintering move ends in a friendly-controlled City that the enemy neither besieges
    nor, for a fleet coming through its Offshore Sea, blockades (9.21)."""
    city = B.city_of(dest)
    if city is None or city.name in s["sieges"] or B.city_control(s, city) != side:
        return False
    return not (city.offshore == via and B.fleets_in(s, via, "athens" if side == "sparta"
                                                         else "sparta"))


def winter_routes(s: HState, bid: str, extra: int) -> list[Route]:
    """9.21: Wintering units pass through enemy units; Forced Marches and Sails succeed (the
    `extra` area); only controlled Cities are destinations."""
    side = s["blocks"][bid]["side"]
    return [r for r in routes(s, bid, frozenset(), False, extra)
            if shelter(s, side, r.dest, r.via)]
