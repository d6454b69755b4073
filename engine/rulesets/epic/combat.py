"""Combat rounds, as pure functions over a battle record (rules 17.3-17.9, 18.3, 18.6).

A battle record is plain JSON kept in the state while the battle runs:

    hex, attacker, defender, origin (the attackers' hex, 17.7.7), region,
    att, dfn: unit ids fighting (the defender's may include "garrison", 18.3)
    reserve: defenders inside a fortress who are not on the walls (18.6.2)
    morale: id -> current morale (base plus terrain, fortress and demoralization)
    retreat, dead: ids in the Retreat and Dead boxes (17.6)
    fortress: the walls stand (18.6); city: a city is being stormed
    def_can_retreat: the defenders have a retreat hex (17.7.1b)
    att_stranded: set while a landing party has no way out (17.7.7 ii, 17.7.4)
    rounds (fought so far), record (the kernel's battle record: forces and rounds of steps
    as facts, `battle_text.py` words them when told, the combat display draws them)

`roll` is a callable giving one die, so tests pass fixed dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.battle_record import (
    BattleRecord,
    Hit,
    Piece,
    Step,
    add_step,
    new_record,
    open_round,
)

from . import board as B
from .battle_text import shift_notes, step_text
from .state import BattleState, EState, forces

Roll = Callable[[], int]
GARRISON = "garrison"
GARRISON_MORALE = 3  # 18.3.3
FLEET_ON_LAND_MORALE = 3  # 17.4.6


def kind(s: EState, uid: str) -> str:
    return "light" if uid == GARRISON else str(s["units"][uid]["type"])


def base_morale(s: EState, uid: str) -> int:
    if uid == GARRISON:
        return GARRISON_MORALE
    u = s["units"][uid]
    return FLEET_ON_LAND_MORALE if u["type"] == "fleet" else int(u["morale"])


# ------------------------------------------------------------------ odds (17.3, 17.4)
def odds_index(att: int, dfn: int) -> int:
    """The odds column, rounded in the defender's favour (17.3 step 1); -1 below 1-4.
    Columns: 1-4 1-3 1-2 2-3 1-1 3-2 2-1 3-1 4-1."""
    ratios = ((1, 4), (1, 3), (1, 2), (2, 3), (1, 1), (3, 2), (2, 1), (3, 1), (4, 1))
    idx = -1
    for i, (a, d) in enumerate(ratios):
        if att * d >= dfn * a:
            idx = i
    return idx


def lights_qualify(kinds: list[str]) -> int | None:
    """17.4.3: a force with at least one hoplite and at least one but no more light troops
    (light infantry, cavalry, fleets on land, 17.4.6) than hoplites earns the shift; the
    number of its light troops settles a tie. None: it does not qualify. (That a force with
    no light troops does not qualify is how both worked examples count, RULINGS.md.)"""
    hop = kinds.count("hoplite")
    light = len(kinds) - hop
    return light if hop >= 1 and 1 <= light <= hop else None


def odds(s: EState, b: BattleState) -> tuple[int, dict[str, Any]]:
    """The column a round is rolled on, and its facts: the units counted and each shift."""
    att, dfn = active(b, "att"), active(b, "dfn")
    base = odds_index(len(att), len(dfn))
    shifts: list[dict[str, Any]] = []
    idx = max(base, 0)  # a later round below 1-4 is rolled at 1-4 (RULINGS.md)
    at_sea = bool(b.get("sea"))  # 17.4.2: sea ratings only at sea

    def rating(n: str) -> int:
        x = s["leaders"][n]
        return x["sea"] if at_sea else x["land"]

    lead_a = max((rating(n) for n in b["att_leaders"]), default=0)
    lead_d = max((rating(n) for n in b["dfn_leaders"]), default=0)
    if lead_a:
        shifts.append({"why": "leader", "side": "att", "by": lead_a, "rule": "17.4.2"})
    if lead_d:
        shifts.append({"why": "leader", "side": "dfn", "by": lead_d, "rule": "17.4.2"})
    idx += lead_a - lead_d
    if not b["fortress"]:  # 17.4.3c, 18.6.4
        qa = lights_qualify([kind(s, u) for u in att])
        qd = lights_qualify([kind(s, u) for u in dfn])
        if qa is not None and (qd is None or qa > qd):
            idx += 1
            shifts.append({"why": "lights", "side": "att", "by": 1, "rule": "17.4.3"})
        elif qd is not None and (qa is None or qd > qa):
            idx -= 1
            shifts.append({"why": "lights", "side": "dfn", "by": 1, "rule": "17.4.3"})
    # 17.5.1: shifts past either end are ignored
    return max(0, min(8, idx)), {"att": len(att), "dfn": len(dfn), "shifts": shifts}


def column(s: EState, b: BattleState) -> tuple[int, list[str]]:
    """The column a round is rolled on, with the reasons for each shift, worded."""
    idx, facts = odds(s, b)
    return idx, shift_notes(facts)


def active(b: BattleState, which: str) -> list[str]:
    return [u for u in forces(b, which) if u not in b["retreat"] and u not in b["dead"]]


# ------------------------------------------------------------------ results (17.5, 17.7)
def check(s: EState, b: BattleState, uid: str, plus: int, can_retreat: bool, roll: Roll) -> str:
    """One unit's morale check at +plus (17.5.3, 17.5.6), recorded as a step of the round.
    Returns its line."""
    m = b["morale"][uid]
    die = roll()
    t = die + plus
    dice = [die]
    if t >= m + 3:
        b["dead"].append(uid)
        result = "eliminated"
    elif t <= m:
        b["morale"][uid] = m - 1
        result = "demoralized"
    elif b["fortress"] and uid in b["dfn"]:
        # 17.7.2: the walls hold it; only death counts. Where it has a way out, its side
        # may choose to leave at the end of the round (17.8; RULINGS.md 5).
        b["morale"][uid] = m - 1
        result = "holds"
    elif can_retreat:
        b["retreat"].append(uid)
        result = "retreats"
    else:
        second = roll()  # 17.7.4: no retreat hex, a second unmodified check
        dice.append(second)
        if second >= m - 1 + 3:
            b["dead"].append(uid)
            result = "eliminated"
        else:
            b["morale"][uid] = m - 2
            result = "demoralized_twice"
    step = _unit_step(b, "check", uid, m, "17.5.3", dice=dice)
    step["facts"] = {"plus": plus, "morale": m, "result": result}
    add_step(b["record"], step)
    return step_text(step, b["rounds"])


def _unit_step(b: BattleState, kind_: str, uid: str, before: int, rule: str,
               dice: list[int] | None = None) -> Step:
    """A step of one unit: the side it fights for and what the step left of its morale."""
    dead, gone = uid in b["dead"], uid in b["retreat"]
    hit: Hit = {"target": uid, "before": before, "after": 0 if dead else int(b["morale"][uid])}
    if gone:
        hit["rout"] = True
    step: Step = {"kind": kind_, "side": b["attacker"] if uid in b["att"] else b["defender"],
                  "unit": uid, "targets": [hit], "rule": rule}
    if dice is not None:
        step["dice"] = dice
    return step


def apply_result(s: EState, b: BattleState, which: str, result: str, roll: Roll) -> list[str]:
    """Apply one CRT result to every active unit of a side (17.5.1)."""
    # 17.7.1a, 17.7.7 ii: attackers have a way back, unless a landing party has lost it
    can_retreat = not b.get("att_stranded") if which == "att" else b["def_can_retreat"]
    out: list[str] = []
    for uid in active(b, which):
        if result == "-":
            continue
        if result == "D":  # 17.5.2
            before = b["morale"][uid]
            b["morale"][uid] -= 1
            retreats = b["morale"][uid] <= 0 and can_retreat and \
                not (b["fortress"] and which == "dfn")
            if retreats:
                b["retreat"].append(uid)
            step = _unit_step(b, "demoralize", uid, before, "17.5.2")
            step["facts"] = {"retreats": retreats}
            add_step(b["record"], step)
            out.append(step_text(step, b["rounds"]))
            continue
        plus = 0 if result == "M" else int(result)
        out.append(check(s, b, uid, plus, can_retreat, roll))
    return out


def fight_round(s: EState, b: BattleState, roll: Roll) -> list[str]:
    """One round (17.3 steps 1-3): the column, one die, both sides' results."""
    idx, facts = odds(s, b)
    col = B.comps().crt.columns[idx]
    die = roll()
    ra, rd = col.results[die - 1]
    b["rounds"] += 1
    open_round(b["record"], b["rounds"], b.get("wing"))  # App. D: a wing's round is labelled
    step: Step = {"kind": "crt", "dice": [die], "rule": "17.5",
                  "facts": {**facts, "column": col.odds, "results": [ra, rd]}}
    add_step(b["record"], step)
    lines = [step_text(step, b["rounds"])]
    lines += apply_result(s, b, "att", ra, roll)
    lines += apply_result(s, b, "dfn", rd, roll)
    _breach(s, b, lines)
    return lines


