"""Wing combat, the optional combat system of Appendix D (game option `wings`).

A land battle in the open where both sides have more than 3 units may be fought, if
either player wishes, as three battles: Left, Centre and Right. Each side deploys its units
(at least a quarter of them, rounded down, on each wing; no cavalry or light troops in the
Centre when hoplites stand on both flanks) and its rated leaders, which count only on their
own wing. The deployments are made at once and kept from the enemy until both are in
(RULINGS.md W2). Then the players take turns to roll: on 4-6 a player may shift one
hoplite or light unit to a neighbouring wing, or any cavalry anywhere, and his leaders
anywhere; on 1-3 the shifting ends. The wings fight their rounds together with combat.py's
CRT and morale checks; a side left alone on a wing joins the neighbouring wing(s) and its
units there gain +1 morale.

The set-up is three procedures, each sub-step its own (issue 30: no step strings):
    wings (either side may choose wings) -> wings_deploy -> wings_shift (while 4-6 is rolled)
and ends into the battle's rounds. The record lives in the battle as `wings`:
    asker: who is asked to choose wings
    at: side -> {unit: wing};  lead: side -> {leader: wing};  done: side -> deployed
    roller: who rolls next to shift;  shifting: who shifts now;  mode, moved (shift)
    open: the wings still fighting;  split: side that must divide its Centre (or None)
"""

from __future__ import annotations

import json

from engine import Option, Prompt
from engine.core import decisions
from engine.core.battle_record import Step, add_step
from engine.core.procedures import Flow, Procedure
from engine.core.rng import Rng

from . import combat as K
from .battle_text import step_text
from .notes import note
from .state import BattleState, EState, commanders, fighting, forces, other

LEFT, CENTRE, RIGHT = "left", "centre", "right"
WINGS = (LEFT, CENTRE, RIGHT)
NEXT_TO = {LEFT: (CENTRE,), CENTRE: (LEFT, RIGHT), RIGHT: (CENTRE,)}
MIN_UNITS = 4  # App. D: both sides must have more than 3 units
SHIFT_ON = 4  # App. D step 2: a shift on 4-6
RULE = "App. D"


def _key(b: BattleState, side: str) -> str:
    return "att" if side == b["attacker"] else "dfn"


def _lightish(k: str) -> bool:
    """Cavalry and light troops; fleets fighting on land count as light (17.4.6)."""
    return k != "hoplite"


def eligible(s: EState, b: BattleState) -> bool:
    """The option is on and the battle is a land fight in the open, not yet begun, with
    more than 3 units a side (RULINGS.md W1: not at sea, not a fortress assault)."""
    return bool(s.get("wings")) and not b.get("sea") and not b["fortress"] and \
        b["rounds"] == 0 and "wings" not in b and \
        len(b["att"]) >= MIN_UNITS and len(b["dfn"]) >= MIN_UNITS


SETUP = ("wings", "wings_deploy", "wings_shift")  # the set-up's procedures


def active(s: EState, b: BattleState) -> bool:
    """The battle is fought by wings: they were chosen and the set-up is over."""
    return b.get("wings") is not None and not any(f["name"] in SETUP for f in s["flow"])


def deploying(s: EState) -> bool:
    """The deployments are being made (and are hidden from the enemy, RULINGS W2)."""
    return bool(s["flow"]) and s["flow"][-1]["name"] == "wings_deploy"


def _quota(n: int) -> int:
    return n // 4  # App. D 1: a quarter of the units, rounded down, on each wing


def feasible(placed: dict[str, list[str]], rest: list[str], q: int) -> bool:
    """Whether units of kinds `rest` can still be added to wings holding `placed` (wing ->
    kinds) so that every wing has `q` and no cavalry or light stands in the Centre while
    hoplites stand on both flanks (App. D 1)."""
    hop = sum(1 for k in rest if not _lightish(k))
    lit = len(rest) - hop
    need = {w: max(0, q - len(placed[w])) for w in WINGS}
    total = sum(need.values())
    if total > len(rest):
        return False
    centre_clear = not any(_lightish(k) for k in placed[CENTRE])
    if centre_clear and need[CENTRE] <= hop:
        return True  # lights go to the flanks, hoplites fill the Centre
    # or one flank stays without hoplites, its quota filled by lights
    return any("hoplite" not in placed[f] and need[f] <= lit for f in (LEFT, RIGHT))


