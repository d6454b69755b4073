"""The game state (plain dicts and lists, JSON as is) and the questions every rule asks of
it: who stands where, who controls what, which sieges exist, how many points a side has.

Block record: ``{"loc": place | "pool" | "off" | "out", "str": n, "side": owner,
"coast": int | None, "in": bool}`` where `place` is a hex id or ``"sicily"``; ``"off"`` is a
neutral block still off the map (rule 3.1); ``"out"`` is a rebel navy whose twin is in play
(rule 9.4); ``in`` marks a block inside a walled city under siege (rule 5.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.clock import Clock
from engine.core.steady import Memo

from .board import SICILY, Board
from .schema import State

AS = State  # the Athens & Sparta state (schema.py)
Occ = dict[str, dict[str, list[str]]]  # place -> side -> block ids (`occupancy`)

SIDES = ("athens", "sparta")

# The generations of the questions Athens & Sparta asks (Ruleset.generation; the rules ask
# by them with engine.core.ruleset.asks). 1: a march may pass through a hex its own side
# besieges (4.2, 4.5), and a revolt that wins its siege battle pillages (5.61, 7.0).
# 2: armies that regrouped into their own siege do not storm it in the same combat
# phase (5.6).
SIEGE_READINGS = 1
REGROUP_NO_STORM = 2
GENERATION = REGROUP_NO_STORM  # what new games ask
OFFMAP = ("pool", "off", "out")


ADJECTIVES = {"athens": "Athenian", "sparta": "Spartan"}
TURNS = 6  # game turns an Olympiad: one for each card of the hand


def turn_words(turn: int) -> str:
    """"turn 3"; once the sixth game turn is over (the Olympiad ending, or the game over
    after it), "after turn 6" rather than a seventh turn that does not exist."""
    return f"turn {turn}" if turn <= TURNS else f"after turn {TURNS}"


def a_side(side: str, what: str = "block") -> str:
    """"An Athenian block", "A Spartan navy": a side's piece with its article (a side's
    name is a city, so "A Athens block" would read wrong)."""
    return a_word(f"{ADJECTIVES.get(side, side.title())} {what}")


def a_word(phrase: str) -> str:
    """The phrase with its indefinite article: "An Argos block", "A Corinth block"."""
    return ("An " if phrase[:1].lower() in "aeiou" else "A ") + phrase


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


def btype(bd: Board, bid: str) -> str:
    kind: str = bd.blocks[bid]["type"]
    return kind


def is_navy(bd: Board, bid: str) -> bool:
    kind: str = bd.blocks[bid]["type"]
    return kind == "navy"


def is_army(bd: Board, bid: str) -> bool:
    kind: str = bd.blocks[bid]["type"]
    return kind != "navy"


# ---------------------------------------------------------------------- block index
# Who stands where is asked many times per action and changes only when a block record
# does. Block records are dicts that count every change (`Block`), kept in a `Blocks` dict
# that holds what was derived from them (occupancy, sieges, enemy hexes) for as long as no
# block changed. The state stays plain JSON data: both serialise as dicts.
# Changes to any block record in this process (but those below), and to a record's
# strength, coast or revolt mark alone: kernel clocks, safe beside a thinking thread.
CHANGES = Clock()
MINOR = Clock()
# fields that no fact cached with `derived` reads (`derived_all` reads them too)
MINOR_FIELDS = frozenset({"str", "coast", "rv"})
PLACE_FIELDS = frozenset({"loc", "side"})  # what the occupancy reads of a record


_ABSENT = object()


class _Counted(dict[str, Any]):
    """A dict whose removals and bulk changes count as changes (see `Blocks`); subclasses
    count their own writes."""

    __slots__ = ()

    def _reshaped(self) -> None:
        """A change other than a block's place or side written (see `Blocks.moved`)."""

    def __delitem__(self, key: str) -> None:
        self._reshaped()
        dict.__delitem__(self, key)
        CHANGES.tick()

    def update(self, *args: Any, **kw: Any) -> None:
        for k, v in dict(*args, **kw).items():
            self[k] = v

    def pop(self, *args: Any) -> Any:
        self._reshaped()
        try:
            return dict.pop(self, *args)
        finally:
            CHANGES.tick()

    def popitem(self) -> tuple[str, Any]:
        self._reshaped()
        try:
            return dict.popitem(self)
        finally:
            CHANGES.tick()

    def clear(self) -> None:
        self._reshaped()
        dict.clear(self)
        CHANGES.tick()

    def __ior__(self, other: Any) -> _Counted:  # type: ignore[misc,override]
        self.update(other)
        return self