def _breach(s: EState, b: BattleState, lines: list[str]) -> None:
    """18.6.5: wall defenders all dead, others still inside: the walls are breached."""
    if not b["fortress"] or not b["reserve"]:
        return
    if any(u not in b["dead"] for u in b["dfn"]):
        return
    b["fortress"] = False
    bonus = b["breach_bonus"]
    for uid in b["reserve"]:
        b["dfn"].append(uid)
        b["morale"][uid] = base_morale(s, uid) + bonus
    b["reserve"] = []
    b["att"].extend(b["waiting_cavalry"])  # 18.6.3a: cavalry join once the walls fall
    for uid in b["waiting_cavalry"]:
        b["morale"][uid] = base_morale(s, uid)
    b["waiting_cavalry"] = []
    step: Step = {"kind": "breach", "side": b["defender"], "rule": "18.6.5"}
    add_step(b["record"], step)
    lines.append(step_text(step, b["rounds"]))


def decided(b: BattleState) -> str | None:
    """'att' or 'dfn' when a side has won (17.7.5, 17.7.6), 'none' when no one holds the
    hex, None while the battle goes on."""
    alive_a = [u for u in b["att"] if u not in b["dead"]]
    alive_d = [u for u in b["dfn"] + b["reserve"] if u not in b["dead"]]
    if not alive_a and not alive_d:
        return "none"
    if not alive_a:
        return "dfn"
    if not alive_d:
        return "att"
    if not active(b, "att"):
        return "dfn"  # the attacker must retreat: the defender wins (17.7.5)
    if not [u for u in active(b, "dfn")] and not b["reserve"]:
        return "att"
    return None


