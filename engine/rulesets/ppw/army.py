"""An operation's army (rules 3.2-3.4): who leads it, which SPs it takes, what it costs."""

from __future__ import annotations

from dataclasses import dataclass

from .board import board
from .components import MAJORS
from .state import CAVALRY, HOPLITE, NAVAL, PpwState

LAND_COST = 25  # rule 3.4: talents per hoplite or cavalry SP activated
NAVAL_COST = 150  # rule 3.4: talents per naval SP activated
KINDS = ("land", "naval", "all")  # rule 3.2: which of a stack's SPs march


@dataclass(frozen=True, slots=True)
class Army:
    leader: str
    hoplite: int
    cavalry: int
    naval: int

    @property
    def land(self) -> int:
        return self.hoplite + self.cavalry

    @property
    def cost(self) -> int:
        return LAND_COST * self.land + NAVAL_COST * self.naval


def command_limit(leader: str) -> int:
    """Rule 3.3: a leader commands 6 SPs plus 3 per point of skill."""
    return 6 + 3 * board().leaders[leader].skill


def free_leader(s: PpwState, major: str, space: str) -> str | None:
    """Rule 3.3: the leader already with an army in `space`, else the best leader in the
    pool (highest skill, then the least brave, then by id)."""
    b = board()
    for ldr, at in s["leader_at"].items():
        if at == space and b.leaders[ldr].city_state == major:
            return ldr
    pool = [ldr for ldr, st in s["leaders"].items()
            if st == "pool" and b.leaders[ldr].city_state == major]
    if not pool:
        return None
    return min(pool, key=lambda x: (-b.leaders[x].skill, b.leaders[x].bravery, x))


def muster(s: PpwState, major: str, space: str, kind: str) -> Army | None:
    """The army `major` can raise from its own SPs in `space` (rule 3.2): its ships first,
    then hoplites, then cavalry, up to the leader's command limit; ships on an "all"
    operation carry at most one land SP each (rule 4.4). None: no army."""
    leader = free_leader(s, major, space)
    if leader is None or major not in MAJORS:
        return None
    have = s["forces"].get(space, {}).get(major)
    if have is None:
        return None
    room = command_limit(leader)
    n = min(have[NAVAL], room) if kind in ("naval", "all") else 0
    room -= n
    lift = n if kind == "all" else room
    h = min(have[HOPLITE], room, lift) if kind in ("land", "all") else 0
    c = min(have[CAVALRY], room - h, lift - h) if kind in ("land", "all") else 0
    army = Army(leader, h, c, n)
    if kind == "land" and army.land == 0 or kind == "naval" and n == 0:
        return None
    if kind == "all" and (n == 0 or army.land == 0):
        return None
    return army