class Block(_Counted):
    """A block record: a plain dict whose every change is counted (see `Blocks`). Writing
    a value equal to the one there changes nothing derived, so it is not counted."""

    __slots__ = ("_owner", "_bid")  # the `Blocks` holding it, under which id

    def __init__(self, *args: Any, **kw: Any) -> None:
        dict.__init__(self, *args, **kw)
        self._owner: Blocks | None = None
        self._bid = ""

    def _reshaped(self) -> None:
        if self._owner is not None:
            self._owner.reshaped = True
            self._owner.walled = None
            self._owner.edited(dict.get(self, "side"))

    def __setitem__(self, key: str, value: Any) -> None:
        if dict.get(self, key, _ABSENT) != value:
            owner = self._owner
            if owner is not None:
                owner.edited(dict.get(self, "side"))
                if key == "side":
                    owner.edited(value)
                elif key == "in" and owner.walled is not None:
                    if value is False:
                        owner.walled.discard(self._bid)
                    else:
                        owner.walled.add(self._bid)
            if key in PLACE_FIELDS and owner is not None:
                moved = owner.moved
                moved.append((self._bid, dict.get(self, "loc")))
                if len(moved) > 64:  # many moves unread: build afresh when asked
                    owner.reshaped = True
                    moved.clear()
            dict.__setitem__(self, key, value)
            # the clock moves once the record holds the new value (engine/core/clock.py)
            (MINOR if key in MINOR_FIELDS else CHANGES).tick()
        else:
            dict.__setitem__(self, key, value)

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._reshaped()
        try:
            return dict.setdefault(self, key, default)
        finally:
            CHANGES.tick()

    def pop(self, key: str, *default: Any) -> Any:
        """Removing a mark (`rv`: the revolt has ended) changes nothing when it is not
        there, and who stands where not at all: only a place or side removed does."""
        if not dict.__contains__(self, key) and default:
            return default[0]
        if key in PLACE_FIELDS or not dict.__contains__(self, key):
            return _Counted.pop(self, key, *default)
        if self._owner is not None:
            self._owner.edited(dict.get(self, "side"))
            if key == "in":
                self._owner.walled = None
        try:
            return dict.pop(self, key)
        finally:
            (MINOR if key in MINOR_FIELDS else CHANGES).tick()



