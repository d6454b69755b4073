"""The combat phase (5.0) as procedures:

    combat -> battle -> battle_decl -> battle_r_start -> battle_sea -> ... -> battle_finish
           -> combat ... -> combat_end -> combat_adrift -> attrition

`combat` asks which battle is next; `battle` asks the card events that bear on the
battle in `s["battle"]` (combat.py), then calls its first stage. Each stage of the battle
(`combat.STAGES`: declarations, each round's sea, navy, land and siege stages, the end,
forced retreats, regroup, pillage) is a procedure (`BattleStage`) that applies pending
hits, calls the question it meets (`BattleQuestion`) and hands on to the next stage with
`goto`; the last one ends, back to `battle`. `combat_end` does the end-of-phase checks
once, then `combat_adrift` brings navies left at sea to port (4.4)."""

from __future__ import annotations

from typing import Any, cast

from engine import Prompt
from engine.core.decisions import Answer
from engine.core.procedures import Flow, Frame, Procedure

from . import combat as K
from . import schema
from .asks import OptionRow, arg, ask, destination
from .board import Board
from .hits import apply_hits, eliminate
from .pending import PendingStep
from .state import AS, a_side, block_name, friendly, occupancy, other, siege_at
from .steps import AFlow, Args, Decision, Step, phase_end, set_phase
from .strategics import end_of_phase


class Combat(PendingStep):
    """The combat phase (5.0): the active player chooses the order of his battles."""

    name = "combat"
    # The battles found when the step last ran, for the prompt built next: finding them
    # is a search of the whole map. Kept by this frame and state (not in the state); any
    # change through the rules runs the step again, which finds them anew.
    _found: tuple[Frame, AS, list[tuple[str, str, bool]]] | None = None

    def step(self, flow: Flow[AS]) -> None:
        s = flow.state
        self._found = None
        if s["battle"]:
            flow.call("battle")
            return
        hexes = K.battle_hexes(self.bd, s)
        if hexes:
            self._found = (flow.frame, s, hexes)
        else:
            flow.goto("combat_end")

    def _hexes(self, flow: Flow[AS]) -> list[tuple[str, str, bool]]:
        found = self._found
        if found is not None and found[0] is flow.frame and found[1] is flow.state:
            return found[2]
        return K.battle_hexes(self.bd, flow.state)

    def step_prompts(self, flow: Flow[AS]) -> list[Prompt]:
        s, bd = flow.state, self.bd
        hexes = self._hexes(flow)
        kinds = {"new": "battle", "storm": "storm the city?", "sally": "sally?",
                 "revolt": "revolt"}
        opts: list[OptionRow] = [
            [f"f:{h}", f"{bd.label(h)} ({'relief battle' if k == 'sally' and must else kinds[k]})",
             "5.0"] for h, k, must in hexes]
        if not any(must for _h, _k, must in hexes):
            opts.append(["done", "No more battles: end the combat phase", "5.0"])
        side = s["active"]
        assert side is not None  # in a player turn
        return [ask(side, "battle_pick", "Combat phase (rule 5.0): choose the next "
                    "battle. You decide the order.", "5.0", opts)]

    def step_answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        if option == "done":
            flow.goto("combat_end")
            return
        s, bd = flow.state, self.bd
        h = arg(option)
        kind = next(k for x, k, _m in K.battle_hexes(bd, s) if x == h)
        K.start_battle(bd, s, h, kind, flow.context)
        flow.call("battle")


def _bonus_candidates(bd: Board, s: AS) -> list[str]:
    bt, bn = s["battle"], s["bonus"]
    assert bt is not None and bn is not None
    return [b for b, r in bt["role"].items() if r == bn["side"] and
            s["blocks"][b]["loc"] == bt["hex"] and
            (not bn["types"] or bd.blocks[b]["type"] in bn["types"])]


