"""Battles (6.0-6.6, 7.1): Fortify, rounds in agility order, hits and routs, Retreats and
Retires, Panic and Pursuit, cavalry Harrying, sea battles, Narrows and Sea Landings,
Formation non-coordination (5.41) and the Prestige they earn (14.11).

`battle` is one procedure whose arguments hold the battle's progress (JSON), so a game
saved mid-battle continues. `s["battle"]` is the public record both players see, the
kernel's `BattleRecord` (battle_facts.py): blocks are revealed once the battle begins (6.1).
"""

from __future__ import annotations

import json
from typing import Any

from engine import Option, Prompt
from engine.core import decisions
from engine.core.battle_record import BattleRecord, close, open_round
from engine.core.procedures import Flow, Procedure
from engine.core.view import BATTLE_END

from . import battle_facts as BF
from . import battle_words as BW
from . import board as B
from .battle_facts import GARRISON
from .cargo import aboard, is_fleet
from .movement import fleet_steps
from .olympians import open_appeal
from .options import unit_option
from .siege import establish, refresh
from .state import HState, add_prestige, other, to_pool

AGILITY = "ABCDEF"


def is_sea(area: str) -> bool:
    return B.comps().areas[area].kind == "sea"


def rating(s: HState, bid: str, sea: bool) -> tuple[str, int]:
    """2.14/6.5: the land rating, or at sea the fleet's sea rating."""
    b = B.spec(bid)
    if sea:
        assert b.sea_agility is not None and b.sea_power is not None
        return b.sea_agility, b.sea_power
    return b.agility, b.power


def assault(a: dict[str, Any]) -> bool:
    return a.get("mode") == "assault"


def cv(s: HState, u: str) -> int:
    return 1 if u == GARRISON else s["blocks"][u]["cv"]


def side_of(s: HState, a: dict[str, Any], u: str) -> str:
    return a["defender"] if u == GARRISON else s["blocks"][u]["side"]


def name(u: str) -> str:
    return "the City garrison" if u == GARRISON else B.spec(u).name


def present(s: HState, a: dict[str, Any], u: str) -> bool:
    """Still in the fight: City defenders fight from inside in an Assault (8.1)."""
    if u == GARRISON:
        return a.get("city") in s["garrisons"]
    x = s["blocks"][u]
    inside = assault(a) and x["side"] == a["defender"]
    return x["loc"] == a["area"] and x["inside"] == inside


def rate(s: HState, a: dict[str, Any], u: str) -> tuple[str, int]:
    """City defenders assume A2 in an Assault (8.1)."""
    if assault(a) and side_of(s, a, u) == a["defender"]:
        return "A", 2
    return rating(s, u, a.get("sea", False))


