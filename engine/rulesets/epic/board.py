"""Questions asked of the map and the state: who holds a city, who is where, Area status.

Nothing here changes the state. Static lookups are built once per process."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from engine.core.ruleset import asks
from engine.core.steady import Memo, Steady

from . import special
from .components import Area, City, Components, load_components
from .state import ISLANDS_OPEN, MAP, EState, Facts, on_board, other

# Rule 10.9: the Long Walls standing at the start of every game (the state keys them by hex,
# since an end may be a fort, 7.6.5).
LONG_WALLS = {"Athens": "Piraeus", "Piraeus": "Athens", "Megara": "Nisaea", "Nisaea": "Megara"}
CAPITALS = {"athens": "Athens", "sparta": "Sparta"}  # rule 21.1, two players
T = TypeVar("T")
NEUTRAL_REVOLT_ML = 4  # 6.5.1: revolting at this ML or less, a city is friendly to no one


def comps() -> Components:
    return load_components()


@cache
def city_by_hex() -> dict[str, City]:
    c = comps()
    return {city.hex: city for city in c.cities.values()}


@cache
def city_region() -> dict[str, str | None]:
    c = comps()
    return {name: c.areas[city.area].region for name, city in c.cities.items()}


@cache
def region_cities(region: str) -> tuple[City, ...]:
    c = comps()
    return tuple(city for name, city in sorted(c.cities.items()) if city_region()[name] == region)


def allowed(s: EState, side: str) -> frozenset[str]:
    """Land hexes `side` may enter now: `play_hexes`, less a neutral region until a card
    brings it in (23.2.3: Argolid until Argos Ends Neutrality); the uninhabited islands
    from generation 8 on (1.2)."""
    return play_hexes(s["scenario"], side, tuple(sorted(s.get("activated", ()))),
                      asks(s, ISLANDS_OPEN))


@cache
def play_hexes(scenario: str, side: str, activated: tuple[str, ...] = (),
               islands: bool = False) -> frozenset[str]:
    """Land hexes `side` may enter: the regions in play (22.4.2) but those that start
    neutral and have not been brought in (23.2.3), and for Athens the cities outside them
    its scenario opens (22.4.2a-b, 28.4.3a; `special.py`). `islands`: the uninhabited
    islands too, which belong to no region and are open to both sides (1.2; 22.4.2 closes
    only regions)."""
    c = comps()
    sc = c.scenarios[scenario]
    # a neutral region (the Argolid of 23.2.3) may not be entered until a card wakes it
    regions = {r for r in sc.in_play
               if r not in sc.regions or sc.regions[r].side != "neutral" or r in activated}
    out = {h.id for h in c.hexes.values() if h.kind == "land" and h.area
           and (c.areas[h.area].region in regions
                or (islands and _uninhabited(c.areas[h.area])))}
    if side == "athens":
        out |= {c.cities[n].hex for n in special.enterable(scenario)}
    return frozenset(out)


def _uninhabited(area: Area) -> bool:
    """An island with no city: land of no region and no satrapy (1.2)."""
    return area.kind == "land" and area.region is None and area.satrapy is None


def uninhabited_island(area: str) -> bool:
    """Whether the land Area `area` is an island with no city (1.2)."""
    return _uninhabited(comps().areas[area])


@cache
def region_hexes(region: str) -> frozenset[str]:
    c = comps()
    return frozenset(h for h, hx in c.hexes.items()
                     if hx.kind == "land" and hx.area and c.areas[hx.area].region == region)


def region_of_hex(h: str | None) -> str | None:
    """The region of a land hex (None at sea, or for a piece off the map: no hex)."""
    if h is None or h in comps().areas:
        return None  # at sea
    return comps().region_of_hex(h)


def area_of(h: str) -> str:
    """The Area of a hex; a sea Area id (a stack at sea) is its own Area."""
    if h in comps().areas:
        return h
    a = comps().hexes[h].area
    assert a is not None
    return a


# ------------------------------------------------------------------ cities
def city_at(s: EState, h: str | None) -> City | None:
    """The standing city in hex `h` (a razed city is no longer a city, 11.1.2; no hex, a
    piece off the map: none)."""
    city = city_by_hex().get(h) if h is not None else None
    if city is None or city.name in s["razed"]:
        return None
    return city


def city_owner(s: Facts, name: str) -> str | None:
    """Who holds a city: a control marker, else the region's controller (4.4.4). Read
    from open facts only, so a seat's view answers it as the state does."""
    if name in s["razed"]:
        return None
    if name in s["marks"]:
        return str(s["marks"][name])
    region = city_region()[name]
    r = s["regions"].get(region) if region else None
    if r is not None and name in s.get("revolts", ()):
        # 6.5.1: hostile to the region's controller, friendly to his enemy; a city that
        # revolted while the region's ML was 4 or less wears the white marker: no one's
        if name in s.get("white", ()) or r["side"] not in ("athens", "sparta"):
            return None
        return other(r["side"])
    if r is None:
        # Out-of-play cities Athens may use (22.4.2, 28.4.3) are its friends
        return "athens" if special.athens_friend(s["scenario"], name) else None
    return str(r["side"]) if r["side"] in ("athens", "sparta") else None


