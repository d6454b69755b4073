"""Ares in battle (11.0): after each attack in a round, the attack may be done again, by
an Appeal to Ares (olympians.py) or, once an Appeal has stood, by the appellant's
privilege over the later attacks of that agility class this round. The battle as it stood
before the attack is kept (`snap`) so it can be put back."""

from __future__ import annotations

import json
from typing import Any, cast

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from .battle_args import (
    BattleArgs,
    Snapshot,
    attackers,
    battle_of,
    defenders,
    name,
    note,
    rate,
    side_of,
)
from .battle_facts import GARRISON
from .battle_losses import attack
from .olympians import open_appeal
from .state import BlockId, HState, other

SNAPPED = ("routed", "hurt", "half", "attacked")  # the BattleArgs an attack changes


def _copy(x: Any) -> Any:
    return json.loads(json.dumps(x))


def snapshot(s: HState, a: BattleArgs, u: BlockId) -> Snapshot:
    ids = [x for x in attackers(s, a) + defenders(s, a) if x != GARRISON]
    g = s["garrisons"].get(a.get("city") or "")
    return {"unit": u, "pos": a["pos"], "blocks": {x: dict(s["blocks"][x]) for x in ids},
            "garrison": dict(g) if g else None, "battle": _copy(s["battle"]),
            "a": {k: _copy(a[k]) for k in SNAPPED}}  # type: ignore[literal-required]


def restore(flow: Flow[HState]) -> BlockId:
    """The battle put back as it was before the snapshot's attack; that attack's unit."""
    s, a = flow.state, battle_of(flow)
    # a copy: what is restored must not stay the snapshot's own lists, or a snapshot
    # of the game (JSON) would part what live play keeps as one
    snap = cast(Snapshot, _copy(a["snap"]))
    for x, b in snap["blocks"].items():
        s["blocks"][x].update(b)  # type: ignore[typeddict-item]
    city = a.get("city")
    if city:
        if snap["garrison"] is None:
            s["garrisons"].pop(city, None)
        else:
            s["garrisons"][city] = snap["garrison"]  # type: ignore[assignment]
    s["battle"] = snap["battle"]
    a.update(snap["a"])  # type: ignore[typeddict-item]
    a["pos"] = snap["pos"]
    return snap["unit"]


def ares_window(flow: Flow[HState]) -> bool:
    """After an attack: the Ares privilege of this round's agility class, or an Appeal
    to Ares by either player. True when someone is asked."""
    s, a = flow.state, battle_of(flow)
    u = a["snap"]["unit"]
    side = side_of(s, a, u)
    grant = a.get("ares")
    if grant and (grant["round"], grant["side"], grant["class"]) == (
            a["round"], side, rate(s, a, u)[0]):
        flow.goto("battle_ares_again")
        return True
    return open_appeal(flow, "Ares", {"kind": "attack", "unit": u},
                       [other(side), other(other(side))])


def redo(flow: Flow[HState]) -> None:
    """The last attack undone and made again (11.0)."""
    s, a = flow.state, battle_of(flow)
    u = restore(flow)
    note(s, a, "ares", side_of(s, a, u), "11.0", unit=u)
    attack(flow, u, pursuit=False)
    a["pos"] += 1


class BattleAresAgain(Procedure[HState]):
    """11.0: the appellant's privilege: the last attack of the agility class its Appeal
    to Ares won stands, or is rolled again."""

    name = "battle_ares_again"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        a = battle_of(flow)
        u = a["snap"]["unit"]
        return [Prompt(a["ares"]["by"], f"Ares favours you: attack by {name(u)} done "
                       "again? (11.0)",
                       (Option("accept", "Let it stand", "11.0", data={"kind": "accept"}),
                        Option("again", "Roll that attack again", "11.0",
                               data={"kind": "again", "unit": u})),
                       rule="11.0", kind="appeal")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        if answer == "again":
            redo(flow)  # its losses may be asked (battle_loss called): then `resume`
        if not flow.moved:
            flow.goto("battle_fight")

    def resume(self, flow: Flow[HState], result: Any) -> None:
        flow.goto("battle_fight")
