"""States that differ only in what a seat may not know (the redaction proof,
engine/testing.py, and the players' no-cheating proof, engine/players/testing.py): enemy
block identities and strengths, enemy hands and commits, the deck's order.

Two enemy units trade identities: each takes the other's place and part in the
procedures under way (determinize.rename), so the variant is a game the rules could have
reached. Units the seat sees in the battle being fought keep theirs."""

from __future__ import annotations

import json
from collections.abc import Iterator

from engine.core.rng import Rng

from . import board as B
from .commits import committed, set_committed
from .determinize import hidden_units, rename
from .state import SIDES, HState, indexed

VARIANTS = 6


def _copy(s: HState) -> HState:
    return indexed(json.loads(json.dumps(s)))


def _swap_blocks(v: HState, side: str, rng: Rng) -> None:
    """Two enemy units of the same kind (fleet or not, Sicilian or not) trade identities."""
    ids = hidden_units(v, side)
    if not ids:
        return
    for _ in range(4):
        a, b = rng.choice(ids), rng.choice(ids)
        sa, sb = B.spec(a), B.spec(b)
        if a == b or sa.sicilian != sb.sicilian or (sa.type == "fleet") != (sb.type == "fleet"):
            continue
        xa, xb = v["blocks"][a], v["blocks"][b]
        ca, cb = xa["cv"], xb["cv"]
        xa["loc"], xb["loc"] = xb["loc"], xa["loc"]
        xa["inside"], xb["inside"] = xb["inside"], xa["inside"]
        xa["cv"] = min(cb, sa.max_strength) if cb else 0
        xb["cv"] = min(ca, sb.max_strength) if ca else 0
        if xa["loc"] in B.comps().areas and xa["cv"] == 0:
            xa["cv"] = 1
        if xb["loc"] in B.comps().areas and xb["cv"] == 0:
            xb["cv"] = 1
        rename(v, {a: b, b: a})


def _swap_hand(v: HState, side: str, rng: Rng) -> None:
    c = v["cards"]
    hand, deck = c["hands"][side], c["deck"]
    if hand and deck:
        i, j = rng.randbelow(len(hand)), rng.randbelow(len(deck))
        old = hand[i]
        hand[i], deck[j] = deck[j], hand[i]
        hand.sort()
        commit = committed(v).get(side)
        if commit is not None and commit["card"] == old:
            set_committed(v, side, {"card": hand[0], "use": commit["use"]})
    commit = committed(v).get(side)
    if commit is not None:
        set_committed(v, side, {"card": commit["card"], "use": "actions"})


def hidden_variants(s: HState, seat: str | None, rng: Rng) -> Iterator[HState]:
    foes = [x for x in SIDES if x != seat]
    for _ in range(VARIANTS):
        v = _copy(s)
        for side in foes:
            _swap_blocks(v, side, rng)
            _swap_hand(v, side, rng)
        rng.shuffle(v["cards"]["deck"])
        v = _copy(v)  # the units' index is worked out afresh
        yield v
