"""Battles (6.0-6.6, 7.1): Fortify, rounds in agility order, hits and routs, Retreats and
Retires, Panic and Pursuit, cavalry Harrying, sea battles, Narrows and Sea Landings,
Formation non-coordination (5.41) and the Prestige they earn (14.11).

`battle` is the procedure one battle runs in: its frame's arguments (`BattleArgs`,
battle_args.py) hold the battle's progress, and each sub-step is a procedure called
above it on the kernel stack, handing on to the next with `goto`:

    battle_order (5.41) -> battle_fortify (7.1) -> battle_fight (6.2-6.33)
      <-> battle_retreat_ask (6.4), battle_ares_again (11.0), battle_loss (called, 6.32)
      -> battle_panic (6.34) -> battle_harry (6.41) -> battle_retreat (6.4)
      -> the end (battle_end.py; battle_storms, 5.22) -> back to `battle`: the next
      Formation fights the survivors, or the battle is over (5.41).

`s["battle"]` is the public record both players see, the kernel's `BattleRecord`
(battle_facts.py): blocks are revealed once the battle begins (6.1).
"""

from __future__ import annotations

from typing import Any, cast

from engine import Option, Prompt
from engine.core import decisions
from engine.core.battle_record import open_round
from engine.core.procedures import Flow, Procedure

from . import board as B
from .battle_ares import BattleAresAgain
from .battle_args import (
    BattleArgs,
    attackers,
    battle_of,
    begun,
    defenders,
    is_sea,
    note,
    present,
    record,
)
from .battle_end import NO_FIGHT, BattleStorms, finish, settle
from .battle_fight import BattleFight, BattleRetreatAsk, new_round
from .battle_losses import BattleLoss
from .battle_panic import BattleHarry, BattlePanic
from .battle_retreat import BattleRetreat
from .options import unit_option
from .siege import establish, may_shelter
from .state import BlockId, HState


class Battle(Procedure[HState]):
    """One battle in `area` between the acting side's Formations and the defenders."""

    name = "battle"

    def enter(self, flow: Flow[HState]) -> None:
        s, a = flow.state, cast(BattleArgs, flow.args)
        a["fi"] = a.get("fi", 0)
        begun(a, is_sea(a["area"]))
        # 5.41: with several Formations waiting, the owner picks the one that fights
        flow.call("battle_order" if len(waiting(s, a)) > 1 else "battle_fortify")

    def resume(self, flow: Flow[HState], result: Any) -> None:
        """5.41: after a lost battle the next Formation fights the survivors (routed
        defenders recover); after a win the rest join it."""
        a, attacker_won = cast(BattleArgs, flow.args), bool(result)
        if not attacker_won and a["fi"] + 1 < len(a["formations"]):
            flow.goto("battle", area=a["area"], attacker=a["attacker"],
                      defender=a["defender"], formations=a["formations"], fi=a["fi"] + 1)
            return
        flow.end(attacker_won)


def waiting(s: HState, a: BattleArgs) -> list[int]:
    """The Formations still to fight (5.41), by their place in the list."""
    return [i for i in range(a["fi"], len(a["formations"]))
            if any(present(s, a, u) for u in a["formations"][i]["units"])]