class Battle(Step):
    """The battle in `s["battle"]`, from the events that bear on it to its end."""

    name = "battle"

    def run(self, flow: Flow[AS]) -> None:
        s, bd = flow.state, self.bd
        bt = s["battle"]
        if bt is None:
            flow.end()
            return
        bn = s.get("bonus")
        if bn and bn["block"] is None and bt["hex"] not in bn["asked"]:
            bn["asked"].append(bt["hex"])  # asked once a battle (Brasidas, Phormio)
            if _bonus_candidates(bd, s):
                flow.call("bonus")
                return
        bet = s.get("betrayal")
        if bet and bet["hex"] is None and bt["attacker"] == bet["side"] and K._walled(bd, bt) and \
                bt["hex"] not in bet["asked"]:
            bet["asked"].append(bt["hex"])
            flow.call("betrayal")
            return
        flow.call(K.stage_proc(K.FIRST))

    def resume(self, flow: Flow[AS], result: Any) -> None:
        if flow.state["battle"] is None:  # its last stage is over
            flow.end()
        else:  # a card event's question answered: on to the battle itself
            self.rerun(flow)


# The questions after which the stage checks whether a side is left without blocks (5.43)
CHECKED = frozenset({"act", "retreat"})


class BattleStage(Procedure[AS, Args]):
    """One stage of the battle (`combat.STAGES[key]`): pending hits first (their owner
    may be asked which block takes one), then the stage's own work, until it asks a
    question (called, then this stage runs again), hands on to another stage (goto) or
    the battle is over (end)."""

    def __init__(self, bd: Board, key: str):
        self.bd = bd
        self.key = key
        self.name = K.stage_proc(key)
        self.work = K.STAGES[key]

    def enter(self, flow: AFlow) -> None:
        self._advance(flow, None)

    def resume(self, flow: AFlow, result: Any) -> None:
        self._advance(flow, result)

    def _advance(self, flow: AFlow, answered: Any) -> None:
        s, bd, ctx = flow.state, self.bd, flow.context
        st = K.Stage(self.key)
        if answered in K.STAGE_PROCS:  # the question's answer moved the battle on
            flow.goto(answered)
            return
        while True:
            bt = s["battle"]
            if bt is None:  # fought out or called off
                flow.end()
                return
            if s["hits"]:
                if apply_hits(bd, s, ctx):
                    flow.call("hit")
                    return
                K.check_won(s, bt, st)
            if answered in CHECKED:
                K.check_won(s, bt, st)
                answered = None
            if st.next is None:
                decision = self.work(bd, s, bt, ctx, st)
                if decision:
                    flow.call(decision[0], **decision[1])
                    return
            if st.next is not None:
                flow.goto(K.stage_proc(st.next))
                return


class BattleQuestion(Decision):
    """A question of the battle: when answered it ends with its own name (the stage then
    knows what was answered), or with the stage its answer moved the battle on to."""

    def act(self, flow: AFlow, seat: str, answer: Answer) -> None:
        then = self.reply(self.bd, flow.state, flow.args, str(answer), flow.context)
        if then is None:
            flow.end(self.name)
        elif then[0] in K.STAGE_PROCS:
            flow.end(then[0])
        else:
            flow.goto(then[0], **then[1])


def _prompt_bonus(bd: Board, s: AS, a: Args) -> Prompt:
    bn = s["bonus"]
    assert bn is not None  # asked while the event is in force
    opts: list[OptionRow] = [[f"k:{b}", block_name(bd, b), "5.2"]
                             for b in sorted(_bonus_candidates(bd, s))]
    opts.append(["none", "Not in this battle", "5.2"])
    return ask(bn["side"], "bonus", f"{bn['name']} (event): choose the block that hits on one "
               "more pip this player turn.", "5.2", opts)


def _answer_bonus(bd: Board, s: AS, a: Args, option: str, ctx: Any) -> None:
    bn = s["bonus"]
    assert bn is not None
    if option.startswith("k:"):
        bn["block"] = arg(option)


def _prompt_betrayal(bd: Board, s: AS, a: Args) -> Prompt:
    bt, bet = s["battle"], s["betrayal"]
    assert bt is not None and bet is not None  # asked in a battle, the event in force
    return ask(bet["side"], "betrayal", f"Betrayal (event): use it at "
               f"{bd.label(bt['hex'])}? Defenders inside the walls then get no double defence "
               "in both rounds.", "5.41",
               [["yes", "Use Betrayal here", "5.41"], ["no", "Not here", "5.41"]])


def _answer_betrayal(bd: Board, s: AS, a: Args, option: str, ctx: Any) -> None:
    bt, bet = s["battle"], s["betrayal"]
    assert bt is not None and bet is not None
    if option == "yes":
        bet["hex"] = bt["hex"]