def legal(kinds: dict[str, str], at: dict[str, str], n: int) -> bool:
    """A complete deployment (unit -> wing) obeys App. D 1."""
    placed: dict[str, list[str]] = {w: [] for w in WINGS}
    for u, w in at.items():
        placed[w].append(kinds[u])
    return feasible(placed, [], _quota(n))


def _kinds(s: EState, units: list[str]) -> dict[str, str]:
    return {u: K.kind(s, u) for u in units}


def wing_choices(s: EState, units: list[str], at: dict[str, str], uid: str) -> list[str]:
    """The wings `uid` may go to with the rest of `units` still placeable."""
    kinds = _kinds(s, units)
    out = []
    for w in WINGS:
        trial = {**at, uid: w}
        placed: dict[str, list[str]] = {x: [] for x in WINGS}
        for u, x in trial.items():
            placed[x].append(kinds[u])
        rest = [kinds[u] for u in units if u not in trial]
        if feasible(placed, rest, _quota(len(units))):
            out.append(w)
    return out


def rated(s: EState, b: BattleState, side: str) -> list[str]:
    """The side's leaders with a land rating: only they matter on a wing (App. D 1)."""
    return [n for n in commanders(b, _key(b, side)) if s["leaders"][n]["land"] > 0]


def start(b: BattleState) -> None:
    b["wings"] = {"asker": b["attacker"], "at": {b["attacker"]: {}, b["defender"]: {}},
                  "lead": {b["attacker"]: {}, b["defender"]: {}},
                  "done": {b["attacker"]: False, b["defender"]: False},
                  "roller": b["attacker"], "shifting": None, "mode": None, "moved": [],
                  "open": list(WINGS), "split": None}


# ------------------------------------------------------------------ deployment (App. D 1)
def next_piece(s: EState, b: BattleState, side: str) -> tuple[str, str] | None:
    """('unit', id) or ('leader', name) the side places next; None when it is done."""
    w = b["wings"]
    for u in forces(b, _key(b, side)):
        if u not in w["at"][side]:
            return "unit", u
    for n in rated(s, b, side):
        if n not in w["lead"][side]:
            return "leader", n
    return None


def deploy_prompt(s: EState, b: BattleState, side: str) -> Prompt:
    w = b["wings"]
    what, pid = next_piece(s, b, side)  # type: ignore[misc]
    if what == "leader":
        opts = [Option(x, f"{pid} commands the {x} wing", RULE,
                       data={"kind": "wing", "leader": pid, "wing": x}) for x in WINGS]
        text = f"{side.title()}: which wing does {pid} command? His rating counts there only ({RULE})"
    else:
        units = forces(b, _key(b, side))
        q = _quota(len(units))
        desc = f"{pid} ({K.kind(s, pid)}, morale {b['morale'][pid]})"
        opts = [Option(x, f"{desc} to the {x} wing", RULE,
                       data={"kind": "wing", "unit": pid, "wing": x})
                for x in wing_choices(s, units, w["at"][side], pid)]
        text = (f"{side.title()}: deploy {desc} ({len(w['at'][side]) + 1} of {len(units)}): "
                f"at least {q} on each wing, no cavalry or light in the Centre when hoplites "
                f"stand on both flanks ({RULE}); the enemy sees it once both are deployed")
    return Prompt(side, text, tuple(opts), rule=RULE, secret=True, kind="deploy")


def deploy(s: EState, b: BattleState, side: str, wing: str) -> None:
    w = b["wings"]
    what, pid = next_piece(s, b, side)  # type: ignore[misc]
    (w["lead"] if what == "leader" else w["at"])[side][pid] = wing
    if next_piece(s, b, side) is None:
        w["done"][side] = True


def describe(b: BattleState, side: str) -> str:
    w = b["wings"]
    parts = []
    for x in WINGS:
        units = [u for u in forces(b, _key(b, side)) if w["at"][side].get(u) == x]
        chiefs = [n for n, y in w["lead"][side].items() if y == x]
        parts.append(f"{x} {len(units)}" + (f" with {', '.join(chiefs)}" if chiefs else ""))
    return f"{side.title()} deploys: {'; '.join(parts)} ({RULE})"


