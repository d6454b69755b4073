"""States that differ only in what a seat may not know (the redaction proof,
engine/testing.py): the order of the face-down Leader Pools, and the Event Cards the seat
cannot see (the deck, the face-down discards, every other player's hand), and the other
side's wing deployment while it is being made (App. D)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from engine.core.rng import Rng

from .cards import shuffle_hidden
from .state import SIDES, EState
from .wings import resample

VARIANTS = 6


def hidden_variants(s: EState, seat: str | None, rng: Rng) -> Iterator[EState]:
    for _ in range(VARIANTS):
        v = json.loads(json.dumps(s))
        for side in SIDES:  # no seat sees the order of any pool, its own included
            rng.shuffle(v["leader_pool"].get(side, []))
        shuffle_hidden(v, seat, rng)
        resample(v, seat, rng)
        yield v
