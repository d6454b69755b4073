"""Movement (5.0-5.2, 12.0): where a unit can go this turn.

A move is found by breadth-first search, so each destination is reached by a shortest
route (fewest areas, then fewest DeepSea crossings): units of one Group with the same
destination entering it from the same area are one Formation (5.0, RULINGS.md).

A Group Move may end in an area holding unbesieged enemy units (Engaging, 5.4); it may
not pass through one. Musters never engage.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache

from . import board as B
from .state import WINTER, HState, Side


@dataclass(frozen=True, slots=True)
class Route:
    dest: str
    via: str  # the area the unit enters `dest` from
    deep: int  # DeepSea borders crossed (5.22)
    length: int


def home_territory(s: HState, bid: str) -> frozenset[str]:
    """12.0: the areas of the cities and towns of the unit's colour, and (for fleets) their
    Offshore Seas; pro-Athenian units may also end in Corcyra's (Sicily Campaign prep)."""
    b = B.spec(bid)
    return _home(b.nation, b.side)


@cache
def _home(nation: str, side: str) -> frozenset[str]:
    c = B.comps()
    areas = {c.cities[n].area for n in c.home_cities(nation)}
    areas |= {c.towns[n].area for n in c.home_towns(nation)}
    seas = {c.cities[n].offshore for n in c.home_cities(nation)}
    if side == "athens":
        areas.add(c.cities["Corcyra"].area)
        seas.add(c.cities["Corcyra"].offshore)
    return frozenset(areas | {x for x in seas if x})


def may_engage(s: HState, side: str) -> bool:
    """5.4: a Group Move may Engage, except under Augury (sidebar) and in Winter (9.21)."""
    return side not in s["effects"]["augury"] and s["season"] != WINTER


@dataclass(frozen=True, slots=True)
class World:
    """What a search depends on besides the unit: the same World and unit profile always
    give the same routes, so searches are cached across calls."""

    blocked: frozenset[str]  # areas with unbesieged enemy units (5.4)
    engage: bool  # may end in one of them
    extra: int  # areas beyond the range (automatic Forced Marches in Winter, 9.21)
    neutral: frozenset[str]  # 1.31, 15.x
    no_entry: frozenset[str]  # 5.5: pillaged this turn
    peace: bool  # 12.0
    captured: frozenset[str]  # 12.0 2a: captured Opposing Cities' areas (for this side)


def world(s: HState, side: Side, blocked: frozenset[str] | None, engage: bool,
          extra: int) -> World:
    t = s["turn"]
    neutral = B.neutral_areas(s["scenario"], B.persian_aid(s) > 0, s["effects"]["gela_open"])
    peace = B.peace(s)
    captured: frozenset[str] = frozenset()
    if peace:
        held = B.controls(s)
        captured = frozenset(c.area for c in B.comps().data.cities
                             if c.loyalty not in (side, "neutral") and held[c.name] == side)
    return World(B.blocking(s, side) if blocked is None else blocked, engage, extra, neutral,
                 frozenset(t["no_entry"]) if t else frozenset(), peace, captured)


def routes(s: HState, bid: str, blocked: frozenset[str] | None = None,
           engage: bool = False, extra: int = 0) -> list[Route]:
    """Every destination this unit can reach on its own this turn (5.1, 5.2). `blocked`:
    the areas with unbesieged enemy units (computed when not given); `engage`: whether it
    may end its move in one of them (5.4). Under the Peace, in Greece, units pass enemies
    at sea and never engage (12.0 2b)."""
    x = s["blocks"][bid]
    if x["inside"] and B.spec(bid).type != "fleet":
        return []  # 7.4: besieged land units cannot move
    frozen, barred = expedition_limits(s, bid)
    if frozen:
        return []
    return list(_search(x["loc"], x["inside"], bid, world(s, x["side"], blocked, engage, extra),
                        barred))


SICILY_ITALY = frozenset({"sicily", "italy"})


def expedition_limits(s: HState, bid: str) -> tuple[bool, frozenset[str]]:
    """(may not move, regions it may not enter) for Athens' Sicilian expeditions: in the
    Sicily Campaign units starting in Athens wait for 414 (15.2 rule 3); in 415 only the
    1st Expedition may enter Italy or Sicily in 415 and only the 2nd in 414, the 2nd
    staying in Athens until 414 or War Resumes (15.4 rule 3)."""
    x = s["blocks"][bid]
    scenario, year = s["scenario"], s["year"]
    if x["side"] != "athens" or scenario not in ("sicily", "415") or year < 414:
        return False, frozenset()
    su = B.setup_of(s)
    start = su.units.get("athens", {}).get(bid)
    if scenario == "sicily":
        return (start is not None and start.area == "ATH" and year > 414), frozenset()
    first, second = su.expeditions.get("1", ()), su.expeditions.get("2", ())
    war = s["effects"]["war_resumed"]
    frozen = bid in second and year > 414 and not war and x["loc"] == "ATH"
    allowed = first if year > 414 else second
    if bid in allowed or B.region(x["loc"]) in SICILY_ITALY:
        return frozen, frozenset()
    return frozen, SICILY_ITALY


def _profile(bid: str) -> tuple[bool, int, int, str, bool, str]:
    b = B.spec(bid)
    return (b.type == "fleet", b.land_move, b.sea_move or 1, b.side, b.sicilian, b.nation)


