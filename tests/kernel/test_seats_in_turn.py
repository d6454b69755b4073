"""`SeatsInTurn` (engine/core/flows.py): each seat in turn asked or passed over, then the
walk hands on; the seat in turn is kept in the frame, so a saved walk goes on."""

from __future__ import annotations

from typing import Any

from engine import Context, Option, Prompt
from engine.core.flows import SeatsInTurn, TurnArgs
from engine.core.procedures import Flow, Machine
from engine.core.rng import Rng

State = dict[str, Any]


class Toast(SeatsInTurn[State, TurnArgs]):
    """Each guest with a cup in turn raises it or not; then the feast ends."""

    name = "toast"

    def seats(self, flow: Flow[State, TurnArgs]) -> list[str]:
        return flow.state["guests"]

    def asks(self, flow: Flow[State, TurnArgs], seat: str) -> bool:
        return seat in flow.state["cups"]

    def done(self, flow: Flow[State, TurnArgs]) -> None:
        flow.state["log"].append("done")
        flow.end()

    def halted(self, flow: Flow[State, TurnArgs]) -> bool:
        return flow.state["over"]

    def prompts(self, flow: Flow[State, TurnArgs]) -> list[Prompt]:
        return [Prompt(self.seat_in_turn(flow), "Raise your cup?",
                       (Option("yes", "Yes"), Option("no", "No")))]

    def act(self, flow: Flow[State, TurnArgs], seat: str, answer: Any) -> None:
        flow.state["log"].append(f"{seat}:{answer}")
        flow.state["over"] = answer == "stop"
        self.next_seat(flow)


def _feast(cups: list[str]) -> tuple[Machine[State], State]:
    machine: Machine[State] = Machine([Toast()], lambda s: s["flow"])
    s: State = {"guests": ["a", "b", "c"], "cups": cups, "log": [], "over": False,
                "flow": []}
    machine.start(s, Context(Rng("t")), "toast", i=0)
    return machine, s


def test_seats_without_a_decision_are_passed_over():
    machine, s = _feast(["a", "c"])
    assert [p.seat for p in machine.prompts(s)] == ["a"]
    machine.act(s, "a", "yes", Context(Rng("t")))
    assert [p.seat for p in machine.prompts(s)] == ["c"]  # b has no cup
    assert s["flow"][-1]["args"] == {"i": 2}
    machine.act(s, "c", "no", Context(Rng("t")))
    assert s["log"] == ["a:yes", "c:no", "done"] and s["flow"] == []


def test_no_seat_to_ask_hands_on_at_once():
    _machine, s = _feast([])
    assert s["log"] == ["done"] and s["flow"] == []