def walled(s: EState, city: City) -> bool:
    built = city.name in s.get("built_walls", ())  # walls put up during the game (7.6.4)
    return (city.walled or built) and city.name not in s["unwalled"]


def fortress(s: EState, h: str) -> bool:
    """A fort or a walled city (the rules' 'fortress', 7.6.1, 18.6.1)."""
    city = city_at(s, h)
    if city is not None:
        return walled(s, city)
    return h in s["forts"]


def holder(s: EState, h: str | None) -> str | None:
    """Who holds the city or fort in hex `h` (None: neither is there, or no hex: a piece
    off the map)."""
    if h is None:
        return None
    idx = _index(s)
    if idx is not None:
        cache_ = idx["holder"]
        if h not in cache_:
            cities = idx.get("cities")
            if cities is None:
                cities = idx["cities"] = city_holders(s)
            cache_[h] = cities[h] if h in cities else s["forts"].get(h)
        known: str | None = cache_[h]
        return known
    return _holder(s, h)


# Who holds each standing city, by everything that decides it: it changes a few times a
# season, while prompts ask it of every city several times an action. The kernel's per-thread
# memo (engine/core/steady.py), keyed by the facts `_holder` reads for a city.
_CITY_HOLDERS: Memo[tuple[Any, ...], dict[str, str | None]] = Memo("epic.city_holders", 256)


def city_holders(s: EState) -> dict[str, str | None]:
    """The holder of every standing city, by its hex (`_holder`'s answer there)."""
    kept = tuple((name, side, bool(units_at(s, comps().cities[name].hex, side)))
                 for name, side in s.get("kept", {}).items())
    key = (s["scenario"], tuple(s["razed"]), tuple(s["marks"].items()),
           tuple((r, x["side"]) for r, x in s["regions"].items()),
           tuple(s.get("revolts", ())), tuple(s.get("white", ())), kept)
    table = _CITY_HOLDERS.table()
    known = table.get(key)
    if known is None:
        known = _CITY_HOLDERS.keep(table, key, {
            city.hex: _holder(s, city.hex) for city in comps().cities.values()
            if city.name not in s["razed"]})
    return known


def _holder(s: EState, h: str) -> str | None:
    city = city_at(s, h)
    if city is not None:
        keeper = s.get("kept", {}).get(city.name)
        if keeper is not None and city.name in s["revolts"] and units_at(s, h, keeper):
            return str(keeper)  # 6.5.4: the controller's units stay inside (ruling 82)
        return city_owner(s, city.name)
    return s["forts"].get(h)


@cache
def start_long_walls() -> dict[str, str]:
    """10.9's Long Walls by hex, each end to the other."""
    c = comps().cities
    return {c[a].hex: c[b].hex for a, b in LONG_WALLS.items()}


def long_walls_partner(s: EState, h: str) -> str | None:
    """The hex at the other end of the Long Walls standing at hex `h` (7.6.5, 10.9): two
    neighbouring fortresses, walled cities and/or forts, both still standing."""
    partner = s["long_walls"].get(h)
    if partner is None or not (fortress(s, h) and fortress(s, partner)):
        return None
    return str(partner)


