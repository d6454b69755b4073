"""The base of the sequence of play's procedures (engine/core/procedures.py).

A `Step` is one step of the sequence of play. As in the rules, two things come before any
step runs, on arrival and again after every answer: a game already won or resigned ends
the flow, and neutral blocks that changed sides among their former allies (9.5) fight them
at once (ruling R22), whatever the step. `run` does the step's own work: it moves on with
`goto`/`call`/`end`, or returns without moving to wait for the decision `prompts` builds
from the state. `answer` applies a decision; the step then runs again unless the answer
moved on.

A `Decision` is a question inside a step (a battle's, say): its prompt and its answer come
from two functions; once answered it returns to its caller, or goes on to the follow-up
question the answer names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Prompt
from engine.core.decisions import Answer
from engine.core.procedures import Flow, Procedure
from engine.core.view import PHASE_END

from .board import Board
from .combat import start_battle
from .schema import FrameArgs
from .state import AS, occupancy, siege_at, turn_words

Args = FrameArgs  # a procedure's arguments (schema.py)
AFlow = Flow[AS, Args]  # what a procedure with typed arguments sees (engine/core/procedures.py)


class Step(Procedure[AS]):
    # False for a step that runs straight on from its caller's work (as the same step
    # did before the procedures), so the checks wait for the next answer
    check_on_enter = True

    def __init__(self, bd: Board):
        self.bd = bd

    def enter(self, flow: Flow[AS]) -> None:
        if self.check_on_enter:
            self.rerun(flow)
        else:
            self.run(flow)

    def rerun(self, flow: Flow[AS]) -> None:
        """The checks before a step (module docstring), then the step."""
        s = flow.state
        if s["winner"] or s["resigned"]:
            s["phase"] = "over"
            flow.goto("over")
            return
        if flip_battle(self.bd, flow):
            return
        self.run(flow)

    def run(self, flow: Flow[AS]) -> None:
        raise NotImplementedError

    def prompts(self, flow: Flow[AS]) -> list[Prompt]:
        return []

    def answer(self, flow: Flow[AS], seat: str, option: str) -> None:
        raise NotImplementedError

    def act(self, flow: Flow[AS], seat: str, answer: Answer) -> None:
        self.answer(flow, seat, str(answer))
        if not flow.moved:
            self.rerun(flow)

    def resume(self, flow: Flow[AS], result: Any) -> None:
        self.rerun(flow)


class Over(Procedure[AS]):
    """The game is over: nobody decides anything."""

    name = "over"


class Decision(Procedure[AS, Args]):
    """A question asked inside a step; `ask` builds its prompt, `reply` applies the
    answer and may name a follow-up question (name, arguments)."""

    def __init__(self, bd: Board, name: str, ask: Callable[[Board, AS, Args], Prompt],
                 reply: Callable[[Board, AS, Args, str, Any], tuple[str, Args] | None]):
        self.bd = bd
        self.name = name
        self.ask = ask
        self.reply = reply

    def prompts(self, flow: AFlow) -> list[Prompt]:
        return [self.ask(self.bd, flow.state, flow.args)]

    def act(self, flow: AFlow, seat: str, answer: Answer) -> None:
        then = self.reply(self.bd, flow.state, flow.args, str(answer), flow.context)
        if then:
            flow.goto(then[0], **then[1])
        else:
            flow.end()


def flip_battle(bd: Board, flow: Flow[AS]) -> bool:
    """Rule 9.5: neutral blocks that change sides among their former allies fight them at
    once, on the attack, whatever the phase (ruling R22). One queued change is looked at
    per check; True when its battle begins (the step runs again once it is over)."""
    s = flow.state
    if not (s["queue"] and s["battle"] is None and s["queue"][0]["kind"] == "flip_battle"):
        return False
    item = s["queue"].pop(0)
    h = item["hex"]
    occ = occupancy(s)
    if len(occ.get(h, {})) < 2 or siege_at(bd, s, h, occ) is not None:
        return False
    start_battle(bd, s, h, "new", flow.context, attacker=item["attacker"])
    flow.call("battle")
    return True


def set_phase(s: AS, phase: str) -> None:
    s["phase"] = phase


def phase_end(s: AS, ctx: Any, phase: str) -> None:
    when = ", ".join(x for x in (f"Olympiad {s['olympiad']}", turn_words(s["turn"]),
                                 (s["active"] or "").title()) if x)
    ctx.event(PHASE_END, f"End of the {phase} phase ({when})", phase=phase,
              olympiad=s["olympiad"], turn=s["turn"], active=s["active"])


def win(s: AS, side: str, reason: str, rule: str) -> None:
    s["winner"] = side
    s["reason"] = reason
    s["rule"] = rule
