"""What one battle knows while it is fought (6.0-6.6, 8.1), and the reading of it every
battle step shares.

A battle is the `battle` procedure (battle.py) and the steps it runs on the kernel stack
above it (the Formation order, fortify, the fight, losses, Ares, Panic, Harrying, the
Retreat, the Storms after it). The battle's own progress (the round, the order of attack,
who is routed or hurt...) is the `battle` frame's arguments, `BattleArgs`; each step's
frame holds only what that step alone needs, and reads the battle through `battle_of`.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, cast

from engine.core.battle_record import BattleRecord
from engine.core.procedures import Flow

from . import battle_facts as BF
from . import board as B
from .battle_facts import GARRISON
from .cargo import is_fleet
from .state import AreaId, BlockId, CityName, Engaged, HState, Side

AGILITY = "ABCDEF"


class Snapshot(TypedDict):
    """The battle as it stood before an attack, for Ares to have it done again (11.0)."""

    unit: BlockId
    pos: int
    blocks: dict[BlockId, dict[str, object]]
    garrison: dict[str, object] | None
    battle: BattleRecord | None
    a: dict[str, object]  # the BattleArgs keys an attack changes (routed, hurt, half, ...)


# 11.0: an Appeal to Ares stood; `by` may redo the later attacks this round of `side`'s
# units of agility `class` (a Python keyword: the functional form of TypedDict)
AresGrant = TypedDict("AresGrant", {"by": Side, "round": int, "side": Side, "class": str})


class BattleArgs(TypedDict):
    """The `battle` frame: one battle in `area` and how far it has gone."""

    area: AreaId
    attacker: Side
    defender: Side
    formations: list[Engaged]  # the attacking Formations, in the order they fight (5.41)
    fi: int                    # the Formation fighting now
    mode: NotRequired[str]     # "assault" (8.1) or "sortie" (8.3); absent: a field battle
    city: NotRequired[CityName]  # the City of an Assault or Sortie
    double: NotRequired[bool]  # 8.11: Double Defense (hits on City defenders are halves)
    treachery: NotRequired[bool]  # the Treachery sidebar: the assault lasts one round
    sea_fight: NotRequired[bool]
    # progress, set when the battle begins (battle.py)
    sea: bool                  # a sea battle (6.5): sea ratings, no Harrying
    round: int
    pos: int                   # the next place in `order`
    order: list[BlockId]       # this round's order of attack (6.2)
    asked: list[Side]          # sides asked this round whether to Retreat (6.4)
    routed: list[BlockId]
    hurt: dict[Side, bool]     # a side has taken a hit or rout (a Retire, 14.11)
    skip: list[BlockId]        # units that do not attack this round (6.5 Narrows, 6.6)
    attacked: list[BlockId]    # units that attacked this round (6.34: they do not pursue)
    half: list[BlockId]        # City defenders with half a hit on them (8.11)
    ares_due: bool             # an attack was made: Ares may be asked about it (11.0)
    snap: NotRequired[Snapshot]
    ares: NotRequired[AresGrant]
    retreating: Side | None    # the side Retreating (or Panicked, `panic`)
    panic: bool
    retire: bool               # the Retreating side took no loss: a Retire (14.11)
    harried: bool              # the Harrying of this Retreat has been done (6.41)
    chasers: list[BlockId]     # the pursuers still to attack in a Panic (6.34)
    harriers: list[BlockId]    # the cavalry still to Harry (6.41)
    queue: list[BlockId]       # units still to Retreat (6.4)
    went: dict[AreaId, list[BlockId]]  # fleets retreated, by destination (5.21)
    boarded: dict[AreaId, int]  # land units carried there by them
    stuck: list[BlockId]       # units with nowhere to Retreat (6.4)
    storm: dict[AreaId, list[BlockId]]  # fleets retreating across a DeepSea border (5.22)


def battle_of(flow: Flow[HState]) -> BattleArgs:
    """The battle this step belongs to: the nearest `battle` frame on the stack."""
    for frame in reversed(flow.state["flow"]):
        if frame["name"] == "battle":
            return cast(BattleArgs, frame["args"])
    raise RuntimeError(f"{flow.name}: no battle on the stack")


def begun(a: BattleArgs, sea: bool) -> None:
    """A battle's progress at its start (the same for each Formation's battle, 5.41)."""
    a["sea"], a["round"], a["pos"], a["order"], a["asked"] = sea, 1, 0, [], []
    a["routed"], a["hurt"] = [], {"athens": False, "sparta": False}
    a["skip"], a["attacked"], a["half"], a["ares_due"] = [], [], [], False
    a["retreating"], a["panic"], a["retire"], a["harried"] = None, False, False, False
    a["chasers"], a["harriers"], a["queue"], a["stuck"] = [], [], [], []
    a["went"], a["boarded"], a["storm"] = {}, {}, {}


def is_sea(area: str) -> bool:
    return B.comps().areas[area].kind == "sea"


def rating(bid: BlockId, sea: bool) -> tuple[str, int]:
    """2.14/6.5: the land rating, or at sea the fleet's sea rating."""
    b = B.spec(bid)
    if sea:
        assert b.sea_agility is not None and b.sea_power is not None
        return b.sea_agility, b.sea_power
    return b.agility, b.power


