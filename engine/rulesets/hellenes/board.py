"""Questions asked of the map and the state: who is where, who controls what (1.4),
neutral areas (1.31, 15.x), capacity (1.3, 12.0), blockade (8.21, 8.22), Actions (4.0).

Nothing here changes the state; everything is worked out from the stored facts. While a
prompt is built the state stands still, so `steady(s)` keeps an index of it for that
while (who stands in which area, and the answers already worked out): the same questions
asked again cost a lookup, and nothing is kept once the state may change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache, wraps
from typing import Any, TypeVar

from engine.core.steady import Steady

from .components import (
    FIRST_EDITION,
    Block,
    Card,
    City,
    Components,
    Setup,
    load_components,
)
from .state import CAMPAIGN, POOL, WINTER, Blocks, HState, Side, other

PERSIA = frozenset({"LYD", "PHR"})
LOYAL: dict[str, Side] = {"athens": "athens", "sparta": "sparta"}  # neutral: nobody


@cache
def comps() -> Components:
    return load_components()


def edition(cards: Mapping[str, Any]) -> str:
    """The card edition a game plays with, from its state's or a view's `cards`: a game
    made before the editions (ruleset version 6 and older) has none and plays the first
    (the data README, Balance; the game option `deck`)."""
    return str(cards.get("edition", FIRST_EDITION))


def card_in(cards: Mapping[str, Any], n: int) -> Card:
    """Card number `n` as the edition of this state's or view's `cards` prints it."""
    return comps().editions[edition(cards)][n]


def setup_of(s: HState) -> Setup:
    return comps().setups[s["scenario"]]


def spec(bid: str) -> Block:
    return comps().blocks[bid]


def side_name(side: str) -> str:
    return side.title()


# ------------------------------------------------------------------ where the blocks stand
MAX_PATCH = 24  # more blocks moved than this since the last facts: work them out afresh
Place = tuple[str, str, bool]  # a block's area, side and whether it is inside the City


class Facts:
    """What follows from where the blocks stand (not from their strengths): the blocks of
    each area and each side's blocks on the map, both in the state's own order (so every
    answer lists them as a scan of the blocks would), the areas where each side has units
    outside a City (what blocks the other side's moves, 5.4), fleets, and City control
    (1.4). Kept on the state's `Blocks` across clicks and patched for the blocks that moved
    (`facts`), so a click that moves nothing, or one block, does not read every block
    again. Nothing handed out is ever changed: a patch makes new lists and dicts."""

    __slots__ = ("by_area", "place", "on_map", "order", "_outside", "_fleets", "_controls",
                 "_garrisons", "_dirty", "memo")

    def __init__(self, by_area: dict[str, list[str]], place: dict[str, Place],
                 on_map: dict[str, list[str]], order: dict[str, int]):
        self.by_area = by_area  # area -> its blocks (areas with none are left out)
        # block -> (area, side, inside) as these facts were made: read here by the menus'
        # loops, a plain dict (the block records, which note their moves, read slower)
        self.place = place
        self.on_map = on_map
        self.order = order  # block -> its place in the state's blocks
        self._outside: dict[str, set[str]] = {}
        self._fleets: dict[str, set[str]] = {}
        self._controls: dict[str, Side | None] | None = None
        # the garrisons `_controls` was made with (a copy: compared with the state's as a
        # whole, which is quicker than reading the sides out of them every time)
        self._garrisons: dict[str, Any] = {}
        self._dirty: set[str] = set()  # areas changed since `_controls` was made
        # Answers that follow from where the blocks stand and from what their keys name
        # (`kept`): a click that moves nothing finds them again.
        self.memo: dict[tuple[Any, ...], Any] = {}

    @classmethod
    def build(cls, blocks: Mapping[str, Any]) -> Facts:
        areas = comps().areas
        by_area: dict[str, list[str]] = {}
        place: dict[str, Place] = {}
        on_map: dict[str, list[str]] = {"athens": [], "sparta": []}
        for b, x in blocks.items():
            loc = x["loc"]
            place[b] = loc, x["side"], x["inside"]
            here = by_area.get(loc)
            if here is None:
                by_area[loc] = [b]
            else:
                here.append(b)
            if loc in areas:
                on_map[x["side"]].append(b)
        return cls(by_area, place, on_map, {b: i for i, b in enumerate(blocks)})

    def patched(self, blocks: Mapping[str, Any], moved: Iterable[str]) -> Facts:
        """These facts after the `moved` blocks changed place, side or inside/outside."""
        areas, order = comps().areas, self.order
        by_area, place = dict(self.by_area), dict(self.place)
        on_map = dict(self.on_map)
        touched: set[str] = set()
        sides: set[str] = set()  # the sides whose blocks moved
        fleet_sides: set[str] = set()  # the sides whose fleets moved
        ships = fleet_ids()
        for b in moved:
            x = blocks[b]
            old, old_side, _ = place[b]
            new, side = x["loc"], x["side"]
            place[b] = new, side, x["inside"]
            touched.add(old)
            touched.add(new)
            sides.update((old_side, side))
            if b in ships:
                fleet_sides.update((old_side, side))
            left = [u for u in by_area[old] if u != b]
            if left:
                by_area[old] = left
            else:
                del by_area[old]
            by_area[new] = _placed(by_area.get(new, ()), b, order)
            was, now = old in areas, new in areas
            if was and now and side == old_side:
                continue  # still on the map for the same side: its list is unchanged
            if was:
                on_map[old_side] = [u for u in on_map[old_side] if u != b]
            if now:
                on_map[side] = _placed(on_map[side], b, order)
        out = Facts(by_area, place, on_map, order)
        # a side none of whose blocks (fleets) moved keeps its areas (fleets' areas)
        out._outside = {k: v for k, v in self._outside.items() if k not in sides}
        out._fleets = {k: v for k, v in self._fleets.items() if k not in fleet_sides}
        if self._controls is not None:
            out._controls, out._garrisons = self._controls, self._garrisons
            out._dirty = self._dirty | touched
        return out

    def outside(self, side: str, blocks: Mapping[str, Any]) -> set[str]:
        """Areas holding the side's units outside a City (not to be changed)."""
        found = self._outside.get(side)
        if found is None:
            place = self.place
            found = self._outside[side] = {
                place[b][0] for b in self.on_map[side] if not place[b][2]}
        return found

    def fleets(self, side: str, blocks: Mapping[str, Any]) -> set[str]:
        """Where the side has fleets, pools included (not to be changed)."""
        found = self._fleets.get(side)
        if found is None:
            found = self._fleets[side] = {
                x["loc"] for b in fleet_ids() if (x := blocks.get(b)) and x["side"] == side}
        return found

    def controls(self, garrisons: Mapping[str, Any]) -> dict[str, Side | None]:
        """Every City's controller (1.4; see `_held`), not to be changed. Made again only
        for the Cities whose areas changed since, unless a garrison changed."""
        city_in, by_area = comps().city_in, self.by_area
        if self._controls is not None and garrisons == self._garrisons:
            if not self._dirty:
                return self._controls
            out = dict(self._controls)
            for area in self._dirty:
                city = city_in.get(area)
                if city is not None:
                    out[city.name] = _held(city, by_area.get(area, ()), self.place,
                                           garrisons.get(city.name))
            if out == self._controls:
                out = self._controls  # unchanged: the same object (answers kept by it hold)
        else:
            out = dict(_loyal())
            for area, here in by_area.items():
                city = city_in.get(area)
                if city is not None:
                    out[city.name] = _held(city, here, self.place, garrisons.get(city.name))
            for name, g in garrisons.items():  # a garrison alone holds its City
                if comps().cities[name].area not in by_area:
                    out[name] = g["side"]
        self._controls, self._dirty = out, set()
        self._garrisons = {name: dict(g) for name, g in garrisons.items()}
        return out


def _placed(ids: Iterable[str], b: str, order: Mapping[str, int]) -> list[str]:
    """`ids` with `b` put in its place in the state's order."""
    at = order[b]
    out = [u for u in ids if u != b]
    i = 0
    while i < len(out) and order[out[i]] < at:
        i += 1
    out.insert(i, b)
    return out


def _held(city: City, here: Iterable[str], place: Mapping[str, Place],
          g: Mapping[str, Any] | None) -> Side | None:
    """Who controls a City, from the blocks in its area and its garrison: the one side
    inside it (a garrison counts), else the one side in its CityState, else its Loyalty
    (a vacant conquest reverts, 1.4)."""
    ins: set[Side] = set()
    outs: set[Side] = set()
    for b in here:
        _, side, inside = place[b]
        (ins if inside else outs).add(side)  # type: ignore[arg-type]
    if g is not None:
        ins.add(g["side"])
    if len(ins) == 1:
        return next(iter(ins))
    if len(outs) == 1 and not ins:
        return next(iter(outs))
    return _loyal()[city.name]


def facts(s: HState) -> Facts:
    """The facts of where the state's blocks stand now: those kept on its `Blocks`,
    patched for the blocks moved since; made afresh for plain block records."""
    blocks = s["blocks"]
    if type(blocks) is not Blocks or blocks.shared:
        return Facts.build(blocks)
    f: Facts | None = blocks.facts
    if f is None or blocks.reshaped or len(blocks.moved) > MAX_PATCH:
        f = Facts.build(blocks)
        blocks.reshaped = False
    elif blocks.moved:
        f = f.patched(blocks, blocks.moved)
    else:
        return f
    blocks.moved.clear()
    blocks.facts = f
    return f


# ------------------------------------------------------------------ the steady-state index
class Index:
    """Derived facts of one unchanging state: where the blocks stand (`facts`, read on
    first use) and a memo of the answers worked out while it is steady."""

    __slots__ = ("_s", "_facts", "memo")

    def __init__(self, s: HState):
        self._s = s
        self._facts: Facts | None = None
        self.memo: dict[tuple[Any, ...], Any] = {}

    @property
    def facts(self) -> Facts:
        f = self._facts
        if f is None:
            f = self._facts = facts(self._s)
        return f

    @property
    def by_area(self) -> Mapping[str, list[str]]:
        """Area -> its blocks (read with `get`, `in` and iteration only)."""
        return self.facts.by_area

    def on_map(self, side: str) -> list[str]:
        """The side's blocks on the map (not to be changed)."""
        return self.facts.on_map[side]

    def outside(self, side: str) -> set[str]:
        """Areas holding the side's units outside a City (not to be changed)."""
        return self.facts.outside(side, self._s["blocks"])

    def fleets(self, side: str) -> set[str]:
        """Where the side has fleets, pools included (not to be changed)."""
        return self.facts.fleets(side, self._s["blocks"])


@cache
def fleet_ids() -> frozenset[str]:
    return frozenset(b.id for b in comps().data.blocks if b.type == "fleet")


# While a state does not change (a prompt being built), it is indexed once; the kernel
# keeps the index per thread and task (the service replays logs in worker threads while
# the event loop builds prompts).
STEADY: Steady[HState, Index] = Steady("hellenes-steady", Index)
steady = STEADY
index = STEADY.index


F = TypeVar("F", bound=Callable[..., Any])
_MISSING = object()


def remembered(copy: Callable[[Any], Any] | None = None) -> Callable[[F], F]:
    """Remember a question's answer while the state is steady. `copy` hands out a copy
    of a mutable answer, so a caller changing it cannot change the remembered one."""
    def wrap(fn: F) -> F:
        @wraps(fn)
        def inner(s: HState, *args: Any) -> Any:
            idx = index(s)
            if idx is None:
                return fn(s, *args)
            memo = idx.memo
            key = (fn, *args)
            found = memo.get(key, _MISSING)
            if found is _MISSING:
                found = memo[key] = fn(s, *args)
            return found if copy is None else copy(found)
        return inner  # type: ignore[return-value]
    return wrap


def kept(s: HState) -> dict[tuple[Any, ...], Any] | None:
    """A memo for answers that follow from where the blocks stand (and from what their
    keys hold), kept with those facts across clicks that move nothing; None when the
    facts are not kept. Keys name everything else the answer depends on."""
    f = known(s)
    return None if f is None else f.memo


# ------------------------------------------------------------------ where the blocks are
def known(s: HState) -> Facts | None:
    """Where the blocks stand, when it is known without reading every block: the steady
    state's facts, or those kept on block records that note their moves; else None."""
    idx = index(s)
    if idx is not None:
        return idx.facts
    if type(s["blocks"]) is Blocks:
        return facts(s)
    return None


def places(s: HState) -> Mapping[str, Place]:
    """Each block's (area, side, inside), read from the facts when they are kept."""
    f = known(s)
    if f is not None:
        return f.place
    return {b: (x["loc"], x["side"], x["inside"]) for b, x in s["blocks"].items()}


def on_map(s: HState, side: str | None = None) -> list[str]:
    f = known(s)
    if f is not None and side is not None:
        return list(f.on_map[side])
    return [b for b, x in s["blocks"].items()
            if x["loc"] in comps().areas and (side is None or x["side"] == side)]


def units_in(s: HState, area: str, side: str | None = None,
             inside: bool | None = None) -> list[str]:
    """Units in `area`, optionally of one side and only those inside (or outside) the City."""
    f = known(s)
    if f is not None:  # the area's blocks, read from the facts
        place = f.place
        return [b for b in f.by_area.get(area, ()) if (side is None or place[b][1] == side)
                and (inside is None or place[b][2] == inside)]
    blocks = s["blocks"]
    return [b for b in blocks if (x := blocks[b])["loc"] == area
            and (side is None or x["side"] == side)
            and (inside is None or x["inside"] == inside)]


def has_pool(s: HState, side: str) -> bool:
    """Whether the side has a block in its Recruit Pool."""
    blocks = s["blocks"]
    f = known(s)
    ids: Iterable[str] = blocks if f is None else f.by_area.get(POOL, ())
    return any((x := blocks[b])["loc"] == POOL and x["side"] == side for b in ids)


def pool(s: HState, side: str) -> list[str]:
    blocks = s["blocks"]
    f = known(s)
    ids: Iterable[str] = blocks if f is None else f.by_area.get(POOL, ())
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
    if type(s["blocks"]) is Blocks:
        return facts(s).controls(s["garrisons"])[city.name]
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
    """`controls`, handed out as it is (to callers here that only read it)."""
    idx = index(s)
    f = idx.facts if idx is not None else facts(s)
    return f.controls(s["garrisons"])


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
    return _kinds(edition(s["cards"]), tuple(s["cards"]["in_play"])).get("persian-aid", 0)


def taxes(s: HState) -> int:
    return _kinds(edition(s["cards"]), tuple(s["cards"]["in_play"])).get("taxes", 0)


def in_play(s: HState, kind: str) -> bool:
    return kind in _kinds(edition(s["cards"]), tuple(s["cards"]["in_play"]))


@lru_cache(maxsize=256)
def _kinds(deck: str, cards: tuple[int, ...]) -> dict[str, int]:
    """How many cards of each Event kind these cards in play are (not to be changed)."""
    out: dict[str, int] = {}
    for c in cards:
        kind = comps().editions[deck][c].event.kind
        out[kind] = out.get(kind, 0) + 1
    return out


def neutral(s: HState, area: str) -> bool:
    """Areas no unit may enter: white Cities and the scenario's neutrals (1.31, 15.x).
    Persia opens while Persian Aid is in play (13.2); Gela once a Gelan unit has left it."""
    return area in neutral_set(s)


def neutral_set(s: HState) -> frozenset[str]:
    """Every area `neutral` now (not to be changed)."""
    return neutral_areas(s["scenario"], persian_aid(s) > 0, s["effects"]["gela_open"])


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
    return not s["effects"]["war_resumed"] and _peace_possible(s["scenario"])


@cache
def _peace_possible(scenario: str) -> bool:
    return comps().setups[scenario].peace != "none"


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
    leader = card_in(s["cards"], card).leader
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
    if s["scenario"] not in ("sicily", "415"):
        return 1  # asked for every option of a menu: the usual answer at once
    return 2 if region(area) == "sicily" and sicily_neutral(s) else 1


@cache
def home_cities_of(bid: str) -> tuple[City, ...]:
    """The unit's Home Cities (2.11), in the map data's order."""
    c = comps()
    return tuple(c.cities[n] for n in c.home_cities(spec(bid).nation))


@cache
def home_city_names(bid: str) -> frozenset[str]:
    """The names of the unit's Home Cities."""
    return frozenset(city.name for city in home_cities_of(bid))


@cache
def home_areas_of(bid: str) -> frozenset[str]:
    """The areas of the unit's Home Cities."""
    return frozenset(city.area for city in home_cities_of(bid))


@cache
def nations() -> dict[str, str]:
    """Every block's nationality colour (2.11), by id (not to be changed)."""
    return {b.id: b.nation for b in comps().data.blocks}


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
