"""The rounds of a battle (6.2-6.34): each round every unit attacks in agility order,
defenders first among equals; at a side's first attack of a round it may Retreat (6.4);
a side all routed Panics, a side with no units left has lost. After each attack Ares may
have it done again (11.0, battle_ares.py)."""

from __future__ import annotations

from typing import Any, TypedDict, cast

from engine import Option, Prompt
from engine.core import decisions
from engine.core.battle_record import open_round
from engine.core.procedures import Flow, Procedure

from . import board as B
from .battle_ares import ares_window, redo, snapshot
from .battle_args import (
    AGILITY,
    AresGrant,
    BattleArgs,
    assault,
    attackers,
    battle_of,
    defenders,
    present,
    rate,
    record,
    side_of,
    units_of,
)
from .battle_end import settle
from .battle_facts import GARRISON
from .battle_losses import attack
from .battle_retreat import harbour
from .cargo import is_fleet
from .state import HState, Side, other


def new_round(s: HState, a: BattleArgs) -> None:
    """6.2: the order of attack, by agility, defenders first among equals."""
    units = [(u, a["defender"]) for u in defenders(s, a)] + \
            [(u, a["attacker"]) for u in attackers(s, a)]

    def key(item: tuple[str, str]) -> tuple[int, int, str]:
        u, side = item
        ag, _ = rate(s, a, u)
        return AGILITY.index(ag), 0 if side == a["defender"] else 1, u
    a["order"] = [u for u, _ in sorted(units, key=key)]
    open_round(record(s, a), a["round"])
    a["pos"], a["asked"], a["attacked"], a["half"] = 0, [], [], []  # 8.11: halves lapse
    if assault(a) and not any(harbour(s, a, u) for u in defenders(s, a)
                              if u != GARRISON and is_fleet(u)):
        a["asked"].append(a["defender"])  # besieged land units cannot retreat (6.4)


class BattleFight(Procedure[HState]):
    """Attack after attack until a side must decide something or the battle ends."""

    name = "battle_fight"

    def enter(self, flow: Flow[HState]) -> None:
        s, a = flow.state, battle_of(flow)
        while not flow.moved:
            if a["ares_due"]:
                a["ares_due"] = False
                if ares_window(flow):
                    return
            if decided(flow):
                return
            if a["pos"] >= len(a["order"]):
                if a.get("treachery") and a["round"] == 1:
                    # Treachery: not taken in one round, the assaulters must retreat (sidebar)
                    flow.goto("battle_harry", side=a["attacker"], panic=False)
                    return
                a["round"] += 1
                a["skip"] = []
                new_round(s, a)
                continue
            u = a["order"][a["pos"]]
            side = side_of(s, a, u)
            if not present(s, a, u) or u in a["routed"] or u in a["skip"]:
                a["pos"] += 1
                continue
            if side not in a["asked"]:
                flow.goto("battle_retreat_ask", side=side)
                return  # 6.4: at a side's first attack of the round it may Retreat
            a["snap"] = snapshot(s, a, u)  # 11.0 Ares: the attack may be redone
            a["ares_due"] = True
            attack(flow, u, pursuit=False)
            a["pos"] += 1

    def resume(self, flow: Flow[HState], result: Any) -> None:
        """Back from the losses of an attack (None), or from an Appeal to Ares (11.0): it
        stood (the appellant's seat): the attack again, and the appellant may redo the
        later attacks of that side's agility class this round."""
        s, a = flow.state, battle_of(flow)
        if result:
            u = a["snap"]["unit"]
            grant: AresGrant = {"by": cast(Side, result), "round": a["round"],
                                "side": side_of(s, a, u), "class": rate(s, a, u)[0]}
            a["ares"] = grant
            redo(flow)
            if flow.moved:
                return
        self.enter(flow)


def decided(flow: Flow[HState]) -> bool:
    """6.34: a side all routed Panics; a side with no units left has lost."""
    s, a = flow.state, battle_of(flow)
    for side in (a["attacker"], a["defender"]):
        units = units_of(s, a, side)
        if not units:
            settle(flow, winner=other(side), reason="eliminated")
            return True
        if all(u in a["routed"] for u in units):
            flow.goto("battle_panic", side=side)
            return True
    return False


class AskArgs(TypedDict):
    side: Side


class BattleRetreatAsk(Procedure[HState]):
    """6.4: at its first attack of a round a side may Retreat instead of fighting on."""

    name = "battle_retreat_ask"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        a, side = battle_of(flow), cast(AskArgs, flow.args)["side"]
        hurt = a["hurt"][side]
        cost = ("the enemy gains 1 Prestige" if hurt or a["sea"]
                else "a Retire: no Prestige lost (14.11)")
        leave = Option("retreat", "Retreat all units", "6.4", data={"kind": "retreat"})
        if assault(a) and side == a["defender"]:
            cost = "units that cannot leave fight on"
            leave = Option("retreat", "Retreat the fleets into the Offshore Sea", "8.12",
                           data={"kind": "retreat", "fleets_only": True})
        return [Prompt(side, f"Battle at {B.comps().areas[a['area']].name}, round "
                       f"{a['round']}: fight on or Retreat? ({cost}) (6.4)",
                       (Option("fight", "Fight on", "6.2", data={"kind": "fight"}), leave),
                       rule="6.4", kind="retreat-or-fight")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        a, side = battle_of(flow), cast(AskArgs, flow.args)["side"]
        a["asked"].append(side)
        if answer == "retreat":
            flow.goto("battle_harry", side=side, panic=False)
        else:
            flow.goto("battle_fight")