def assault(a: BattleArgs) -> bool:
    return a.get("mode") == "assault"


def cv(s: HState, u: BlockId) -> int:
    return 1 if u == GARRISON else s["blocks"][u]["cv"]


def side_of(s: HState, a: BattleArgs, u: BlockId) -> Side:
    return a["defender"] if u == GARRISON else s["blocks"][u]["side"]


def enemy_of(a: BattleArgs, side: Side) -> Side:
    return a["defender"] if side == a["attacker"] else a["attacker"]


def name(u: BlockId) -> str:
    return "the City garrison" if u == GARRISON else B.spec(u).name


def present(s: HState, a: BattleArgs, u: BlockId) -> bool:
    """Still in the fight: City defenders fight from inside in an Assault (8.1)."""
    if u == GARRISON:
        return a.get("city") in s["garrisons"]
    x = s["blocks"][u]
    inside = assault(a) and x["side"] == a["defender"]
    return x["loc"] == a["area"] and x["inside"] == inside


def rate(s: HState, a: BattleArgs, u: BlockId) -> tuple[str, int]:
    """City defenders assume A2 in an Assault (8.1)."""
    if assault(a) and side_of(s, a, u) == a["defender"]:
        return "A", 2
    return rating(u, a["sea"])


def attackers(s: HState, a: BattleArgs) -> list[BlockId]:
    """The Formation fighting now, those of it still in the fight."""
    units = [u for u in a["formations"][a["fi"]]["units"] if present(s, a, u)]
    if is_sea(a["area"]):  # 6.5: carried land units neither attack nor take losses
        units = [u for u in units if is_fleet(u)]
    return units


def defenders(s: HState, a: BattleArgs) -> list[BlockId]:
    if assault(a):
        units = sorted(B.units_in(s, a["area"], a["defender"], inside=True))
        return units + ([GARRISON] if a["city"] in s["garrisons"] else [])
    units = B.units_in(s, a["area"], a["defender"], inside=False)
    if is_sea(a["area"]) or a.get("sea_fight"):
        units = [u for u in units if B.spec(u).type == "fleet"]
    return sorted(units)


def units_of(s: HState, a: BattleArgs, side: Side) -> list[BlockId]:
    return attackers(s, a) if side == a["attacker"] else defenders(s, a)


def record(s: HState, a: BattleArgs) -> BattleRecord:
    """The battle's record, its forces joined by the units fighting now (6.1)."""
    rec = s["battle"]
    if rec is None:
        kind = a.get("mode") or ("naval" if is_sea(a["area"]) else "field")
        rec = s["battle"] = BF.started(a["area"], kind, a["attacker"], a["defender"],
                                       a["sea"])
    for side, ids in ((a["attacker"], attackers(s, a)), (a["defender"], defenders(s, a))):
        for u in ids:
            ag, pw = rate(s, a, u)
            BF.join(rec, [BF.piece(u, side, cv(s, u), f"{ag}{pw}")])
    return rec


def note(s: HState, a: BattleArgs, kind: str, side: Side, rule: str,
         count: int | None = None, unit: BlockId | None = None) -> None:
    BF.note(record(s, a), kind, side, rule, count, unit)