class Blocks(_Counted):
    """block id -> `Block`; `derived` caches facts computed from the blocks, valid while
    no block record (nor this dict) has changed since."""

    __slots__ = ("derived", "at", "derived_all", "at_all", "last", "moved", "reshaped",
                 "shared", "edits", "walled")

    def __init__(self, items: Any = ()) -> None:
        dict.__init__(self)
        self.derived: dict[Any, Any] = {}
        self.at = -1
        self.derived_all: dict[Any, Any] = {}
        self.at_all = (-1, -1)
        # the last occupancy built and what changed since (`occupancy`): (block id, its
        # place before) for each write of a place or side; `reshaped` for anything else
        # that may change who stands where (a record added, removed or emptied)
        self.last: tuple[dict[str, dict[str, list[str]]], dict[str, int],
                         dict[str, int]] | None = None
        self.moved: list[tuple[str, Any]] = []
        self.reshaped = True
        self.shared = False  # holds a record another `Blocks` holds too: never patched
        # changes to each side's records (any field), for answers that read one side's
        # blocks only (`side_edits`)
        self.edits: dict[Any, int] = {}
        # the blocks not marked as standing free of walls (`in` not False), kept as the
        # records change (`inside_walls`); None: to be found again
        self.walled: set[str] | None = None
        for k, v in dict(items).items():
            dict.__setitem__(self, k, self._adopt(k, v))

    def _reshaped(self) -> None:
        self.reshaped = True
        self.walled = None
        self.edits["*"] = self.edits.get("*", 0) + 1

    def edited(self, side: Any) -> None:
        """A record of `side` changed."""
        edits = self.edits
        edits[side] = edits.get(side, 0) + 1

    def _adopt(self, key: str, value: Any) -> Block:
        b = _block(value)
        if b._owner is not None and b._owner is not self:
            b._owner.shared = True  # one record in two: neither patches its occupancy
            self.shared = True
        b._owner = self
        b._bid = key
        return b

    def __setitem__(self, key: str, value: Any) -> None:
        self._reshaped()
        dict.__setitem__(self, key, self._adopt(key, value))
        CHANGES.tick()

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)



def _block(v: Any) -> Block:
    return v if type(v) is Block else Block(v)


def indexed(s: AS) -> AS:
    """The state with its block records indexed (after loading plain JSON data)."""
    if type(s.get("blocks")) is not Blocks:
        s["blocks"] = Blocks(s.get("blocks") or {})
    return s


def derived(s: AS) -> dict[Any, Any] | None:
    """The cache of facts derived from the blocks as they stand now, or None when the
    state's blocks are not indexed (a plain copy: compute from scratch)."""
    blocks = s["blocks"]
    if type(blocks) is not Blocks:
        return None
    now = CHANGES.now
    if blocks.at != now:
        blocks.derived.clear()
        blocks.at = now
    return blocks.derived


def derived_all(s: AS) -> dict[Any, Any] | None:
    """As `derived`, for facts that also read the blocks' strengths, coasts or revolt
    marks (`MINOR_FIELDS`)."""
    blocks = s["blocks"]
    if type(blocks) is not Blocks:
        return None
    now = (CHANGES.now, MINOR.now)
    if blocks.at_all != now:
        blocks.derived_all.clear()
        blocks.at_all = now
    return blocks.derived_all


def inside_walls(s: AS) -> set[str]:
    """The blocks whose mark of standing inside walls (`in`, rule 5.3) is not False,
    wherever they are: kept with indexed blocks as the records change, most blocks
    standing free. Callers never change it."""
    blocks = s["blocks"]
    if type(blocks) is not Blocks:
        return {b for b, x in blocks.items() if x["in"] is not False}
    if blocks.walled is None:
        blocks.walled = {b for b, x in blocks.items() if x["in"] is not False}
    return blocks.walled


def side_edits(s: AS, side: str) -> tuple[int, int, int] | None:
    """A mark that changes whenever a block record of `side` changes, any record is added
    or removed, or any record anywhere changes other than in its strength, coast or revolt
    mark (`MINOR_FIELDS`); None when the state's blocks are not indexed. An answer that
    reads the other side's blocks only for who stands where and inside walls holds while
    this mark stays the same."""
    blocks = s["blocks"]
    if type(blocks) is not Blocks:
        return None
    edits = blocks.edits
    return (CHANGES.now, edits.get(side, 0), edits.get("*", 0))


def occupancy(s: AS) -> dict[str, dict[str, list[str]]]:
    """place -> side -> block ids (sorted), for every block on the map. Shared while the
    blocks stand still: callers never change it."""
    d = derived(s)
    if d is None:
        return _occupancy(s)
    occ = d.get("occ")
    if occ is None:
        # `derived` answers only for indexed blocks (`Blocks`)
        occ = d["occ"] = _indexed_occupancy(s["blocks"])  # type: ignore[arg-type]
    return occ


