"""Questions asked of the map and the state: who is where, who controls what (1.4),
neutral areas (1.31, 15.x), capacity (1.3, 12.0), blockade (8.21, 8.22), Actions (4.0).

Nothing here changes the state; everything is worked out from the stored facts. While a
prompt is built the state stands still, so `steady(s)` keeps an index of it for that
while (who stands in which area, and the answers already worked out): the same questions
asked again cost a lookup, and nothing is kept once the state may change.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache, lru_cache, wraps
from typing import Any, TypeVar

from .components import Block, City, Components, Setup, load_components
from .state import CAMPAIGN, POOL, WINTER, HState, Side, other

PERSIA = frozenset({"LYD", "PHR"})
LOYAL: dict[str, Side] = {"athens": "athens", "sparta": "sparta"}  # neutral: nobody


@cache
def comps() -> Components:
    return load_components()


def setup_of(s: HState) -> Setup:
    return comps().setups[s["scenario"]]


def spec(bid: str) -> Block:
    return comps().blocks[bid]


def side_name(side: str) -> str:
    return side.title()


# ------------------------------------------------------------------ the steady-state index
class Index:
    """Derived facts of one unchanging state, built in one pass over the blocks on first
    use: the blocks of each area and each side's blocks on the map (both in the state's
    own order, so every answer lists them as a scan of the blocks would), the areas where
    each side has units outside a City (what blocks the other side's moves, 5.4) and
    fleets; and a memo."""

    __slots__ = ("_s", "_by_area", "_on_map", "_outside", "_fleets", "memo")

    def __init__(self, s: HState):
        self._s = s
        self._by_area: defaultdict[str, list[str]] | None = None
        self._on_map: dict[str, list[str]] = {}
        self._outside: dict[str, set[str]] = {}
        self._fleets: dict[str, set[str]] = {}
        self.memo: dict[tuple[Any, ...], Any] = {}

    def _build(self) -> dict[str, list[str]]:
        areas = comps().areas
        by_area: defaultdict[str, list[str]] = defaultdict(list)
        on_map: dict[str, list[str]] = {"athens": [], "sparta": []}
        for b, x in self._s["blocks"].items():
            loc = x["loc"]
            by_area[loc].append(b)
            if loc in areas:
                on_map[x["side"]].append(b)
        self._on_map = on_map
        self._by_area = by_area
        return by_area

    @property
    def by_area(self) -> Mapping[str, list[str]]:
        """Area -> its blocks (read with `get`, `in` and iteration only)."""
        by_area = self._by_area
        return self._build() if by_area is None else by_area

    def on_map(self, side: str) -> list[str]:
        """The side's blocks on the map (not to be changed)."""
        if self._by_area is None:
            self._build()
        return self._on_map[side]

    def outside(self, side: str) -> set[str]:
        """Areas holding the side's units outside a City (not to be changed)."""
        found = self._outside.get(side)
        if found is None:
            blocks = self._s["blocks"]
            found = self._outside[side] = {
                blocks[b]["loc"] for b in self.on_map(side) if not blocks[b]["inside"]}
        return found

    def fleets(self, side: str) -> set[str]:
        """Where the side has fleets, pools included (not to be changed)."""
        found = self._fleets.get(side)
        if found is None:
            blocks = self._s["blocks"]
            found = self._fleets[side] = {
                x["loc"] for b in _fleet_ids() if (x := blocks.get(b)) and x["side"] == side}
        return found


@cache
def _fleet_ids() -> frozenset[str]:
    return frozenset(b.id for b in comps().data.blocks if b.type == "fleet")


class _Steady(threading.local):
    """The states being indexed, innermost last; one stack per thread (the service
    replays logs in worker threads while the event loop builds prompts)."""

    def __init__(self) -> None:
        self.stack: list[tuple[HState, Index]] = []


_STEADY = _Steady()


@contextmanager
def steady(s: HState) -> Iterator[None]:
    """Within this block `s` does not change (a prompt is being built): index it."""
    stack = _STEADY.stack
    if stack and stack[-1][0] is s:
        yield
        return
    stack.append((s, Index(s)))
    try:
        yield
    finally:
        stack.pop()


def index(s: HState) -> Index | None:
    """The index of `s` when it is steady, else None (work from the blocks)."""
    stack = _STEADY.stack
    if stack:
        top = stack[-1]
        if top[0] is s:
            return top[1]
    return None


F = TypeVar("F", bound=Callable[..., Any])


def remembered(copy: Callable[[Any], Any] | None = None) -> Callable[[F], F]:
    """Remember a question's answer while the state is steady. `copy` hands out a copy
    of a mutable answer, so a caller changing it cannot change the remembered one."""
    def wrap(fn: F) -> F:
        @wraps(fn)
        def inner(s: HState, *args: Any) -> Any:
            idx = index(s)
            if idx is None:
                return fn(s, *args)
            key = (fn, *args)
            try:
                found = idx.memo[key]
            except KeyError:
                found = idx.memo[key] = fn(s, *args)
            return found if copy is None else copy(found)
        return inner  # type: ignore[return-value]
    return wrap


# ------------------------------------------------------------------ where the blocks are
def on_map(s: HState, side: str | None = None) -> list[str]:
    idx = index(s)
    if idx is not None and side is not None:
        return list(idx.on_map(side))
    return [b for b, x in s["blocks"].items()
            if x["loc"] in comps().areas and (side is None or x["side"] == side)]


def units_in(s: HState, area: str, side: str | None = None,
             inside: bool | None = None) -> list[str]:
    """Units in `area`, optionally of one side and only those inside (or outside) the City."""
    idx = index(s)
    blocks = s["blocks"]
    ids: Iterable[str] = blocks
    if idx is not None:
        ids = (idx._by_area if idx._by_area is not None else idx.by_area).get(area, ())
    return [b for b in ids if (x := blocks[b])["loc"] == area
            and (side is None or x["side"] == side)
            and (inside is None or x["inside"] == inside)]


def pool(s: HState, side: str) -> list[str]:
    blocks = s["blocks"]
    idx = index(s)
    ids: Iterable[str] = blocks if idx is None else idx.by_area.get(POOL, ())
    return sorted(b for b in ids if (x := blocks[b])["loc"] == POOL and x["side"] == side)


@cache
def city_areas() -> frozenset[str]:
    """The areas holding a City (its CityState)."""
    return frozenset(comps().city_in)


@cache
def city_order() -> dict[str, int]:
    """Each City's area -> its place in the map data (the order Cities are listed in)."""
    return {city.area: i for i, city in enumerate(comps().data.cities)}


def city_of(area: str) -> City | None:
    return comps().city_in.get(area)


def region(area: str) -> str:
    return comps().areas[area].region


# ------------------------------------------------------------------ control (1.4)
def city_control(s: HState, city: City) -> Side | None:
    """Who controls a City: the side inside it (a garrison counts), else the side solely
    occupying its CityState, else its Loyalty (a vacant conquest reverts, 1.4)."""
    if index(s) is not None:
        return _controls(s)[city.name]  # worked out for every City at once
    g = s["garrisons"].get(city.name)
    here = [s["blocks"][b] for b in units_in(s, city.area)]
    inside = {x["side"] for x in here if x["inside"]}
    if g is not None:
        inside.add(g["side"])
    if len(inside) == 1:
        return next(iter(inside))
    outside = {x["side"] for x in here if not x["inside"]}
    if len(outside) == 1 and not inside:
        return next(iter(outside))
    return None if city.loyalty == "neutral" else city.loyalty


@remembered(copy=dict)
def controls(s: HState) -> dict[str, Side | None]:
    """Every City's controller at once: city name -> side (as `city_control` rules)."""
    return _controls(s)


def control_map(s: HState) -> Mapping[str, Side | None]:
    """`controls` to read only: while the state is steady, the remembered answer itself."""
    return _controls(s)


@remembered()
def _controls(s: HState) -> dict[str, Side | None]:
    """`controls`, handed out as it is (to callers here that only read it). A vacant City
    without a garrison keeps its Loyalty, so only occupied or garrisoned ones are worked
    out."""
    idx = index(s)
    by_area = idx.by_area if idx is not None else Index(s).by_area
    blocks, garrisons = s["blocks"], s["garrisons"]
    city_in = comps().city_in
    out = dict(_loyal())
    for area, here in by_area.items():
        city = city_in.get(area)
        if city is None:
            continue
        ins: set[Side] = set()
        outs: set[Side] = set()
        for b in here:
            x = blocks[b]
            (ins if x["inside"] else outs).add(x["side"])
        g = garrisons.get(city.name)
        if g is not None:
            ins.add(g["side"])
        if len(ins) == 1:
            out[city.name] = next(iter(ins))
        elif len(outs) == 1 and not ins:
            out[city.name] = next(iter(outs))
    for name, g in garrisons.items():  # a garrison alone holds its City
        if comps().cities[name].area not in by_area:
            out[name] = g["side"]
    return out


@cache
def _loyal() -> dict[str, Side | None]:
    """Each City's controller while vacant and ungarrisoned: its Loyalty (1.4)."""
    return {city.name: LOYAL.get(city.loyalty) for city in comps().data.cities}


def area_control(s: HState, area: str) -> Side | None:
    """Sole occupation controls an area; besiegers control the Province (7.2); a vacant
    CityState belongs to whoever controls its City; other vacant areas to nobody (1.4)."""
    outside = {s["blocks"][b]["side"] for b in units_in(s, area, inside=False)}
    if len(outside) == 1:
        return next(iter(outside))
    if outside:
        return None  # a battle is pending there
    city = city_of(area)
    if city is None:
        return None
    return _controls(s)[city.name] if index(s) is not None else city_control(s, city)


@remembered()
def city_area_controls(s: HState) -> dict[str, Side | None]:
    """`area_control` of every CityState area at once (for a steady state's many asks)."""
    held = _controls(s)
    by_area = (index(s) or Index(s)).by_area
    blocks = s["blocks"]
    out = {city.area: held[city.name] for city in comps().data.cities}
    for area, here in by_area.items():
        if area not in out:
            continue
        outside = {blocks[b]["side"] for b in here if not blocks[b]["inside"]}
        if outside:
            out[area] = next(iter(outside)) if len(outside) == 1 else None
    return out


def enemy_units_block(s: HState, area: str, side: str) -> bool:
    """Unbesieged enemy units here: entering is Engaging (5.4). Garrisons and besieged
    units never stop movement (2.3, 7.2)."""
    return bool(units_in(s, area, other(side), False))


# ------------------------------------------------------------------ neutrality (1.31, 15.x)
def persian_aid(s: HState) -> int:
    return _kinds(tuple(s["cards"]["in_play"])).get("persian-aid", 0)


def taxes(s: HState) -> int:
    return _kinds(tuple(s["cards"]["in_play"])).get("taxes", 0)


def in_play(s: HState, kind: str) -> bool:
    return kind in _kinds(tuple(s["cards"]["in_play"]))


@lru_cache(maxsize=256)
def _kinds(cards: tuple[int, ...]) -> dict[str, int]:
    """How many cards of each Event kind these cards in play are (not to be changed)."""
    out: dict[str, int] = {}
    for c in cards:
        kind = comps().cards[c].event.kind
        out[kind] = out.get(kind, 0) + 1
    return out


def neutral(s: HState, area: str) -> bool:
    """Areas no unit may enter: white Cities and the scenario's neutrals (1.31, 15.x).
    Persia opens while Persian Aid is in play (13.2); Gela once a Gelan unit has left it."""
    return area in neutral_areas(s["scenario"], persian_aid(s) > 0, s["effects"]["gela_open"])


@cache
def neutral_areas(scenario: str, aid: bool, gela_open: bool) -> frozenset[str]:
    out = {c.area for c in comps().data.cities if c.loyalty == "neutral"}
    for rule in comps().setups[scenario].neutral:
        out |= set(rule.areas)
    if aid:
        out -= PERSIA
    if gela_open:
        out.discard("GEL")
    return frozenset(out)


@remembered()
def blocking(s: HState, side: str) -> frozenset[str]:
    """Areas holding unbesieged enemy units: entering them is Engaging (5.4)."""
    foe = other(side)
    idx = index(s)
    if idx is not None:
        return frozenset(idx.outside(foe))
    return frozenset(x["loc"] for x in s["blocks"].values()
                     if x["side"] == foe and not x["inside"] and x["loc"] in comps().areas)


# ------------------------------------------------------------------ Peace of Nicias (12.0)
def peace(s: HState) -> bool:
    return setup_of(s).peace != "none" and not s["effects"]["war_resumed"]


def capacity(s: HState, city: City) -> int:
    """Units that fit inside: 2 x Value; 3 x under the Peace in Greece (12.0 2a); Thebes
    keeps 12 once War Resumes (12.12 Decelea)."""
    if city.name == "Thebes" and s["effects"]["war_resumed"]:
        return 12
    return city.capacity(peace(s) and region(city.area) == "greece")


# ------------------------------------------------------------------ blockade (8.21, 8.22)
def fleets_in(s: HState, area: str, side: str) -> list[str]:
    return [b for b in units_in(s, area, side) if spec(b).type == "fleet"]


def blockaded(s: HState, city: City, holder: Side) -> bool:
    """A Port held by `holder` is Blockaded when enemy fleets occupy its Offshore Sea;
    Athens blockades every unoccupied Offshore Sea (8.21); Athens itself is also blockaded
    by a Spartan fleet in a grain sea (8.22)."""
    if not city.port or city.offshore is None:
        return False
    sea = city.offshore
    if fleets_in(s, sea, other(holder)):
        return True
    if holder == "sparta" and not units_in(s, sea):
        return True
    if city.name == "Athens" and holder == "athens":
        return any(fleets_in(s, g, "sparta") for g in comps().data.grain_seas)
    return False


# ------------------------------------------------------------------ Actions (4.0)
def leader_value(s: HState, side: str) -> int:
    card = s["cards"]["leaders"].get(side)
    if card is None:
        return 0
    leader = comps().cards[card].leader
    return leader.value if leader else 0


def expeditionaries(s: HState) -> int:
    """Non-Sicilian pro-Athenian units in Sicily (12.0 rule 3)."""
    return sum(1 for b in on_map(s, "athens")
               if region(s["blocks"][b]["loc"]) == "sicily" and not spec(b).sicilian)


def actions_for(s: HState, side: Side, av: int) -> int:
    """Actions of a non-Event turn: the coins, the Leader (3.11), each Athens Raises Taxes
    for Athens, each Persian Aid for Sparta (13.1), less Public Works (12.0 rule 3)."""
    n = av + leader_value(s, side)
    if side == "athens":
        n += taxes(s)
        if peace(s) and expeditionaries(s) < 6:
            n -= 1
    else:
        n += persian_aid(s)
    return max(0, n)


def sicily_neutral(s: HState) -> bool:
    """15.2/15.4 rule 2: until Athenian Expeditionaries were in Sicily in an earlier Season
    of this Year, Actions in Sicily cost double and Pillage there gains nothing."""
    if s["scenario"] not in ("sicily", "415"):
        return False
    return s["effects"]["expeditionaries_seen"] != s["year"]


def action_cost(s: HState, area: str) -> int:
    return 2 if region(area) == "sicily" and sicily_neutral(s) else 1


@cache
def home_cities_of(bid: str) -> tuple[City, ...]:
    """The unit's Home Cities (2.11), in the map data's order."""
    c = comps()
    return tuple(c.cities[n] for n in c.home_cities(spec(bid).nation))


@cache
def home_areas_of(bid: str) -> frozenset[str]:
    """The areas of the unit's Home Cities."""
    return frozenset(city.area for city in home_cities_of(bid))


@cache
def barbarians() -> frozenset[str]:
    """Every barbarian block (2.25)."""
    return frozenset(b.id for b in comps().data.blocks if b.barbarian)


def home_city(bid: str, city: City) -> bool:
    """A Home City has the unit's own colour (2.11)."""
    return spec(bid).nation == city.nationality


def is_campaign(s: HState) -> bool:
    return s["season"] in CAMPAIGN


def is_winter(s: HState) -> bool:
    return s["season"] == WINTER


def besieged(s: HState, city: City) -> bool:
    return city.name in s["sieges"]
