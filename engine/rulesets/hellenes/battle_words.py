"""Words for a battle record (battle_facts.py), built when it is shown: the `battle_end`
event's text, the combat picture's rows and the terminal's lines (issue 32: battles you
can see). Nothing here is stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.battle_record import BattleRecord, Step

from . import board as B
from .battle_facts import FIRE, PURSUIT, WITHDRAW


def place_name(record: Mapping[str, Any]) -> str:
    return B.comps().areas[record["place"]].name


def unit_names(record: Mapping[str, Any]) -> dict[str, str]:
    return {p["id"]: p.get("name", p["id"]) for p in record["forces"]}


def result_words(record: Mapping[str, Any]) -> str:
    """The battle's end (14.11): who won, how, and the Prestige it earned."""
    gain = (record.get("facts") or {}).get("prestige", 0)
    return (f"Battle of {place_name(record)}: {str(record['winner']).title()} wins "
            f"({record['outcome']}), +{gain} Prestige (14.11)")


def counted(n: int, noun: str) -> str:
    """"no hit", "1 hit", "2 hits" (issue 32: words a person would write, not "hit(s)")."""
    return f"no {noun}" if n == 0 else f"1 {noun}" if n == 1 else f"{n} {noun}s"


def dice_words(dice: Sequence[int]) -> str:
    """"1 die: 5", "3 dice: 6, 2, 1"."""
    n = len(dice)
    return f"{n} {'die' if n == 1 else 'dice'}: {', '.join(str(d) for d in dice)}"


def hits_on_words(top: int) -> str:
    """The dice that hit, 1 to `top`: "hits on 1", "hits on 1-3"."""
    return "hits on 1" if top == 1 else f"hits on 1-{top}"


def _count(step: Step) -> int:
    return int((step.get("facts") or {}).get("count", 0))


def hits_words(step: Step, names: Mapping[str, str]) -> str:
    """Where an attack's hits and routs landed: "Athenian Hoplites 3→2, routed"."""
    out = []
    for h in step.get("targets", ()):
        who = names.get(h["target"], h["target"])
        out.append(f"{who} routed" if h.get("rout") else
                   f"{who} {h['before']}→{h['after']}" + (" (eliminated)" if h["after"] == 0
                                                          else ""))
    return "; ".join(out)


def step_words(step: Step, names: Mapping[str, str]) -> str:
    """One step of the record as a line."""
    kind, side = step["kind"], str(step.get("side", "")).title()
    if kind in (FIRE, PURSUIT):
        f = step.get("facts") or {}
        who = names.get(step.get("unit", ""), "A unit")
        verb = "pursues" if kind == PURSUIT else "attacks"
        line = (f"{who} ({f.get('rating', '?')}, {f.get('strength', '?')} cv) {verb}: "
                f"{dice_words(step.get('dice', []))} — {counted(step.get('hits', 0), 'hit')}")
        if kind == FIRE:
            line += f", {counted(int(f.get('routs', 0)), 'rout')}"
        landed = hits_words(step, names)
        return f"{line}{' → ' + landed if landed else ''}"
    if kind == "fortify":
        return f"{side} fortifies {counted(_count(step), 'unit')} (7.1)"
    if kind == "ares":
        return f"Ares: {names.get(step.get('unit', ''), 'a unit')} attacks again (11.0)"
    if kind == "panic":
        return f"{side} panics (6.34)"
    if kind == "retreat":
        return f"{side} retreats (6.4)"
    if kind == WITHDRAW:
        to = step.get("to", "")
        where = "into the City" if to == "city" else f"to {B.comps().areas[to].name}"
        return f"{names.get(step.get('unit', ''), 'A unit')}: withdrawn {where} (6.4)"
    if kind == "fight-on":
        n = _count(step)
        return (f"{side}: {counted(n, 'unit')} cannot retreat and "
                f"{'fights' if n == 1 else 'fight'} on (6.4)")
    return f"{side} {kind}"


def forces_words(record: BattleRecord, side: str) -> str:
    units = [p for p in record["forces"] if p["side"] == side]
    return ", ".join(f"{p.get('name', p['id'])} ({p.get('rating', '')}, {p['strength']} cv)"
                     for p in units) or "none"


def lines(record: BattleRecord) -> list[str]:
    """The whole battle for a terminal: where, the forces, each round's steps, the end."""
    sea = (record.get("facts") or {}).get("sea")
    out = [f"{'Sea battle' if sea else 'Battle'} of {place_name(record)}: "
           f"{record['attacker'].title()} attacks {record['defender'].title()}",
           f"  {record['attacker'].title()}: {forces_words(record, record['attacker'])}",
           f"  {record['defender'].title()}: {forces_words(record, record['defender'])}"]
    names = unit_names(record)
    for rnd in record["rounds"]:
        if rnd["steps"] and rnd["number"]:
            out.append(f"Round {rnd['number']}")
        out += [f"  {step_words(step, names)}" for step in rnd["steps"]]
    if record["winner"]:
        out.append(result_words(record))
    return out