def adrift_navies(bd: Board, s: AS) -> list[str]:
    """Rule 4.4: navies end the combat phase in a friendly port or on blockade."""
    occ = occupancy(s)
    out = []
    blocks = s["blocks"]
    for here in occ.values():  # the blocks on the map
        for ids in here.values():
            for b in ids:
                if b not in bd.armies:
                    out.append(b)
    navies, out = out, []
    for b in navies:
        x = blocks[b]
        h = x["loc"]
        side = x["side"]
        if x["in"]:
            continue
        sg = siege_at(bd, s, h, occ)
        if sg and sg["besieger"] == side:
            continue
        if h in bd.ports and friendly(s, side, h) and other(side) not in occ.get(h, {}):
            continue
        out.append(b)
    return sorted(out)


def _port_options(bd: Board, s: AS, b: str) -> list[OptionRow]:
    x = s["blocks"][b]
    # regroup_options reads only these of a battle: a navy adrift is offered its ports as
    # if it regrouped from a battle where it lies (4.4)
    at_sea = cast(schema.Battle, {"hex": x["loc"], "role": {b: x["side"]}, "kind": "x",
                                  "retreats": {}})
    return K.regroup_options(bd, s, at_sea, b)


class CombatEnd(PendingStep):
    """The end of the combat phase: control is settled (9.5); a city that changed sides
    with its blocks among enemies means more battles."""

    name = "combat_end"

    def step(self, flow: Flow[AS]) -> None:
        s, bd = flow.state, self.bd
        end_of_phase(bd, s, flow.context)
        if any(must for _h, _k, must in K.battle_hexes(bd, s)):
            flow.goto("combat")  # a city changed sides with its blocks among enemies (9.5)
        else:
            flow.goto("combat_adrift")


class CombatAdrift(PendingStep):
    """Rule 4.4: each navy at sea goes to a friendly port or on blockade, or is lost."""

    name = "combat_adrift"

    def enter(self, flow: Flow[AS]) -> None:
        self.step(flow)  # straight on from combat_end's work, as one step: no checks

    def step(self, flow: Flow[AS]) -> None:
        s, bd, ctx = flow.state, self.bd, flow.context
        for b in adrift_navies(bd, s):
            opts = _port_options(bd, s, b)
            if not opts:
                eliminate(bd, s, b, ctx, "lost at sea: no friendly port within reach (rule 4.4)")
                continue
            if len(opts) == 1:
                navy_to(bd, s, b, opts[0][0], ctx)
                continue
            flow.call("adrift_to", block=b)
            return
        end_of_phase(bd, s, ctx)
        phase_end(s, ctx, "combat")
        set_phase(s, "attrition")
        flow.goto("attrition")


def _prompt_adrift(bd: Board, s: AS, a: Args) -> Prompt:
    b = a["block"]
    return ask(s["blocks"][b]["side"], "adrift", f"{block_name(bd, b)} must end the combat "
               "phase in a friendly port or on blockade (rule 4.4). Where to?", "4.4",
               [[o[0], o[1], "4.4"] for o in _port_options(bd, s, b)])


def _answer_adrift(bd: Board, s: AS, a: Args, option: str, ctx: Any) -> None:
    navy_to(bd, s, a["block"], option, ctx)


def navy_to(bd: Board, s: AS, b: str, option: str, ctx: Any) -> None:
    x = s["blocks"][b]
    src = x["loc"]
    x["loc"], x["coast"] = destination(option, bd.ports)
    ctx.event("navy_port", f"{a_side(x['side'], 'navy')} returns from {bd.label(src)} to "
              f"{bd.label(x['loc'])} (rule 4.4)", frm=src, to=x["loc"])


def decisions(bd: Board) -> list[Procedure[AS, Any]]:
    """The questions asked inside the combat phase, each a procedure."""
    out: list[Procedure[AS, Any]] = [BattleQuestion(bd, name, K.PROMPTS[name], K.ANSWERS[name])
                                for name in K.PROMPTS]
    out += [BattleStage(bd, key) for key in K.STAGE_KEYS]
    out += [Decision(bd, "bonus", _prompt_bonus, _answer_bonus),
            Decision(bd, "betrayal", _prompt_betrayal, _answer_betrayal),
            Decision(bd, "adrift_to", _prompt_adrift, _answer_adrift)]
    return out
