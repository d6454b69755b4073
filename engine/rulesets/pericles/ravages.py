"""The Ravages of War (rule 14.43), a game option: units and Strategos leave the game
for good. On by default in 14.4, whose own rules it is; 14.2 and 14.3 list it as an
option. Plague losses (A) and half of a battle's losses (B) shrink the force pools, never
below the floors of C; each War turn's end costs each side a Strategos of its stock (D)."""

from __future__ import annotations

from .components import SIDE_OF, load_components
from .records import log
from .schema import PericlesState

# rule 14.43 C: the smallest force pool a City-State or League may be cut to
FLOORS = {"A": {"land": 2, "naval": 2}, "S": {"land": 2, "naval": 2},
          "D": {"land": 8, "naval": 4}, "P": {"land": 8, "naval": 4}}
# rule 14.43 B, ruling R50: the enemy removes the City-State's units first (they are
# the citizens the war bled), then the League's, then the others'
REMOVAL_ORDER = ("A", "S", "D", "P", "argos")


def pool_size(s: PericlesState, owner: str, kind: str) -> int:
    """The counters of `owner` and `kind` still in the game (2.0's mix less 14.43)."""
    cap = load_components().data.counts.units.get(owner, {}).get(kind, 0)  # type: ignore[call-overload]
    return int(cap) - s["removed"].get(owner, {}).get(kind, 0)


def remove(s: PericlesState, owner: str, kind: str, n: int, why: str) -> int:
    """Take up to `n` eliminated units of `owner` out of the game, as far as the floor
    allows (rule 14.43 C); returns how many went."""
    if not s["ravages"] or owner == "persia":
        return 0
    floor = FLOORS.get(owner, {}).get(kind, 0)
    take = max(0, min(n, pool_size(s, owner, kind) - floor))
    if take:
        gone = s["removed"].setdefault(owner, {"land": 0, "naval": 0})
        gone[kind] += take
        log(s, "ravaged", city=SIDE_OF[owner], n=take, what=f"{owner}:{kind}", theater=why)
    return take


def battle_removals(s: PericlesState, kind: str, lost: dict[str, list[str]],
                    place: str) -> None:
    """Rule 14.43 B: of each side's units of the battle's kind eliminated, one in two
    (rounded down) leaves the game, the enemy choosing which (ruling R50)."""
    for pieces in lost.values():
        owners = [p.split(":")[0] for p in pieces if p.endswith(f":{kind}")]
        due = len(owners) // 2
        for owner in [o for o in REMOVAL_ORDER if o in owners]:
            due -= remove(s, owner, kind, min(due, owners.count(owner)), place)


def leadership_loss(s: PericlesState) -> None:
    """Rule 14.43 D: at the end of a turn at War each side removes 1 Strategos of its
    stock from the game."""
    if not (s["ravages"] and s["war"]):
        return
    for city in s["cities"]:
        if s["stock"][city] > 0:
            s["stock"][city] -= 1
            log(s, "ravaged", city=city, n=1, what="strategos")