def _indexed_occupancy(blocks: Blocks) -> dict[str, dict[str, list[str]]]:
    """A new occupancy for indexed blocks: the last one with the blocks that moved since
    put where they stand now, or built afresh after any other change."""
    last = blocks.last
    if last is None or blocks.reshaped or blocks.shared:
        occ = _occupancy_of(blocks)
        order = {bid: i for i, bid in enumerate(blocks)}
        first = {h: min(order[b] for ids in here.values() for b in ids)
                 for h, here in occ.items()}
    elif not blocks.moved:
        return last[0]  # nothing moved (a siege mark, say): who stands where is the same
    else:
        occ, first, order = _patched(blocks, *last)
    blocks.last = (occ, first, order)
    blocks.moved.clear()
    blocks.reshaped = False
    return occ


def _patched(blocks: Blocks, prev: dict[str, dict[str, list[str]]], first: dict[str, int],
             order: dict[str, int]) -> tuple[dict[str, dict[str, list[str]]], dict[str, int],
                                             dict[str, int]]:
    """`_occupancy` of the blocks, from the one before the moves in `blocks.moved`: only
    the places they left or entered are looked at again. The answer is the very one
    `_occupancy` gives, down to the order of its places and sides (the order of the
    blocks: a place comes where its first block comes)."""
    movers = {bid for bid, _was in blocks.moved}
    places = {was for _bid, was in blocks.moved}
    places.update(blocks[bid]["loc"] for bid in movers)
    occ = dict(prev)
    first = dict(first)
    for h in places:
        if h in OFFMAP or h is None:
            continue
        ids = [b for ids in prev.get(h, {}).values() for b in ids if b not in movers]
        ids += [b for b in movers if blocks[b]["loc"] == h]
        if not ids:
            occ.pop(h, None)
            first.pop(h, None)
            continue
        ids.sort(key=order.__getitem__)
        here: dict[str, list[str]] = {}
        for b in ids:
            here.setdefault(blocks[b]["side"], []).append(b)
        for v in here.values():
            v.sort()
        occ[h] = here
        first[h] = order[ids[0]]
    occ = {h: occ[h] for h in sorted(occ, key=first.__getitem__)}
    return occ, first, order


def _occupancy(s: AS) -> dict[str, dict[str, list[str]]]:
    return _occupancy_of(s["blocks"])


