"""A sample of the hidden facts, drawn from what one seat's view allows (the search
player's worlds, engine/players/search.py).

The map, the tracks and the treasuries are open (1.3, 1.6). Hidden from everyone: the
order of each face-down Leader Pool (7.8.4), shown as the sorted names it holds; the deck
and the face-down discards (12.3, 12.4). Hidden from the other players: each hand of Event
Cards (12.0; every League player's too, 24.6). The sample keeps the seat's own hand and
deals every other hand (same sizes), the discards and the deck afresh from the cards the
seat cannot see, sorted first and then shuffled with `rng`; each pool is dealt afresh from
its sorted names. So the sample depends on the true state only through the seat's view:
two states differing only in another hand, the deck's order or a pool's order give the
same sample for the same `rng`.
"""

from __future__ import annotations

import json

from engine.core.rng import Rng

from .state import SIDES, EState
from .wings import resample


def determinize(s: EState, seat: str, rng: Rng) -> EState:
    v: EState = json.loads(json.dumps(s))
    for side in SIDES:  # no seat sees the order of any pool, its own included
        if side in v["leader_pool"]:
            pool = sorted(v["leader_pool"][side])
            rng.shuffle(pool)
            v["leader_pool"][side] = pool
    resample(v, seat, rng)  # App. D: the enemy's wing deployment, while it is hidden
    deal_unseen(v, seat, rng)
    return v


def deal_unseen(v: EState, seat: str, rng: Rng) -> None:
    """The cards `seat` cannot see, dealt again into the same places in the same numbers."""
    c = v.get("cards")
    if not c:
        return
    others = [x for x in c["hands"] if x != seat]
    unseen = sorted(list(c["deck"]) + list(c["discard"])
                    + [cid for x in others for cid in c["hands"][x]])
    rng.shuffle(unseen)
    for x in others:
        k = len(c["hands"][x])
        c["hands"][x], unseen = unseen[:k], unseen[k:]
    m = len(c["discard"])
    c["discard"], c["deck"] = unseen[:m], unseen[m:]