# ------------------------------------------------------------------ pursuit (17.9)
def pursuit(s: EState, b: BattleState, winner: str, roll: Roll) -> list[str]:
    """The winner's cavalry not in the Retreat box attack the retreating side once; only
    eliminations count; the loser's morale is its base less the rounds fought."""
    loser = "dfn" if winner == "att" else "att"
    cav = [u for u in forces(b, winner) if kind(s, u) == "cavalry" and u not in b["retreat"]
           and u not in b["dead"]]
    fleeing = [u for u in forces(b, loser) if u not in b["dead"] and u != GARRISON]
    if not cav or not fleeing:
        return []
    their_cav = [u for u in fleeing if kind(s, u) == "cavalry"]
    if their_cav:  # 17.9.2
        idx, targets = odds_index(len(cav), len(their_cav)), their_cav
    else:  # 17.9.3: so many cavalry to one
        idx, targets = odds_index(min(len(cav), 4), 1), fleeing
    if idx < 0:
        return []
    col = B.comps().crt.columns[idx]
    die = roll()
    rd = col.results[die - 1][1]
    record = b["record"]
    open_round(record, b["rounds"] + 1, "pursuit")
    step: Step = {"kind": "pursuit", "side": b["attacker"] if winner == "att" else b["defender"],
                  "dice": [die], "rule": "17.9",
                  "facts": {"cavalry": len(cav), "column": col.odds, "results": ["-", rd]}}
    add_step(record, step)
    lines = [step_text(step, b["rounds"] + 1)]
    if rd in ("-", "D"):
        return lines
    plus = 0 if rd == "M" else int(rd)
    for uid in targets:
        m = max(0, base_morale(s, uid) - b["rounds"])
        d = roll()
        dies = d + plus >= m + 3
        if dies:
            b["dead"].append(uid)
        check: Step = {"kind": "check", "side": b["defender"] if loser == "dfn" else b["attacker"],
                       "unit": uid, "dice": [d], "rule": "17.9",
                       "targets": [{"target": uid, "before": m, "after": 0 if dies else m}],
                       "facts": {"plus": plus, "morale": m,
                                 "result": "eliminated" if dies else "escapes"}}
        add_step(record, check)
        lines.append(step_text(check, b["rounds"] + 1))
    return lines


def battle_record(s: EState, b: BattleState) -> BattleRecord:
    """The kernel's record of a battle just opened: who stood where, at what morale."""
    kind_ = "naval" if b.get("sea") else "assault" if b["storm"] or b["fortress"] else "field"
    forces: list[Piece] = []
    for side, units in ((b["attacker"], b["att"] + b["waiting_cavalry"]),
                        (b["defender"], b["dfn"] + b["reserve"])):
        for uid in units:
            piece: Piece = {"id": uid, "side": side, "kind": kind(s, uid),
                            "strength": int(b["morale"].get(uid, base_morale(s, uid)))}
            if uid != GARRISON:
                piece["home"] = str(s["units"][uid]["home"])
            forces.append(piece)
    return new_record(b["hex"], kind_, b["attacker"], b["defender"], forces)