@lru_cache(maxsize=8192)
def _search(origin: str, inside: bool, bid: str, w: World,
            barred: frozenset[str]) -> tuple[Route, ...]:
    return _search_profile(origin, inside, _profile(bid), w, barred)


@lru_cache(maxsize=8192)
def _search_profile(origin: str, inside: bool, profile: tuple[bool, int, int, str, bool, str],
                    w: World, barred: frozenset[str]) -> tuple[Route, ...]:
    fleet, land_move, sea_move, side, sicilian, nation = profile
    c = B.comps()
    best: dict[str, Route] = {}
    frontier: list[tuple[str, int, int]] = [(origin, 0, 0)]
    seen = {origin: (0, 0)}
    while frontier:
        nxt: list[tuple[str, int, int]] = []
        for area, length, deep in frontier:
            kind = c.areas[area].kind
            for n in sorted(_steps(fleet, area, origin, inside)):
                nkind = c.areas[n].kind
                crossing = kind == "sea" and nkind == "sea" and c.is_deep(area, n)
                ndeep = deep + (1 if crossing else 0)
                nlen = length + 1
                if fleet:  # 5.1: one area on land along the coast; the sea range at sea
                    limit = 1 if kind == nkind == "land" else sea_move + w.extra
                else:
                    limit = land_move + w.extra
                if nlen > limit or not _enterable(w, sicilian, nation, n):
                    continue
                if c.areas[n].region in barred:
                    continue
                peaceful = w.peace and c.areas[n].region == "greece"
                stop = n in w.blocked and not (peaceful and nkind == "sea")
                if stop and (not w.engage or peaceful):
                    continue
                old = seen.get(n)
                if old is not None and old <= (nlen, ndeep):
                    continue
                seen[n] = (nlen, ndeep)
                best[n] = Route(n, area, ndeep, nlen)
                if not stop and not (fleet and nkind == "land"):  # 5.4, 2.26: stop there
                    nxt.append((n, nlen, ndeep))
        frontier = nxt
    best.pop(origin, None)
    out = [r for r in best.values() if _may_end(w, fleet, nation, side, r.dest)]
    return tuple(sorted(out, key=lambda r: (r.length, r.dest)))


def _enterable(w: World, sicilian: bool, nation: str, area: str) -> bool:
    """May a unit enter `area` at all (neutrality 1.31/15.x, Gelans at home, Sicilians
    15.2 rule 5, Pillage 5.5, captured Opposing Cities under the Peace 12.0 2a)."""
    if area in w.neutral:
        city = B.city_of(area)
        if city is None or city.nationality != nation:
            return False
    if sicilian and B.region(area) != "sicily":
        return False
    if area in w.no_entry:
        return False
    return not (w.peace and area in w.captured and B.region(area) == "greece")


def _steps(fleet: bool, area: str, origin: str, inside: bool) -> frozenset[str]:
    c = B.comps()
    kind = c.areas[area].kind
    if not fleet:
        return c.land_neighbours(area) if kind == "land" else frozenset()
    if kind == "land":
        city = B.city_of(area)
        if area == origin and inside and city is not None and city.offshore:
            return frozenset({city.offshore})  # 1.3/7.4: a besieged Port's only exit
        seas = c.sea_neighbours(area)
        coast = {n for n in c.land_neighbours(area) if c.sea_neighbours(n) & seas}
        return seas | coast if area == origin else frozenset()
    return c.adjacent(area)


def _may_end(w: World, fleet: bool, nation: str, side: str, dest: str) -> bool:
    """12.0 2b: in Greece under the Peace, moves end in home territory."""
    if not w.peace or B.region(dest) != "greece":
        return True
    if B.comps().areas[dest].kind == "sea" and not fleet:
        return False
    return dest in _home(nation, side)


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
    side = s["blocks"][unit]["side"]
    w = world(s, side, frozenset(), False, 0)
    b = B.spec(unit)
    return (_enterable(w, b.sicilian, b.nation, dest) and B.comps().areas[dest].kind == "land"
            and _may_end(w, False, b.nation, side, dest))


# ------------------------------------------------------------------ Winter (9.21)
def shelters(s: HState, side: Side) -> frozenset[str]:
    """Areas of friendly-controlled Cities the enemy does not besiege (9.21)."""
    held = B.controls(s)
    return frozenset(c.area for c in B.comps().data.cities
                     if held[c.name] == side and c.name not in s["sieges"])


def winter_routes(s: HState, bid: str, extra: int,
                  safe: frozenset[str] | None = None) -> list[Route]:
    """9.21: Wintering units pass through enemy units; Forced Marches and Sails succeed (the
    `extra` area); only controlled, unbesieged Cities are destinations, and a fleet may not
    come in through an Offshore Sea the enemy blockades."""
    side = s["blocks"][bid]["side"]
    safe = shelters(s, side) if safe is None else safe
    foe = "athens" if side == "sparta" else "sparta"
    out = []
    for r in routes(s, bid, frozenset(), False, extra):
        if r.dest not in safe:
            continue
        city = B.city_of(r.dest)
        if city is not None and city.offshore == r.via and B.fleets_in(s, r.via, foe):
            continue
        out.append(r)
    return out