# ------------------------------------------------------------------ shifts (App. D 2)
def shift_options(s: EState, b: BattleState, side: str) -> list[Option]:
    w = b["wings"]
    units = forces(b, _key(b, side))
    kinds = _kinds(s, units)
    at = w["at"][side]
    out = [Option("done", "End the shift" if w["mode"] or w["moved"] else "Make no shift", RULE,
                  data={"kind": "done"})]
    if w["mode"] in (None, "cavalry"):
        for u in units:
            k = kinds[u]
            if u in w["moved"] or (w["mode"] == "cavalry" and k != "cavalry"):
                continue
            to = [x for x in WINGS if x != at[u]] if k == "cavalry" else list(NEXT_TO[at[u]])
            for x in to:
                if legal(kinds, {**at, u: x}, len(units)):
                    out.append(Option(f"unit:{u}:{x}", f"Shift {u} ({k}) from the {at[u]} to "
                                      f"the {x} wing", RULE,
                                      data={"kind": "shift", "unit": u, "from": at[u], "wing": x}))
    for n in rated(s, b, side):
        if n in w["moved"]:
            continue
        for x in WINGS:
            if x != w["lead"][side][n]:
                out.append(Option(f"leader:{n}:{x}", f"Shift {n} to the {x} wing", RULE,
                                  data={"kind": "shift", "leader": n,
                                        "from": w["lead"][side][n], "wing": x}))
    return out


def shift(s: EState, b: BattleState, side: str, answer: str) -> str:
    """Carry out one shift; returns the log line."""
    w = b["wings"]
    what, pid, to = answer.split(":")
    w["moved"].append(pid)
    if what == "leader":
        w["lead"][side][pid] = to
        return f"{side.title()} shifts {pid} to the {to} wing ({RULE})"
    was = w["at"][side][pid]
    w["at"][side][pid] = to
    w["mode"] = "cavalry" if K.kind(s, pid) == "cavalry" else "leaders"
    return f"{side.title()} shifts {pid} from the {was} to the {to} wing ({RULE})"


# ------------------------------------------------------------------ the fight (App. D 3)
def _in(b: BattleState, which: str, wing: str) -> list[str]:
    side = b["attacker"] if which == "att" else b["defender"]
    at = b["wings"]["at"][side]
    return [u for u in K.active(b, which) if at.get(u) == wing]


def wing_record(b: BattleState, wing: str) -> BattleState:
    """The battle on one wing: the wing's units and leaders, sharing the morale, Retreat
    and Dead boxes with the whole battle so that combat.py works on it unchanged."""
    w = b["wings"]
    a, d = b["attacker"], b["defender"]
    return {**b, "att": _in(b, "att", wing), "dfn": _in(b, "dfn", wing),
            "att_leaders": [n for n in b["att_leaders"] if w["lead"][a].get(n) == wing],
            "dfn_leaders": [n for n in b["dfn_leaders"] if w["lead"][d].get(n) == wing],
            "wing": wing}


def fight_round(s: EState, b: BattleState, roll: K.Roll) -> list[str]:
    """One round on every wing still fighting, Left to Right (App. D 3: simultaneous),
    then the winners of a wing join the others."""
    lines: list[str] = []
    for x in list(b["wings"]["open"]):
        sub = wing_record(b, x)
        lines += [f"{x.title()} wing: {line}" for line in K.fight_round(s, sub, roll)]
    b["rounds"] += 1
    if K.decided(b) is None:
        lines += regroup(b)
    return lines


def _move(b: BattleState, which: str, wings: list[str], to: str) -> list[str]:
    """The side's active units on `wings` go to `to`; their leaders go with them."""
    side = b["attacker"] if which == "att" else b["defender"]
    w = b["wings"]
    moved = []
    for x in wings:
        units = _in(b, which, x)
        for u in units:
            w["at"][side][u] = to
        if units:
            for n, y in w["lead"][side].items():
                if y == x:
                    w["lead"][side][n] = to
        moved += units
    return moved


def _bonus(b: BattleState, which: str, wing: str) -> None:
    """+1 morale to every active unit of the side on the wing it was added to."""
    for u in _in(b, which, wing):
        b["morale"][u] += 1


