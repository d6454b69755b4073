"""A sample of the hidden facts, drawn from what one seat's view allows (the search
player's worlds, engine/players/search.py).

Hidden from a seat (variants.py lists them for the redaction proof): the identity and
strength of the other side's unrevealed blocks, its hand, face-down commitment and Sicily
card, and the deck's order. The sample puts every unrevealed enemy block place (on the
map or in the pool; army and navy apart, as the view tells them apart) in a canonical
order, deals the side's unrevealed identities to them at random with a fresh strength,
and deals the cards nobody on this side can see (deck, enemy hand, commitment, Sicily
card) from their sorted pool. Nothing is read in the order the true state keeps it, so
the sample depends on the true state only through the view: two states the seat cannot
tell apart give the same sample for the same `rng` (`engine.testing.determinize_problems`
checks it; co-located blocks are ordered by the state's mentions of them, not by id).
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng

from .board import Board
from .rules_copy import copy_state
from .state import AS, SIDES
from .variants import STATE_TYPES, remap


def _place_key(rec: dict[str, Any]) -> tuple[str, str, str]:
    return str(rec["loc"]), str(rec["coast"]), str(rec["in"])


class _Mentions:
    """Where each block id is mentioned in the state outside the block records, in the
    order `remap` walks the typed state (schema.py): a hidden block's mentions stay with
    its place when identities are swapped, so they tell co-located blocks apart without
    their ids. Passed to `remap` as its mapping, it records and renames nothing."""

    def __init__(self) -> None:
        self.at: dict[str, list[int]] = {}
        self.n = 0

    def get(self, bid: str, default: str) -> str:
        self.at.setdefault(bid, []).append(self.n)
        self.n += 1
        return default


def _mentions(v: Any) -> dict[str, list[int]]:
    where = _Mentions()
    for key, value in v.items():
        if key != "blocks":
            remap(value, STATE_TYPES.get(key, Any), where)  # type: ignore[arg-type]
    return where.at


def determinize(bd: Board, s: AS, seat: str, rng: Rng) -> AS:
    v: Any = copy_state(s)  # a plain dict while identities are dealt anew
    for side in (x for x in SIDES if x != seat):
        for navy in (False, True):
            ids = sorted(b for b, x in v["blocks"].items()
                         if x["side"] == side and b not in v["revealed"]
                         and x["loc"] not in ("off", "out")
                         and (bd.blocks[b]["type"] == "navy") == navy and not x.get("rv"))
            # Places in a canonical order: blocks sharing a place by where the state
            # mentions them (which of them moved, ...); blocks alike in both are
            # interchangeable, so their own ids, last, change nothing drawn.
            mentions = _mentions(v)
            held = sorted(ids, key=lambda b: (_place_key(v["blocks"][b]),
                                              mentions.get(b, []), b))
            drawn = list(ids)
            rng.shuffle(drawn)
            mapping = dict(zip(held, drawn))
            records = {}
            for old, new in mapping.items():
                r = dict(v["blocks"][new])
                place = v["blocks"][old]
                r["loc"], r["coast"], r["in"] = place["loc"], place["coast"], place["in"]
                mx = bd.blocks[new]["max_strength"]
                r["str"] = 0 if r["loc"] == "pool" else 1 + rng.randbelow(mx)
                records[new] = r
            v["blocks"].update(records)
            for key, value in list(v.items()):
                if key != "blocks":
                    v[key] = remap(value, STATE_TYPES.get(key, Any), mapping)
        cards = v["cards"]
        com = cards["committed"].get(side)
        sic = cards["sicily"].get(side) if not cards["sicily_shown"] else None
        pool = sorted(list(cards["deck"]) + list(cards["hands"][side])
                      + ([com] if com else []) + ([sic] if sic else []))
        rng.shuffle(pool)
        n = len(cards["hands"][side])
        cards["hands"][side], pool = sorted(pool[:n]), pool[n:]
        if com:
            cards["committed"][side], pool = pool[0], pool[1:]
        if sic:
            cards["sicily"][side], pool = pool[0], pool[1:]
        cards["deck"] = pool
    if v["cards"]["sicily"] and not v["cards"]["sicily_shown"]:
        v["syracuse_value"] = sum(bd.card[c]["mp"] for c in v["cards"]["sicily"].values())
    world: AS = v
    return world
