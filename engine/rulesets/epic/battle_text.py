"""The words for a battle record's steps (engine/core/battle_record.py), built when a
step is told: the record holds the column, the shifts, the dice and what became of each
unit as facts, and rewording a line here changes no saved game and no picture.

Step kinds the Epic records, with their `facts`:
    crt        a round's roll (17.3, 17.5): att, dfn (units counted), shifts
               [{why: leader|lights, side: att|dfn, by}], column, results [att, dfn]
    pursuit    cavalry pursuit (17.9): cavalry, column, results [-, dfn]
    check      a unit's morale check (17.5.3): plus, morale, result, and `second` for the
               check of a unit with no retreat (17.7.4); `dice` holds both rolls
    demoralize a D result (17.5.2): retreats
    breach     the walls breached (18.6.5)
    regroup    wings after a round (App. D 3): what (won, joined, divided, one_battle), wing
"""

from __future__ import annotations

from typing import Any

from engine.core.battle_record import Step

from . import places as P
from . import unit_names as N

CHECK_RESULTS = {"eliminated": "eliminated", "demoralized": "demoralized",
                 "retreats": "retreats", "holds": "holds the walls, demoralized",
                 "demoralized_twice": "demoralized twice", "escapes": "escapes"}
WING_RULE = "App. D"


def shift_notes(facts: dict[str, Any]) -> list[str]:
    """The odds and each column shift of a round, as the log gives them."""
    notes = [f"{facts['att']} against {facts['dfn']}"]
    for sh in facts["shifts"]:
        if sh["why"] == "leader":
            notes.append(f"attacking leader +{sh['by']} (17.4.2)" if sh["side"] == "att"
                         else f"defending leader -{sh['by']} (17.4.2)")
        else:
            notes.append("attacker's light troops +1 (17.4.3)" if sh["side"] == "att"
                         else "defender's light troops -1 (17.4.3)")
    return notes


def unit_words(uid: Any) -> str:
    """A unit of a record by name ("Laconian hoplite 7"), never its id."""
    text = str(uid)
    parts = text.rsplit("-", 2)
    if len(parts) == 3 and parts[1] in N.SINGULAR:
        return N.unit(text, parts[0], parts[1])
    return "The garrison" if text == "garrison" else text


def battle_end(place: str, winner: str | None, lost: int) -> str:
    """The line a finished battle leaves in the chronicle: "Battle at Plataea: Sparta
    wins, 2 units lost"."""
    result = f"{winner.title()} wins" if winner else "no one holds the field"
    return f"Battle at {P.short(place)}: {result}, {N.count(lost, 'unit')} lost"


def _plus(n: int) -> str:
    return f"+{n}" if n else ""


def step_text(step: Step, number: int) -> str:
    """One line for a step of round `number`."""
    f = step.get("facts", {})
    kind = step["kind"]
    if kind == "crt":
        dice = step.get("dice", [0])
        ra, rd = f["results"]
        return (f"Round {number}: {', '.join(shift_notes(f))}: column {f['column']}, "
                f"die {dice[0]}: {ra}/{rd} (17.5)")
    if kind == "pursuit":
        return (f"Cavalry pursuit: {f['cavalry']} cavalry, column {f['column']}, "
                f"die {step.get('dice', [0])[0]}: {f['results'][1]} (17.9)")
    if kind == "check":
        dice = step.get("dice", [0])
        head = f"{unit_words(step.get('unit'))} rolls {dice[0]}{_plus(f['plus'])} against {f['morale']}"
        if len(dice) > 1:
            head += f", cannot retreat, then {dice[1]}"
        return f"{head}: {CHECK_RESULTS[f['result']]}"
    if kind == "demoralize":
        who = unit_words(step.get("unit"))
        return f"{who} demoralized to 0: retreats" if f.get("retreats") else f"{who} demoralized"
    if kind == "breach":
        return "The walls are breached (18.6.5)"
    if kind == "regroup":
        side = str(step.get("side", "")).title()
        what, wing = f["what"], f.get("wing")
        if what == "won":
            return f"{side} wins the {wing} wing ({WING_RULE})"
        if what == "one_battle":
            return f"No wing fights on: every unit joins one battle ({WING_RULE})"
        if what == "divided":
            return f"{side} divides its Centre between the flanks ({WING_RULE})"
        return f"{side} joins the {wing} wing, +1 morale there ({WING_RULE})"
    return kind


WINGS = ("left", "centre", "right")


def record_lines(record: Any) -> list[str]:
    """Every step of a battle record worded, in order (a wing's round steps headed with
    their wing, App. D; the regrouping after them is the whole battle's)."""
    out: list[str] = []
    for rnd in record["rounds"]:
        label = rnd.get("label")
        for step in rnd["steps"]:
            line = step_text(step, rnd["number"])
            if label in WINGS and step["kind"] != "regroup":
                line = f"{label.title()} wing: {line}"
            out.append(line)
    return out