def regroup(b: BattleState) -> list[str]:
    """App. D 3 after a round: a side alone on a wing joins the neighbouring wing(s) with
    +1 morale there; with one wing left every unit joins it; with none, one battle."""
    w = b["wings"]
    fighting = [x for x in w["open"] if _in(b, "att", x) and _in(b, "dfn", x)]
    ended = [x for x in w["open"] if x not in fighting]
    if not ended:
        return []
    w["open"] = fighting
    sides = {"att": b["attacker"], "dfn": b["defender"]}
    lines: list[str] = []

    def told(which: str | None, what: str, wing: str | None = None) -> None:
        step: Step = {"kind": "regroup", "rule": RULE, "facts": {"what": what, "wing": wing}}
        if which is not None:
            step["side"] = sides[which]
        add_step(b["record"], step)
        lines.append(step_text(step, b["rounds"]))
    for x in ended:
        for which in ("att", "dfn"):
            if _in(b, which, x):
                told(which, "won", x)
    if not fighting:  # each side won somewhere: one battle of all that is left
        w["open"] = [CENTRE]
        for which in ("att", "dfn"):
            _move(b, which, [LEFT, RIGHT], CENTRE)
        told(None, "one_battle")
        return lines
    if len(fighting) == 1:  # every unit, from any wing, joins the last fight
        last = fighting[0]
        others = [x for x in WINGS if x != last]
        for which in ("att", "dfn"):
            if _move(b, which, others, last):
                _bonus(b, which, last)
                told(which, "joined", last)
        return lines
    for x in ended:  # two wings fight on: only one has ended, this round
        for which in ("att", "dfn"):
            if not _in(b, which, x):
                continue
            if x == CENTRE:
                w["split"] = b["attacker"] if which == "att" else b["defender"]
                told(which, "divided", CENTRE)
            else:
                _move(b, which, [x], CENTRE)
                _bonus(b, which, CENTRE)
                told(which, "joined", CENTRE)
    return lines


def split_prompt(s: EState, b: BattleState) -> Prompt:
    side = b["wings"]["split"]
    opts = [Option(u, f"{u} ({K.kind(s, u)}) joins the left wing", RULE,
                   data={"kind": "unit", "unit": u, "wing": LEFT})
            for u in _in(b, _key(b, side), CENTRE)]
    return decisions.pick(side, f"{side.title()}: your Centre has won. Which of its units join "
                                f"the Left? The others join the Right; +1 morale on each wing "
                                f"joined ({RULE})", opts, 0, len(opts), rule=RULE, kind="split")


def split(b: BattleState, chosen: list[str]) -> str:
    """The Centre's winners go to the flanks as chosen; each flank joined gets +1 morale;
    the leaders go with the larger part, the Left on a tie (RULINGS.md W6)."""
    w = b["wings"]
    side = w["split"]
    which = _key(b, side)
    units = _in(b, which, CENTRE)
    left = [u for u in units if u in chosen]
    right = [u for u in units if u not in chosen]
    for u in left:
        w["at"][side][u] = LEFT
    for u in right:
        w["at"][side][u] = RIGHT
    chief = LEFT if len(left) >= len(right) else RIGHT
    for n, y in w["lead"][side].items():
        if y == CENTRE:
            w["lead"][side][n] = chief
    for x, part in ((LEFT, left), (RIGHT, right)):
        if part:
            _bonus(b, which, x)
    w["split"] = None
    return (f"{side.title()}'s Centre joins the flanks: {len(left)} left, {len(right)} right, "
            f"+1 morale on each wing joined ({RULE})")


