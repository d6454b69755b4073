"""States that differ from the real one only in what a seat cannot see, for the
redaction proofs (`engine.testing.assert_view_hides`).

What is hidden from a seat: the identity and strength of the other side's blocks that are
not revealed (whether a hidden block is an army or a navy is public: navies sit at sea), the
other side's hand, face-down commitment and Sicily card, and the order of the deck."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from types import UnionType
from typing import (
    Any,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from .board import Board
from .rules_copy import copy_state
from .schema import BlockId, State
from .state import SIDES


def hidden_variants(bd: Board, s: State, seat: str | None, rng: Any) -> Iterator[State]:
    hidden_sides = [x for x in SIDES if x != seat]
    for _ in range(6):
        v = copy_state(s)
        for side in hidden_sides:
            for cls in ("army", "navy"):
                ids = [b for b, x in v["blocks"].items()
                       if x["side"] == side and b not in v["revealed"]
                       and x["loc"] not in ("off", "out")
                       and (bd.blocks[b]["type"] == "navy") == (cls == "navy")
                       and not x.get("rv")]
                # identities: shuffle the records among these blocks, keeping places
                recs = [v["blocks"][b] for b in ids]
                places = [(r["loc"], r["coast"], r["in"]) for r in recs]
                perm = list(ids)
                rng.shuffle(perm)
                newrecs = {}
                for b, (loc, coast, inn) in zip(perm, places):
                    r = dict(v["blocks"][b])
                    r["loc"], r["coast"], r["in"] = loc, coast, inn
                    mx = bd.blocks[b]["max_strength"]
                    r["str"] = 0 if loc == "pool" else 1 + rng.randbelow(mx)
                    newrecs[b] = r
                v["blocks"].update(newrecs)
                # every block id stored anywhere follows the place its block took, as the
                # typed state (schema.py) marks them; the records themselves moved above
                mapping = dict(zip(ids, perm))
                for key, value in list(v.items()):
                    if key != "blocks":
                        v[key] = remap(value, STATE_TYPES.get(key, Any), mapping)
            cards = v["cards"]
            pool = list(cards["deck"]) + list(cards["hands"][side])
            com = cards["committed"].get(side)
            if com:
                pool.append(com)
            sic = cards["sicily"].get(side) if not cards["sicily_shown"] else None
            if sic:
                pool.append(sic)
            rng.shuffle(pool)
            n = len(cards["hands"][side])
            cards["hands"][side], pool = pool[:n], pool[n:]
            if com:
                cards["committed"][side], pool = pool[0], pool[1:]
            if sic:
                cards["sicily"][side], pool = pool[0], pool[1:]
            cards["deck"] = pool
        if seat is not None:
            # the deck order is hidden from everyone
            rng.shuffle(v["cards"]["deck"])
        if v["cards"]["sicily"] and not v["cards"]["sicily_shown"]:
            v["syracuse_value"] = sum(bd.card[c]["mp"] for c in v["cards"]["sicily"].values())
        yield v


def remap(x: Any, tp: Any, mapping: dict[str, str]) -> Any:
    """`x` with every value its type marks `BlockId` renamed by `mapping`."""
    if x is None or not _mentions_block_id(tp):
        return x
    if tp == BlockId:
        return mapping.get(x, x)
    origin = get_origin(tp)
    if origin in (Union, UnionType):
        arms = [a for a in get_args(tp) if a is not type(None)]
        return remap(x, arms[0], mapping) if len(arms) == 1 else x
    if origin is list:
        (item,) = get_args(tp)
        return [remap(y, item, mapping) for y in x]
    if origin is dict:
        kt, vt = get_args(tp)
        return {remap(k, kt, mapping): remap(y, vt, mapping) for k, y in x.items()}
    if is_typeddict(tp):
        hints = _hints(tp)
        return {k: remap(y, hints.get(k, Any), mapping) for k, y in x.items()}
    return x


@cache
def _hints(tp: Any) -> dict[str, Any]:
    # with the `Annotated` marks that tell a block id from any other string (schema.py);
    # whether a key may be missing (`NotRequired`) says nothing of what it holds
    hints = get_type_hints(tp, include_extras=True)
    return {k: get_args(t)[0] if get_origin(t) in (NotRequired, Required) else t
            for k, t in hints.items()}


@cache
def _mentions_block_id(tp: Any) -> bool:
    if tp == BlockId:
        return True
    if is_typeddict(tp):
        return any(_mentions_block_id(t) for t in _hints(tp).values())
    return any(_mentions_block_id(a) for a in get_args(tp))


STATE_TYPES = _hints(State)
