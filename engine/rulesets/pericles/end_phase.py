"""The End phase and the passage to the next turn (11.0, 5.0 events, 13.2), for the
scenarios longer than one turn: automatic victory, maintenance, redeployment, the Will of
the Assembly, then a new turn (the Aristophanes card, fresh hands)."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Answer
from engine.core.flows import sequence
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks
from engine.core.types import IllegalAction, Option, Prompt
from engine.core.view import PHASE_END

from . import assembly as asm
from . import theaters as th
from .components import SIDE_OF, load_components
from .persia import PersianGold
from .political import TURN
from .prime import with_phormio
from .ravages import leadership_loss
from .records import log
from .scenarios import SPECS
from .schema import HOME_GUARD, PericlesState

F = Flow[PericlesState]
CALLIAS_BY = 3  # the turn from which the Persian War is over whatever happened (R46)
HOMES = {"A": ("A", "D"), "argos": ("A", "D"), "D": ("D",), "S": ("S",), "P": ("P",)}  # 11.3


def granaries(city: str) -> list[str]:
    """Sparta's granary is its own land; Athens' are the others (11.1, ruling R32)."""
    keys = [t.key for t in load_components().data.theaters if t.granary]
    return [k for k in keys if (k == "sparta") == (city == "sparta")]


def theater_phase_steps() -> tuple[str, ...]:
    return (*TURN[:-1], "theater_phase", "end_phase")


# A turn in two parts: a main scenario may end in its Political Issues segment (11.4)
POLITICAL_STEPS = TURN[:TURN.index("political_issues") + 1]
LATER_STEPS = theater_phase_steps()[len(POLITICAL_STEPS):]


class Campaign(Procedure[PericlesState]):
    """Turn after turn until the scenario's last, or an early end: Peace declared in a
    main scenario's closing turns (ends in the Political Issues segment, 11.4) or an
    automatic victory in the End phase (11.1)."""

    name = "campaign"

    def enter(self, flow: F) -> None:
        flow.args["stage"] = "political"
        flow.call("sequence", **sequence(*with_phormio(flow.state, POLITICAL_STEPS)))

    def resume(self, flow: F, result: Any) -> None:
        s = flow.state
        if flow.args.get("stage") == "political" and not s["over"]:
            flow.args["stage"] = "later"
            flow.call("sequence", **sequence(*LATER_STEPS))
            return
        spec = SPECS[s["scenario"]]
        if s["over"] or s["turn"] >= spec.last_turn:
            if spec.callias_penalty and s["persian_war"] and not s["over"]:
                # 14.1.02 A: the Athenian CF pays for a Peace of Callias not made (R45)
                cf = s["controlling"]["athens"]
                s["honor"][cf] -= spec.callias_penalty
                log(s, "callias_missed", faction=cf, n=spec.callias_penalty)
            if spec.bonuses and s["victor"] is None:
                final_bonuses(s)
            s["over"] = True
            flow.end()
            return
        leadership_loss(s)  # rule 14.43 D: the turn ends at War
        new_turn(flow)
        self.enter(flow)


def final_bonuses(s: PericlesState) -> None:
    """The main scenarios' final score (11.4, ruling R47): each city gains 2 Honor per
    theater it controls (Persia apart) and 1 per base of its side, shared between its
    factions with the odd point to its CF; the faction holding the Favor gains 5."""
    for city in s["cities"]:
        held = [t for t in s["forces"] if t != "persia" and th.status(s, t) == city]
        bases = sum(th.bases(s, t, o) for t in s["forces"] for o in s["forces"][t]
                    if SIDE_OF[o] == city and t != "persia")
        total = 2 * len(held) + bases
        cf = s["controlling"][city]
        s["honor"][cf] += total - total // 2
        s["honor"][asm.rival(cf)] += total // 2
        log(s, "bonus", city=city, faction=cf, n=total)
        favor = s["favor"].get(city)
        if favor is not None:
            s["honor"][favor] += 5
            log(s, "favor_bonus", city=city, faction=favor, n=5)


def new_turn(flow: F) -> None:
    """What the next turn starts from (ruling R33): the stock gets back this turn's
    cuts less any Will of the Assembly penalty, the Board is 5 again, every card goes back
    to its deck, an ostracised leader sits out, the State Ship is ready."""
    s = flow.state
    s["turn"] += 1
    if s["turn"] >= CALLIAS_BY and s["persian_war"]:
        # the master chart's PEACE marker lies on theater 20 from turn 3 (13.2, R46)
        s["persian_war"] = False
        log(s, "persian_war_over")
    counts = load_components().data.counts.strategos
    for city in s["cities"]:
        s["stock"][city] = max(0, s["stock"][city] + s["restore"][city] - s["will_penalty"][city])
        s["restore"][city] = s["will_penalty"][city] = 0
        s["board"][city] = counts["board"]
        deck = asm.decks()[city]
        s["deck"][city] = sorted(c.number for c in deck.cards)
        s["discard"][city] = []
        for f in asm.CITY_FACTIONS[city]:
            leader = asm.leader_number(f)
            s["hands"][f] = [] if s["leader_out"][f] else [leader]
            if s["leader_out"][f]:
                s["discard"][city].append(leader)
            s["leader_out"][f] = False
            s["entourage"][f] = []
            s["won"][f], s["oration"][f], s["markers"][f] = [], 0, []
        s["debate"][city] = {"round": 0, "designated": None}
    s["played"] = []
    s["will"] = {}
    s["state_ship"] = "ready" if s["state_ship"] != "none" else "none"
    s["aristophanes"] = s["aristophanes_deck"].pop() if s["aristophanes_deck"] else None
    flow.context.reveal()


# ------------------------------------------------------------------- 11.1 automatic victory
def automatic_victor(s: PericlesState) -> str | None:
    """11.11-11.13 as ruled (R32): no base of its own in its capital loses; a second End
    phase running with no base in any of its granaries loses; a lead of 50 Honor that is
    also double the enemy's wins, counted without Phormio's handicaps (ruling R58)."""
    head_start = s.get("handicap") or {}
    total = {c: sum(s["honor"][f] - head_start.get(f, 0) for f in asm.CITY_FACTIONS[c])
             for c in ("athens", "sparta")}
    for city in ("athens", "sparta"):
        enemy = th.other(city)
        home = th.CITY_UNITS[city]
        if s["forces"].get(th.capital_of(city), {}).get(home, {}).get("bases", 0) == 0:
            return enemy
        if s["granary_miss"].get(city, 0) >= 2:
            return enemy
        if total[city] - total[enemy] >= 50 and total[city] >= 2 * total[enemy]:
            return city
    return None


class EndPhase(Procedure[PericlesState]):
    """Automatic victory, maintenance, redeployment, the Will of the Assembly (11.0)."""

    name = "end_phase"

    def enter(self, flow: F) -> None:
        s = flow.state
        for city in ("athens", "sparta"):
            fed = any(th.friendly_base(s, g, city) for g in granaries(city) if g in s["forces"])
            s["granary_miss"][city] = 0 if fed else s["granary_miss"].get(city, 0) + 1
        victor = automatic_victor(s)
        if victor is not None:
            s["victor"] = victor
            s["over"] = True
            log(s, "automatic", city=victor)
            flow.end()
            return
        flow.goto("sequence", **sequence("maintenance", "redeployment", "persian_gold",
                                         "will_of_assembly"))


# ------------------------------------------------------------------- 11.2 maintenance
def upkeep(s: PericlesState, city: str) -> tuple[int, int]:
    """(cost, capacity): land 1, naval 2, the 300 free; 4 a base of the side (11.2)."""
    limits = load_components().data.counts.limits
    cost = capacity = 0
    for here in s["forces"].values():
        for o, n in here.items():
            if SIDE_OF[o] != city:
                continue
            cost += n.get("land", 0) * limits["maintenance_cost"]["land"]
            cost += n.get("naval", 0) * limits["maintenance_cost"]["naval"]
            capacity += n.get("bases", 0) * limits["maintenance_per_base"]
    if city == "sparta" and s["the_300"] is not None:
        cost -= 1
    return cost, capacity


def unit_options(s: PericlesState, city: str, verb: str) -> list[Option]:
    return [Option(f"{o}:{k}@{t}", f"{verb} {o} {k} in {t}", "11.2",
                   data={"owner": o, "kind": k, "theater": t})
            for t, here in s["forces"].items() for o, n in sorted(here.items())
            if SIDE_OF[o] == city and o != "persia" for k in th.KINDS
            if n.get(k, 0) - int(o == "S" and k == "land" and s["the_300"] == t) > 0]


class Maintenance(Procedure[PericlesState]):
    """Each side's Controlling Faction removes units until the side can pay for them;
    both cities at once (11.2)."""

    name = "maintenance"

    def _over(self, s: PericlesState) -> list[str]:
        return [c for c in ("athens", "sparta") if upkeep(s, c)[0] > upkeep(s, c)[1]
                and unit_options(s, c, "Remove")]

    def enter(self, flow: F) -> None:
        if not self._over(flow.state):
            flow.end()

    def prompts(self, flow: F) -> list[Prompt]:
        s = flow.state
        return [Prompt(s["controlling"][c], "Maintenance: remove a unit your side cannot pay for",
                       tuple(unit_options(s, c, "Remove")), "11.2", kind="maintenance")
                for c in self._over(s)]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        city = asm.city_of(seat)
        if city not in self._over(s) or seat != s["controlling"][city]:
            raise IllegalAction("No upkeep is due from you.")
        opt = next((o for o in unit_options(s, city, "Remove") if o.id == answer), None)
        if opt is None or opt.data is None:
            raise IllegalAction("That unit is not yours to remove.")
        th.add(s, opt.data["theater"], opt.data["owner"], opt.data["kind"], -1)
        log(s, "upkeep", faction=seat, what=f"{opt.data['owner']}:{opt.data['kind']}",
            theater=opt.data["theater"])
        if not self._over(s):
            flow.end()


# ------------------------------------------------------------------- 11.3 redeployment
def destinations(s: PericlesState, owner: str, here: str) -> list[str]:
    """Theaters with a base that may house `owner`'s units and room under 15 (11.3)."""
    limit = load_components().data.counts.limits["units_with_base"]
    city = SIDE_OF[owner]
    out = []
    for t, f in s["forces"].items():
        if t == here or not any(f.get(h, {}).get("bases", 0) for h in HOMES[owner]):
            continue
        units = sum(n.get("land", 0) + n.get("naval", 0) for o, n in f.items() if SIDE_OF[o] == city)
        if units < limit:
            out.append(t)
    return out


