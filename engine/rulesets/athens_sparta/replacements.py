"""Replacements (rules 8.0-8.6, 9.3, 9.5): build points, per-city caps, reinforcing, new
blocks, disbanding."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .board import SICILY, TYPE_COST, Board
from .movement import _stack_ok, crowded
from .state import (
    AS,
    Occ,
    besieged_cities,
    block_name,
    city_value,
    derived,
    derived_all,
    occupancy,
    points,
    siege_at,
)

NOT_BUILT = ("demos", "tyrants", "helots")  # revolt blocks are bought with MPs (7.0)


def step_cost(bd: Board, s: AS, bid: str) -> int:
    """Rule 8.4; Persian support makes Spartan navies 1 BP a step (9.3)."""
    t = bd.blocks[bid]["type"]
    if t == "navy" and s["blocks"][bid]["side"] == "sparta" and s["persia"]["alliance"] \
            and not s["persia"]["ended"]:
        return 1
    return TYPE_COST[t]


def city_cap(bd: Board, s: AS, name: str) -> int:
    """Rule 8.1: 3 x value for a major city, 1 for a minor city, 16 for Athens and Sparta."""
    if name in ("Athens", "Sparta"):
        return 16
    c = bd.cities[name]
    if not c.get("major"):
        return 1
    return 3 * city_value(bd, s, name)


def build_points(bd: Board, s: AS) -> dict[str, int]:
    return points(bd, s, for_victory=False)


def start_build(bd: Board, s: AS) -> None:
    bp = build_points(bd, s)
    sieged = besieged_cities(bd, s)
    # rule 9.5: an allied neutral city's BPs go to its own blocks when they can use them
    ear: dict[str, dict[str, int]] = {"athens": {}, "sparta": {}}
    for name, c in bd.cities.items():
        side = s["control"].get(name)
        if c.get("side") == "neutral" and side in ear and name not in sieged:
            v = city_value(bd, s, name)
            if v:
                ear[side][name] = v
    s["build"] = {"points": bp, "left": dict(bp), "spent": {"athens": {}, "sparta": {}},
                  "done": {"athens": False, "sparta": False}, "earmarked": ear}


def _ear_usable(bd: Board, s: AS, side: str, city: str) -> bool:
    """Can a block of this (formerly neutral) city still take a step somewhere?"""
    d = derived_all(s)
    if d is None:
        return _ear_usable_now(bd, s, side, city)
    key = ("ear", bd, side, city)
    got = d.get(key)
    if got is None:
        got = d[key] = _ear_usable_now(bd, s, side, city)
    return got


def _ear_usable_now(bd: Board, s: AS, side: str, city: str) -> bool:
    for bid in bd.neutral_home.get(city, ()):
        spec = bd.blocks[bid]
        x = s["blocks"][bid]
        if x["side"] != side:
            continue
        if x["loc"] == "pool":
            return True
        if x["loc"] not in ("off", "out") and not x["in"] and x["str"] < spec["max_strength"] \
                and bd.cities_at.get(x["loc"]):
            return True
    return False


def _affordable(bd: Board, s: AS, side: str, bid: str, cost: int) -> bool:
    """BPs left for this block: earmarked neutral BPs (9.5) are kept for their own city's
    blocks while those can use them."""
    bld = s["build"]
    assert bld is not None  # in the replacement phase
    left = bld["left"][side]
    if cost > left:
        return False
    ear = bld.get("earmarked", {}).get(side, {})
    if not ear:
        return True
    total, usable = _usable_ear(bd, s, side, ear)
    home = bd.blocks[bid].get("home")
    reserved = total - (usable.get(home, 0) if home is not None else 0)
    return cost <= left - reserved


def _usable_ear(bd: Board, s: AS, side: str, ear: dict[str, int]
                ) -> tuple[int, dict[str, int]]:
    """(the total, and by city) of the earmarked BPs (9.5) still kept for their city's
    blocks: asked for every block of a menu, found once per menu."""
    d = derived_all(s)
    key = ("usable_ear", bd, side, tuple(ear.items()))
    got = d.get(key) if d is not None else None
    if got is None:
        kept = {c: v for c, v in ear.items() if v > 0 and _ear_usable(bd, s, side, c)}
        got = (sum(kept.values()), kept)
        if d is not None:
            d[key] = got
    return got


def _hex_caps(bd: Board, s: AS, side: str, h: str) -> tuple[str | None, int]:
    """The city a spend in hex h counts against and what is left of its cap."""
    names = bd.cities_at.get(h, [])
    if not names:
        return None, 0
    name = names[0]
    cap = sum(city_cap(bd, s, n) for n in names if s["control"].get(n) == side) or \
        city_cap(bd, s, name)
    spent = s["build"]["spent"][side].get(name, 0)  # type: ignore[index]  # in the phase
    return name, cap - spent


def reinforce_options(bd: Board, s: AS, side: str) -> list[list[str]]:
    """Rule 8.2: steps for blocks standing in a city (not inside a besieged one)."""
    return list(_reinforce_rows(bd, s, side, ordered=True))


def may_reinforce(bd: Board, s: AS, side: str) -> bool:
    """Whether `reinforce_options` has any row (the main menu asks only this)."""
    return next(_reinforce_rows(bd, s, side, ordered=False), None) is not None


def _reinforce_rows(bd: Board, s: AS, side: str, ordered: bool) -> Iterator[list[str]]:
    occ = occupancy(s)
    # the blocks that could take a step, by place then id (any order for a yes or no)
    blocks = s["blocks"]
    able: Iterable[tuple[str, Any]] = (
        (bid, b) for here in occ.values() for bid in here.get(side, ())
        if not (b := blocks[bid])["in"] and b["str"] < bd.blocks[bid]["max_strength"]
        and not b.get("rv"))
    if ordered:
        able = sorted(able, key=lambda t: (bd.label(t[1]["loc"]), t[0]))
    # else one at a time: "is there one?" stops at the first row
    control = s["control"]
    for bid, b in able:
        h = b["loc"]
        name, room = _hex_caps(bd, s, side, h)
        if name is None:
            continue
        if control.get(name) != side and siege_at(bd, s, h, occ) is None:
            continue
        cost = step_cost(bd, s, bid)
        if cost > room or not _affordable(bd, s, side, bid, cost):
            continue
        yield [f"r:{bid}", f"{block_name(bd, bid)} {b['str']}→{b['str'] + 1} at "
               f"{bd.label(h)} ({cost} BP)", "8.2"]


def new_block_places(bd: Board, s: AS, side: str, bid: str, occ: Occ | None = None) -> list[str]:
    """Rule 8.3: at its home city if friendly and not besieged; reserves in any friendly
    major city."""
    occ = occ if occ is not None else occupancy(s)
    return _places(bd, s, side, bid, occ, _BuildAsk(bd, s, side, occ))


class _BuildAsk:
    """What every block's places read alike, found once per question."""

    __slots__ = ("bd", "s", "side", "occ", "sieged", "majors", "_full")

    def __init__(self, bd: Board, s: AS, side: str, occ: Occ) -> None:
        self.bd, self.s, self.side, self.occ = bd, s, side, occ
        self.sieged = besieged_cities(bd, s, occ)
        control = s["control"]
        self.majors = [n for n in bd.major_cities if control.get(n) == side]  # sorted
        self._full: dict[bool, frozenset[str] | None] = {}

    def full(self, army: bool) -> frozenset[str] | None:
        """Where stacking leaves no room for one more army or navy (None: count the
        blocks with `_stack_ok`)."""
        if army not in self._full:
            self._full[army] = crowded(self.bd, self.s, self.occ, self.side, army)
        return self._full[army]


