"""Gauntlet scripts for Athens & Sparta, from the seat's view and the prompt alone (the
map's geometry is public component data). Each style plays one idea; the decisions it
has no idea about get plain answers shared by all (`common`).

Prompt ids read here (engine/rulesets/athens_sparta/moves_flow.py): the move menu offers
places `p:HEX`, blocks `b:ID`, a revolt `rv` (rule 7.0) and `done`; a destination is
`mode|HEX|from|crossed|coast`, or a kind of move `k:op|march|sea` first when there are
many (rules 4.4, 4.5); a revolt names its city `c:NAME`, then its strength `s:N`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from ...core.types import Prompt
from ...rulesets.athens_sparta.board import Board, board
from ..athens_sparta import land_distances

if TYPE_CHECKING:
    from .base import ScriptedPlayer

CAPITAL = {"athens": "Athens", "sparta": "Sparta"}
MASS = 3  # armies next to the enemy capital before the aggressive player storms it
FAR = 99

Block = dict[str, Any]
# Given the view, the block being moved and the destinations offered (option id -> hex),
# the option to take, or None to leave the block where it is.
PickDest = Callable[[dict[str, Any], Block, dict[str, str]], str | None]
# Given the view and the blocks that may still move this phase, the one to move next.
PickBlock = Callable[[dict[str, Any], list[Block]], Block | None]


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


@cache
def _board() -> Board:
    return board()


def distance(block: Block, src: str, dst: str) -> int:
    if block.get("type") == "navy":
        return _board().distances_to(src, {dst}).get(dst, FAR)
    return land_distances(dst).get(src, FAR)


def capital_hex(side: str) -> str:
    return str(_board().cities[CAPITAL[side]]["hex"])


def own_blocks(view: dict[str, Any], me: str) -> list[Block]:
    return [b for b in view["blocks"] if b["side"] == me and b.get("id")]


def enemy_hexes(view: dict[str, Any], me: str) -> dict[str, int]:
    count: dict[str, int] = {}
    for b in view["blocks"]:
        if b["side"] == other(me):
            count[b["hex"]] = count.get(b["hex"], 0) + 1
    return count


def _dest_hex(option_id: str) -> str | None:
    parts = option_id.split("|")
    return parts[1] if len(parts) == 5 else None


# ------------------------------------------------------------------ the move phase
def move_phase(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt,
               pick_block: PickBlock, pick_dest: PickDest,
               kinds: Callable[[Block], tuple[str, ...]] | None = None) -> str | None:
    """Walk the move menus: a block chosen by `pick_block` (each at most once a phase),
    then its destination by `pick_dest`, going back when it has none worth taking."""
    me, ids = prompt.seat, [o.id for o in prompt.options]
    mem = _phase_memory(pl, view, "move")
    if prompt.kind == "move":
        chosen = mem.get("block")
        if chosen is not None:
            if f"b:{chosen['id']}" in ids:
                return f"b:{chosen['id']}"
            if f"p:{chosen['hex']}" in ids:
                return f"p:{chosen['hex']}"
        offered = {i[2:] for i in ids if i.startswith("b:")}
        places = {i[2:] for i in ids if i.startswith("p:")}
        free = [b for b in own_blocks(view, me) if b["id"] not in mem["tried"]
                and (b["id"] in offered or b["hex"] in places)]
        block = pick_block(view, free)
        if block is None:
            mem["block"] = None
            return "up" if "up" in ids else "done"
        mem["tried"].add(block["id"])
        mem["block"] = block
        return f"b:{block['id']}" if f"b:{block['id']}" in ids else f"p:{block['hex']}"
    block = mem.get("block")
    if block is None:
        return "back"
    # Many destinations: the kind of move first (rule 4.5: strategic moves go further).
    order = kinds(block) if kinds is not None else ("k:op", "k:march", "k:sea")
    kind = next((k for k in order if k in ids), None)
    if kind is not None:
        return kind
    dests = {i: h for i in ids if (h := _dest_hex(i)) is not None}
    mem["block"] = None
    return pick_dest(view, block, dests) or "back"


def _phase_memory(pl: ScriptedPlayer, view: dict[str, Any], phase: str) -> dict[str, Any]:
    key = (view.get("olympiad"), view.get("turn"), view.get("active"), phase)
    if pl.memory.get("key") != key:
        pl.memory.clear()
        pl.memory.update(key=key, tried=set(), block=None, no_revolt=False, builds=0)
    return pl.memory


def nearest_first(target: Callable[[Block], str | None]) -> PickBlock:
    """Blocks that have a target, the nearest to it first."""
    def pick(view: dict[str, Any], free: list[Block]) -> Block | None:
        ranked = [(distance(b, b["hex"], t), b["id"], b) for b in free
                  if (t := target(b)) is not None]
        return min(ranked, key=lambda r: (r[0], r[1]))[2] if ranked else None
    return pick


def closer(view: dict[str, Any], block: Block, dests: dict[str, str], goal: str,
           avoid: set[str]) -> str | None:
    """The destination nearest `goal` if it is nearer than where the block stands,
    keeping out of the hexes in `avoid` (battles the script does not want)."""
    here = distance(block, block["hex"], goal)
    best = min(((distance(block, h, goal), i) for i, h in dests.items() if h not in avoid),
               default=None)
    return best[1] if best is not None and best[0] < here else None


# ------------------------------------------------------------------ the styles
def aggressive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Armies march on the enemy capital and wait beside it; once MASS of them stand
    there they go in (an attack; the storm comes in the battle, rule 5.4)."""
    if prompt.kind not in ("move", "move_dest"):
        return common(pl, view, prompt, bold=True)
    me = prompt.seat
    goal, home = capital_hex(other(me)), capital_hex(me)
    around = set(_board().land.get(goal, {}))  # where armies attack the capital from

    def massed() -> int:
        return sum(1 for b in own_blocks(view, me)
                   if b["hex"] in around and b.get("type") != "navy")

    def target(b: Block) -> str | None:
        if b.get("type") == "navy" or b["hex"] == goal:
            return None
        if b["hex"] == home and sum(1 for x in own_blocks(view, me) if x["hex"] == home) <= 1:
            return None  # the last block at home stays
        if b["hex"] in around and massed() < MASS:
            return None
        return goal

    def dest(view: dict[str, Any], b: Block, dests: dict[str, str]) -> str | None:
        storm = next((i for i, h in dests.items() if h == goal), None)
        if storm is not None and (b["hex"] in around and massed() >= MASS):
            return storm
        foes = set(enemy_hexes(view, me)) - {goal}
        step = closer(view, b, dests, goal, foes | {goal})
        return step

    def kinds(b: Block) -> tuple[str, ...]:
        # an attack is an operation move (rule 4.4); marches go further to mass (4.51)
        if b["hex"] in around:
            return ("k:op",)
        return ("k:march", "k:sea", "k:op")

    return move_phase(pl, view, prompt, nearest_first(target), dest, kinds)


