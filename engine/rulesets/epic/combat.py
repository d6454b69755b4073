"""Combat rounds, as pure functions over a battle record (rules 17.3-17.9, 18.3, 18.6).

A battle record is plain JSON kept in the state while the battle runs:

    hex, attacker, defender, origin (the attackers' hex, 17.7.7), region,
    att, dfn: unit ids fighting (the defender's may include "garrison", 18.3)
    reserve: defenders inside a fortress who are not on the walls (18.6.2)
    morale: id -> current morale (base plus terrain, fortress and demoralization)
    retreat, dead: ids in the Retreat and Dead boxes (17.6)
    fortress: the walls stand (18.6); city: a city is being stormed
    def_can_retreat: the defenders have a retreat hex (17.7.1b)
    rounds, lines (what happened, for the log and the combat display)

`roll` is a callable giving one die, so tests pass fixed dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import board as B
from .state import EState

Battle = dict[str, Any]
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


def column(s: EState, b: Battle) -> tuple[int, list[str]]:
    """The column a round is rolled on, with the reasons for each shift."""
    att, dfn = active(b, "att"), active(b, "dfn")
    base = odds_index(len(att), len(dfn))
    notes = [f"{len(att)} against {len(dfn)}"]
    idx = max(base, 0)  # a later round below 1-4 is rolled at 1-4 (RULINGS.md)
    rating = "sea" if b.get("sea") else "land"  # 17.4.2: sea ratings only at sea
    lead_a = max((s["leaders"][n][rating] for n in b["att_leaders"]), default=0)
    lead_d = max((s["leaders"][n][rating] for n in b["dfn_leaders"]), default=0)
    if lead_a:
        notes.append(f"attacking leader +{lead_a} (17.4.2)")
    if lead_d:
        notes.append(f"defending leader -{lead_d} (17.4.2)")
    idx += lead_a - lead_d
    if not b["fortress"]:  # 17.4.3c, 18.6.4
        qa = lights_qualify([kind(s, u) for u in att])
        qd = lights_qualify([kind(s, u) for u in dfn])
        if qa is not None and (qd is None or qa > qd):
            idx += 1
            notes.append("attacker's light troops +1 (17.4.3)")
        elif qd is not None and (qa is None or qd > qa):
            idx -= 1
            notes.append("defender's light troops -1 (17.4.3)")
    return max(0, min(8, idx)), notes  # 17.5.1: shifts past either end are ignored


def active(b: Battle, which: str) -> list[str]:
    return [u for u in b[which] if u not in b["retreat"] and u not in b["dead"]]


# ------------------------------------------------------------------ results (17.5, 17.7)
def check(s: EState, b: Battle, uid: str, plus: int, can_retreat: bool, roll: Roll) -> str:
    """One unit's morale check at +plus (17.5.3, 17.5.6). Returns what became of it."""
    m = b["morale"][uid]
    die = roll()
    t = die + plus
    if t >= m + 3:
        b["dead"].append(uid)
        return f"{uid} rolls {die}{_plus(plus)} against {m}: eliminated"
    if t <= m:
        b["morale"][uid] = m - 1
        return f"{uid} rolls {die}{_plus(plus)} against {m}: demoralized"
    if can_retreat:
        b["retreat"].append(uid)
        return f"{uid} rolls {die}{_plus(plus)} against {m}: retreats"
    b["morale"][uid] = m - 1
    if b["fortress"] and uid in b["dfn"]:  # 17.7.2: the walls hold it; only death counts
        return f"{uid} rolls {die}{_plus(plus)} against {m}: holds the walls, demoralized"
    second = roll()  # 17.7.4: no retreat hex, a second unmodified check
    if second >= m - 1 + 3:
        b["dead"].append(uid)
        return f"{uid} rolls {die}{_plus(plus)} against {m}, cannot retreat, then {second}: eliminated"
    b["morale"][uid] = m - 2
    return f"{uid} rolls {die}{_plus(plus)} against {m}, cannot retreat, then {second}: demoralized twice"


def _plus(n: int) -> str:
    return f"+{n}" if n else ""


def apply_result(s: EState, b: Battle, which: str, result: str, roll: Roll) -> list[str]:
    """Apply one CRT result to every active unit of a side (17.5.1)."""
    can_retreat = True if which == "att" else b["def_can_retreat"]
    out: list[str] = []
    for uid in active(b, which):
        if result == "-":
            continue
        if result == "D":  # 17.5.2
            b["morale"][uid] -= 1
            if b["morale"][uid] <= 0 and can_retreat and not (b["fortress"] and which == "dfn"):
                b["retreat"].append(uid)
                out.append(f"{uid} demoralized to 0: retreats")
            else:
                out.append(f"{uid} demoralized")
            continue
        plus = 0 if result == "M" else int(result)
        out.append(check(s, b, uid, plus, can_retreat, roll))
    return out


def fight_round(s: EState, b: Battle, roll: Roll) -> list[str]:
    """One round (17.3 steps 1-3): the column, one die, both sides' results."""
    idx, notes = column(s, b)
    col = B.comps().crt.columns[idx]
    die = roll()
    ra, rd = col.results[die - 1]
    b["rounds"] += 1
    lines = [f"Round {b['rounds']}: {', '.join(notes)}: column {col.odds}, die {die}: "
             f"{ra}/{rd} (17.5)"]
    lines += apply_result(s, b, "att", ra, roll)
    lines += apply_result(s, b, "dfn", rd, roll)
    _breach(s, b, lines)
    b["lines"].extend(lines)
    return lines


def _breach(s: EState, b: Battle, lines: list[str]) -> None:
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
    lines.append("The walls are breached (18.6.5)")


def decided(b: Battle) -> str | None:
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
def pursuit(s: EState, b: Battle, winner: str, roll: Roll) -> list[str]:
    """The winner's cavalry not in the Retreat box attack the retreating side once; only
    eliminations count; the loser's morale is its base less the rounds fought."""
    loser = "dfn" if winner == "att" else "att"
    cav = [u for u in b[winner] if kind(s, u) == "cavalry" and u not in b["retreat"]
           and u not in b["dead"]]
    fleeing = [u for u in b[loser] if u not in b["dead"] and u != GARRISON]
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
    lines = [f"Cavalry pursuit: {len(cav)} cavalry, column {col.odds}, die {die}: {rd} (17.9)"]
    if rd in ("-", "D"):
        return lines
    plus = 0 if rd == "M" else int(rd)
    for uid in targets:
        m = max(0, base_morale(s, uid) - b["rounds"])
        d = roll()
        if d + plus >= m + 3:
            b["dead"].append(uid)
            lines.append(f"{uid} rolls {d}{_plus(plus)} against {m}: eliminated")
        else:
            lines.append(f"{uid} rolls {d}{_plus(plus)} against {m}: escapes")
    b["lines"].extend(lines)
    return lines