def stranded(s: PericlesState, city: str) -> list[str]:
    """Theaters where the side has no base and more than one unit (11.3)."""
    return [t for t, f in s["forces"].items() if not th.friendly_base(s, t, city)
            and sum(n.get("land", 0) + n.get("naval", 0) for o, n in f.items()
                    if SIDE_OF[o] == city) > 1]


class Redeployment(Procedure[PericlesState]):
    """Each side's Controlling Faction places units among its bases, one unit at a time,
    each unit at most once, both cities at once; a theater without a friendly base keeps
    one unit at most, and a unit with nowhere to go is removed (11.3, ruling R34)."""

    name = "redeployment"

    def enter(self, flow: F) -> None:
        flow.args.setdefault("done", [])
        flow.args.setdefault("placed", {})
        self._maybe_end(flow)

    def _open(self, flow: F) -> list[str]:
        return [c for c in ("athens", "sparta") if c not in flow.args["done"]]

    def _maybe_end(self, flow: F) -> None:
        if not self._open(flow):
            flow.end()

    def options(self, flow: F, city: str) -> list[Option]:
        s = flow.state
        placed = flow.args["placed"]
        opts = []
        strand = stranded(s, city)
        for o in unit_options(s, city, "Move"):
            d = o.data or {}
            key = f"{d['owner']}:{d['kind']}@{d['theater']}"
            here = s["forces"][d["theater"]][d["owner"]][d["kind"]]
            free = here - placed.get(key, 0)
            if asks(s, HOME_GUARD):  # Sparta's foot stay home in redeployment too (R64)
                free = min(free, here - th.home_guard(s, d["theater"], d["owner"], d["kind"]))
            if free <= 0:
                continue
            for to in destinations(s, d["owner"], d["theater"]):
                opts.append(Option(f"{d['owner']}:{d['kind']}@{d['theater']}>{to}",
                                   f"{d['owner']} {d['kind']}: {d['theater']} to {to}", "11.3",
                                   data={**d, "to": to}))
            if d["theater"] in strand:
                opts.append(Option(f"{d['owner']}:{d['kind']}@{d['theater']}>x",
                                   f"Disband {d['owner']} {d['kind']} in {d['theater']}", "11.3",
                                   data={**d, "to": None}))
        if not strand:
            opts.append(Option("done", "Redeployment done", "11.3"))
        return opts

    def prompts(self, flow: F) -> list[Prompt]:
        s = flow.state
        return [Prompt(s["controlling"][c], "Redeployment: place a unit", tuple(self.options(flow, c)),
                       "11.3", kind="redeploy") for c in self._open(flow)]

    def act(self, flow: F, seat: str, answer: Answer) -> None:
        s = flow.state
        city = asm.city_of(seat)
        if city not in self._open(flow) or seat != s["controlling"][city]:
            raise IllegalAction("You are not redeploying now.")
        opt = next((o for o in self.options(flow, city) if o.id == answer), None)
        if opt is None:
            raise IllegalAction("That placement is not open.")
        if answer == "done":
            flow.args["done"].append(city)
            self._maybe_end(flow)
            return
        d = opt.data or {}
        th.add(s, d["theater"], d["owner"], d["kind"], -1)
        if d["to"] is not None:
            th.add(s, d["to"], d["owner"], d["kind"], 1)
            key = f"{d['owner']}:{d['kind']}@{d['to']}"
            flow.args["placed"][key] = flow.args["placed"].get(key, 0) + 1
        log(s, "redeployed", faction=seat, what=f"{d['owner']}:{d['kind']}", theater=d["to"])


