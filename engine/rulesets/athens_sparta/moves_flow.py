"""The move phase (4.0-4.6) and revolts (7.0, 7.1) as procedures:

    move [place] -> move_dest block [mode] -> move ...
    move -> revolt_city -> revolt_str city -> move ...

`move` asks for a block (first for its place when many can move); `move_dest` for where
the chosen block goes (first for the kind of move when there are many destinations)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import Option, Prompt
from engine.core.procedures import Flow
from engine.core.steady import Memo

from .asks import OptionRow, arg, ask, shared_option, tag
from .board import SICILY, Board
from .movement import destinations, do_move, enemy_set, movable
from .pending import PendingStep
from .schema import Block
from .state import AS, block_name, is_navy, occupancy, other
from .steps import Step, phase_end, set_phase
from .strategics import end_of_phase

MOVE_RULES = {"op": "4.4", "march": "4.51", "sea": "4.52"}
MODE_ORDER = ("op", "march", "sea")
MODE_RANK = {m: i for i, m in enumerate(MODE_ORDER)}
MODE_NAMES = {"op": ("Operation move", "4.4"), "march": ("March move", "4.51"),
              "sea": ("Sea move", "4.52")}
MANY = 20  # more blocks than this: the place is asked first
MANY_DESTS = 24  # more destinations than this (of several kinds): the kind is asked first

Dest = tuple[str, str, str | None, bool, int | None]  # hex, mode, from, crossed, coast


# A block's move-menu row with its sort key, by board, block, place and strength: the
# same rows recur from one click to the next.
_BLOCK_ROWS: Memo[tuple[Board, str, str, int], tuple[str, str, Option]] = \
    Memo("athens_sparta.block_rows", 65536)


def _block_row(bd: Board, b: str, x: Block) -> tuple[str, str, Option]:
    """(place label, block id, option) of a block in the move menu."""
    key = (bd, b, x["loc"], x["str"])
    table: dict[tuple[Board, str, str, int], tuple[str, str, Option]] = _BLOCK_ROWS.here.table
    got = table.get(key)
    if got is None:
        place = bd.label(x["loc"])
        got = _BLOCK_ROWS.keep(table, key, (place, b, shared_option(
            f"b:{b}", f"{block_name(bd, b)} ({x['str']}) at {place}", "4.0")))
    return got


def revolt_cities(bd: Board, s: AS, side: str) -> list[OptionRow]:
    """Rule 7.0: an enemy major city other than Athens and Sparta, not already targeted by
    you this Olympiad; 7.1: Messene for the Helots."""
    return list(_revolt_rows(bd, s, side))


def may_revolt(bd: Board, s: AS, side: str) -> bool:
    """Whether `revolt_cities` has any row (the move menu asks only this, after every
    move: the first city found is enough)."""
    return next(_revolt_rows(bd, s, side), None) is not None


def _revolt_rows(bd: Board, s: AS, side: str) -> Iterator[OptionRow]:
    specials, targets = bd.specials, bd.revolt_targets
    blocks = s["blocks"]
    special = "demos" if side == "athens" else "tyrants"
    rb = next((b for b in specials.get(special, ())
               if blocks[b]["loc"] == "pool" and blocks[b]["side"] == side), None)
    helot = next((b for b in specials.get("helots", ())
                  if blocks[b]["loc"] == "pool" and blocks[b]["side"] == side), None)
    if rb is None and (helot is None or side != "athens" or s["helot_ban"]):
        return  # no revolt block in the pool: no city can be offered
    occ = occupancy(s)
    foe = other(side)
    control, revolts = s["control"], s["revolts"]
    for name, c in targets:
        if control.get(name) != foe:
            continue
        if side in revolts.get(name, ()):
            continue
        if _own_blocks_bar_revolt(s, c["hex"], side, occ):
            continue
        if name == "Messene" and side == "athens":
            if helot and not s["helot_ban"]:
                yield [f"c:{name}", f"{name} (Helots)", "7.1"]
            continue
        if rb:
            yield [f"c:{name}", name, "7.0"]


def _own_blocks_bar_revolt(s: AS, h: str, side: str, occ: dict[str, Any]) -> bool:
    """Ruling R15: no revolt where the sponsor already has blocks that did not just attack
    (a city he besieges, or holds); his blocks that entered the city this turn to attack do
    not bar it, and the revolt then joins their battle (R28)."""
    entered = s["entries"].get(h, {})
    return any(b not in entered for b in occ.get(h, {}).get(side, []))


class Move(PendingStep):
    """The move phase (4.0): one MP per block moved, or revolts (7.0). Argument `place`:
    the place chosen first when many blocks can move."""

    name = "move"

    def step(self, flow: Flow[AS]) -> None:
        s, ctx = flow.state, flow.context
        if s["move_points"] <= 0:
            end_of_phase(self.bd, s, ctx)
            phase_end(s, ctx, "move")
            set_phase(s, "combat")
            flow.goto("combat")

    def step_prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        side = s["active"]
        assert side is not None  # in a player turn
        blocks = movable(bd, s, side, occupancy(s))
        place = flow.args.get("place")
        if place:
            blocks = [b for b in blocks if s["blocks"][b]["loc"] == place]
        opts: list[OptionRow | Option]
        if len(blocks) > MANY and not place:
            # many blocks: choose the place first, then the block (short lists)
            places: dict[str, int] = {}
            for b in blocks:
                places[s["blocks"][b]["loc"]] = places.get(s["blocks"][b]["loc"], 0) + 1
            opts = [[f"p:{h}", f"{bd.label(h)} ({n} block{'s' if n > 1 else ''})", "4.0"]
                    for h, n in sorted(places.items(), key=lambda kv: bd.label(kv[0]))]
        else:
            rows = [_block_row(bd, b, s["blocks"][b]) for b in blocks]
            rows.sort()  # by place, then block id (unique: the options are never compared)
            opts = [r[2] for r in rows]
        if place:
            opts.append(["up", "Other places", "4.0"])
            return [ask(side, "move", f"Move phase (rule 4.0): {s['move_points']} MP left. Choose a "
                        f"block at {bd.label(place)}.", "4.0", opts)]
        if may_revolt(bd, s, side):
            opts.append(["rv", "Sponsor a revolt", "7.0"])
        opts.append(["done", "End the move phase", "4.0"])
        return [ask(side, "move", f"Move phase (rule 4.0): {s['move_points']} MP left. Choose a block "
                    "to move (1 MP each), a revolt, or end the phase.", "4.0", opts)]

    def step_answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        if tag(option) == "p" and option != "p":
            flow.goto("move", place=arg(option))
        elif option == "up":
            flow.goto("move")
        elif option == "done":
            flow.state["move_points"] = 0
            flow.goto("move")
        elif option == "rv":
            flow.goto("revolt_city")
        else:
            flow.goto("move_dest", block=arg(option))


def _dest_id(d: Dest) -> str:
    h, mode, frm, crossed, coast = d
    m = {"op": "o", "march": "m", "sea": "s"}[mode]
    return f"{m}|{h}|{frm or ''}|{int(bool(crossed))}|{'' if coast is None else coast}"


# A destination's option row, by board, destination, whether its hex is attacked from
# several hexes (then the label names the one) and whether a navy attacks there: pure,
# and the same rows recur.
_ROWS: Memo[tuple[Board, Dest, bool, bool], Option] = Memo("athens_sparta.dest_rows", 65536)


def _dest_row(bd: Board, d: Dest, several: bool, navy_attack: bool = False) -> Option:
    """The option of a destination; `several`: the hex may be attacked from more than one
    hex, so an attack names the one it comes from; `navy_attack`: a navy ends its move
    among enemy blocks (an army's attack is known by the hex it comes from)."""
    key = (bd, d, several, navy_attack)
    table: dict[tuple[Board, Dest, bool, bool], Option] = _ROWS.here.table  # hot: no call
    got = table.get(key)
    if got is None:
        got = _ROWS.keep(table, key, shared_option(_dest_id(d),
                                                   _dest_label(bd, d, several, navy_attack),
                                                   MOVE_RULES[d[1]]))
    return got


def _dest_label(bd: Board, d: Dest, several: bool, navy_attack: bool = False) -> str:
    h, mode, frm, crossed, coast = d
    place = bd.findable  # "hex K7 by Chalcis" for a hex without a city
    lab = place(h)
    if mode == "march":
        lab += " — march (strategic, 4.51)"
    elif mode == "sea":
        lab += " — by sea (strategic, 4.52)"
    elif frm:
        lab += " (attack" + (f" from {place(frm)}" if several else "") \
            + (", across the strait" if crossed else "") + ")"
    elif navy_attack:
        lab += " (attack)"
    if coast is not None and len(bd.hexes[h].get("coasts") or []) > 1 and \
            h not in bd.ports:
        lab += f" coast {coast + 1}"
    return lab


def _parse_dest(opt: str) -> Dest:
    m, h, frm, crossed, coast = opt.split("|")
    mode = {"o": "op", "m": "march", "s": "sea"}[m]
    return (h, mode, frm or None, crossed == "1", int(coast) if coast else None)


class MoveDest(Step):
    """Where the chosen block (argument `block`) ends its move; argument `mode`: the kind
    of move chosen first when there are many destinations."""

    name = "move_dest"

    def run(self, flow: Flow[AS]) -> None:
        """Nothing to do before the question."""

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        side = s["active"]
        assert side is not None  # in a player turn
        b = flow.args["block"]
        here = s["blocks"][b]["loc"]
        dests = destinations(bd, s, b)
        multi_from: dict[str, set[str]] = {}
        for d in dests:
            if d[2]:
                multi_from.setdefault(d[0], set()).add(d[2])

        mode = flow.args.get("mode")
        modes = sorted({d[1] for d in dests}, key=MODE_ORDER.index)
        if len(dests) > MANY_DESTS and len(modes) > 1 and not mode:
            opts: list[OptionRow | Option] = [
                [f"k:{m}", f"{MODE_NAMES[m][0]} ({sum(1 for d in dests if d[1] == m)} places)",
                 MODE_NAMES[m][1]] for m in modes]
            opts.append(["back", "Choose another block", "4.0"])
            return [ask(side, "move_dest", f"Move {block_name(bd, b)} from "
                        f"{bd.label(here)} (rules 4.4, 4.5): which kind of move?", "4.4", opts,
                        data={"block": b})]
        if mode:
            dests = [d for d in dests if d[1] == mode]
        # nearest first
        dist = bd.distances_to(here, {d[0] for d in dests}) if here != SICILY else {}
        label = bd.label
        order = sorted(dests, key=lambda d: (dist.get(d[0], 50), MODE_RANK[d[1]],
                                             label(d[0]), d[2] or ""))
        # A navy's operation move into enemy blocks (not at an oracle) is an attack too.
        foes = (enemy_set(bd, s, occupancy(s), side) - bd.oracles if is_navy(bd, b)
                else frozenset())
        opts = [_dest_row(bd, d, bool(d[2]) and len(multi_from[d[0]]) > 1,
                          d[1] == "op" and d[0] in foes)
                for d in order]
        opts.append(["back", "Choose another block", "4.0"])
        what = "choose where it ends its move." if len(opts) > 1 else \
            "it has nowhere it may legally go (stacking, enemy hexes or terrain)."
        kinds = {d[1] for d in dests}
        if len(kinds) > 1:
            what += (" A bare place is an operation move (up to its move limit); 'march' and "
                     "'by sea' are strategic moves (4.5): a march goes twice as far and ends "
                     "in a friendly hex, a sea move goes port to friendly port.")
        rule = MOVE_RULES[next(iter(kinds))] if len(kinds) == 1 else "4.0"  # kinds offered
        return [ask(side, "move_dest", f"Move {block_name(bd, b)} from {bd.label(here)} "
                    f"(rules 4.4, 4.5): {what}", rule, opts, data={"block": b})]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        b = flow.args["block"]
        if tag(option) == "k" and "|" not in option:
            flow.goto("move_dest", block=b, mode=arg(option))
            return
        if option != "back":
            do_move(self.bd, flow.state, b, _parse_dest(option), flow.context)
        flow.goto("move")


class RevoltCity(Step):
    name = "revolt_city"

    def run(self, flow: Flow[AS]) -> None:
        """Nothing to do before the question."""

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s = flow.state
        side = s["active"]
        assert side is not None
        opts = revolt_cities(self.bd, s, side)
        opts.append(["back", "Back", "7.0"])
        return [ask(side, "revolt_city", "Revolt (rule 7.0): choose the enemy major "
                    "city to raise.", "7.0", opts)]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        if option == "back":
            flow.goto("move")
        else:
            flow.goto("revolt_str", city=arg(option))


def _revolt_block(bd: Board, s: AS, side: str, city: str) -> str:
    special = "helots" if (city == "Messene" and side == "athens") else \
        ("demos" if side == "athens" else "tyrants")
    return next(b for b, sp in bd.blocks.items() if sp.get("special") == special
                and s["blocks"][b]["side"] == side)


class RevoltStr(Step):
    """The strength of the revolt in the chosen city (argument `city`): one MP a step."""

    name = "revolt_str"

    def run(self, flow: Flow[AS]) -> None:
        """Nothing to do before the question."""

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        side, city = s["active"], flow.args["city"]
        assert side is not None
        rb = _revolt_block(bd, s, side, city)
        top = min(s["move_points"], bd.blocks[rb]["max_strength"])
        opts: list[OptionRow] = [[f"s:{n}", f"Strength {n} ({n} MP)", "7.0"]
                                 for n in range(1, top + 1)]
        opts.append(["back", "Back", "7.0"])
        return [ask(side, "revolt_str", f"Revolt in {city} (rule 7.0): one MP per step of the "
                    f"{block_name(bd, rb)} block.", "7.0", opts)]

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        if option == "back":
            flow.goto("revolt_city")
            return
        s, bd, ctx = flow.state, self.bd, flow.context
        n = int(arg(option))
        side = s["active"]
        assert side is not None
        city = flow.args["city"]
        rb = _revolt_block(bd, s, side, city)
        h = bd.cities[city]["hex"]
        x = s["blocks"][rb]
        x.update({"loc": h, "str": n, "coast": None, "rv": True, "in": False})
        s["moved"].append(rb)
        s["move_points"] -= n
        s["revolts"].setdefault(city, []).append(side)
        flow.goto("move")
        ctx.event("revolt", f"{side.title()} raises a revolt in {city} (rule 7.0)", city=city,
                  side=side, strength=n)
        occ = occupancy(s)
        if other(side) not in occ.get(h, {}):
            # rule 7.0: a revolt in a vacant city succeeds at once
            x.pop("rv", None)
            ctx.event("revolt_won", f"The revolt in {city} succeeds: the city is vacant (rule "
                      "7.0)", city=city)
            if bd.blocks[rb].get("special") != "helots":
                s["queue"].append({"kind": "revolt_won", "bid": rb, "hex": h})