def long_walls_held(s: EState, h: str) -> bool:
    """Long Walls at `h` whose two ends one player holds: only then do they help the
    defence (17.4.4 note) or have to be besieged together (10.9)."""
    partner = long_walls_partner(s, h)
    return partner is not None and holder(s, h) is not None and holder(s, partner) == holder(s, h)


def place_name(s: EState, h: str) -> str:
    """A city's name (razed or not), or the fort at a hex."""
    city = city_by_hex().get(h)
    return city.name if city else f"the fort at {h}"


# ------------------------------------------------------------------ steady index
def _new_index(s: EState) -> dict[str, Any]:
    # "by_hex" is made on first use (`_by_hex`): a block that only reads the prompt asked
    # (an answer being applied) never needs it
    return {"masked": {}, "presence": {}, "holder": {}, "memo": {}}


def _by_hex(s: EState, idx: dict[str, Any]) -> dict[str, list[str]]:
    found: dict[str, list[str]] | None = idx.get("by_hex")
    if found is None:
        found = idx["by_hex"] = hex_units_by_hex(s)
    return found


# While nothing changes (a prompt being built, a search), questions are answered from an
# index of the state instead of scanning it again; the kernel keeps it per thread and task.
STEADY: Steady[EState, dict[str, Any]] = Steady("epic-steady", _new_index)
steady = STEADY
_index = STEADY.index


def steady_memo(s: EState, key: tuple[Any, ...], answer: Callable[[], T]) -> T:
    """`answer()`, asked once per steady block: a question a prompt asks again and again of
    the unchanging state (a region's home cities for each unit in the pool) is answered
    from the block's index; outside a block it is worked out each time. The answer is
    shared: callers must not change it."""
    idx = _index(s)
    if idx is None:
        return answer()
    memo = idx["memo"]
    if key not in memo:
        memo[key] = answer()
    known: T = memo[key]
    return known


def units_by_hex(s: EState) -> dict[str, list[str]]:
    """The units on the map by hex: the steady block's index, or a fresh one (not to be
    changed by callers)."""
    idx = _index(s)
    return hex_units_by_hex(s) if idx is None else _by_hex(s, idx)


# ------------------------------------------------------------------ pieces
def units_at(s: EState, h: str, side: str | None = None) -> list[str]:
    idx = _index(s)
    if idx is not None:
        here = _by_hex(s, idx).get(h, ())
        units = s["units"]
        return [u for u in here if side is None or units[u]["side"] == side]
    return [uid for uid, u in s["units"].items()
            if u["where"] == MAP and u["hex"] == h and (side is None or u["side"] == side)]


def leaders_at(s: EState, h: str, side: str | None = None) -> list[str]:
    # sorted: replacements join the dict at its end, a reloaded game has it sorted
    return sorted(n for n, x in s["leaders"].items()
                  if x["where"] == MAP and x["hex"] == h and (side is None or x["side"] == side))


def on_map(s: EState, side: str | None = None) -> list[str]:
    return [uid for uid, u in s["units"].items()
            if u["where"] == MAP and (side is None or u["side"] == side)]


def land_unit(s: EState, uid: str) -> bool:
    return bool(s["units"][uid]["type"] != "fleet")


def inside(s: EState, uid: str) -> bool:
    """A unit in the hex of a city or fort its side holds is inside it (18.2)."""
    u = s["units"][uid]
    return bool(holder(s, u["hex"]) == u["side"])


def masked(s: EState, h: str) -> bool:
    """A city or fort with an enemy land unit in its hex (10.2.2)."""
    idx = _index(s)
    if idx is not None and h in idx["masked"]:
        return bool(idx["masked"][h])
    owner = holder(s, h)
    out = owner is not None and any(land_unit(s, uid) for uid in units_at(s, h, other(owner)))
    if idx is not None:
        idx["masked"][h] = out
    return out


def base_port(s: EState, h: str) -> str | None:
    """7.6.3b, c: who has a base making coastal land hex `h` a port (None: no such base).
    A base serves its owner only: an enemy ending a move on it destroys it (7.6.3d)."""
    owner = s["bases"].get(h)
    hx = comps().hexes.get(h)
    if owner is None or hx is None or hx.kind != "land" or not hx.seas:
        return None
    return str(owner)