def _occupancy_of(blocks: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    occ: dict[str, dict[str, list[str]]] = {}
    for bid, b in blocks.items():
        loc = b["loc"]
        if loc in OFFMAP:
            continue
        occ.setdefault(loc, {}).setdefault(b["side"], []).append(bid)
    for d in occ.values():
        for v in d.values():
            v.sort()
    return occ


def current(s: AS, occ: Any) -> dict[Any, Any] | None:
    """The derived-facts cache when `occ` is the occupancy of the blocks as they stand now
    (a caller may hold one from before a move: then nothing is cached)."""
    d = derived(s)
    if d is None or d.get("occ") is not occ:
        return None
    return d


_NO_SIEGE = object()


def siege_at(bd: Board, s: AS, h: str, occ: Occ | None = None) -> dict[str, Any] | None:
    """The siege or blockade in a hex, if any (rules 5.3, 6.0): blocks of one side inside
    the walls and enemy blocks outside. Callers never change the answer."""
    occ = occ if occ is not None else occupancy(s)
    here = occ.get(h)
    if not here or len(here) < 2:
        return None
    d = current(s, occ)
    if d is None:
        return _siege_at(bd, s, h, here)
    key = ("sg", bd, h)
    # Any: the sentinel is no dict, and the compiled build checks a declared type at once
    got: Any = d.get(key, _NO_SIEGE)
    if got is _NO_SIEGE:
        got = d[key] = _siege_at(bd, s, h, here)
    sg: dict[str, Any] | None = got
    return sg


def _siege_at(bd: Board, s: AS, h: str, here: dict[str, list[str]]
              ) -> dict[str, Any] | None:
    blocks = s["blocks"]
    holder = None
    for side, ids in here.items():
        if any(blocks[b]["in"] for b in ids):
            holder = side
    if holder is None:
        return None
    besieger = other(holder)
    outs = [b for b in here.get(besieger, []) if not blocks[b]["in"]]
    if not outs:
        return None
    armies = any(is_army(bd, b) for b in outs)
    navies = any(is_navy(bd, b) for b in outs)
    name = bd.city_at.get(h)
    port = h in bd.ports
    full = (armies and navies) or (armies and not port) or \
        (navies and not armies and bd.full_blockade_island(h))
    return {"hex": h, "city": name, "holder": holder, "besieger": besieger,
            "siege": armies, "blockade": navies, "full": bool(full)}


def sieges(bd: Board, s: AS, occ: Occ | None = None) -> list[dict[str, Any]]:
    occ = occ if occ is not None else occupancy(s)
    d = current(s, occ)
    if d is not None:
        got: list[dict[str, Any]] | None = d.get(("sieges", bd))
        if got is not None:
            return got
    out = []
    for h in sorted(occ):
        if len(occ[h]) == 2:
            sg = siege_at(bd, s, h, occ)
            if sg:
                out.append(sg)
    if d is not None:
        d[("sieges", bd)] = out
    return out


def compute_control(bd: Board, s: AS) -> None:
    """Refresh the land and sea control snapshot (rule 4.2). Called at the end of each
    phase only: moving into a hex never makes it friendly in the same phase."""
    occ = occupancy(s)
    hctl = _city_control(bd, s["control"])
    sctl = dict(hctl)
    for h, here in occ.items():
        if len(here) == 1:
            (side,) = here
            hctl[h] = side
            sctl[h] = side
        else:
            sg = siege_at(bd, s, h, occ)
            if sg is None:
                hctl[h] = sctl[h] = "contested"
            else:
                hctl[h] = sg["besieger"] if sg["siege"] else sg["holder"]
                sctl[h] = sg["besieger"] if sg["blockade"] else sg["holder"]
    # new dicts, never changed in place: movement.py caches what it reads from them by
    # their identity. A snapshot equal to the one in place keeps that one (and so what
    # was cached from it): most phases end with control as it was.
    if s["land_control"] != hctl:
        s["land_control"] = hctl
    if s["sea_control"] != sctl:
        s["sea_control"] = sctl


# Control of the cities' hexes and Persia's by `control` (city -> side), before the blocks
# on the map are looked at: by board and the whole of `control`, as few keys recur.
_CITY_CONTROL: Memo[tuple[Board, tuple[tuple[str, str], ...]], dict[str, str]] = \
    Memo("athens_sparta.city_control", 256)


def _city_control(bd: Board, control: dict[str, str]) -> dict[str, str]:
    """A new dict of every city's hex -> the side controlling it, and Persian territory
    (rule 9.3: friendly to Sparta when allied) where no city says otherwise."""
    key = (bd, tuple(control.items()))
    table = _CITY_CONTROL.table()
    got = table.get(key)
    if got is None:
        got = {}
        for h, name in bd.city_at.items():
            side = control.get(name, "none")
            if side in ("athens", "sparta", "neutral", "persia"):
                got[h] = side
        for h in bd.persian:
            got.setdefault(h, "persia")
        _CITY_CONTROL.keep(table, key, got)
    return dict(got)


def friendly(s: AS, side: str, h: str, sea: bool = False) -> bool:
    c = (s["sea_control"] if sea else s["land_control"]).get(h)
    if c == side:
        return True
    return c == "persia" and side == "sparta" and s["persia"]["alliance"]


def city_value(bd: Board, s: AS, name: str) -> int:
    if name == "Syracuse" or bd.cities[name].get("offboard"):
        return s["syracuse_value"] if s["syracuse_value"] is not None else 4
    return bd.cities[name].get("value") or 0


def besieged_cities(bd: Board, s: AS, occ: Occ | None = None) -> frozenset[str]:
    occ = occ if occ is not None else occupancy(s)
    d = current(s, occ)
    got = d.get(("besieged", bd)) if d is not None else None
    if got is None:
        got = frozenset(sg["city"] for sg in sieges(bd, s, occ) if sg["city"])
        if d is not None:
            d[("besieged", bd)] = got
    return got


def points(bd: Board, s: AS, for_victory: bool = True) -> dict[str, int]:
    """City points per side, besieged or blockaded cities not counted (rules 8.1, 10.2).
    For victory, Miletus does not count for Sparta while Persia supports her (rule 9.3)."""
    out = {"athens": 0, "sparta": 0}
    sieged = besieged_cities(bd, s)
    for name, side in s["control"].items():
        if side not in out or name in sieged:
            continue
        if for_victory and name == "Miletus" and side == "sparta" and \
                s["persia"]["alliance"] and not s["persia"]["ended"]:
            continue
        out[side] += city_value(bd, s, name)
    return out


def new_state(options: dict[str, Any]) -> AS:
    return {
        "v": 1, "olympiad": 84, "turn": 1, "phase": "setup", "flow": [],
        "player1": None, "active": None, "player_turn": 0, "move_points": 0,
        "options": dict(options),
        "blocks": Blocks(), "moved": [], "oracle": [], "diolkos": [], "entries": {},
        "control": {}, "land_control": {}, "sea_control": {},
        "cards": {"deck": [], "hands": {"athens": [], "sparta": []},
                  "committed": {}, "played": {}, "sicily": {}, "sicily_shown": False,
                  "mulligan_used": {"athens": False, "sparta": False}, "mulligan_too": {},
                  "mulligan_answers": {}},
        "events": [], "battle": None, "done_hexes": [], "last_battle": None,
        "queue": [], "build": None,
        "revolts": {}, "helot_ban": False,
        "persia": {"alliance": False, "ended": False},
        "syracuse_value": 4, "tourney_bid": None,
        "winner": None, "reason": None, "rule": None, "resigned": None,
        "revealed": [], "dice": [], "half_hits": [], "hits": None,
        "bonus": None, "peek": {}, "flipped": [], "used_revolt_blocks": [],
    }


def roll(s: AS, ctx: Any, n: int) -> list[int]:
    """Dice: the position's fixed dice first (worked examples, tests), then the seeded
    generator. Either way the action counts as revealing new information."""
    fixed = s["dice"]
    if fixed:
        out: list[int] = fixed[:n]
        del fixed[:n]
        ctx.reveal()
        if len(out) < n:
            out += ctx.roll(n - len(out))
        return out
    rolled: list[int] = ctx.roll(n)
    return rolled


def block_name(bd: Board, bid: str) -> str:
    return bd.blocks[bid].get("name") or bid


def rating(bd: Board, bid: str, siege: bool = False) -> tuple[str, int]:
    """(letter, fire) of a block; in siege battles cavalry fight at B1 and navies at C1
    (rule 5.41)."""
    spec = bd.blocks[bid]
    if siege:
        if spec["type"] == "cavalry":
            return "B", 1
        if spec["type"] == "navy":
            return "C", 1
    letter = spec.get("letter")
    fire = spec.get("fire")
    if letter is None or fire is None:
        r = spec["rating"]
        letter, fire = r[0], int(r[1:])
    return letter, int(fire)


def move_limit(bd: Board, bid: str) -> int:
    return int(bd.blocks[bid].get("move") or 0) or {"hoplite": 3, "peltast": 4, "navy": 4,
                                                     "cavalry": 5}[btype(bd, bid)]


SICILY_PLACE = SICILY
