"""A sample of the hidden facts, drawn from what one seat's view allows (the search
player's worlds, engine/players/search.py).

The Epic keeps little hidden: the map, the tracks and the treasuries are open (1.3, 1.6),
and the Argive League deals no cards (22.0), so there are no hands or deck to deal. What
nobody sees is the order of each face-down Leader Pool, the draw of the next replacement
leader (7.8.4); the view shows the names it holds, sorted. The sample deals each pool
afresh from that sorted list, so it depends on the true state only through the view: two
states that differ in a pool's order give the same sample for the same `rng`.
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
    return v