def passive(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Never moves; holds inside its walls; builds."""
    if prompt.kind == "move":
        return "up" if "up" in {o.id for o in prompt.options} else "done"
    if prompt.kind == "move_dest":
        return "back"
    return common(pl, view, prompt, bold=False)


def raider(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Sponsors one-step revolts in the enemy's vacant major cities (a revolt in a vacant
    city succeeds at once, rule 7.0) and walks armies into the enemy's empty cities."""
    me, ids = prompt.seat, [o.id for o in prompt.options]
    mem = _phase_memory(pl, view, "move") if prompt.kind.startswith(("move", "revolt")) \
        else None
    foes = enemy_hexes(view, me)
    if prompt.kind == "revolt_city":
        cities = view["cities"]
        vacant = [i for i in ids if i.startswith("c:")
                  and (c := cities.get(i[2:])) is not None and c["hex"] not in foes]
        if not vacant:
            assert mem is not None
            mem["no_revolt"] = True
            return "back"
        return vacant[0]
    if prompt.kind == "revolt_str":
        return "s:1" if "s:1" in ids else "back"
    if prompt.kind == "move":
        assert mem is not None
        if "rv" in ids and not mem["no_revolt"] and mem.get("block") is None:
            return "rv"
    if prompt.kind not in ("move", "move_dest"):
        return common(pl, view, prompt, bold=False)
    empty = {c["hex"] for c in view["cities"].values()
             if c["side"] == other(me) and c["hex"] and c["hex"] not in foes}

    def goal(b: Block) -> str | None:
        if b.get("type") == "navy" or not empty:
            return None
        if b["hex"] == capital_hex(me):
            return None  # the capital keeps its guard
        return str(min(empty, key=lambda h: (distance(b, b["hex"], h), h)))

    def dest(view: dict[str, Any], b: Block, dests: dict[str, str]) -> str | None:
        g = goal(b)
        if g is None:
            return None
        into = next((i for i, h in dests.items() if h == g), None)
        return into or closer(view, b, dests, g, set(foes))

    return move_phase(pl, view, prompt, nearest_first(goal), dest)


def bait_taker(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Attacks any enemy block within reach, whatever the odds, and fights on."""
    if prompt.kind not in ("move", "move_dest"):
        return common(pl, view, prompt, bold=True)
    me = prompt.seat
    foes = enemy_hexes(view, me)

    def target(b: Block) -> str | None:
        reach = [h for h in foes if distance(b, b["hex"], h) <= (b.get("move") or 1)]
        return min(reach, key=lambda h: (foes[h], h)) if reach else None

    def dest(view: dict[str, Any], b: Block, dests: dict[str, str]) -> str | None:
        hits = [(foes[h], i) for i, h in dests.items() if h in foes]
        return min(hits)[1] if hits else None

    return move_phase(pl, view, prompt, nearest_first(target), dest)


# ------------------------------------------------------------------ everything else
BOLD = ("storm", "sally", "eng", "att", "def", "land", "fire")
CAUTIOUS = ("wd", "stay", "res", "def", "eng", "fire")
MP = re.compile(r"(\d+) MP")


def common(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt, bold: bool) -> str | None:
    ids = [o.id for o in prompt.options]
    kind = prompt.kind
    if kind == "commit":  # the card with most move points
        def mp(label: str) -> int:
            m = MP.search(label)
            return int(m.group(1)) if m else 0
        return max(prompt.options, key=lambda o: (mp(o.label), o.id)).id
    if kind in ("decl", "siege_decl", "navy"):
        return next((w for w in (BOLD if bold else CAUTIOUS) if w in ids), None)
    if kind in ("mulligan", "mull_other", "revolt_won"):
        return "keep" if "keep" in ids else None
    if kind == "act":
        return "fire"
    if kind == "regroup":
        return "done"
    if kind == "build":
        return _build(pl, view, prompt, ids)
    for want in ("yes", "accept"):
        if want in ids:
            return want
    return None


def _build(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt, ids: list[str]) -> str:
    """Steps for the blocks in cities first (rule 8.2), then new blocks (8.3), never a
    disbanding: the first choice of each menu, and back out of a menu that offers none."""
    if "done" in ids and "back" not in ids:  # the main menu
        mem = _phase_memory(pl, view, "build")
        mem["builds"] += 1
        for want in ("R", "N"):
            if want in ids and want not in mem["tried"]:
                mem["last"] = want
                return want
        return "done"
    choice = next((i for i in ids if i != "back"), None)
    if choice is None:
        mem = _phase_memory(pl, view, "build")
        mem["tried"].add(mem.get("last"))
        return "back"
    return choice


SCRIPTS = {"aggressive": aggressive, "passive": passive, "raider": raider,
           "bait-taker": bait_taker}


# ------------------------------------------------------------------ the turtle-striker
OUT = 3  # enemy blocks outside the enemy's cities before the turtle strikes


def moved_out(view: dict[str, Any], me: str) -> bool:
    """The enemy has moved out: OUT of its blocks stand where it holds no city."""
    held = {c["hex"] for c in view["cities"].values() if c["side"] == other(me)}
    return sum(1 for b in view["blocks"]
               if b["side"] == other(me) and b["hex"] not in held) >= OUT


def weakest_city(view: dict[str, Any], me: str) -> str | None:
    """The enemy's city with the fewest enemy blocks in its hex, the nearest to our
    capital over land among those (then the capital, then the most valuable): the place
    the turtle strikes."""
    foes = enemy_hexes(view, me)
    capital, home = capital_hex(other(me)), land_distances(capital_hex(me))
    held = [(foes.get(c["hex"], 0), home.get(c["hex"], FAR), c["hex"] != capital,
             -int(c.get("value") or 0), c["hex"])
            for c in view["cities"].values() if c["side"] == other(me) and c["hex"]]
    return min(held)[4] if held else None


def turtle_striker(pl: ScriptedPlayer, view: dict[str, Any], prompt: Prompt) -> str | None:
    """Keeps every block where it stands until the enemy has moved out (`moved_out`),
    then sends every block, its capital's guard too, on the enemy's weakest held city,
    attacking any enemy block in its way (an attack is an operation move, rule 4.4;
    strategic moves go further, 4.5)."""
    me = prompt.seat
    strike = moved_out(view, me)
    if prompt.kind not in ("move", "move_dest") or not strike:
        return passive(pl, view, prompt) if prompt.kind in ("move", "move_dest") \
            else common(pl, view, prompt, bold=strike)
    goal = weakest_city(view, me)
    foes = set(enemy_hexes(view, me))

    def target(b: Block) -> str | None:
        if goal is None or b["hex"] == goal or distance(b, b["hex"], goal) >= FAR:
            return None
        return goal

    def dest(view: dict[str, Any], b: Block, dests: dict[str, str]) -> str | None:
        if goal is None:
            return None
        into = next((i for i, h in dests.items() if h == goal), None)
        # round the enemy's other blocks where it can, through them where it cannot
        return into or closer(view, b, dests, goal, foes) or closer(view, b, dests, goal, set())

    def kinds(b: Block) -> tuple[str, ...]:
        if goal is not None and distance(b, b["hex"], goal) <= 1:
            return ("k:op", "k:sea")
        return ("k:march", "k:sea", "k:op")

    return move_phase(pl, view, prompt, nearest_first(target), dest, kinds)


SCRIPTS["turtle-striker"] = turtle_striker
