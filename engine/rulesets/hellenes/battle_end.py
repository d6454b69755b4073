"""The end of a Formation's battle (14.11, 7.2, 7.3, 5.22): the Prestige it earns, its
record closed and told, the sieges it makes or lifts, the Storm rolls of fleets that
Retreated across a DeepSea border, and back to the `battle` procedure (battle.py)."""

from __future__ import annotations

from typing import Any, TypedDict, cast

from engine.core.battle_record import close
from engine.core.procedures import Flow, Procedure
from engine.core.view import BATTLE_END

from . import battle_words as BW
from . import board as B
from .battle_args import battle_of, record
from .siege import establish, refresh
from .state import HState, Side, add_prestige

NO_FIGHT = "no fight"  # the battle's reason when nobody fought (all gone, or fortified)


def settle(flow: Flow[HState], winner: Side, reason: str) -> None:
    """14.11: Triumph +2 (panic or elimination), Trophy +1 (retreat), a land Retire 0.
    The battle's end: its record closed and told, sieges made or lifted (7.2, 7.3), then
    on to what follows a Formation's battle (`finish`). "no fight": nobody fought."""
    s, a = flow.state, battle_of(flow)
    fought = reason != NO_FIGHT
    gain = 0
    if reason in ("panic", "eliminated") and fought:
        gain = 2
    elif reason == "retreat":
        gain = 0 if a["retire"] and not a["sea"] else 1
    add_prestige(s, winner, gain)
    if fought:
        rec = record(s, a)
        close(rec, winner, reason)
        rec.setdefault("facts", {})["prestige"] = gain
        flow.context.event(BATTLE_END, BW.result_words(rec), battle=rec)
    s["battle"] = None
    city = B.city_of(a["area"])
    inside = B.units_in(s, a["area"], a["defender"], inside=True)
    if city is not None and inside and city.name not in s["sieges"]:
        if winner == a["attacker"]:
            establish(s, city, a["attacker"])  # 7.2: the fortified are now besieged
        else:
            for u in inside:  # relieved: no enemy holds the Province
                s["blocks"][u]["inside"] = False
    refresh(s)  # sieges whose besiegers fell or fled are lifted (7.3)
    finish(flow, attacker_won=winner == a["attacker"])


def finish(flow: Flow[HState], attacker_won: bool) -> None:
    """A Formation's battle is over: the Storm rolls of its Retreat first (5.22), then
    back to the `battle` procedure (the next Formation, or the end, 5.41)."""
    a = battle_of(flow)
    storm, a["storm"] = a["storm"], {}
    t = flow.state["turn"]
    if storm and t is not None:  # 5.22: rolled for once the Retreats are done
        for dest in sorted(storm):
            t["crossings"].append({"fleets": sorted(storm[dest]), "deep": 1, "cargo": {}})
        flow.goto("battle_storms", side=a["retreating"], won=attacker_won)
        return
    flow.end(attacker_won)


class StormArgs(TypedDict):
    side: Side    # the side whose fleets Retreated
    won: bool     # whether the attacker won the battle


class BattleStorms(Procedure[HState]):
    """5.22: the Storm rolls for the fleets of a Retreat, then the battle is over."""

    name = "battle_storms"

    def enter(self, flow: Flow[HState]) -> None:
        flow.call("storms", side=cast(StormArgs, flow.args)["side"])

    def resume(self, flow: Flow[HState], result: Any) -> None:
        flow.end(cast(StormArgs, flow.args)["won"])
