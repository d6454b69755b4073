"""The attacks that come as a side leaves a battle (6.34, 6.41): a Panicked side's pursuit
by the victor's more agile units, then the Harrying of any Retreat by the cavalry of both
sides, before the Retreat itself (battle_retreat.py). Both attack with hits only."""

from __future__ import annotations

from typing import Any, TypedDict, cast

from engine.core.procedures import Flow, Procedure

from . import board as B
from .battle_args import (
    AGILITY,
    BattleArgs,
    battle_of,
    enemy_of,
    note,
    present,
    rate,
    side_of,
    units_of,
)
from .battle_facts import GARRISON
from .battle_losses import attack
from .state import BlockId, HState, Side


class PanicArgs(TypedDict):
    side: Side  # the side all routed (6.34)


class BattlePanic(Procedure[HState]):
    """6.34: the victor's unrouted units more agile than the loser's Rearguard that have
    not attacked this round pursue (hits only); then the panicked side retreats."""

    name = "battle_panic"

    def enter(self, flow: Flow[HState]) -> None:
        s, a, side = flow.state, battle_of(flow), cast(PanicArgs, flow.args)["side"]
        a["panic"] = True
        losers = units_of(s, a, side)
        rear = max(AGILITY.index(rate(s, a, u)[0]) for u in losers)
        winners = units_of(s, a, enemy_of(a, side))
        a["chasers"] = [u for u in a["order"] if u in winners and u not in a["routed"]
                        and u not in a["attacked"]
                        and AGILITY.index(rate(s, a, u)[0]) < rear]
        a["retreating"] = side
        note(s, a, "panic", side, "6.34")
        self.resume(flow, None)

    def resume(self, flow: Flow[HState], result: Any) -> None:
        """The next pursuer (after the losses of the last one were placed)."""
        if pursued(flow, battle_of(flow)["chasers"]):
            flow.goto("battle_harry", side=cast(PanicArgs, flow.args)["side"], panic=True)


def pursued(flow: Flow[HState], pursuers: list[BlockId]) -> bool:
    """Each of `pursuers` still in the battle attacks in turn, hits only (6.34, 6.41);
    False when the owner must first place the losses of one (the rest wait in the list)."""
    s, a = flow.state, battle_of(flow)
    while pursuers and not flow.moved:
        u = pursuers.pop(0)
        if present(s, a, u):
            attack(flow, u, pursuit=True)
    return not flow.moved


class HarryArgs(TypedDict):
    side: Side    # the side Retreating
    panic: bool   # a Panic's Retreat (6.34): units with nowhere to go are eliminated


def harriers(s: HState, a: BattleArgs, side: Side) -> list[BlockId]:
    """6.41: every unrouted cavalry of both sides; the side staying harries first
    (Cavalry Raid sidebar)."""
    out = [u for u in a["order"] if present(s, a, u) and u != GARRISON
           and u not in a["routed"] and B.spec(u).type == "cavalry"]
    return sorted(out, key=lambda u: side_of(s, a, u) == side)


class BattleHarry(Procedure[HState]):
    """6.4/6.41: a side Retreats: Harrying by the cavalry (once a battle, not at sea),
    then the Retreat."""

    name = "battle_harry"

    def enter(self, flow: Flow[HState]) -> None:
        s, a, h = flow.state, battle_of(flow), cast(HarryArgs, flow.args)
        side = h["side"]
        a["retreating"] = side
        a["panic"] = h["panic"]
        a["retire"] = not a["hurt"][side]  # losses to Harrying come after (6.41, 14.11)
        if not h["panic"]:
            note(s, a, "retreat", side, "6.4")
        if not a["sea"] and not a["harried"]:
            a["harried"] = True
            a["harriers"] = harriers(s, a, side)
        self.resume(flow, None)

    def resume(self, flow: Flow[HState], result: Any) -> None:
        """The next harrier (after the losses of the last one were placed)."""
        if pursued(flow, battle_of(flow)["harriers"]):
            flow.goto("battle_retreat")
