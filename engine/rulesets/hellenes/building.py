"""Building (4.2): Reinforcements (4.21), Recruits (4.22) and Detached Garrisons (4.23).

Reinforcing and recruiting happen only in friendly Home Cities (barbarians: home Towns);
not in a besieged inland City nor in a besieged and blockaded Port (4.2, 8.21; RULINGS.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import board as B
from .components import City
from .olympians import open_appeal
from .state import (
    GARRISON_BUILDING,
    REBEL_ARRIVALS,
    SICILY_RECRUITS,
    WINTER,
    HState,
    Side,
    other,
    place,
    to_pool,
)

DRAW = 3  # 4.22


def can_build_in(s: HState, city: City, side: Side) -> bool:
    return _may_build(s, city, side, B.control_map(s), B.neutral_set(s))


def _may_build(s: HState, city: City, side: Side, held: Mapping[str, Side | None],
               neutral: frozenset[str]) -> bool:
    """`can_build_in`, City control and the neutral areas already read (a menu asks for
    every unit standing in a Home City)."""
    if held[city.name] != side or city.area in neutral:
        return False
    if city.name in s["sieges"]:
        return city.port and not B.blockaded(s, city, side)
    return True


def reinforceable(s: HState, side: Side) -> list[str]:
    """4.21: a unit in its own Home City, below its maximum."""
    out = []
    blocks, sieges, growth, place = s["blocks"], s["sieges"], _growth(), B.places(s)
    held, neutral, city_in = B.control_map(s), B.neutral_set(s), B.comps().city_in
    for b in B.on_map(s, side):
        loc, _, inside = place[b]
        homes, top = growth[b]
        if loc not in homes or blocks[b]["cv"] >= top:
            continue
        city = city_in[loc]
        if city.name in sieges and not inside:
            continue  # a besieger outside its own lost Home City is not in it
        if _may_build(s, city, side, held, neutral):
            out.append(b)
    return sorted(out)


@cache
def _growth() -> dict[str, tuple[frozenset[str], int]]:
    """Each block's Home City areas and maximum strength (what `reinforceable` asks of
    every unit, in one lookup)."""
    return {b.id: (B.home_areas_of(b.id), b.max_strength) for b in B.comps().data.blocks}


def eligible(s: HState, bid: str) -> bool:
    """4.22 Disallowed Recruits: Odrysia only without an Athenian Leader (2.27); Persians
    and improved fleets only with Persian Aid (13.2); no elite E2 fleet under No Quarter
    (sidebar); no rebel units under the Peace (12.0 rule 1)."""
    b = B.spec(bid)
    if b.entry == "no-leader" and s["cards"]["leaders"].get("athens") is not None:
        return False
    if b.entry == "persian-aid" and not B.persian_aid(s):
        return False
    if b.entry == "rebel" and B.peace(s):
        return False
    elite_fleet = b.side == "athens" and b.type == "fleet" and b.sea_agility == "E" \
        and b.sea_power == 2
    return not (elite_fleet and B.in_play(s, "no-quarter"))


def placements(s: HState, bid: str) -> list[str]:
    """Areas where a drawn recruit may arrive (4.22)."""
    b = B.spec(bid)
    side: Side = b.side
    if not eligible(s, bid):
        return []
    c = B.comps()
    out = []
    if b.barbarian:
        for name in c.home_towns(b.nation):
            area = c.towns[name].area
            if not B.neutral(s, area) and not B.units_in(s, area, other(side)):
                out.append(area)
        return sorted(out)
    for name in c.home_cities(b.nation):
        city = c.cities[name]
        if b.entry == "rebel" and city.loyalty != side:
            # A rebel arrives in a City of opposing Loyalty not occupied by the enemy,
            # capturing it (4.22 Rebel Units); before generation 5 a garrison of either
            # side barred it, from then only the enemy's ("no enemy blocks present").
            held = s["garrisons"].get(name)
            barred = held is not None and (held["side"] == other(side)
                                           or not asks(s, REBEL_ARRIVALS))
            if not B.neutral(s, city.area) and not B.units_in(s, city.area, other(side)) \
                    and not barred:
                out.append(city.area)
        elif can_build_in(s, city, side):
            out.append(city.area)
    return sorted(out)


def recruit_surcharge(s: HState, area: str) -> int:
    """The Actions a recruit arriving in `area` costs beyond the one paid to recruit: from
    generation 4 one more in Sicily while it is neutral (15.2/15.4 rule 2)."""
    if not asks(s, SICILY_RECRUITS):
        return 0
    return B.action_cost(s, area) - 1


class Recruit(Procedure[HState]):
    """4.22: three blocks drawn at random and in secret; one legal one is placed."""

    name = "recruit"

    def enter(self, flow: Flow[HState]) -> None:
        self._draw(flow)

    def _draw(self, flow: Flow[HState]) -> None:
        s, side = flow.state, flow.args["side"]
        pool = B.pool(s, side)
        flow.context.shuffle(pool)
        drawn = sorted(pool[:DRAW])
        flow.args["drawn"] = drawn
        names = ", ".join(B.spec(b).name for b in drawn)
        flow.context.event("recruit-draw", f"You draw {names} (4.22)", seats=(side,),
                           drawn=drawn)
        if not open_appeal(flow, "Apollo", {"kind": "recruit-draw", "side": side}, [side]):
            self._check(flow)

    def _check(self, flow: Flow[HState]) -> None:
        side = flow.args["side"]
        if not self._options(flow):
            flow.context.event("recruit-wasted", f"{side.title()} recruits but none of the "
                               "drawn blocks can be placed: the Action is wasted (4.22)",
                               side=side)
            flow.end()

    def resume(self, flow: Flow[HState], result: object) -> None:
        """Back from an Appeal to Apollo (11.0): draw again, or go on."""
        s, a = flow.state, flow.args
        placed = a.pop("placed", None)
        if placed is None:
            self._draw(flow) if result else self._check(flow)
            return
        if not result:
            self._placed(flow, placed)
            return
        to_pool(s["blocks"][placed])  # the opponent's Appeal: back to the pool, draw again
        flow.context.event("recruit-undone", f"The {a['side'].title()} recruit goes back to "
                           "its pool (11.0 Apollo)", side=a["side"], unit=placed)
        self._draw(flow)

    def _options(self, flow: Flow[HState]) -> list[tuple[str, str]]:
        """The drawn blocks' legal places; one in a neutral Sicily only while the Action
        it costs beyond the recruit's can still be paid (15.2 rule 2)."""
        s = flow.state
        left = s["turn"]["actions"] if s["turn"] is not None else 0
        return [(b, a) for b in flow.args["drawn"] for a in placements(s, b)
                if recruit_surcharge(s, a) <= left]

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s = flow.state
        opts = []
        for b, a in self._options(flow):
            spec = B.spec(b)
            cv = spec.max_strength if spec.barbarian else 1
            more = recruit_surcharge(s, a)
            dear = f" (+{more} Action: Sicily is neutral)" if more else ""
            opts.append(Option(f"{b}@{a}", f"{spec.name} ({spec.type}, {spec.rating}) at "
                               f"{B.comps().areas[a].name}, {cv} cv{dear}", "4.22",
                               data={"kind": "place", "unit": b, "to": a, "cv": cv,
                                     "cost": 1 + more}))
        del s
        return [Prompt(flow.args["side"], "Place one of the recruits you drew; the others "
                       "return to the pool (4.22)", tuple(opts), rule="4.22", kind="recruit")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, side = flow.state, flow.args["side"]
        bid, area = str(answer).split("@")
        spec = B.spec(bid)
        city = B.city_of(area)
        inside = bool(city and city.name in s["sieges"])
        cv = spec.max_strength if spec.barbarian else 1  # 2.1, 4.22
        place(s["blocks"][bid], area, cv, inside)
        where = B.comps().areas[area].name
        flow.context.event("recruit", f"{side.title()} recruits a unit at {where} (4.22)",
                           area=area)
        flow.context.event("recruited", f"Recruited {spec.name} at {where}", seats=(side,),
                           unit=bid, area=area)
        if open_appeal(flow, "Apollo", {"kind": "recruit", "side": side, "area": area},
                       [other(side)]):
            flow.args["placed"] = bid
            return
        self._placed(flow, bid)

    def _placed(self, flow: Flow[HState], bid: str) -> None:
        s, side = flow.state, flow.args["side"]
        spec = B.spec(bid)
        area = s["blocks"][bid]["loc"]
        more = recruit_surcharge(s, area)
        if more and s["turn"] is not None:
            s["turn"]["actions"] -= more  # 15.2 rule 2: the recruit's Action in Sicily
        if spec.barbarian and s["season"] == WINTER:
            to_pool(s["blocks"][bid])  # 9.23: disbands at once
            flow.context.event("barbarian-disbands", "A barbarian recruited in Winter "
                               "disbands at once (9.23)", unit=bid)
        elif spec.barbarian and side not in s["effects"]["earthquake"]:
            # 2.1, 2.25: one free move from its home town (not under Earthquake, sidebar)
            flow.goto("group_move", side=side, area=area, only=[bid])
            return
        flow.end()


def garrison_sites(s: HState, side: Side) -> list[str]:
    """4.23: an Opposing City occupied by friendly Greek units, without a garrison; from
    generation 3 only where building is allowed (4.2, 8.21: not in a besieged inland City,
    nor in a besieged Port while it is blockaded)."""
    foe = other(side)
    sieges, garrisons = s["sieges"], s["garrisons"]
    city_in, barbarian = B.comps().city_in, B.barbarians()
    found = set()
    place = B.places(s)
    for b in B.on_map(s, side):
        area, _, inside = place[b]
        city = city_in.get(area)
        if (city is None or city.loyalty != foe or city.name in garrisons or b in barbarian
                or (city.name in sieges and not inside)):
            continue
        found.add(area)
    if asks(s, GARRISON_BUILDING):
        held, neutral = B.control_map(s), B.neutral_set(s)
        out = [a for a in found if _may_build(s, city_in[a], side, held, neutral)]
    else:
        out = [a for a in found if B.city_control(s, city_in[a]) == side]
    return [city_in[a].name for a in sorted(out, key=B.city_order().__getitem__)]


def garrison_cost(s: HState, city: str) -> int:
    """4.23: 1 Action; from generation 3 what an Action costs in the City's area (double in
    Sicily while it is neutral, 15.2/15.4 rule 2), as for every other Building."""
    if not asks(s, GARRISON_BUILDING):
        return 1
    return B.action_cost(s, B.comps().cities[city].area)
