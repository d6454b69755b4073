"""engine/core/seating.py: a side's questions seated by a ruleset's hook, answers carried
back to the side, and a standing question asked before the stack's own (issue 30, point 1).
A two-procedure toy machine: the side "blue" is played by seats "b1" and "b2"."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.decisions import Answer
from engine.core.procedures import Flow, Procedure
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.seating import SeatedMachine
from engine.core.types import IllegalAction, Option, Prompt

State = dict[str, Any]


class Ask(Procedure[State]):
    name = "ask"

    def prompts(self, flow: Flow[State]) -> list[Prompt]:
        return [Prompt("blue", "Which?", (Option("x", "X"), Option("y", "Y")), kind="pick")]

    def act(self, flow: Flow[State], seat: str, answer: Answer) -> None:
        flow.state["answers"].append((seat, answer))


class Gift(Procedure[State]):
    """A standing question: asked while `gift` is pending, answered without moving on."""

    name = "gift"

    def prompts(self, flow: Flow[State]) -> list[Prompt]:
        return [Prompt(flow.state["gift"], "Keep it?", (Option("keep", "Keep"),), kind="gift")]

    def act(self, flow: Flow[State], seat: str, answer: Answer) -> None:
        flow.state["answers"].append((seat, answer))
        flow.state["gift"] = None


def _machine() -> SeatedMachine[State]:
    return SeatedMachine(
        [Ask(), Gift()], lambda s: s["flow"],
        seat_for=lambda s, p: s["decider"] if p.seat == "blue" else p.seat,
        answers_for=lambda s, seat: ("blue",) if seat in ("b1", "b2") else (),
        standing=lambda s: "gift" if s["gift"] else None)


def _state() -> State:
    return {"flow": [{"name": "ask", "args": {}}], "decider": "b2", "gift": None,
            "answers": []}


def test_a_sides_question_goes_to_the_deciding_seat_and_its_answer_to_the_side() -> None:
    m, s = _machine(), _state()
    assert [p.seat for p in m.asked(s)] == ["blue"]
    assert [p.seat for p in m.prompts(s)] == ["b2"]
    m.act(s, "b2", "y", Context(Rng("t")))
    assert s["answers"] == [("blue", "y")]  # the procedure hears the side, not the seat
    with pytest.raises(IllegalAction):
        m.act(s, "b1", "x", Context(Rng("t")))  # b1 does not decide now


def test_a_held_seated_prompt_is_read_back_as_put_to_the_side() -> None:
    m, s = _machine(), _state()
    held = m.prompts(s)[0]
    assert m.as_asked(s, "b2", held).seat == "blue"
    s["decider"] = "b1"
    assert m.as_asked(s, "b1").seat == "blue"


def test_a_standing_question_comes_first_and_leaves_the_stack_alone() -> None:
    m, s = _machine(), _state()
    s["gift"] = "b1"
    assert [(p.seat, p.kind) for p in m.prompts(s)] == [("b1", "gift")]
    m.act(s, "b1", "keep", Context(Rng("t")))
    assert s["answers"] == [("b1", "keep")] and s["flow"] == [{"name": "ask", "args": {}}]
    assert [(p.seat, p.kind) for p in m.prompts(s)] == [("b2", "pick")]  # the stack's again