# ------------------------------------------------------------------- 5.1 Will of the Assembly
class WillOfAssembly(Procedure[PericlesState]):
    """A Will of the Assembly met: +5 Honor to each faction of the city; missed: -5 each
    and 3 Strategos fewer in the stock next turn (5.1, ruling R35). Then the Persian War's
    price while it lasts (13.2, ruling R27)."""

    name = "will_of_assembly"

    def enter(self, flow: F) -> None:
        s = flow.state
        for city, task in s["will"].items():
            if task["task"] == "base":
                met = th.friendly_base(s, task["theater"], city)
            else:
                met = th.status(s, task["theater"]) == city
            for f in asm.CITY_FACTIONS[city]:
                s["honor"][f] += 5 if met else -5
            if not met:
                s["will_penalty"][city] = 3
            log(s, "will", city=city, n=int(met), theater=task["theater"])
        if s["persian_war"]:
            cf = s["controlling"]["athens"]
            s["honor"][cf] -= 2
            log(s, "persian_war", faction=cf, n=2)
        flow.context.event(PHASE_END, f"Turn {s['turn']} ends (11.0)")
        flow.end()


PROCEDURES: list[Procedure[PericlesState]] = [
    Campaign(), EndPhase(), Maintenance(), Redeployment(), PersianGold(), WillOfAssembly()]