def _places(bd: Board, s: AS, side: str, bid: str, occ: Occ, ask: _BuildAsk) -> list[str]:
    spec = bd.blocks[bid]
    if spec.get("special") == "reserve":
        names = ask.majors
    else:
        names = [spec["home"]] if s["control"].get(spec["home"]) == side else []
    if not names:
        return []
    out = []
    cost = step_cost(bd, s, bid)
    full = ask.full(bid in bd.armies)
    for n in names:
        h = bd.cities[n].get("hex") or (SICILY if bd.cities[n].get("offboard") else None)
        if h is None or n in ask.sieged:
            continue
        if any(owner != side for owner in occ.get(h, {})):
            continue  # enemy blocks stand there
        _name, room = _hex_caps(bd, s, side, h)
        if cost > room or not _affordable(bd, s, side, bid, cost):
            continue
        # a block in the pool is never where it is raised: the set of full hexes applies
        if (h in full) if full is not None else not _stack_ok(bd, s, occ, side, h, bid):
            continue
        out.append(h)
    return out


def build_options(bd: Board, s: AS, side: str) -> list[list[str]]:
    return list(_build_rows(bd, s, side))


def may_build(bd: Board, s: AS, side: str) -> bool:
    """Whether `build_options` has any row (the main menu asks only this)."""
    return next(_build_rows(bd, s, side), None) is not None


def _build_rows(bd: Board, s: AS, side: str) -> Iterator[list[str]]:
    occ = occupancy(s)
    pool = _pool(bd, s, side)
    if not pool:
        return
    ask = _BuildAsk(bd, s, side, occ)
    for bid in pool:
        places = _places(bd, s, side, bid, occ, ask)
        if places:
            cost = step_cost(bd, s, bid)
            where = bd.label(places[0]) if len(places) == 1 else "a major city"
            yield [f"n:{bid}", f"{block_name(bd, bid)} at {where} ({cost} BP)", "8.3"]


def _pool(bd: Board, s: AS, side: str) -> list[str]:
    """The side's blocks in the pool that BPs may build (not the revolt blocks), sorted:
    kept with the blocks while none moves (`derived`). Callers never change it."""
    d = derived(s)
    got = d.get(("pool", bd, side)) if d is not None else None
    if got is None:
        got = sorted(bid for bid, b in s["blocks"].items() if b["loc"] == "pool"
                     and b["side"] == side and bd.blocks[bid].get("special") not in NOT_BUILT)
        if d is not None:
            d[("pool", bd, side)] = got
    return got


def disband_options(bd: Board, s: AS, side: str) -> list[list[str]]:
    out = []
    for bid, b in sorted(s["blocks"].items(), key=lambda kv: kv[0]):
        if b["side"] == side and b["loc"] not in ("pool", "off", "out"):
            out.append([f"d:{bid}", f"{block_name(bd, bid)} ({b['str']}) at "
                        f"{bd.label(b['loc'])}", "8.6"])
    return out


def spend(bd: Board, s: AS, side: str, bid: str, h: str) -> None:
    cost = step_cost(bd, s, bid)
    name, _room = _hex_caps(bd, s, side, h)
    bld = s["build"]
    assert bld is not None and name is not None  # offered only at a city (`_hex_caps`)
    bld["left"][side] -= cost
    bld["spent"][side][name] = bld["spent"][side].get(name, 0) + cost
    ear = bld.get("earmarked", {}).get(side, {})
    home: Any = bd.blocks[bid].get("home")  # the board data is untyped JSON
    if ear.get(home, 0) > 0 and bd.blocks[bid]["side"] == "neutral":
        ear[home] = max(0, ear[home] - cost)
