"""Movement (5.0-5.2, 12.0): where a unit can go this turn.

A move is found by breadth-first search, so each destination is reached by a shortest
route (fewest areas, then fewest DeepSea crossings). The player picks the route (5.0):
`route_choices` adds, for a fleet, the shortest route for each smaller number of DeepSea
crossings within range. Units of one Group that go to the same destination by the same
route (entering it from the same area, with as many crossings) are one Formation.

A Group Move may end in an area holding unbesieged enemy units (Engaging, 5.4); it may
not pass through one. Musters never engage.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, NamedTuple

from engine.core.steady import Memo

from . import board as B
from .state import WINTER, HState, Side


class Route(NamedTuple):
    """One way to a destination (a named tuple: searches make many, and a tuple is the
    cheapest immutable record to make)."""

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
    # asked at every cached search: worked out once
    _hash: int = field(default=0, init=False, compare=False, repr=False)
    # Each unit's destinations in this World, by (unit, area, inside): what a unit can
    # reach depends only on where it stands and on the World, so the answer holds across
    # clicks for as long as the World is the same (see `unit_dests`).
    dests: dict[tuple[Any, ...], frozenset[str]] = field(
        default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((
            self.blocked, self.engage, self.extra, self.neutral, self.no_entry, self.peace,
            self.captured)))

    def __hash__(self) -> int:
        return self._hash


@B.remembered()
def world(s: HState, side: Side, blocked: frozenset[str] | None, engage: bool,
          extra: int) -> World:
    t = s["turn"]
    if blocked is None:
        blocked = B.blocking(s, side)
    peace = B.peace(s)
    # Looked up by what it is made from (captured Cities only matter under the Peace, and
    # are read from City control, kept as one object while it does not change).
    held = B.control_map(s) if peace else None
    key = (side, blocked, engage, extra, s["scenario"], B.persian_aid(s) > 0,
           s["effects"]["gela_open"], tuple(t["no_entry"]) if t else (), peace)
    worlds_of = _WORLD_OF.table()
    found = worlds_of.get(key)
    if found is not None and found[0] is held:
        return found[1]
    neutral = B.neutral_areas(s["scenario"], B.persian_aid(s) > 0, s["effects"]["gela_open"])
    captured: frozenset[str] = frozenset()
    if held is not None:
        captured = frozenset(c.area for c in B.comps().data.cities
                             if c.loyalty not in (side, "neutral") and held[c.name] == side)
    w = _intern(World(blocked, engage, extra, neutral, frozenset(key[7]), peace, captured))
    _WORLD_OF.keep(worlds_of, key, (held, w))  # bounded: a cleared World is made again
    return w


# The World made from each set of its makings, with the City control it was read from
# (compared by identity: a changed control is a new object).
_WORLD_OF: Memo[tuple[Any, ...], tuple[Any, World]] = Memo("hellenes.world_of", 1024)
_WORLDS: Memo[World, World] = Memo("hellenes.worlds", 1024)


def _intern(w: World) -> World:
    """The one World object equal to `w`: the cached searches find their key by identity,
    not by comparing every field of two equal Worlds."""
    worlds = _WORLDS.table()
    found = worlds.get(w)
    if found is None:
        found = _WORLDS.keep(worlds, w, w)
    return found


def routes(s: HState, bid: str, blocked: frozenset[str] | None = None,
           engage: bool = False, extra: int = 0) -> list[Route]:
    """Every destination this unit can reach on its own this turn (5.1, 5.2). `blocked`:
    the areas with unbesieged enemy units (computed when not given); `engage`: whether it
    may end its move in one of them (5.4). Under the Peace, in Greece, units pass enemies
    at sea and never engage (12.0 2b)."""
    x = s["blocks"][bid]
    return list(routes_in(s, bid, world(s, x["side"], blocked, engage, extra)))


def routes_in(s: HState, bid: str, w: World) -> tuple[Route, ...]:
    """`routes` in a World already worked out (one World serves a side's every unit)."""
    start = _start(s, bid)
    return () if start is None else _search(start[0], start[1], bid, w, start[2])


def dests_in(s: HState, bid: str, w: World) -> frozenset[str]:
    """The destinations of `routes_in`."""
    start = _start(s, bid)
    return NOWHERE if start is None else dests_from(*start, bid, w)


def unit_dests(s: HState, bids: Iterable[str], w: World) -> list[frozenset[str]]:
    """`dests_in` for each of these units, kept in the World across clicks: a unit that has
    not moved, in a World that has not changed, is not searched again. Where Athens'
    expedition limits may apply (15.2, 15.4) they depend on more than the position, so
    they are worked out for each unit and kept with the answer."""
    limited = expeditions_apply(s)
    memo = w.dests
    place = B.places(s)
    out = []
    for b in bids:
        loc, _, inside = place[b]
        if limited:
            frozen, barred = expedition_limits(s, b)
            if frozen:
                out.append(NOWHERE)
                continue
            key: tuple[str, str, bool] | tuple[str, str, bool, frozenset[str]] = (
                b, loc, inside, barred)
        else:
            key = (b, loc, inside)
        found = memo.get(key)
        if found is None:
            found = memo[key] = dests_in(s, b, w)
        out.append(found)
    return out


def _start(s: HState, bid: str) -> tuple[str, bool, frozenset[str]] | None:
    """Where a unit starts (area, inside) and the regions barred to it; None if it may not
    move at all (7.4: besieged land units; the expedition limits, 15.2, 15.4)."""
    x = s["blocks"][bid]
    if x["inside"] and not _profile(bid)[0]:
        return None
    frozen, barred = expedition_limits(s, bid)
    return None if frozen else (x["loc"], x["inside"], barred)


def dests_from(origin: str, inside: bool, barred: frozenset[str], bid: str, w: World
               ) -> frozenset[str]:
    """Where unit `bid` may end a move from `origin` in World `w`, the regions `barred` to
    it closed: the search asked of a place rather than of the state (a player's view)."""
    return _dests_profile(origin, inside, _profile(bid), w, barred)


SICILY_ITALY = frozenset({"sicily", "italy"})
NOWHERE: frozenset[str] = frozenset()


def expeditions_apply(s: HState) -> bool:
    """Whether `expedition_limits` may limit any unit now (Athens', 415 and Sicily)."""
    return s["scenario"] in ("sicily", "415") and s["year"] >= 414


def expedition_limits(s: HState, bid: str) -> tuple[bool, frozenset[str]]:
    """(may not move, regions it may not enter) for Athens' Sicilian expeditions: in the
    Sicily Campaign units starting in Athens wait for 414 (15.2 rule 3); in 415 only the
    1st Expedition may enter Italy or Sicily in 415 and only the 2nd in 414, the 2nd
    staying in Athens until 414 or War Resumes (15.4 rule 3)."""
    x = s["blocks"][bid]
    scenario, year = s["scenario"], s["year"]
    if x["side"] != "athens" or scenario not in ("sicily", "415") or year < 414:
        return False, NOWHERE
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


@cache
def _profile(bid: str) -> tuple[bool, int, int, str, bool, str]:
    b = B.spec(bid)
    return (b.type == "fleet", b.land_move, b.sea_move or 1, b.side, b.sicilian, b.nation)


@lru_cache(maxsize=8192)
def _search(origin: str, inside: bool, bid: str, w: World,
            barred: frozenset[str]) -> tuple[Route, ...]:
    return _search_profile(origin, inside, _profile(bid), w, barred)


Edge = tuple[str, bool, str, bool]  # (neighbour, is a sea, its region, a DeepSea border)


@cache
def _graph() -> tuple[dict[str, tuple[bool, tuple[Edge, ...], tuple[Edge, ...]]],
                      dict[str, str]]:
    """The map as the search walks it: per area whether it is a sea, its neighbours in
    name order (the order the search tries them) and its land neighbours alone; and each
    area's region."""
    c = B.comps()
    out = {}
    for a in c.areas:
        edges: tuple[Edge, ...] = tuple(
            (n, c.areas[n].kind == "sea", str(c.areas[n].region), c.is_deep(a, n))
                      for n in sorted(c.adjacent(a)))
        out[a] = (c.areas[a].kind == "sea", edges, tuple(e for e in edges if not e[1]))
    return out, {a: str(area.region) for a, area in c.areas.items()}


@lru_cache(maxsize=512)
def _fleet_start(origin: str, inside: bool) -> tuple[Edge, ...]:
    """A fleet's first steps from a land area (see `_steps`), as edges in name order."""
    c = B.comps()
    return tuple((n, c.areas[n].kind == "sea", str(c.areas[n].region), c.is_deep(origin, n))
                 for n in sorted(_steps(True, origin, origin, inside)))


Profile = tuple[bool, int, int, str, bool, str]


@lru_cache(maxsize=8192)
def _search_profile(origin: str, inside: bool, profile: Profile, w: World,
                    barred: frozenset[str]) -> tuple[Route, ...]:
    """The routes of `_ends`, shortest first (then by name)."""
    out = [Route(dest, via, deep, length) for dest, (via, deep, length) in
           _ends(origin, inside, profile, w, barred)]
    return tuple(sorted(out, key=lambda r: (r.length, r.dest)))


@lru_cache(maxsize=8192)
def _dests_profile(origin: str, inside: bool, profile: Profile, w: World,
                   barred: frozenset[str]) -> frozenset[str]:
    """The destinations of `_ends` (what the menus ask), from a search that keeps no
    routes."""
    return frozenset(_end_lengths(origin, inside, profile, w, barred))


def _ends(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
          ) -> list[tuple[str, tuple[str, int, int]]]:
    """Where a move may end, with its best (via, deep, length), in the search's order."""
    fleet, _, _, side, _, nation = profile
    if w.blocked and not w.engage:
        # Not engaging differs from engaging only in the enemy-held areas it may not end
        # in: engaging stops there and goes no further, so every other route is the same.
        # One search serves both (a Group Move's and a Muster's, 5.0, 5.4).
        engaging = World(w.blocked, True, w.extra, w.neutral, w.no_entry, w.peace, w.captured)
        _, regions = _graph()
        return [(dest, r) for dest, r in _ends(origin, inside, profile, engaging, barred)
                if dest not in w.blocked or (w.peace and regions[dest] == "greece")]
    best = _best(origin, inside, profile, w, barred)
    if not w.peace:
        return list(best.items())
    return [(dest, r) for dest, r in best.items() if _may_end(w, fleet, nation, side, dest)]


@lru_cache(maxsize=8192)
def _best(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
          ) -> dict[str, tuple[str, int, int]]:
    """`_bfs`, kept (not to be changed): the routes are made from it. A search within the
    range is the first steps of the search one area beyond it (a breadth-first search
    settles each area at its own step, whatever comes after), and whoever asks for one
    asks for the other too (a Group Move's normal and Forced moves, 5.3; Quartering and
    Homing, 9.211, 9.212): the range's routes are read from the longer search."""
    if w.extra:
        return _bfs(origin, inside, profile, w, barred)
    fleet, land_move, sea_move = profile[:3]
    limit = sea_move if fleet else land_move
    longer = _best(origin, inside, profile, _one_more(w), barred)
    return {dest: r for dest, r in longer.items() if r[2] <= limit}


def _one_more(w: World) -> World:
    """World `w` with one more area of range (interned)."""
    return _intern(World(w.blocked, w.engage, w.extra + 1, w.neutral, w.no_entry, w.peace,
                         w.captured))


@lru_cache(maxsize=1024)
def _verdicts(w: World, sicilian: bool, nation: str, barred: frozenset[str]
              ) -> dict[str, int]:
    """The `_verdict` of each area for units of one kind in one World, filled in as the
    searches ask (every unit of that kind reads the same answers)."""
    return {}


def _bfs(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
         ) -> dict[str, tuple[str, int, int]]:
    """Breadth-first over `_graph()`; each area is entered by its shortest route (fewest
    areas, then fewest DeepSea crossings), the first found among equals: the best
    (via, deep, length) per area reached."""
    fleet, land_move, sea_move, side, sicilian, nation = profile
    graph, _ = _graph()
    # 5.1: a fleet's sea range (its one step along the coast is always within it, as
    # sea_move >= 1), a land unit's land range
    limit = (sea_move if fleet else land_move) + w.extra
    verdicts = _verdicts(w, sicilian, nation, barred)  # area -> NO_ENTRY, PASS or STOP
    best: dict[str, tuple[str, int, int]] = {}  # area -> (via, deep, length)
    frontier: list[tuple[str, int]] = [(origin, 0)]
    seen = {origin: 0}  # area -> length * 64 + deep: the best so far, compared at once
    nlen = 0
    while frontier and nlen < limit:
        nlen += 1
        base = nlen * 64
        nxt: list[tuple[str, int]] = []
        for area, deep in frontier:
            at_sea, edges, land_edges = graph[area]
            if fleet:
                if not at_sea:
                    edges = _fleet_start(origin, inside) if area == origin else ()
            else:
                edges = () if at_sea else land_edges
            for n, n_sea, n_region, deep_border in edges:
                verdict = verdicts.get(n)
                if verdict is None:
                    verdict = verdicts[n] = _verdict(w, sicilian, nation, barred, n, n_sea,
                                                     n_region)
                if verdict == NO_ENTRY:
                    continue
                ndeep = deep + 1 if at_sea and n_sea and deep_border else deep
                old = seen.get(n)
                if old is not None and old <= base + ndeep:
                    continue
                seen[n] = base + ndeep
                best[n] = (area, ndeep, nlen)
                if verdict == PASS and (n_sea or not fleet):  # 5.4, 2.26: stop there
                    nxt.append((n, ndeep))
        frontier = nxt
    best.pop(origin, None)
    return best


Search = Callable[[str, bool, "Profile", "World", frozenset[str]], dict[str, int]]


def _end_lengths(origin: str, inside: bool, profile: Profile, w: World,
                 barred: frozenset[str], search: Search | None = None) -> dict[str, int]:
    """The ends of `_ends` with their lengths, filtered as `_ends` filters them, from a
    search that keeps no routes (`_layered`, or the kept `_lengths`); not to be changed."""
    fleet, _, _, side, _, nation = profile
    if w.blocked and not w.engage:  # as in `_ends`: the engaging search serves
        engaging = World(w.blocked, True, w.extra, w.neutral, w.no_entry, w.peace, w.captured)
        _, regions = _graph()
        return {dest: n for dest, n in _end_lengths(origin, inside, profile, engaging,
                                                    barred, search).items()
                if dest not in w.blocked or (w.peace and regions[dest] == "greece")}
    found = (search or _layered)(origin, inside, profile, w, barred)
    if not w.peace:
        return found
    return {dest: n for dest, n in found.items() if _may_end(w, fleet, nation, side, dest)}


@lru_cache(maxsize=8192)
def _lengths(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
             ) -> dict[str, int]:
    """Each area `_bfs` reaches, with the length of its route (not to be changed). As in
    `_best`, a search within the range is read from the one an area beyond it."""
    fleet, land_move, sea_move = profile[:3]
    if not w.extra:
        limit = sea_move if fleet else land_move
        longer = _lengths(origin, inside, profile, _one_more(w), barred)
        return {dest: n for dest, n in longer.items() if n <= limit}
    return _layered(origin, inside, profile, w, barred)


def _layered(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
             ) -> dict[str, int]:
    """The areas `_bfs` reaches, each with the step at which it is first reached (its
    route's length), without the routes: the same walk, but an area is entered once
    (which route is best changes how a unit gets somewhere, not where it can go)."""
    fleet, land_move, sea_move, side, sicilian, nation = profile
    graph, _ = _graph()
    limit = (sea_move if fleet else land_move) + w.extra
    verdicts = _verdicts(w, sicilian, nation, barred)
    seen = {origin: 0}
    frontier = [origin]
    nlen = 0
    while frontier and nlen < limit:
        nlen += 1
        nxt = []
        for area in frontier:
            at_sea, edges, land_edges = graph[area]
            if fleet:
                if not at_sea:
                    edges = _fleet_start(origin, inside) if area == origin else ()
            else:
                edges = () if at_sea else land_edges
            for n, n_sea, n_region, _ in edges:
                if n in seen:
                    continue
                verdict = verdicts.get(n)
                if verdict is None:
                    verdict = verdicts[n] = _verdict(w, sicilian, nation, barred, n, n_sea,
                                                     n_region)
                if verdict == NO_ENTRY:
                    continue
                seen[n] = nlen
                if verdict == PASS and (n_sea or not fleet):  # 5.4, 2.26: stop there
                    nxt.append(n)
        frontier = nxt
    del seen[origin]
    return seen


def route_choices(s: HState, bid: str, blocked: frozenset[str] | None = None,
                  engage: bool = False, extra: int = 0) -> list[Route]:
    """5.0: the player picks the route. Each destination of `routes` by its fewest areas,
    and, where a route with fewer DeepSea crossings also reaches it within range, the
    shortest such route for each smaller number of crossings (5.22: the safer ways). Only
    fleets cross DeepSea borders, so a land unit's choices are its `routes`."""
    x = s["blocks"][bid]
    start = _start(s, bid)
    if start is None:
        return []
    w = world(s, x["side"], blocked, engage, extra)
    return list(_choices(start[0], start[1], _profile(bid), w, start[2]))


@lru_cache(maxsize=4096)
def _choices(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
             ) -> tuple[Route, ...]:
    shortest = _search_profile(origin, inside, profile, w, barred)
    if not profile[0] or not any(r.deep for r in shortest):
        return shortest
    fewest = {r.dest: r.deep for r in shortest}  # the ends `_ends` allows, filtered as it
    out = list(shortest)
    for dest, labels in _safer(origin, inside, profile, w, barred).items():
        if dest in fewest:
            out += [Route(dest, via, deep, length) for via, deep, length in labels
                    if deep < fewest[dest]]
    out.sort(key=lambda r: (r.length, r.dest, r.deep))
    return tuple(out)


def safest_route(s: HState, bid: str, dest: str, blocked: frozenset[str] | None = None
                 ) -> Route | None:
    """A fleet's route to `dest` with the fewest DeepSea crossings (then fewest areas), by
    the walk of `route_choices`; None if it cannot get there."""
    x = s["blocks"][bid]
    start = _start(s, bid)
    if start is None or not _profile(bid)[0]:
        return None
    w = world(s, x["side"], blocked, False, 0)
    labels = _safer(start[0], start[1], _profile(bid), w, start[2]).get(dest)
    return Route(dest, *labels[-1]) if labels else None


@lru_cache(maxsize=2048)
def _safer(origin: str, inside: bool, profile: Profile, w: World, barred: frozenset[str]
           ) -> dict[str, list[tuple[str, int, int]]]:
    """A fleet's routes by (areas, DeepSea crossings) that no other route beats on both:
    per area, a list of (via, deep, length), longest last (kept: not to be changed).
    The walk is `_bfs`'s, but an
    area is entered again, by a longer route, whenever that route crosses fewer DeepSea
    borders than every shorter one (a route is a list of areas, so the ways on from an
    area depend only on the area and the crossings so far)."""
    _, _, sea_move, _, sicilian, nation = profile
    graph, _ = _graph()
    limit = sea_move + w.extra
    verdicts = _verdicts(w, sicilian, nation, barred)
    least = {origin: 0}  # area -> the fewest crossings of a route found to it so far
    out: dict[str, list[tuple[str, int, int]]] = {}
    frontier: list[tuple[str, int]] = [(origin, 0)]
    nlen = 0
    while frontier and nlen < limit:
        nlen += 1
        nxt: list[tuple[str, int]] = []
        for area, deep in frontier:
            at_sea, edges, _ = graph[area]
            if not at_sea:
                edges = _fleet_start(origin, inside) if area == origin else ()
            for n, n_sea, n_region, deep_border in edges:
                ndeep = deep + 1 if at_sea and n_sea and deep_border else deep
                old = least.get(n)
                if old is not None and old <= ndeep:
                    continue  # (before the verdict: most steps end here)
                verdict = verdicts.get(n)
                if verdict is None:
                    verdict = _remembered_verdict(verdicts, w, sicilian, nation, barred, n,
                                                  n_sea, n_region)
                if verdict == NO_ENTRY:
                    continue
                least[n] = ndeep
                labels = out.setdefault(n, [])
                if labels and labels[-1][2] == nlen:
                    labels.pop()  # as short, and safer
                labels.append((area, ndeep, nlen))
                if verdict == PASS and n_sea:  # 5.4, 2.26: a fleet stops on land
                    nxt.append((n, ndeep))
        frontier = nxt
    out.pop(origin, None)
    return out


NO_ENTRY, PASS, STOP = 0, 1, 2


def _remembered_verdict(verdicts: dict[str, int], w: World, sicilian: bool, nation: str,
                        barred: frozenset[str], n: str, n_sea: bool, n_region: str) -> int:
    """`_verdict`, kept in `verdicts` (the hot walks, `_bfs` and `_layered`, look it up
    inline instead of calling this)."""
    verdict = verdicts.get(n)
    if verdict is None:
        verdict = verdicts[n] = _verdict(w, sicilian, nation, barred, n, n_sea, n_region)
    return verdict


def _verdict(w: World, sicilian: bool, nation: str, barred: frozenset[str], n: str,
             n_sea: bool, n_region: str) -> int:
    """May the unit enter `n`, and go on from it or stop there (5.4 Engaging; under the
    Peace units in Greece pass enemies at sea and never engage, 12.0 2b)?"""
    if not _enterable(w, sicilian, nation, n) or n_region in barred:
        return NO_ENTRY
    peaceful = w.peace and n_region == "greece"
    stop = n in w.blocked and not (peaceful and n_sea)
    if stop and (not w.engage or peaceful):
        return NO_ENTRY
    return STOP if stop else PASS


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


def fleet_steps(area: str) -> frozenset[str]:
    """Where a fleet in `area` (not inside a City) can go in one step (5.1, 5.2): any
    neighbour from a sea; from land, the seas of its coast and a Province along it."""
    return _steps(True, area, area, False)


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
    """May `unit` be carried to `dest`: a land area it may enter, or a sea (2.26, 5.21: a
    voyage may end at sea, the unit aboard), as far as the Peace allows (12.0)."""
    side = s["blocks"][unit]["side"]
    w = world(s, side, frozenset(), False, 0)
    b = B.spec(unit)
    return _enterable(w, b.sicilian, b.nation, dest) and _may_end(w, False, b.nation, side, dest)


# ------------------------------------------------------------------ Winter (9.21)
@B.remembered()
def shelters(s: HState, side: Side) -> frozenset[str]:
    """Areas of friendly-controlled Cities the enemy does not besiege (9.21)."""
    held = B.control_map(s)
    key = (side, tuple(s["sieges"]))
    table = _SHELTERS.table()
    found = table.get(key)
    if found is not None and found[0] is held:  # the same City control: the same answer
        return found[1]
    out = frozenset(c.area for c in B.comps().data.cities
                    if held[c.name] == side and c.name not in s["sieges"])
    _SHELTERS.keep(table, key, (held, out))
    return out


# Shelters by side and sieges, with the City control they were read from (compared by
# identity: City control is kept as one object while it does not change, `board.Facts`).
_SHELTERS: Memo[tuple[Any, ...], tuple[Any, frozenset[str]]] = Memo("hellenes.shelters", 256)


def winter_routes(s: HState, bid: str, extra: int,
                  safe: frozenset[str] | None = None) -> list[Route]:
    """9.21: Wintering units pass through enemy units; Forced Marches and Sails succeed (the
    `extra` area); only controlled, unbesieged Cities are destinations, and a fleet may not
    come in through an Offshore Sea the enemy blockades."""
    side = s["blocks"][bid]["side"]
    safe = shelters(s, side) if safe is None else safe
    return list(winter_routes_in(s, bid, winter_world(s, side, extra), safe,
                                 fleet_areas(s, "athens" if side == "sparta" else "sparta")))


def winter_world(s: HState, side: Side, extra: int) -> World:
    """The World of a Wintering move (9.21): enemy units block nothing."""
    return world(s, side, frozenset(), False, extra)


def winter_routes_in(s: HState, bid: str, w: World, safe: frozenset[str],
                     foe_fleets: frozenset[str]) -> tuple[Route, ...]:
    """`winter_routes` in a World, sheltering Cities and enemy fleet areas already worked
    out (one of each serves a side's every unit)."""
    loc, _, inside = B.places(s)[bid]
    if inside and not _profile(bid)[0]:
        return ()  # 7.4: besieged land units cannot move
    frozen, barred = expedition_limits(s, bid)
    if frozen:
        return ()
    return _winter_search(loc, inside, bid, w, barred, safe, foe_fleets)


Ends = tuple[tuple[str, int], ...]  # (destination, length) of each route, in route order


def winter_ends_in(s: HState, bid: str, w: World, safe: frozenset[str],
                   foe_fleets: frozenset[str]) -> Ends:
    """The destination and length of each of `winter_routes_in`, in its order (what the
    Winter menu asks), from a search that keeps no routes. Which way a unit comes in
    matters only for a fleet entering a Port whose Offshore Sea holds enemy fleets (a
    land unit never comes in from a sea): only then are its routes made."""
    loc, _, inside = B.places(s)[bid]
    profile = _profile(bid)
    if inside and not profile[0]:
        return ()  # 7.4: besieged land units cannot move
    frozen, barred = expedition_limits(s, bid)
    if frozen:
        return ()
    ends = _sheltering_ends(loc, inside, profile, w, barred, safe)
    if profile[0] and any(dest in _blockaded_ports(foe_fleets) for dest, _ in ends):
        return tuple((r.dest, r.length)
                     for r in _winter_search(loc, inside, bid, w, barred, safe, foe_fleets))
    return ends


@lru_cache(maxsize=8192)
def _sheltering_ends(origin: str, inside: bool, profile: Profile, w: World,
                     barred: frozenset[str], safe: frozenset[str]) -> Ends:
    """The sheltering Cities among a search's ends with their lengths, shortest first,
    then by name (as `_search_profile` orders routes)."""
    ends = sorted((length, dest) for dest, length in _end_lengths(origin, inside, profile, w,
                                                                  barred, _lengths).items()
                  if dest in safe)
    return tuple((dest, length) for length, dest in ends)


@lru_cache(maxsize=256)
def _blockaded_ports(foe_fleets: frozenset[str]) -> frozenset[str]:
    """The areas of the Cities whose Offshore Sea holds enemy fleets."""
    return frozenset(c.area for c in B.comps().data.cities
                     if c.offshore is not None and c.offshore in foe_fleets)


class WinterReach:
    """`winter_ends_in` for a side's units in one World, with one set of sheltering
    Cities and enemy fleets (a Winter menu asks for every unit): each unit's answer is
    kept across clicks by (unit, area, inside), so after a unit quarters or goes home the
    menu reads the others' answers without searching or even building a search key.
    Where Athens' expedition limits may apply (15.2, 15.4) they are part of the key."""

    __slots__ = ("_s", "_args", "_memo", "_place", "_limited")

    def __init__(self, s: HState, w: World, safe: frozenset[str], foe_fleets: frozenset[str]):
        self._s = s
        self._args = (w, safe, foe_fleets)
        self._memo = _winter_memo(w, safe, foe_fleets)
        self._place = B.places(s)
        self._limited = expeditions_apply(s)

    def __call__(self, bid: str) -> Ends:
        loc, _, inside = self._place[bid]
        key: tuple[Any, ...] = (bid, loc, inside)
        if self._limited:
            key = (bid, loc, inside, expedition_limits(self._s, bid))
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = winter_ends_in(self._s, bid, *self._args)
        return found


@lru_cache(maxsize=256)
def _winter_memo(w: World, safe: frozenset[str], foe_fleets: frozenset[str]
                 ) -> dict[tuple[Any, ...], Ends]:
    """The answers `WinterReach` keeps for one World, shelters and enemy fleets."""
    return {}


@lru_cache(maxsize=8192)
def _winter_search(origin: str, inside: bool, bid: str, w: World, barred: frozenset[str],
                   safe: frozenset[str], foe_fleets: frozenset[str]) -> tuple[Route, ...]:
    """`winter_routes` for a unit where it stands, given the sheltering Cities and the
    areas holding enemy fleets."""
    out = []
    city_in = B.comps().city_in
    # from the search's ends, making routes only for the sheltering Cities among them
    for dest, (via, deep, length) in _ends(origin, inside, _profile(bid), w, barred):
        if dest not in safe:
            continue
        city = city_in.get(dest)
        if city is not None and city.offshore == via and via in foe_fleets:
            continue
        out.append(Route(dest, via, deep, length))
    out.sort(key=_route_order)  # as `_search_profile` lists them: shortest first, then by name
    return tuple(out)


def _route_order(r: Route) -> tuple[int, str]:
    return r.length, r.dest


@B.remembered()
def fleet_areas(s: HState, side: str) -> frozenset[str]:
    """Where `side` has fleets."""
    idx = B.index(s)
    if idx is not None:
        return frozenset(idx.fleets(side))
    return frozenset(x["loc"] for b, x in s["blocks"].items()
                     if x["side"] == side and B.spec(b).type == "fleet")
