"""Leaders: losses and replacements (rules 7.8.4, 7.8.6, 7.9.2, 22.4.3)."""

from __future__ import annotations

from .components import load_components
from .state import DEAD, MAP, EState

HOME = {"athens": "attica", "sparta": "laconia", "thebes": "boeotia", "corinth": "corinth"}  # where a replacement waits (7.8.4)


def eliminate(s: EState, name: str, stack_hex: str | None) -> str:
    """Remove a leader for good (7.9.2) and bring in a replacement at random from the face-
    down Leader Pool (7.8.4), a generic 0-0 leader once it is empty (22.4.3). The newcomer
    joins the stack (`stack_hex`), or waits in the home region's Force Pool."""
    side = s["leaders"][name]["side"]
    seat = s["leaders"][name].get("seat")  # 24.2.2: allies draw from one pool
    persian = s["leaders"][name].get("persian")
    s["leaders"][name].update({"where": DEAD, "hex": None, "region": None})
    if persian:
        return "no one (a Persian general is not replaced)"
    pool = s["leader_pool"][side]
    if pool:
        new = pool.pop(0)  # the pool was shuffled face down at set-up
        land, sea = _ratings(new)
    else:
        s["generic"][side] += 1
        new = f"{side.title()} 0-0 leader {s['generic'][side]}"
        land, sea = 0, 0
    if stack_hex is not None:
        s["leaders"][new] = {"side": side, "land": land, "sea": sea, "where": MAP,
                             "hex": stack_hex, "region": None}
    else:
        s["leaders"][new] = {"side": side, "land": land, "sea": sea, "where": "force",
                             "hex": None, "region": HOME.get(seat or side, HOME[side])}
    if seat is not None:
        s["leaders"][new]["seat"] = seat  # the newcomer serves the same player
    return new


def _ratings(name: str) -> tuple[int, int]:
    spec = load_components().leaders.get(name)
    return (spec.land, spec.sea) if spec else (0, 0)
