"""An attack and the losses it inflicts (6.31-6.33, 8.1, 8.11, 7.3): cv dice, hits on the
strongest enemy blocks, then routs on the weakest. Where the owner must choose among
equal blocks (6.32) the `battle_loss` procedure asks, one hit or rout at a time; the
step that attacked goes on when it ends."""

from __future__ import annotations

from typing import TypedDict, cast

from engine import Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import battle_facts as BF
from .battle_args import BattleArgs, assault, battle_of, cv, enemy_of, rate, record, side_of
from .battle_args import attackers as attackers_now
from .battle_args import defenders as defenders_now
from .battle_facts import GARRISON
from .options import unit_option
from .state import BlockId, HState, Side, to_pool

HIT, ROUT = "hit", "rout"


class LossArgs(TypedDict):
    """The `battle_loss` frame: the losses of one attack still to place (6.32, 6.33)."""

    owner: Side        # whose blocks take them
    hits: int
    routs: int
    routed_too: bool   # routed blocks may take the hits (a pursuit or Harrying, 6.34)


def attack(flow: Flow[HState], u: BlockId, pursuit: bool) -> None:
    """6.31-6.33: `u` rolls its cv in dice; hits then routs against the enemy (a pursuit,
    hits only). Losses with a choice in them are asked (`battle_loss` called)."""
    s, a = flow.state, battle_of(flow)
    ag, power = rate(s, a, u)
    dice = flow.context.roll(cv(s, u))
    hits = sum(1 for d in dice if d <= power)
    routs = 0 if pursuit else sum(1 for d in dice if d >= 7 - power)
    a["attacked"].append(u)
    side = side_of(s, a, u)
    BF.attack(record(s, a), u, side, f"{ag}{power}", cv(s, u), dice, hits, routs, pursuit)
    loss: LossArgs = {"owner": enemy_of(a, side), "hits": hits, "routs": routs,
                      "routed_too": pursuit}
    if not forced(flow, loss):
        flow.call("battle_loss", **loss)


def targets(s: HState, a: BattleArgs, owner: Side, kind: str,
            routed_too: bool) -> list[BlockId]:
    """The blocks the next hit (the strongest) or rout (the weakest) may fall on."""
    ids = attackers_now(s, a) if owner == a["attacker"] else defenders_now(s, a)
    pool = [u for u in ids if routed_too or u not in a["routed"]]
    if assault(a) and owner == a["defender"]:
        if kind == ROUT:
            return []  # 8.1: City defenders cannot be routed
        half = [u for u in a["half"] if u in pool]
        if half:
            return half[:1]  # 8.11: a half-hit block takes the next hit
        if len(pool) > 1:
            pool = [u for u in pool if u != GARRISON]  # 7.3: the garrison dies last
    if not pool:
        return []
    cvs = [cv(s, u) for u in pool]
    want = max(cvs) if kind == HIT else min(cvs)
    return [u for u in pool if cv(s, u) == want]


def forced(flow: Flow[HState], loss: LossArgs) -> bool:
    """Place every loss with only one block to fall on; True when none is left, False
    when the owner must choose the next (`loss` counts what is left)."""
    s, a = flow.state, battle_of(flow)
    while loss["hits"] > 0 or loss["routs"] > 0:
        kind = HIT if loss["hits"] > 0 else ROUT
        t = targets(s, a, loss["owner"], kind, loss["routed_too"] and kind == HIT)
        if not t:
            loss["hits" if kind == HIT else "routs"] = 0
        elif len(t) > 1:
            return False  # the owner chooses among equals (6.32)
        else:
            take(flow, loss, t[0])
    return True


def take(flow: Flow[HState], loss: LossArgs, u: BlockId) -> None:
    """The next hit (or, the hits all placed, rout) of `loss` lands on `u`."""
    if loss["hits"] > 0:
        loss["hits"] -= 1
        hit(flow, u)
    else:
        loss["routs"] -= 1
        rout(flow, u)


def hit(flow: Flow[HState], u: BlockId) -> None:
    """6.32: one step off `u` (at 0 to its Recruit Pool); 8.11: with Double Defense a City
    defender's first hit is half a step; 7.3: the garrison is one step."""
    s, a = flow.state, battle_of(flow)
    a["hurt"][side_of(s, a, u)] = True
    rec = record(s, a)
    if a.get("double") and side_of(s, a, u) == a["defender"]:
        if u not in a["half"]:
            a["half"].append(u)  # 8.11: the first hit is half a step
            BF.struck(rec, u, cv(s, u), cv(s, u))
            return
        a["half"].remove(u)
    if u == GARRISON:
        BF.struck(rec, u, 1, 0)
        del s["garrisons"][a["city"]]
        return
    x = s["blocks"][u]
    a["hurt"][x["side"]] = True
    BF.struck(rec, u, x["cv"], x["cv"] - 1)
    x["cv"] -= 1
    if x["cv"] <= 0:
        to_pool(x)  # 6.32: eliminated to its Recruit Pool
        if u in a["routed"]:
            a["routed"].remove(u)


def rout(flow: Flow[HState], u: BlockId) -> None:
    """6.33: `u` is routed: it fights no more this battle unless the battle goes on."""
    s, a = flow.state, battle_of(flow)
    a["hurt"][s["blocks"][u]["side"]] = True
    BF.struck(record(s, a), u, cv(s, u), cv(s, u), rout=True)
    a["routed"].append(u)


class BattleLoss(Procedure[HState]):
    """6.32, 6.33: the owner picks which of equal blocks takes the next hit or rout."""

    name = "battle_loss"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a, p = flow.state, battle_of(flow), cast(LossArgs, flow.args)
        kind = HIT if p["hits"] > 0 else ROUT
        rule = "6.32" if kind == HIT else "6.33"
        t = targets(s, a, p["owner"], kind, p["routed_too"] and kind == HIT)
        opts = tuple(unit_option(s, u, rule, loss=kind) for u in t)
        text = ("the next hit goes to your strongest block: which one?" if kind == HIT
                else "the next rout goes to your weakest block: which one?")
        return [Prompt(p["owner"], f"{text} (6.32, 6.33)", opts, rule=rule,
                       kind="battle-loss")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        loss = cast(LossArgs, flow.args)
        take(flow, loss, str(answer))
        if forced(flow, loss):
            flow.end(None)