# ------------------------------------------------------------------ the procedures
class Wings(Procedure[EState]):
    """Before a battle's first round: the attacker, then the defender, may choose to fight
    by wings (App. D); then the deployments and the shifts. Ends into the Battle
    procedure, which fights the rounds."""

    name = "wings"

    def enter(self, flow: Flow[EState]) -> None:
        start(fighting(flow.state))

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        b = fighting(flow.state)
        seat = b["wings"]["asker"]
        opts = (Option("wings", "Fight on three wings: Left, Centre and Right", RULE,
                       data={"kind": "by_wings"}),
                Option("whole", "Fight as one battle (17.3)", "17.3",
                       data={"kind": "as_one"}))
        return [Prompt(seat, f"{seat.title()}: both sides have more than 3 units at "
                             f"{b['hex']}. Fight this battle by wings ({RULE})?", opts,
                       rule=RULE, kind="wings")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        b = fighting(flow.state)
        w = b["wings"]
        if answer == "wings":
            note(flow, f"{seat.title()} chooses to fight by wings ({RULE})")
            flow.goto("wings_deploy")
        elif w["asker"] == b["attacker"]:
            w["asker"] = b["defender"]
        else:
            del b["wings"]
            flow.end()


class Deploy(Procedure[EState]):
    """App. D 1: both sides deploy at once, each unseen by the other (RULINGS W2); then
    the rolls for shifts begin."""

    name = "wings_deploy"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        b = fighting(s)
        return [deploy_prompt(s, b, side) for side in (b["attacker"], b["defender"])
                if not b["wings"]["done"][side]]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        b = fighting(s)
        deploy(s, b, seat, str(answer))
        if all(b["wings"]["done"].values()):
            flow.context.reveal()  # both deployments are shown at once
            for side in (b["attacker"], b["defender"]):
                note(flow, describe(b, side))
            if _roll(flow):
                flow.goto("wings_shift")


class Shift(Procedure[EState]):
    """App. D 2: the side that rolled 4-6 shifts, then the other rolls, until a 1-3."""

    name = "wings_shift"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        b = fighting(s)
        side = b["wings"]["shifting"]
        return [Prompt(side, f"{side.title()}: you rolled 4-6 and may shift your deployment: "
                             f"one hoplite or light unit to a neighbouring wing, or any cavalry "
                             f"anywhere, and leaders anywhere ({RULE})",
                       tuple(shift_options(s, b, side)), rule=RULE, kind="shift")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        b = fighting(s)
        w = b["wings"]
        if answer == "done":
            w["roller"] = other(w["shifting"])
            w["shifting"], w["mode"], w["moved"] = None, None, []
            _roll(flow)  # a shift again (this procedure asks it), or the end
            return
        note(flow, shift(s, b, seat, str(answer)))


def _roll(flow: Flow[EState]) -> bool:
    """The roller's die for a shift: True when it may shift (4-6), else the set-up ends."""
    w = fighting(flow.state)["wings"]
    side = w["roller"]
    die = flow.context.die()
    if die >= SHIFT_ON:
        note(flow, f"{side.title()} rolls {die}: may shift ({RULE})")
        w["shifting"] = side
        return True
    note(flow, f"{side.title()} rolls {die}: the wings engage ({RULE})")
    flow.end()
    return False


PROCEDURES = (Wings(), Deploy(), Shift())


# ------------------------------------------------------------------ secrecy (view.py)
def _viewer_side(seat: str | None) -> str | None:
    return None if seat is None else "athens" if seat == "athens" else "sparta"


def shown(s: EState, seat: str | None) -> BattleState | None:
    """The battle as `seat` may see it: while the deployments are being made, the other
    side's is hidden (only whether it is complete shows)."""
    b = s.get("battle")
    if b is None:
        return None
    out: BattleState = json.loads(json.dumps(b))
    w = out.get("wings")
    if w and deploying(s):
        mine = _viewer_side(seat)
        for side in w["at"]:
            if side != mine:
                w["at"][side], w["lead"][side] = {}, {}
    return out


def resample(s: EState, seat: str | None, rng: Rng) -> None:
    """Place afresh, at random among legal wings, the deployment pieces `seat` cannot
    see (variants.py's redaction proof and determinize.py's worlds)."""
    b: BattleState | None = s.get("battle")
    w = b.get("wings") if b else None
    if b is None or not w or not deploying(s):
        return
    mine = _viewer_side(seat)
    for side in w["at"]:
        if side == mine:
            continue
        units = forces(b, _key(b, side))
        placed = [u for u in units if u in w["at"][side]]
        w["at"][side] = {}
        for u in placed:
            w["at"][side][u] = rng.choice(wing_choices(s, units, w["at"][side], u))
        for n in list(w["lead"][side]):
            w["lead"][side][n] = rng.choice(list(WINGS))