class BattleOrder(Procedure[HState]):
    """5.41: the attacker picks which Formation fights the defenders first."""

    name = "battle_order"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, battle_of(flow)
        names = B.comps().areas
        opts = []
        for i in waiting(s, a):
            f = a["formations"][i]
            units = [u for u in f["units"] if present(s, a, u)]
            what = ", ".join(f"{B.spec(u).name} ({s['blocks'][u]['cv']} cv)" for u in units)
            opts.append(Option(f"formation:{i}", f"from {names[f['via']].name}: {what}",
                               "5.41", data={"kind": "formation", "from": f["via"],
                                             "units": units}))
        return [Prompt(a["attacker"], f"Battle at {names[a['area']].name}: which Formation "
                       "fights the defenders first? (5.41)", tuple(opts), rule="5.41",
                       kind="formation-order")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        a = battle_of(flow)
        f = a["formations"].pop(int(str(answer).split(":")[1]))
        a["formations"].insert(a["fi"], f)
        flow.goto("battle_fortify")


def fortify_choices(s: HState, a: BattleArgs) -> list[BlockId]:
    """7.1: in a new battle in a CityState the defender holds (`may_shelter`: from
    generation 1 a captured Opposing City too), units may fortify."""
    city = B.city_of(a["area"])
    if city is None or a["fi"] > 0 or not may_shelter(s, city, a["defender"]) \
            or a.get("mode"):
        return []
    if room(s, a) <= 0:
        return []
    return [u for u in defenders(s, a)
            if B.spec(u).type != "fleet" or city.port]  # fleets only in Ports


def room(s: HState, a: BattleArgs) -> int:
    city = B.city_of(a["area"])
    assert city is not None
    return B.capacity(s, city) - len(B.units_in(s, a["area"], a["defender"], inside=True))


class BattleFortify(Procedure[HState]):
    """7.1: the defenders may fortify inside their City instead of fighting; then the
    battle begins."""

    name = "battle_fortify"

    def enter(self, flow: Flow[HState]) -> None:
        s, a = flow.state, battle_of(flow)
        if not attackers(s, a) or not fortify_choices(s, a):
            begin(flow)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, battle_of(flow)
        choices = [unit_option(s, u, "7.1") for u in fortify_choices(s, a)]
        city = B.city_of(a["area"])
        assert city is not None
        up_to = room(s, a)
        return [decisions.pick(a["defender"], f"{a['attacker'].title()} engages you at "
                               f"{city.name}: fortify units inside the City instead of "
                               f"fighting? (up to {up_to}; all fortified: no battle, a "
                               "siege) (7.1)", choices, 0, min(up_to, len(choices)),
                               rule="7.1", kind="fortify")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, battle_of(flow)
        assert isinstance(answer, tuple)
        for u in answer:
            s["blocks"][u]["inside"] = True
        if answer:
            open_round(record(s, a), 0)  # before the first round
            note(s, a, "fortify", a["defender"], "7.1", count=len(answer))
        city = B.city_of(a["area"])
        assert city is not None
        if not defenders(s, a):
            establish(s, city, a["attacker"])  # 7.1/7.2: all fortified, no battle
            text = f"{a['defender'].title()} fortifies in {city.name}: a siege (7.2)"
            flow.context.event("siege", text, city=city.name)
            s["battle"] = None
            finish(flow, attacker_won=True)
            return
        begin(flow)


def begin(flow: Flow[HState]) -> None:
    """6.1: the blocks are revealed and the first round begins (or, one side having no
    units here, the battle is over before it began)."""
    s, a = flow.state, battle_of(flow)
    att, dfn = attackers(s, a), defenders(s, a)
    if not att or not dfn:
        settle(flow, winner=a["attacker"] if att else a["defender"], reason=NO_FIGHT)
        return
    flow.context.reveal()  # 6.1: the blocks are revealed
    a["sea"] = is_sea(a["area"])
    f = a["formations"][a["fi"]]
    if f["from_sea"]:
        if a["sea"]:
            narrows = B.comps().is_narrows(f["via"], a["area"])
            a["skip"] = att if narrows else []  # 6.5 Narrows
        else:
            a["skip"] = att  # 6.6 Sea Landing: no attack in the first round
    record(s, a)
    new_round(s, a)
    flow.goto("battle_fight")


def procedures() -> list[Procedure[HState]]:
    """The battle and its steps, for the ruleset's machine."""
    return [Battle(), BattleOrder(), BattleFortify(), BattleFight(), BattleRetreatAsk(),
            BattleAresAgain(), BattleLoss(), BattlePanic(), BattleHarry(), BattleRetreat(),
            BattleStorms()]
