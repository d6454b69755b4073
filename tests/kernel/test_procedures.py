"""Kernel procedures: named states on a call/goto/end stack (engine/core/procedures)."""

from __future__ import annotations

import json
from typing import Any, TypedDict

import pytest

from engine import IllegalAction, Option, Prompt
from engine.core.procedures import Flow, Machine, Procedure
from engine.core.rng import Rng
from engine.core.ruleset import Context

S = dict[str, Any]


class Ask(Procedure[S]):
    """Asks `seat` yes or no; `yes` calls `sub`, then ends with the sub's result doubled."""

    name = "ask"

    def prompts(self, flow: Flow[S]) -> list[Prompt]:
        return [Prompt(flow.args["seat"], "go on?", (Option("yes", "Yes"), Option("no", "No")))]

    def act(self, flow: Flow[S], seat: str, answer: Any) -> None:
        flow.state["trail"].append(f"ask:{answer}")
        if answer == "yes":
            flow.call("sub", n=3)
        else:
            flow.goto("done")

    def resume(self, flow: Flow[S], result: Any) -> None:
        flow.state["trail"].append(f"resumed:{result}")
        flow.end(result * 2)


class Sub(Procedure[S]):
    """Automatic: counts down through gotos to itself, then ends with a result."""

    name = "sub"

    def enter(self, flow: Flow[S]) -> None:
        n = flow.args["n"]
        flow.state["trail"].append(f"sub:{n}")
        if n:
            flow.goto("sub", n=n - 1)
        else:
            flow.end(21)


class Done(Procedure[S]):
    name = "done"

    def enter(self, flow: Flow[S]) -> None:
        flow.state["trail"].append("done")
        flow.end()


class Top(Procedure[S]):
    name = "top"

    def enter(self, flow: Flow[S]) -> None:
        flow.call("ask", seat="north")

    def resume(self, flow: Flow[S], result: Any) -> None:
        flow.state["result"] = result
        flow.end()


class Twice(Procedure[S]):
    name = "twice"

    def enter(self, flow: Flow[S]) -> None:
        flow.goto("done")
        flow.goto("done")


def machine() -> Machine[S]:
    return Machine([Top(), Ask(), Sub(), Done(), Twice()], lambda s: s["stack"])


def fresh() -> tuple[S, Context]:
    return {"stack": [], "trail": []}, Context(Rng(1))


def test_call_runs_automatic_steps_and_returns_a_result_to_the_caller():
    m, (s, ctx) = machine(), fresh()
    m.start(s, ctx, "top")
    assert [f["name"] for f in s["stack"]] == ["top", "ask"]
    assert [p.seat for p in m.prompts(s)] == ["north"]
    m.act(s, "north", "yes", ctx)
    assert s["trail"] == ["ask:yes", "sub:3", "sub:2", "sub:1", "sub:0", "resumed:21"]
    assert s["result"] == 42 and s["stack"] == [] and m.prompts(s) == []


def test_goto_replaces_the_frame_and_end_returns_none():
    m, (s, ctx) = machine(), fresh()
    m.start(s, ctx, "top")
    m.act(s, "north", "no", ctx)
    assert s["trail"] == ["ask:no", "done"] and s["result"] is None


def test_the_stack_is_plain_json_and_a_copy_continues():
    m, (s, ctx) = machine(), fresh()
    m.start(s, ctx, "top")
    copy = json.loads(json.dumps(s))
    m.act(copy, "north", "yes", ctx)
    assert copy["result"] == 42


def test_wrong_seat_or_answer_is_refused_without_change():
    m, (s, ctx) = machine(), fresh()
    m.start(s, ctx, "top")
    before = repr(s)
    with pytest.raises(IllegalAction):
        m.act(s, "south", "yes", ctx)
    with pytest.raises(IllegalAction):
        m.act(s, "north", "maybe", ctx)
    assert repr(s) == before


def test_two_transitions_in_one_step_is_a_bug():
    m, (s, ctx) = machine(), fresh()
    with pytest.raises(RuntimeError, match="two transitions"):
        m.start(s, ctx, "twice")


def test_names_must_be_unique():
    with pytest.raises(ValueError):
        Machine([Done(), Done()], lambda s: s["stack"])


class CountArgs(TypedDict):
    seat: str
    left: int


class Count(Procedure[S, CountArgs]):
    """Typed arguments (a TypedDict): asks `seat` until `left` runs out."""

    name = "count"

    def prompts(self, flow: Flow[S, CountArgs]) -> list[Prompt]:
        return [Prompt(flow.args["seat"], "again?", (Option("yes", "Yes"),))]

    def act(self, flow: Flow[S, CountArgs], seat: str, answer: Any) -> None:
        a = flow.args
        a["left"] -= 1
        flow.state["trail"].append(a["left"])
        if not a["left"]:
            flow.goto("done")


def test_typed_arguments_are_the_frames_own_json_dict():
    m = Machine[S]([Count(), Done()], lambda s: s["stack"])
    s, ctx = fresh()
    m.start(s, ctx, "count", seat="north", left=2)
    frame = s["stack"][-1]
    assert frame == {"name": "count", "args": {"seat": "north", "left": 2}}
    m.act(s, "north", "yes", ctx)
    # the same dict, changed in place: the saved shape is what it was untyped
    assert s["stack"][-1] is frame and frame["args"] == {"seat": "north", "left": 1}
    copy = json.loads(json.dumps(s))
    m.act(copy, "north", "yes", ctx)
    assert copy["trail"] == [1, 0, "done"] and copy["stack"] == []


TYPED = '''
from typing import Any, TypedDict
from engine.core.procedures import Flow, Procedure

class A(TypedDict):
    n: int

class P(Procedure[dict[str, Any], A]):
    def enter(self, flow: Flow[dict[str, Any], A]) -> None:
        flow.args["n"] + 1
        flow.args["m"]

class Q(Procedure[dict[str, Any]]):
    def enter(self, flow: Flow[dict[str, Any]]) -> None:
        flow.args["anything"]
'''


@pytest.mark.slow
def test_mypy_reads_declared_arguments_and_defaults_to_a_dict(tmp_path):
    api = pytest.importorskip("mypy.api")
    src = tmp_path / "typed_args.py"
    src.write_text(TYPED)
    out, _err, _code = api.run([str(src), "--strict", "--no-incremental",
                                "--follow-imports=silent", "--cache-dir", str(tmp_path)])
    errors = [line for line in out.splitlines() if ": error:" in line]
    # exactly one: the key A does not declare; the untyped procedure reads any key
    assert len(errors) == 1 and '"m"' in errors[0], out