def is_port(s: EState, h: str, side: str | None) -> bool:
    """A port for `side` (16.6, 18.4): a standing port city, or a coastal hex with `side`'s
    base, a fort's or a city's without an anchor too (7.6.3b, c; a razed city is a plain
    coast, 11.1.2)."""
    city = city_at(s, h)
    if city is not None and city.port:
        return True
    return side is not None and base_port(s, h) == side


def port_seas(s: EState, h: str) -> tuple[str, ...]:
    """Seas a port's fleets come and go by: a port city's anchor sea (16.6 note); a port a
    base makes has no anchor, so every sea its hex touches (RULINGS.md 79)."""
    city = city_at(s, h)
    if city is not None and city.port and city.port_sea:
        return (city.port_sea,)
    return tuple(comps().hexes[h].seas)


def fleet_masked(s: EState, h: str) -> bool:
    """10.2.3: a port with enemy fleets in its hex, unless they went ashore this Campaign
    Turn (10.2.3b). Its fleets may neither come out nor intercept, nor others come in."""
    owner = holder(s, h)
    if owner is None or h in s.get("ports_open", ()):
        return False
    if not is_port(s, h, owner):  # a fort with its holder's base too (7.6.3b)
        return False
    units = s["units"]
    return any(units[u]["type"] == "fleet" for u in units_at(s, h, other(owner)))


def hex_units_by_hex(s: EState) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for uid, u in s["units"].items():
        if u["where"] == MAP:
            h = u["hex"]  # on_board, inlined: the steady index is built several times an action
            if h is None:
                on_board(u)  # raises: a unit on the map has a hex
                continue
            here = out.get(h)
            if here is None:
                out[h] = [uid]
            else:
                here.append(uid)
    return out


# ------------------------------------------------------------------ Areas (8.0)
def area_presence(s: EState, area: str) -> set[str]:
    """Sides with a land unit or an unmasked city in a land Area (8.2, 8.3, 10.2.2a)."""
    idx = _index(s)
    if idx is not None and area in idx["presence"]:
        return set(idx["presence"][area])
    out = _presence(s, area)
    if idx is not None:
        idx["presence"][area] = frozenset(out)
    return out


@cache
def area_cities(area: str) -> tuple[City, ...]:
    return tuple(c for c in comps().cities.values() if c.area == area)


def unit_presence(s: EState, area: str) -> set[str]:
    """Sides with a land unit in a land Area, cities left out (13.4's "unopposed enemy
    unit": an enemy unit there and no friendly units)."""
    return _presence(s, area, cities=False)


def _presence(s: EState, area: str, cities: bool = True) -> set[str]:
    c = comps()
    out: set[str] = set()
    hexes = c.area_hexes[area]
    idx = _index(s)
    if idx is not None:
        by_hex = _by_hex(s, idx)
        members = [(uid, s["units"][uid]) for h in hexes for uid in by_hex.get(h, ())]
    else:
        hs = set(hexes)
        members = [(uid, u) for uid, u in s["units"].items()
                   if u["where"] == MAP and u["hex"] in hs]
    for _uid, u in members:
        if u["type"] == "fleet":
            continue
        h = on_board(u)
        if holder(s, h) == u["side"] and (masked(s, h) or h in s["sieges"]):
            continue  # units inside a masked or besieged place count for nothing
        out.add(u["side"])
    if not cities:
        return out
    for city in area_cities(area):
        if city.name in s["razed"] or city.name in s.get("helots", ()):
            continue  # 8.2v: a city of rising helots counts for no one
        owner = city_owner(s, city.name)
        if owner and not masked(s, city.hex) and city.hex not in s["sieges"]:
            out.add(owner)
    return out


def area_status(s: EState, area: str, side: str) -> str:
    """'friendly', 'enemy' or 'contested' for `side` (8.3)."""
    p = area_presence(s, area)
    if other(side) not in p:
        return "friendly"
    return "contested" if side in p else "enemy"


def all_area_status(s: EState, side: str, areas: list[str]) -> dict[str, str]:
    return {a: area_status(s, a, side) for a in areas}


def regions_of(s: EState, side: str) -> list[str]:
    return sorted(r for r, x in s["regions"].items() if x["side"] == side)


def season_index(s: EState) -> int:
    """Seasons since the game began, counting down the years BC."""
    first = comps().scenarios[s["scenario"]].first_year
    return (first - s["year"]) * 4 + s["season"]
