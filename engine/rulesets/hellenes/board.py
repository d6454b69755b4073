"""Questions asked of the map and the state: who is where, who controls what (1.4),
neutral areas (1.31, 15.x), capacity (1.3, 12.0), blockade (8.21, 8.22), Actions (4.0).

Nothing here changes the state; everything is worked out from the stored facts.
"""

from __future__ import annotations

from functools import cache

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


# ------------------------------------------------------------------ where the blocks are
def on_map(s: HState, side: str | None = None) -> list[str]:
    return [b for b, x in s["blocks"].items()
            if x["loc"] in comps().areas and (side is None or x["side"] == side)]


def units_in(s: HState, area: str, side: str | None = None,
             inside: bool | None = None) -> list[str]:
    """Units in `area`, optionally of one side and only those inside (or outside) the City."""
    return [b for b, x in s["blocks"].items()
            if x["loc"] == area and (side is None or x["side"] == side)
            and (inside is None or x["inside"] == inside)]


def pool(s: HState, side: str) -> list[str]:
    return sorted(b for b, x in s["blocks"].items() if x["loc"] == POOL and x["side"] == side)


def city_of(area: str) -> City | None:
    return comps().city_in.get(area)


def region(area: str) -> str:
    return comps().areas[area].region


# ------------------------------------------------------------------ control (1.4)
def city_control(s: HState, city: City) -> Side | None:
    """Who controls a City: the side inside it (a garrison counts), else the side solely
    occupying its CityState, else its Loyalty (a vacant conquest reverts, 1.4)."""
    g = s["garrisons"].get(city.name)
    inside = {x["side"] for x in s["blocks"].values() if x["loc"] == city.area and x["inside"]}
    if g is not None:
        inside.add(g["side"])
    if len(inside) == 1:
        return next(iter(inside))
    outside = {x["side"] for x in s["blocks"].values() if x["loc"] == city.area and not x["inside"]}
    if len(outside) == 1 and not inside:
        return next(iter(outside))
    return None if city.loyalty == "neutral" else city.loyalty


def controls(s: HState) -> dict[str, Side | None]:
    """Every City's controller at once (one pass over the blocks): city name -> side."""
    inside: dict[str, set[Side]] = {}
    outside: dict[str, set[Side]] = {}
    for x in s["blocks"].values():
        (inside if x["inside"] else outside).setdefault(x["loc"], set()).add(x["side"])
    out: dict[str, Side | None] = {}
    for city in comps().data.cities:
        ins = set(inside.get(city.area, ()))
        g = s["garrisons"].get(city.name)
        if g is not None:
            ins.add(g["side"])
        outs = outside.get(city.area, set())
        if len(ins) == 1:
            out[city.name] = next(iter(ins))
        elif len(outs) == 1 and not ins:
            out[city.name] = next(iter(outs))
        else:
            out[city.name] = LOYAL.get(city.loyalty)
    return out


def area_control(s: HState, area: str) -> Side | None:
    """Sole occupation controls an area; besiegers control the Province (7.2); a vacant
    CityState belongs to whoever controls its City; other vacant areas to nobody (1.4)."""
    outside = {x["side"] for x in s["blocks"].values() if x["loc"] == area and not x["inside"]}
    if len(outside) == 1:
        return next(iter(outside))
    if outside:
        return None  # a battle is pending there
    city = city_of(area)
    return city_control(s, city) if city is not None else None


def enemy_units_block(s: HState, area: str, side: str) -> bool:
    """Unbesieged enemy units here: entering is Engaging (5.4). Garrisons and besieged
    units never stop movement (2.3, 7.2)."""
    foe = other(side)
    return any(x["loc"] == area and x["side"] == foe and not x["inside"]
               for x in s["blocks"].values())


# ------------------------------------------------------------------ neutrality (1.31, 15.x)
def persian_aid(s: HState) -> int:
    return sum(1 for c in s["cards"]["in_play"] if comps().cards[c].event.kind == "persian-aid")


def taxes(s: HState) -> int:
    return sum(1 for c in s["cards"]["in_play"] if comps().cards[c].event.kind == "taxes")


def in_play(s: HState, kind: str) -> bool:
    return any(comps().cards[c].event.kind == kind for c in s["cards"]["in_play"])


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


def blocking(s: HState, side: str) -> frozenset[str]:
    """Areas holding unbesieged enemy units: entering them is Engaging (5.4)."""
    foe = other(side)
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


def home_city(bid: str, city: City) -> bool:
    """A Home City has the unit's own colour (2.11)."""
    return spec(bid).nation == city.nationality


def is_campaign(s: HState) -> bool:
    return s["season"] in CAMPAIGN


def is_winter(s: HState) -> bool:
    return s["season"] == WINTER


def besieged(s: HState, city: City) -> bool:
    return city.name in s["sieges"]