class Battle(Procedure[HState]):
    """One battle in `area` between the acting side's Formations and the defenders."""

    name = "battle"

    # ----------------------------------------------------------- setting up
    def enter(self, flow: Flow[HState]) -> None:
        a = flow.args
        if a.get("stage", "start") == "start":
            a.update(stage="fortify", fi=a.get("fi", 0), round=1, pos=0, order=[], asked=[],
                     routed=[],
                     hurt={"athens": False, "sparta": False}, pending=None, queue=[],
                     retreating=None, panic=False, skip=[], harried=False, chasers=[],
                     harriers=[], attacked=[], sea=is_sea(a["area"]))
            if len(self._waiting(flow)) > 1:
                a["stage"] = "order"  # 5.41: the owner picks the Formation that fights
                return
        self._ready(flow)

    def _ready(self, flow: Flow[HState]) -> None:
        """The Formation is chosen: the defenders may fortify (7.1), then the fight."""
        if flow.args["stage"] == "fortify" and (not self._attackers(flow)
                                                 or not self._fortify_choices(flow)):
            self._begin(flow)

    def _waiting(self, flow: Flow[HState]) -> list[int]:
        """The Formations still to fight (5.41), by their place in the list."""
        s, a = flow.state, flow.args
        return [i for i in range(a["fi"], len(a["formations"]))
                if any(present(s, a, u) for u in a["formations"][i]["units"])]

    def _order_prompt(self, flow: Flow[HState]) -> Prompt:
        s, a = flow.state, flow.args
        names = B.comps().areas
        opts = []
        for i in self._waiting(flow):
            f = a["formations"][i]
            units = [u for u in f["units"] if present(s, a, u)]
            what = ", ".join(f"{B.spec(u).name} ({s['blocks'][u]['cv']} cv)" for u in units)
            opts.append(Option(f"formation:{i}", f"from {names[f['via']].name}: {what}",
                               "5.41", data={"kind": "formation", "from": f["via"],
                                             "units": units}))
        return Prompt(a["attacker"], f"Battle at {names[a['area']].name}: which Formation "
                      "fights the defenders first? (5.41)", tuple(opts), rule="5.41",
                      kind="formation-order")

    def _defenders(self, flow: Flow[HState]) -> list[str]:
        s, a = flow.state, flow.args
        if assault(a):
            units = sorted(B.units_in(s, a["area"], a["defender"], inside=True))
            return units + ([GARRISON] if a["city"] in s["garrisons"] else [])
        units = B.units_in(s, a["area"], a["defender"], inside=False)
        if is_sea(a["area"]) or a.get("sea_fight"):
            units = [u for u in units if B.spec(u).type == "fleet"]
        return sorted(units)

    def _fortify_choices(self, flow: Flow[HState]) -> list[str]:
        """7.1: in a new battle in a CityState the defender controls, units may fortify."""
        s, a = flow.state, flow.args
        city = B.city_of(a["area"])
        if city is None or a["fi"] > 0 or B.city_control(s, city) != a["defender"] \
                or a.get("mode"):
            return []
        room = B.capacity(s, city) - len(B.units_in(s, a["area"], a["defender"], inside=True))
        if room <= 0:
            return []
        return [u for u in self._defenders(flow)
                if B.spec(u).type != "fleet" or city.port]  # fleets only in Ports

    def _attackers(self, flow: Flow[HState]) -> list[str]:
        s, a = flow.state, flow.args
        units = [u for u in a["formations"][a["fi"]]["units"] if present(s, a, u)]
        if is_sea(a["area"]):  # 6.5: carried land units neither attack nor take losses
            units = [u for u in units if is_fleet(u)]
        return units

    def _begin(self, flow: Flow[HState]) -> None:
        a = flow.args
        att, dfn = self._attackers(flow), self._defenders(flow)
        if not att or not dfn:
            self._settle(flow, winner=a["attacker"] if att else a["defender"], reason="no fight")
            return
        flow.context.reveal()  # 6.1: the blocks are revealed
        a["stage"] = "fight"
        a["sea"] = is_sea(a["area"])
        f = a["formations"][a["fi"]]
        if f["from_sea"]:
            if a["sea"]:
                narrows = B.comps().is_narrows(f["via"], a["area"])
                a["skip"] = att if narrows else []  # 6.5 Narrows
            else:
                a["skip"] = att  # 6.6 Sea Landing: no attack in the first round
        self._record(flow)
        self._new_round(flow)
        self._run(flow)

    # ----------------------------------------------------------- the record
    def _record(self, flow: Flow[HState]) -> BattleRecord:
        """The battle's record, its forces joined by the units fighting now (6.1)."""
        s, a = flow.state, flow.args
        rec = s["battle"]
        if rec is None:
            kind = a.get("mode") or ("naval" if is_sea(a["area"]) else "field")
            rec = s["battle"] = BF.started(a["area"], kind, a["attacker"], a["defender"],
                                           a.get("sea", False))
        for side, ids in ((a["attacker"], self._attackers(flow)),
                          (a["defender"], self._defenders(flow))):
            for u in ids:
                ag, pw = rate(s, a, u)
                BF.join(rec, [BF.piece(u, side, cv(s, u), f"{ag}{pw}")])
        return rec

    def _note(self, flow: Flow[HState], kind: str, side: str, rule: str,
              count: int | None = None, unit: str | None = None,
              to: str | None = None) -> None:
        BF.note(self._record(flow), kind, side, rule, count, unit, to)

    # ----------------------------------------------------------- rounds (6.2)
    def _new_round(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        units = [(u, a["defender"]) for u in self._defenders(flow)] + \
                [(u, a["attacker"]) for u in self._attackers(flow)]

        def key(item: tuple[str, str]) -> tuple[int, int, str]:
            u, side = item
            ag, _ = rate(s, a, u)
            return AGILITY.index(ag), 0 if side == a["defender"] else 1, u
        a["order"] = [u for u, _ in sorted(units, key=key)]
        open_round(self._record(flow), a["round"])
        a["pos"], a["asked"], a["attacked"], a["half"] = 0, [], [], []  # 8.11: halves lapse
        if assault(a) and not any(self._harbour(flow, u) for u in self._defenders(flow)
                                  if u != GARRISON and is_fleet(u)):
            a["asked"].append(a["defender"])  # besieged land units cannot retreat (6.4)

    def _run(self, flow: Flow[HState]) -> None:
        """Attack after attack until a decision is needed or the battle ends."""
        s, a = flow.state, flow.args
        while a["stage"] == "fight" and a["pending"] is None:
            if a.get("ares_due"):
                a["ares_due"] = False
                if self._ares_window(flow):
                    return
            if self._decided(flow):
                return
            if a["pos"] >= len(a["order"]):
                if a.get("treachery") and a["round"] == 1:
                    # Treachery: not taken in one round, the assaulters must retreat (sidebar)
                    self._declare_retreat(flow, a["attacker"], panic=False)
                    return
                a["round"] += 1
                a["skip"] = []
                self._new_round(flow)
                continue
            u = a["order"][a["pos"]]
            side = side_of(s, a, u)
            if not present(s, a, u) or u in a["routed"] or u in a["skip"]:
                a["pos"] += 1
                continue
            if side not in a["asked"]:
                a["pending"] = {"kind": "retreat?", "owner": side}
                return  # 6.4: at a side's first attack of the round it may Retreat
            a["snap"] = self._snapshot(flow, u)  # 11.0 Ares: the attack may be redone
            a["ares_due"] = True
            self._attack(flow, u, pursuit=False)
            a["pos"] += 1

    # ----------------------------------------------------------- Ares (11.0)
    def _snapshot(self, flow: Flow[HState], u: str) -> dict[str, Any]:
        s, a = flow.state, flow.args
        ids = [x for x in self._attackers(flow) + self._defenders(flow) if x != GARRISON]
        g = s["garrisons"].get(a.get("city") or "")
        return {"unit": u, "pos": a["pos"], "blocks": {x: dict(s["blocks"][x]) for x in ids},
                "garrison": dict(g) if g else None, "battle": json.loads(json.dumps(s["battle"])),
                "a": {k: json.loads(json.dumps(a[k])) for k in
                      ("routed", "hurt", "half", "attacked")}}

    def _restore(self, flow: Flow[HState]) -> str:
        s, a = flow.state, flow.args
        # a copy: what is restored must not stay the snapshot's own lists, or a snapshot
        # of the game (JSON) would part what live play keeps as one
        snap = json.loads(json.dumps(a["snap"]))
        for x, b in snap["blocks"].items():
            s["blocks"][x].update(b)
        city = a.get("city")
        if city:
            if snap["garrison"] is None:
                s["garrisons"].pop(city, None)
            else:
                s["garrisons"][city] = snap["garrison"]
        s["battle"] = snap["battle"]
        a.update(snap["a"])
        a["pos"] = snap["pos"]
        return str(snap["unit"])

    def _ares_window(self, flow: Flow[HState]) -> bool:
        """After an attack: the Ares privilege of this round's agility class, or an Appeal
        to Ares by either player."""
        s, a = flow.state, flow.args
        u = a["snap"]["unit"]
        side = side_of(s, a, u)
        grant = a.get("ares")
        if grant and (grant["round"], grant["side"], grant["class"]) == (
                a["round"], side, rate(s, a, u)[0]):
            a["pending"] = {"kind": "ares-again", "owner": grant["by"]}
            return True
        return open_appeal(flow, "Ares", {"kind": "attack", "unit": u},
                           [other(side), other(other(side))])

    def _redo(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        u = self._restore(flow)
        self._note(flow, "ares", side_of(s, a, u), "11.0", unit=u)
        self._attack(flow, u, pursuit=False)
        a["pos"] += 1
        if a["pending"] is None:
            self._run(flow)

    def resume(self, flow: Flow[HState], result: object) -> None:
        """Back from an Appeal to Ares (11.0): the attack again, and the appellant may redo
        the later attacks of that side's agility class this round."""
        s, a = flow.state, flow.args
        if a["stage"] == "storms":  # back from the Storm rolls of a Retreat (5.22)
            self._next_formation_or_end(flow, a["won"])
            return
        if result:
            u = a["snap"]["unit"]
            a["ares"] = {"by": str(result), "round": a["round"], "side": side_of(s, a, u),
                         "class": rate(s, a, u)[0]}
            self._redo(flow)
            return
        self._run(flow)

    def _attack(self, flow: Flow[HState], u: str, pursuit: bool) -> None:
        """6.31-6.33: cv dice; hits then routs against the enemy."""
        s, a = flow.state, flow.args
        ag, power = rate(s, a, u)
        dice = flow.context.roll(cv(s, u))
        hits = sum(1 for d in dice if d <= power)
        routs = 0 if pursuit else sum(1 for d in dice if d >= 7 - power)
        a["attacked"].append(u)
        side = side_of(s, a, u)
        BF.attack(self._record(flow), u, side, f"{ag}{power}", cv(s, u), dice, hits, routs,
                  pursuit)
        self._losses(flow, other(side), hits, routs, pursuit)

    # ----------------------------------------------------------- losses
    def _targets(self, flow: Flow[HState], owner: str, kind: str, routed_too: bool) -> list[str]:
        s, a = flow.state, flow.args
        ids = self._attackers(flow) if owner == a["attacker"] else self._defenders(flow)
        pool = [u for u in ids if routed_too or u not in a["routed"]]
        if assault(a) and owner == a["defender"]:
            if kind == "rout":
                return []  # 8.1: City defenders cannot be routed
            half = [u for u in a.get("half", []) if u in pool]
            if half:
                return half[:1]  # 8.11: a half-hit block takes the next hit
            if len(pool) > 1:
                pool = [u for u in pool if u != GARRISON]  # 7.3: the garrison dies last
        if not pool:
            return []
        cvs = [cv(s, u) for u in pool]
        want = max(cvs) if kind == "hit" else min(cvs)
        return [u for u in pool if cv(s, u) == want]

    def _losses(self, flow: Flow[HState], owner: str, hits: int, routs: int,
                routed_too: bool) -> None:
        a = flow.args
        a["pending"] = {"kind": "hit", "owner": owner, "hits": hits, "routs": routs,
                        "routed_too": routed_too}
        self._apply_forced(flow)

    def _apply_forced(self, flow: Flow[HState]) -> None:
        a = flow.args
        p = a["pending"]
        while p is not None and p["kind"] in ("hit",):
            if p["hits"] > 0:
                t = self._targets(flow, p["owner"], "hit", p["routed_too"])
                if not t:
                    p["hits"] = 0
                elif len(t) > 1:
                    return  # the owner chooses among equals (6.32)
                else:
                    self._hit(flow, t[0])
                continue
            if p["routs"] > 0:
                t = self._targets(flow, p["owner"], "rout", False)
                if not t:
                    p["routs"] = 0
                elif len(t) > 1:
                    return
                else:
                    self._rout(flow, t[0])
                continue
            a["pending"] = None
            p = None

    def _hit(self, flow: Flow[HState], u: str) -> None:
        s, a = flow.state, flow.args
        a["pending"]["hits"] -= 1
        a["hurt"][side_of(s, a, u)] = True
        rec = self._record(flow)
        if a.get("double") and side_of(s, a, u) == a["defender"]:
            half = a.setdefault("half", [])
            if u not in half:
                half.append(u)  # 8.11: the first hit is half a step
                BF.struck(rec, u, cv(s, u), cv(s, u))
                return
            half.remove(u)
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

    def _rout(self, flow: Flow[HState], u: str) -> None:
        s, a = flow.state, flow.args
        a["pending"]["routs"] -= 1
        a["hurt"][s["blocks"][u]["side"]] = True
        BF.struck(self._record(flow), u, cv(s, u), cv(s, u), rout=True)
        a["routed"].append(u)

    # ----------------------------------------------------------- decisions
    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        if a["stage"] == "order":
            return [self._order_prompt(flow)]
        if a["stage"] == "fortify":
            choices = [unit_option(s, u, "7.1") for u in self._fortify_choices(flow)]
            city = B.city_of(a["area"])
            assert city is not None
            room = B.capacity(s, city) - len(B.units_in(s, a["area"], a["defender"], inside=True))
            return [decisions.pick(a["defender"], f"{a['attacker'].title()} engages you at "
                                   f"{city.name}: fortify units inside the City instead of "
                                   f"fighting? (up to {room}; all fortified: no battle, a "
                                   "siege) (7.1)", choices, 0, min(room, len(choices)),
                                   rule="7.1",
                                   kind="fortify")]
        if a["stage"] == "retreat":
            u = a["queue"][0]
            label = {"city": "Into the City, fortified (7.1)",
                     "stay": "Stay and fight on (6.4)"}
            opts = tuple(Option(d, label.get(d) or B.comps().areas[d].name, "6.4",
                                data={"kind": "retreat", "unit": u, "to": d})
                         for d in self._retreats(flow, u))
            return [Prompt(a["retreating"], f"Retreat: where does {B.spec(u).name} go? (6.4)",
                           opts, rule="6.4", kind="retreat")]
        p = a["pending"]
        if p["kind"] == "ares-again":
            return [Prompt(p["owner"], f"Ares favours you: attack by "
                           f"{name(a['snap']['unit'])} done again? (11.0)",
                           (Option("accept", "Let it stand", "11.0", data={"kind": "accept"}),
                            Option("again", "Roll that attack again", "11.0",
                                   data={"kind": "again", "unit": a["snap"]["unit"]})),
                           rule="11.0",
                           kind="appeal")]
        if p["kind"] == "retreat?":
            hurt = a["hurt"][p["owner"]]
            cost = ("the enemy gains 1 Prestige" if hurt or a["sea"]
                    else "a Retire: no Prestige lost (14.11)")
            leave = Option("retreat", "Retreat all units", "6.4", data={"kind": "retreat"})
            if assault(a) and p["owner"] == a["defender"]:
                cost = "units that cannot leave fight on"
                leave = Option("retreat", "Retreat the fleets into the Offshore Sea", "8.12",
                               data={"kind": "retreat", "fleets_only": True})
            return [Prompt(p["owner"], f"Battle at {B.comps().areas[a['area']].name}, round "
                           f"{a['round']}: fight on or Retreat? ({cost}) (6.4)",
                           (Option("fight", "Fight on", "6.2", data={"kind": "fight"}), leave),
                           rule="6.4",
                           kind="retreat-or-fight")]
        kind = "hit" if p["hits"] > 0 else "rout"
        t = self._targets(flow, p["owner"], kind, p["routed_too"] and kind == "hit")
        opts = tuple(unit_option(s, u, "6.32" if kind == "hit" else "6.33", loss=kind)
                     for u in t)
        text = ("the next hit goes to your strongest block: which one?" if kind == "hit"
                else "the next rout goes to your weakest block: which one?")
        return [Prompt(p["owner"], f"{text} (6.32, 6.33)", opts,
                       rule="6.32" if kind == "hit" else "6.33", kind="battle-loss")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        if a["stage"] == "order":  # 5.41: the chosen Formation fights next
            f = a["formations"].pop(int(str(answer).split(":")[1]))
            a["formations"].insert(a["fi"], f)
            a["stage"] = "fortify"
            self._ready(flow)
            return
        if a["stage"] == "fortify":
            assert isinstance(answer, tuple)
            for u in answer:
                s["blocks"][u]["inside"] = True
            if answer:
                open_round(self._record(flow), 0)  # before the first round
                self._note(flow, "fortify", a["defender"], "7.1", count=len(answer))
            city = B.city_of(a["area"])
            assert city is not None
            if not self._defenders(flow):
                establish(s, city, a["attacker"])  # 7.1/7.2: all fortified, no battle
                text = f"{a['defender'].title()} fortifies in {city.name}: a siege (7.2)"
                flow.context.event("siege", text, city=city.name)
                s["battle"] = None
                self._next_formation_or_end(flow, attacker_won=True)
                return
            self._begin(flow)
            return
        if a["stage"] == "retreat":
            self._retreat_one(flow, a["queue"].pop(0), str(answer))
            self._advance_retreat(flow)
            return
        p = a["pending"]
        if p["kind"] == "ares-again":
            a["pending"] = None
            if answer == "again":
                self._redo(flow)
            else:
                self._run(flow)
            return
        if p["kind"] == "retreat?":
            a["asked"].append(p["owner"])
            a["pending"] = None
            if answer == "retreat":
                self._declare_retreat(flow, p["owner"], panic=False)
                return
        elif p["hits"] > 0:
            self._hit(flow, str(answer))
            self._apply_forced(flow)
        else:
            self._rout(flow, str(answer))
            self._apply_forced(flow)
        if a["pending"] is not None:
            return
        if a["stage"] == "panic":
            self._continue_panic(flow)
        elif a["stage"] == "harry":
            self._harry(flow)
        else:
            self._run(flow)

    # ----------------------------------------------------------- end of battle
    def _decided(self, flow: Flow[HState]) -> bool:
        """6.34: a side all routed Panics; a side with no units left has lost."""
        a = flow.args
        for side, units in ((a["attacker"], self._attackers(flow)),
                            (a["defender"], self._defenders(flow))):
            if not units:
                self._settle(flow, winner=other(side), reason="eliminated")
                return True
            if all(u in a["routed"] for u in units):
                self._panic(flow, side)
                return True
        return False

    def _panic(self, flow: Flow[HState], side: str) -> None:
        """6.34: the victor's unrouted units more agile than the Rearguard that have not
        attacked this round pursue (hits only); then the panicked side retreats."""
        s, a = flow.state, flow.args
        a["stage"], a["panic"] = "panic", True
        losers = self._attackers(flow) if side == a["attacker"] else self._defenders(flow)
        rear = max(AGILITY.index(rate(s, a, u)[0]) for u in losers)
        winners = self._defenders(flow) if side == a["attacker"] else self._attackers(flow)
        a["chasers"] = [u for u in a["order"] if u in winners and u not in a["routed"]
                        and u not in a["attacked"]
                        and AGILITY.index(rate(s, a, u)[0]) < rear]
        a["retreating"] = side
        self._note(flow, "panic", side, "6.34")
        self._continue_panic(flow)

    def _continue_panic(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        while a["chasers"] and a["pending"] is None:
            u = a["chasers"].pop(0)
            if present(s, a, u):
                self._attack(flow, u, pursuit=True)
        if a["pending"] is None:
            self._declare_retreat(flow, a["retreating"], panic=True)

    def _declare_retreat(self, flow: Flow[HState], side: str, panic: bool) -> None:
        """6.4/6.41: Harrying by every unrouted cavalry of both sides, then the Retreat."""
        s, a = flow.state, flow.args
        a["retreating"] = side
        a["panic"] = panic
        a["retire"] = not a["hurt"][side]  # losses to Harrying come after (6.41, 14.11)
        if not panic:
            self._note(flow, "retreat", side, "6.4")
        if not a["sea"] and not a.get("harried"):
            a["harried"] = True
            a["harriers"] = [u for u in a["order"] if present(s, a, u) and u != GARRISON
                             and u not in a["routed"] and B.spec(u).type == "cavalry"]
            # the side staying harries first (Cavalry Raid sidebar)
            a["harriers"].sort(key=lambda u: side_of(s, a, u) == side)
        self._harry(flow)

    def _harry(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        a["stage"] = "harry"
        while a.get("harriers") and a["pending"] is None:
            u = a["harriers"].pop(0)
            if present(s, a, u):
                self._attack(flow, u, pursuit=True)
        if a["pending"] is not None:
            return
        side = a["retreating"]
        units = self._attackers(flow) if side == a["attacker"] else self._defenders(flow)
        if assault(a) and side == a["defender"]:
            # 6.4: the garrison cannot Retreat; land units only aboard a leaving fleet
            units = [u for u in units if u != GARRISON
                     and (not is_fleet(u) or self._harbour(flow, u))]
        if a["sea"]:  # the land units aboard go with their fleets (5.21, 6.4)
            units += [u for u in aboard(s, a["area"], side) if u not in units]
        # fleets first: a land unit may follow one to sea (6.4)
        a["queue"] = sorted(units, key=lambda u: (not is_fleet(u), u))
        a["went"], a["boarded"] = {}, {}
        a["stage"] = "retreat"
        self._advance_retreat(flow)

    def _advance_retreat(self, flow: Flow[HState]) -> None:
        """6.4: units with nowhere to go "remain in the Battle", or if Panicked are
        eliminated; when every unit has gone or stayed, the rest fight on or it is over."""
        s, a = flow.state, flow.args
        while a["queue"]:
            where = self._retreats(flow, a["queue"][0])
            if len(where) > 1:
                return  # the owner chooses (6.4)
            u = a["queue"].pop(0)
            if where:
                self._retreat_one(flow, u, where[0])  # the only way out: no question
            elif a["panic"]:
                to_pool(s["blocks"][u])
            else:
                a.setdefault("stuck", []).append(u)
        if not a["queue"]:
            self._finish_retreat(flow)

    def _retreats(self, flow: Flow[HState], u: str) -> list[str]:
        """6.4: aggressors only back where they came from; defenders anywhere adjacent they
        could move into, except where the attack came from, enemy-controlled or enemy-
        occupied areas; a controlled CityState's defenders may go into the City."""
        s, a = flow.state, flow.args
        c = B.comps()
        side = s["blocks"][u]["side"]
        fleet = B.spec(u).type == "fleet"
        f = a["formations"][a["fi"]]
        if side == a["defender"] and assault(a):
            return self._harbour(flow, u)  # 6.4, 8.12: only by the Offshore Sea
        if side == a["attacker"] and assault(a):
            return ["stay"]  # 8.12: assaulters fall back into the Province
        if side == a["attacker"] and f.get("homing"):
            return ["stay"]  # 9.31: beaten Homing units disband after the battle
        if side == a["attacker"] and f["via"] == "city":
            return ["city"]  # 8.3: sortiers go back into the City
        if not fleet and a["sea"]:
            cands = sorted(self._berths(flow))  # aboard: where its fleets went (5.21)
        elif side == a["attacker"]:
            cands = [f["via"]]
        else:
            # 6.4, 5.1: only where the unit could move; a fleet on land only to a sea of
            # its coast or one Province along it
            near = (c.adjacent(a["area"]) if fleet and a["sea"] else
                    fleet_steps(a["area"]) if fleet else
                    c.land_neighbours(a["area"]) | c.sea_neighbours(a["area"]))
            came = {g["via"] for g in a["formations"] if g["area"] == a["area"]}
            cands = sorted(n for n in near if n not in came)
            if fleet and not a["sea"] and f["from_sea"]:
                cands = []  # 6.6: fleets on land facing a Sea Landing cannot retreat
        out = []
        for n in cands:
            if B.neutral(s, n) or B.units_in(s, n, other(side)):
                continue
            if B.area_control(s, n) == other(side):
                continue
            if c.areas[n].kind == "sea" and not fleet and n not in self._berths(flow):
                continue  # land units go to sea only aboard a fleet going there (6.4)
            if B.spec(u).sicilian and B.region(n) != "sicily":
                continue
            out.append(n)
        city = B.city_of(a["area"])
        if (side == a["defender"] and city is not None and not a["sea"]
                and B.city_control(s, city) == side and (not fleet or city.port)
                and len(B.units_in(s, a["area"], side, inside=True)) < B.capacity(s, city)):
            out.append("city")
        return out

    def _harbour(self, flow: Flow[HState], u: str) -> list[str]:
        """6.4, 8.12: a besieged fleet may Retreat from an Assault into its Port's
        Offshore Sea, unless enemy units occupy it, "each Transporting a friendly land
        unit if desired" (a land unit may stay and fight on); the garrison stays."""
        s, a = flow.state, flow.args
        if u == GARRISON:
            return []
        city = B.comps().cities[a["city"]]
        sea = city.offshore
        if not city.port or sea is None or B.units_in(s, sea, a["attacker"]):
            return []
        if not is_fleet(u):
            return ["stay", sea] if sea in self._berths(flow) else []
        return [sea]

    def _berths(self, flow: Flow[HState]) -> dict[str, int]:
        """Where fleets of this Retreat have gone with room for a land unit aboard: one
        each, if the fleet has a step to spare (5.21)."""
        s, a = flow.state, flow.args
        out = {}
        for dest, fleets in a.get("went", {}).items():
            room = sum(1 for f in fleets if s["blocks"][f]["cv"] >= 2)
            room -= a.get("boarded", {}).get(dest, 0)
            if room > 0:
                out[dest] = room
        return out

    def _retreat_one(self, flow: Flow[HState], u: str, dest: str) -> None:
        s, a = flow.state, flow.args
        x = s["blocks"][u]
        if dest == "stay":
            return
        rec = self._record(flow)
        if any(p["id"] == u for p in rec["forces"]):  # not a land unit carried (6.5)
            BF.note(rec, BF.WITHDRAW, x["side"], "6.4", unit=u, to=dest)
        if dest == "city":
            x["inside"] = True
        else:
            origin = x["loc"]
            if is_fleet(u):
                a.setdefault("went", {}).setdefault(dest, []).append(u)
            elif is_sea(origin) or is_sea(dest):  # aboard a fleet that went there (5.21)
                boarded = a.setdefault("boarded", {})
                boarded[dest] = boarded.get(dest, 0) + 1
                ships = max(s["blocks"][f]["cv"] for f in a["went"][dest])
                x["cv"] = min(x["cv"], ships - 1)  # weaker than its fleet (6.5)
            x["loc"], x["inside"] = dest, False
            if (is_fleet(u) and is_sea(origin) and is_sea(dest)
                    and B.comps().is_deep(origin, dest)):
                # 5.22: fleets retreating together across a DeepSea border: one Storm die
                a.setdefault("storm", {}).setdefault(dest, []).append(u)
        t = s["turn"]
        if t is not None and u not in t["moved"]:
            t["moved"].append(u)

    def _finish_retreat(self, flow: Flow[HState]) -> None:
        a = flow.args
        side = a["retreating"]
        stuck = a.pop("stuck", [])
        left = (self._defenders(flow) if assault(a) and side == a["defender"] else
                [u for u in stuck if u in self._attackers(flow) + self._defenders(flow)])
        if left:
            # 6.4: units unable to Retreat (besieged ones: the garrison, those staying
            # inside, 8.12) remain in the Battle, which goes on
            self._note(flow, "fight-on", side, "6.4", count=len(left))
            a["stage"], a["retreating"], a["harried"] = "fight", None, False
            self._run(flow)
            return
        self._settle(flow, winner=other(side), reason="panic" if a["panic"] else "retreat")

    def _settle(self, flow: Flow[HState], winner: str, reason: str) -> None:
        """14.11: Triumph +2 (panic or elimination), Trophy +1 (retreat), a land Retire 0."""
        s, a = flow.state, flow.args
        fought = a["stage"] != "fortify"
        gain = 0
        if reason in ("panic", "eliminated") and fought:
            gain = 2
        elif reason == "retreat":
            gain = 0 if a.get("retire") and not a.get("sea") else 1
        add_prestige(s, winner, gain)
        if fought:
            record = self._record(flow)
            close(record, winner, reason)
            record.setdefault("facts", {})["prestige"] = gain
            flow.context.event(BATTLE_END, BW.result_words(record), battle=record)
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
        self._next_formation_or_end(flow, attacker_won=winner == a["attacker"])

    def _next_formation_or_end(self, flow: Flow[HState], attacker_won: bool) -> None:
        """5.41: after a lost battle the next Formation fights the survivors (routed
        defenders recover); after a win the rest join it."""
        a = flow.args
        storm = a.pop("storm", None)
        t = flow.state["turn"]
        if storm and t is not None:  # 5.22: rolled for once the Retreats are done
            for dest in sorted(storm):
                t["crossings"].append({"fleets": sorted(storm[dest]), "deep": 1, "cargo": {}})
            a["stage"], a["won"] = "storms", attacker_won
            flow.call("storms", side=a["retreating"])
            return
        if not attacker_won and a["fi"] + 1 < len(a["formations"]):
            flow.goto("battle", area=a["area"], attacker=a["attacker"],
                      defender=a["defender"], formations=a["formations"], fi=a["fi"] + 1)
            return
        flow.end(attacker_won)
