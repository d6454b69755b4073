"""Homing Battles (9.31): Homing units fighting their way into a besieged or blockaded
Home City.

A Homing move (9.212) normally ignores enemy units, but it may not end in a City the
enemy besieges, nor come in through an Offshore Sea the enemy blockades. Toward a Home
City it may instead challenge them: by land (or a landing from another sea) the besiegers
are fought in the Province; by its Offshore Sea the blockading fleets are fought there. A
fleet may also slip into a besieged Port whose Offshore Sea is free (9.31 note).

The move is made in the Winter Actions; the battle is fought in that side's SiegeBreaking
Combat (9.3), after the enemy's Winter Actions: if the enemy has gone by then, the units
simply go in. Units that do not get home disband (9.24 exception, 9.31).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import board as B
from .components import City
from .movement import fleet_areas, routes
from .state import Engaged, HState, Side, other, to_pool


def in_need(s: HState, side: Side) -> frozenset[str]:
    """The side's Cities a Homing Battle may be fought toward (see `_in_need`)."""
    return _in_need(s, side)


@B.remembered()
def _in_need(s: HState, side: Side) -> frozenset[str]:
    """The side's Cities a Homing move may fight its way into (9.31): those it holds that
    the enemy besieges, and its Ports with enemy fleets in their Offshore Sea. Worked out
    once a prompt from the sieges and the enemy's fleets, not City by City."""
    held = B.control_map(s)
    need = {name for name in s["sieges"] if held[name] == side}
    for sea in fleet_areas(s, other(side)):
        need.update(name for name in _ports_on(sea) if held[name] == side)
    return frozenset(need)


@cache
def _ports_on(sea: str) -> tuple[str, ...]:
    """The Ports whose Offshore Sea this is."""
    return tuple(c.name for c in B.comps().data.cities if c.port and c.offshore == sea)


class HomingMove(NamedTuple):
    dest: str  # the Home City's area
    city: str
    battle: str | None  # where the Homing Battle is fought; None: no fight, straight in
    via: str  # the area the unit comes from into `battle` (or into the City)
    inside: bool  # it enters a besieged City (fortified among the defenders)


def homing_battle_moves(s: HState, bid: str) -> list[HomingMove]:
    """9.31: Homing moves (full range + 1, 9.212) to a Home City held by this side that
    the enemy besieges, or whose Offshore Sea enemy fleets blockade. A fleet may come in
    by the Offshore Sea or land from another sea next to the City."""
    x = s["blocks"][bid]
    side: Side = x["side"]
    foe = other(side)
    homes = B.home_cities_of(bid)  # only a Home City is a goal: the rest need no search
    out: list[HomingMove] = []
    need = _in_need(s, side)
    if not any(city.name in need for city in homes):
        return out
    held = B.control_map(s)
    sieges = s["sieges"]
    if B.spec(bid).type == "fleet":
        goals = [city for city in homes if city.port and held[city.name] == side and (
            city.name in sieges or B.fleets_in(s, city.offshore or "", foe))]
        if not goals:
            return out
        # a sea within the normal range, then one more area into the City (9.212)
        seas = {r.dest: r for r in routes(s, bid, frozenset(), False, 0)
                if B.comps().areas[r.dest].kind == "sea"}
        for city in goals:
            besieged = city.name in sieges
            for sea in sorted(B.comps().sea_neighbours(city.area)):
                if sea not in seas and sea != x["loc"]:
                    continue
                if sea == city.offshore:
                    if B.fleets_in(s, sea, foe):
                        out.append(HomingMove(city.area, city.name, sea, sea, besieged))
                    elif besieged:
                        out.append(HomingMove(city.area, city.name, None, sea, True))
                elif besieged:  # a Sea Landing against the besiegers
                    out.append(HomingMove(city.area, city.name, city.area, sea, False))
        return out
    goal = {city.area: city for city in homes
            if held[city.name] == side and city.name in sieges}
    if not goal:
        return out
    for r in routes(s, bid, frozenset(), False, 1):
        home = goal.get(r.dest)
        if home is not None:
            out.append(HomingMove(r.dest, home.name, r.dest, r.via, False))
    return out


def start_homing(s: HState, bid: str, move: HomingMove) -> None:
    """Carry out a Homing move: straight in, or to the place of its Homing Battle."""
    x = s["blocks"][bid]
    if move.battle is None:
        x["loc"], x["inside"] = move.dest, move.inside
        return
    x["loc"], x["inside"] = move.battle, False
    homing = s.setdefault("homing", [])
    for f in homing:
        if f["area"] == move.battle and f["via"] == move.via and f.get("homing") == move.city:
            f["units"] = sorted(f["units"] + [bid])  # one Formation (5.41)
            return
    homing.append({"area": move.battle, "via": move.via, "units": [bid],
                   "from_sea": B.comps().areas[move.via].kind == "sea", "homing": move.city})


def homing_units(s: HState, side: str) -> set[str]:
    return {u for f in s.get("homing", []) for u in f["units"]
            if s["blocks"][u]["side"] == side}


def homing_battles(s: HState, side: str) -> list[Engaged]:
    """The side's Homing Formations still facing enemy units: its SiegeBreaking battles."""
    out = []
    for f in s.get("homing", []):
        units = [u for u in f["units"] if s["blocks"][u]["side"] == side
                 and s["blocks"][u]["loc"] == f["area"]]
        if units and B.units_in(s, f["area"], other(side), inside=False):
            out.append(Engaged(area=f["area"], via=f["via"], units=units,
                               from_sea=f["from_sea"], homing=f.get("homing", "")))
    return out


def settle_homing(s: HState, side: str) -> tuple[int, int]:
    """After the side's SiegeBreaking Combat: Homing units that won (or were left
    unchallenged) go into their City; the others disband (9.31). (home, disbanded)."""
    home = lost = 0
    keep = []
    for f in s.get("homing", []):
        if not f["units"] or s["blocks"][f["units"][0]]["side"] != side:
            keep.append(f)
            continue
        city: City = B.comps().cities[f.get("homing", "")]
        clear = not B.units_in(s, f["area"], other(side), inside=False)
        held = B.city_control(s, city) == side
        for u in f["units"]:
            x = s["blocks"][u]
            if x["loc"] != f["area"]:
                continue  # already gone (eliminated in the battle)
            if clear and held:
                x["loc"], x["inside"] = city.area, city.name in s["sieges"]
                home += 1
            else:
                to_pool(x)
                lost += 1
    s["homing"] = keep
    return home, lost
