"""The replacement phase (8.0) as a procedure. Both players build at once, each through
his own menu; the menu each has open is a typed field, `s["build"]["menu"][side]`:

    None                                  the phase's main menu
    {"kind": "reinforce", "where": None}  blocks to reinforce (8.2), or their places first
    {"kind": "reinforce", "where": hex}   blocks to reinforce at that place
    {"kind": "new"}                       blocks to build (8.3)
    {"kind": "raise", "block": id}        where the new block is raised (8.3)
    {"kind": "exchange"}                  revolt blocks to exchange for peltasts (7.0)
    {"kind": "disband"}                   blocks to disband (8.6)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import Prompt
from engine.core.procedures import Flow

from .asks import OptionRow, arg, ask, tag
from .board import Board
from .pending import _peltasts_for, exchange
from .replacements import (
    build_options,
    disband_options,
    may_build,
    may_reinforce,
    new_block_places,
    reinforce_options,
    spend,
)
from .schema import BuildMenu
from .state import AS, SIDES, block_name, is_navy, side_edits
from .steps import Step, phase_end

MANY = 20  # more blocks to reinforce than this: the place is asked first
MAIN_MENU: dict[str, BuildMenu] = {"R": {"kind": "reinforce", "where": None}, "N": {"kind": "new"},
                                   "X": {"kind": "exchange"}, "D": {"kind": "disband"}}




def exchange_options(bd: Board, s: AS, side: str) -> list[OptionRow]:
    return list(_exchange_rows(bd, s, side))


def _exchange_rows(bd: Board, s: AS, side: str) -> Iterator[OptionRow]:
    blocks = s["blocks"]
    revolt_blocks = sorted(
        (rb, x) for rb in (*bd.specials.get("demos", ()), *bd.specials.get("tyrants", ()))
        if rb in blocks and (x := blocks[rb])["side"] == side
        and x["loc"] not in ("pool", "off", "out")
        and not x.get("rv"))
    for rb, x in revolt_blocks:
        for p in _peltasts_for(bd, s, side, x["str"]):
            yield [f"x:{rb}|{p}", f"{block_name(bd, rb)} ({x['str']}) at "
                   f"{bd.label(x['loc'])} → {block_name(bd, p)}", "7.0"]


def _reinforce_here(s: AS, opts: list[OptionRow], where: str) -> list[OptionRow]:
    return [o for o in opts if s["blocks"][arg(o[0])]["loc"] == where]


class Build(Step):
    name = "build"

    def run(self, flow: Flow[AS]) -> None:
        s, ctx = flow.state, flow.context
        bld = s["build"]
        assert bld is not None  # set for as long as the replacement phase lasts
        if not all(bld["done"][side] for side in SIDES):
            return
        s["build"] = None
        phase_end(s, ctx, "replacement")
        s["olympiad"] += 1
        s["turn"] = 1
        flow.goto("deal")

    def __init__(self, bd: Board) -> None:
        super().__init__(bd)
        # each side's prompts by the mark (`_marks`) they were built under, for the
        # blocks they were built from: both players build at once, and one's answer
        # seldom changes the other's menu; a player going back to a menu finds it too
        self._kept: dict[str, tuple[Any, dict[tuple[Any, ...], Prompt]]] = {}

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s = flow.state
        bld = s["build"]
        assert bld is not None
        done = bld["done"]
        return [self._kept_prompt(s, side) for side in SIDES if not done[side]]

    def _kept_prompt(self, s: AS, side: str) -> Prompt:
        mark = _marks(s, side)
        if mark is None:
            return self._prompt(s, side)
        blocks = s["blocks"]
        got = self._kept.get(side)
        if got is None or got[0] is not blocks or len(got[1]) >= 32:
            got = self._kept[side] = (blocks, {})
        p = got[1].get(mark)
        if p is None:
            p = got[1][mark] = self._prompt(s, side)
        return p

    def _prompt(self, s: AS, side: str) -> Prompt:
        bd = self.bd
        bld = s["build"]
        assert bld is not None
        menu = bld["menu"][side]
        left = bld["left"][side]
        back: list[OptionRow] = [["back", "Back", "8.0"]]
        if menu is None:
            opts: list[OptionRow] = []
            # the main menu offers what has at least one choice: the first one found
            if may_reinforce(bd, s, side):
                opts.append(["R", "Add a step to a block in a city", "8.2"])
            if may_build(bd, s, side):
                opts.append(["N", "Build a new block", "8.3"])
            if next(_exchange_rows(bd, s, side), None) is not None:
                opts.append(["X", "Exchange a revolt block for a peltast", "7.0"])
            opts.append(["D", "Disband a block", "8.6"])
            opts.append(["done", "Finish the replacement phase", "8.0"])
            return ask(side, "build", f"Replacement phase (rule 8.0): {left} BP left of "
                       f"{bld['points'][side]}.", "8.0", opts, secret=True)
        kind = menu["kind"]
        if kind == "reinforce":
            opts = reinforce_options(bd, s, side)
            where = menu.get("where")
            if where:
                opts = _reinforce_here(s, opts, where)
            elif len(opts) > MANY:
                # many blocks: choose the city first (short lists)
                places: dict[str, int] = {}
                for o in opts:
                    h = s["blocks"][arg(o[0])]["loc"]
                    places[h] = places.get(h, 0) + 1
                opts = [[f"w:{h}", f"{bd.label(h)} ({n})", "8.2"]
                        for h, n in sorted(places.items(), key=lambda kv: bd.label(kv[0]))]
            return ask(side, "build", f"Reinforce (rule 8.2): {left} BP left.", "8.2",
                       opts + back, secret=True)
        if kind == "new":
            return ask(side, "build", f"New block (rule 8.3): {left} BP left.", "8.3",
                       build_options(bd, s, side) + back, secret=True)
        if kind == "exchange":
            return ask(side, "build", "Exchange a successful revolt block for a peltast of the "
                       "same strength from the pool (rule 7.0).", "7.0",
                       exchange_options(bd, s, side) + back, secret=True)
        if kind == "disband":
            return ask(side, "build", "Disband a block to the pool (rule 8.6): its steps are "
                       "lost.", "8.6", disband_options(bd, s, side) + back, secret=True)
        b = menu["block"]  # "raise"
        return ask(side, "build", f"Where is {block_name(bd, b)} raised (rule 8.3)?", "8.3",
                   [[f"p:{h}", bd.label(h), "8.3"] for h in new_block_places(bd, s, side, b)]
                   + back, secret=True)

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        s, ctx, bd = flow.state, flow.context, self.bd
        bld = s["build"]
        assert bld is not None
        menus = bld["menu"]
        menu = menus[seat]
        if option == "done":
            bld["done"][seat] = True
            ctx.event("build_done", f"{seat.title()} has finished its replacements")
            return
        if option in MAIN_MENU:
            menus[seat] = MAIN_MENU[option].copy()
            return
        if option == "back":
            menus[seat] = None
            return
        kind, value = tag(option), arg(option)
        if kind == "x":
            rb, _, p = value.partition("|")
            exchange(s, rb, p)
            ctx.event("exchange", f"{seat.title()} exchanges a revolt block for a peltast "
                      "(rule 7.0)")
            menus[seat] = None
        elif kind == "w":
            menus[seat] = {"kind": "reinforce", "where": value}
        elif kind == "r":
            x = s["blocks"][value]
            spend(bd, s, seat, value, x["loc"])
            x["str"] += 1
            ctx.event("build", f"{seat.title()} adds a step at {bd.label(x['loc'])}",
                      seats=(seat,), block=value)
            opts = reinforce_options(bd, s, seat)
            if not opts:
                menus[seat] = None
            elif menu and (where := menu.get("where")) and not _reinforce_here(s, opts, where):
                menus[seat] = {"kind": "reinforce", "where": None}
        elif kind == "n":
            places = new_block_places(bd, s, seat, value)
            if len(places) > 1:
                menus[seat] = {"kind": "raise", "block": value}
                return
            _raise(bd, s, seat, value, places[0], ctx)
        elif kind == "p":
            assert menu is not None  # a place is offered in the raise menu only
            _raise(bd, s, seat, menu["block"], value, ctx)
        elif kind == "d":
            x = s["blocks"][value]
            src = x["loc"]
            x.update({"loc": "pool", "str": 0, "coast": None, "in": False})
            x.pop("rv", None)
            ctx.event("disband", f"{seat.title()} disbands a block at {bd.label(src)} (rule "
                      "8.6)", hex=src)
            menus[seat] = None


def _marks(s: AS, side: str) -> tuple[Any, ...] | None:
    """Everything a side's replacement prompt reads, as a value that changes whenever any
    of it does (None: the blocks are not indexed, build the prompt afresh): the side's
    own block records, where every block stands and whether it is inside walls
    (`side_edits`), the side's menu and BPs, control of the cities, Persian support and
    Syracuse's value."""
    edits = side_edits(s, side)
    if edits is None:
        return None
    bld = s["build"]
    assert bld is not None
    menu = bld["menu"][side]
    persia = s["persia"]
    return (edits, tuple(menu.items()) if menu else None, bld["left"][side], bld["points"][side],
            tuple(bld["spent"][side].items()), tuple(bld.get("earmarked", {}).get(side, {}).items()),
            tuple(s["control"].items()), persia["alliance"], persia["ended"],
            s["syracuse_value"])


def _raise(bd: Board, s: AS, side: str, b: str, h: str, ctx: Any) -> None:
    spend(bd, s, side, b, h)
    x = s["blocks"][b]
    x.update({"loc": h, "str": 1, "coast": bd.ports.get(h, 0) if is_navy(bd, b) else None,
              "in": False})
    ctx.event("build", f"{side.title()} raises a new block at {bd.label(h)} (rule 8.3)", hex=h)
    bld = s["build"]
    assert bld is not None
    bld["menu"][side] = None
