"""The Supply stage (rules 9.1, 9.4-9.7, 15.5): forage, pay, or lose the unit.

    supply (the units cut off forage or die) -> supply_forage (which stacks forage)
        -> supply_short (while the bill is more than the Treasury: who goes unsupplied)

Each sub-step is its own procedure, handing on with `goto`."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import alliances as A
from . import board as B
from . import fleets as F
from . import menus
from . import places as PL
from . import supply as S
from .losses import eliminate
from .notes import AnyFlow, note
from .sicily import leaving_units
from .state import ISLAND_FORAGE, MAP, SUPPLY_IN_GROUPS, WINTER, EState, on_board, other
from .unit_names import named


def _unit_at(s: EState, uid: str) -> str:
    """A unit by name and where it stands (issue 33): "Attic hoplite 3 at Athens"."""
    h = s["units"][uid].get("hex")
    return f"{named(s, uid)} at {PL.short(h)}" if h else named(s, uid)


def forage_room(s: EState) -> dict[str, int]:
    """How many more units may forage in each Area this season (9.7.1)."""
    c = B.comps()
    used: dict[str, int] = {}
    for u in s["units"].values():
        if u["where"] == MAP and u["forage"] and u["hex"] in c.hexes:
            a = B.area_of(u["hex"])
            used[a] = used.get(a, 0) + 1
    return {a.id: (a.forage or 0) - used.get(a.id, 0) for a in c.areas.values() if a.forage}


def may_forage(s: EState, uid: str, broke: bool, cut: bool = False) -> bool:
    """9.7.3: not in Winter, not in a Raided Area; in an enemy region (a friendly one too
    when the Treasury is empty, 9.4.2; an ally's only when every League treasury is, 24.5;
    `cut`: the unit is out of supply, 9.5)."""
    u = s["units"][uid]
    if s["season"] == WINTER or u["hex"] not in B.comps().hexes:
        return False
    area = B.area_of(u["hex"])
    if s["raided"].get(area, 0):
        return False
    region = B.region_of_hex(u["hex"])
    r = s["regions"].get(region) if region else None
    if r is None:
        # 9.5, 9.7.1: an uninhabited island is no one's region, but it is an Area with a
        # Foraging Number; units out of supply there, or with an empty Treasury (as in a
        # friendly region, 9.7.3a), may forage (generation 13; RULINGS.md 88)
        return broke and region is None and B.uninhabited_island(area) and \
            asks(s, ISLAND_FORAGE)
    return r["side"] == other(u["side"]) or (
        broke and (cut or A.may_forage_home(s, uid, str(region))))


def bring_ashore(s: EState, side: str) -> list[str]:
    """9.8: fleets at sea land on a neighbouring coast with what they carry: a friendly port
    of that sea first, else an empty coastal hex in play (RULINGS.md); with none, or in an
    Open Sea, they are lost."""
    lines = []
    seas = sorted({on_board(u) for u in s["units"].values()
                   if u["where"] == MAP and u["side"] == side and F.at_sea(on_board(u))})
    allowed = B.allowed(s, side)
    for sea in seas:
        here = B.units_at(s, sea, side)
        spots = [h for h, _ in F.shore(s, side, sea) if h in allowed]
        # a friendly port: a port city, or a coast its own base makes one (7.6.3b, c)
        # (never where enemy units stand: a revolted port held by no one may hold them, 6.5.4)
        ports = [h for h in spots if B.is_port(s, h, side) and B.holder(s, h) in (side, None)
                 and not B.units_at(s, h, other(side))]
        empty = [h for h in spots if B.city_at(s, h) is None and not B.units_at(s, h, other(side))]
        choices = ports or empty
        if B.comps().areas[sea].kind == "open" or not choices:
            for u in here:
                eliminate(s, u)
            lines.append(f"{side.title()}'s ships in {sea} find no shore and are lost (9.8)")
            continue
        target = choices[0]
        for u in here:
            s["units"][u]["hex"] = target
        for n in B.leaders_at(s, sea, side):
            s["leaders"][n]["hex"] = target
        lines.append(f"{side.title()}'s ships in {sea} come ashore at {target} (9.8)")
    return lines


class SideArgs(TypedDict):
    side: str


class ShortArgs(TypedDict):
    side: str
    path: NotRequired[list[str]]  # the menu's groups open (menus.py), while any is


class ForageArgs(TypedDict):
    side: str
    candidates: list[str]  # the hexes whose stacks may forage (9.7)
    part: NotRequired[int]  # generation 2 on: the part of a long list being asked


def _mine(s: EState, units: list[str]) -> list[str]:
    """24.5: with allies, each League player supplies his own units."""
    return [u for u in units if A.mine(s, s["units"][u])]


def payable(s: EState, side: str) -> list[str]:
    """The units `side` pays supply for (9.4): on the map and not foraging, and those in
    the Leaving Sicily box (19.3)."""
    on_map = [u for u in _mine(s, B.on_map(s, side)) if not s["units"][u]["forage"]]
    return on_map + leaving_units(s, side)  # 19.3: the Leaving Sicily box is paid for


def _candidates(s: EState, side: str, broke: bool) -> list[str]:
    room = forage_room(s)
    hexes = set()
    for uid in _mine(s, B.on_map(s, side)):
        u = s["units"][uid]
        if u["forage"] or not may_forage(s, uid, broke):
            continue
        if room.get(B.area_of(on_board(u)), 0) > 0:
            hexes.add(on_board(u))
    return sorted(hexes)


def _settle(flow: AnyFlow, side: str) -> bool:
    """9.4: pay the supply bill and end the stage; False (nothing paid) while the bill is
    more than the Treasury holds (9.1: a unit must go unsupplied first)."""
    s = flow.state
    owed = payable(s, side)
    due = S.bill(s, owed)
    who = A.payer(s, side)
    if due > s["treasury"][who] and owed:
        return False
    s["treasury"][who] -= due
    note(flow, f"{who.title()} pays {due} talents to supply {len(owed)} units (9.4)")
    flow.end()
    return True


class Supply(Procedure[EState, SideArgs]):
    """9.5-9.6, 9.8: ships at sea come ashore, units out of supply forage or die; then the
    stacks that may forage choose to (9.7), and the rest is paid for (9.4)."""

    name = "supply"

    def enter(self, flow: Flow[EState, SideArgs]) -> None:
        s, side = flow.state, flow.args["side"]
        for u in s["units"].values():
            if u["side"] == side and A.mine(s, u):
                u["forage"] = False
        for line in bring_ashore(s, side):
            note(flow, line)
        areas = S.supplied_areas(s, side)
        units = _mine(s, B.on_map(s, side))
        broke = s["treasury"][A.payer(s, side)] <= 0
        room = forage_room(s)
        cut = [u for u in units if not S.in_supply(s, u, areas)]
        for uid in cut:  # 9.5: out of supply, forage or die
            h = s["units"][uid]["hex"]
            area = B.area_of(h) if h is not None and h in B.comps().hexes else None
            if area and may_forage(s, uid, True, cut=True) and room.get(area, 0) > 0:
                s["units"][uid]["forage"] = True
                room[area] -= 1
                note(flow, f"{_unit_at(s, uid)} is out of supply and forages in {area} (9.5)")
            else:
                who = _unit_at(s, uid)
                eliminate(s, uid)
                note(flow, f"{who} is out of supply and cannot forage: eliminated (9.5, 9.6)")
        candidates = _candidates(s, side, broke)
        if candidates:
            flow.goto("supply_forage", side=side, candidates=candidates)
        elif not _settle(flow, side):
            flow.goto("supply_short", side=side)


class Forage(Procedure[EState, ForageArgs]):
    """9.4.2, 9.7: the stacks that forage instead of drawing on the Treasury."""

    name = "supply_forage"

    def prompts(self, flow: Flow[EState, ForageArgs]) -> list[Prompt]:
        side = flow.args["side"]
        parts = forage_parts(flow.state, flow.args["candidates"])
        i = flow.args.get("part", 0)
        opts = [Option(h, f"Forage with the units at {PL.name(h)}", "9.7",
                       data={"kind": "forage", "at": h}) for h in parts[i]]
        which = "" if len(parts) == 1 else \
            f" Part {i + 1} of {len(parts)}: {_stretch(parts[i])}."
        return [decisions.pick(side, f"{side.title()}: which stacks forage instead of "
                                     f"drawing on the Treasury (9.4.2, 9.7)?{which}", opts, 0,
                               len(opts), rule="9.7", kind="forage")]

    def act(self, flow: Flow[EState, ForageArgs], seat: str, answer: decisions.Answer) -> None:
        s, side = flow.state, flow.args["side"]
        chosen = answer if isinstance(answer, tuple) else ()
        room = forage_room(s)
        for h in chosen:
            for uid in _mine(s, B.units_at(s, h, side)):
                area = B.area_of(h)
                if not s["units"][uid]["forage"] and room.get(area, 0) > 0 and \
                        may_forage(s, uid, s["treasury"][A.payer(s, side)] <= 0):
                    s["units"][uid]["forage"] = True
                    room[area] -= 1
            note(flow, f"{A.payer(s, side).title()} forages at {PL.short(h)} (9.7)")
        i = flow.args.get("part", 0) + 1
        if i < len(forage_parts(s, flow.args["candidates"])):
            flow.args["part"] = i  # the next part of the list is asked
            return
        if not _settle(flow, side):
            flow.goto("supply_short", side=side)


def forage_parts(s: EState, candidates: list[str]) -> list[list[str]]:
    """The stacks that may forage, asked in parts of at most menus.LIMIT (issue 33; games of
    generation 2 on), in order of region, Area and place; older games ask them at once."""
    if len(candidates) <= menus.LIMIT or not asks(s, SUPPLY_IN_GROUPS):
        return [candidates]
    order = sorted(candidates, key=lambda h: (PL.region_key(h)[1], PL.area_key(h)[1],
                                              PL.short(h), h))
    n = -(-len(order) // menus.LIMIT)
    size = -(-len(order) // n)
    return [order[k:k + size] for k in range(0, len(order), size)]


def _stretch(part: list[str]) -> str:
    """The regions a part of the list runs over ("Achaea to Boeotia")."""
    first, last = PL.region_key(part[0])[1], PL.region_key(part[-1])[1]
    return first if first == last else f"{first} to {last}"


class Short(Procedure[EState, ShortArgs]):
    """9.1: the bill is more than the Treasury: one unit at a time goes unsupplied
    (eliminated) until what is left can be paid."""

    name = "supply_short"

    def prompts(self, flow: Flow[EState, ShortArgs]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        owed = payable(s, side)
        # a menu of places (issue 33; games of generation 2 on): grouped where they stand
        leaves = [Option(uid, f"Leave {_unit_at(s, uid)} unsupplied (eliminated)", "9.1",
                         data={"kind": "unsupplied", "unit": uid,
                               "at": s["units"][uid]["hex"] or "other"}) for uid in owed]
        opts = menus.grouped(leaves, PL.levels("at"), flow.args.get("path") or [], rule="9.1",
                             zone=PL.zone("at")) if asks(s, SUPPLY_IN_GROUPS) else leaves
        return [Prompt(side, f"{A.payer(s, side).title()} owes {S.bill(s, owed)} talents "
                             f"but has {s['treasury'][A.payer(s, side)]}: choose a unit to go unsupplied (9.1)",
                       tuple(opts), rule="9.1", kind="unsupplied")]

    def act(self, flow: Flow[EState, ShortArgs], seat: str, answer: decisions.Answer) -> None:
        if menus.moved(flow.args, str(answer)):
            return
        who = _unit_at(flow.state, str(answer))
        eliminate(flow.state, str(answer))
        note(flow, f"{who} goes unsupplied and is eliminated (9.1)")
        _settle(flow, flow.args["side"])  # or ask again


PROCEDURES = (Supply(), Forage(), Short())
