"""Who answers for a side (issue 30, point 1): a machine whose procedures put their
questions to sides, and a ruleset hook that names the seat deciding for each now.

An alliance plays one military side from several seats (the Epic's Peloponnesian League:
whoever is acting, or owns most units at the place in question). Its procedures ask the
side, act on the side's answer, and never learn which seat gave it; the machine seats each
prompt through `seat_for` and, when a seat answers, finds the prompt it answered as the
procedure put it. `standing` names a procedure whose question a fact of the state raises
(a region just won that its new holder may give away): it is asked before the stack's own
question, on a frame of its own that is never stored, until its act settles the fact."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, Generic

from .decisions import parse
from .procedures import Flow, Frame, Machine, Procedure, S
from .ruleset import Context
from .types import IllegalAction, Prompt


def _never(state: object) -> str | None:
    return None


class SeatedMachine(Generic[S]):
    """`seat_for(state, prompt)`: the seat that answers `prompt` now (its own seat when no
    one else decides for it); `answers_for(state, seat)`: the sides `seat` may answer for;
    `standing(state)`: the procedure with a question to ask before the stack's, or None.

    It wraps a `Machine` rather than subclassing it: the kernel's Machine may be compiled
    (engine/compiled.py), and a class written in Python cannot subclass a compiled one."""

    def __init__(self, procedures: Iterable[Procedure[S, Any]],
                 stack_of: Callable[[S], list[Frame]],
                 seat_for: Callable[[S, Prompt], str],
                 answers_for: Callable[[S, str], tuple[str, ...]],
                 standing: Callable[[S], str | None] = _never):
        self.machine: Machine[S] = Machine(procedures, stack_of)
        self.seat_for = seat_for
        self.answers_for = answers_for
        self.standing = standing

    def start(self, state: S, ctx: Context, name: str, **args: Any) -> None:
        self.machine.start(state, ctx, name, **args)

    def current(self, state: S) -> Frame | None:
        return self.machine.current(state)

    def _standing_proc(self, name: str) -> Procedure[S, Any]:
        try:
            return self.machine.procedures[name]
        except KeyError:
            raise RuntimeError(f"no procedure {name!r}") from None

    def asked(self, state: S) -> list[Prompt]:
        """The questions as the procedures put them, to sides."""
        name = self.standing(state)
        if name is None:
            return self.machine.prompts(state)
        return self._standing_proc(name).prompts(Flow(state, {"name": name, "args": {}}, None))

    def prompts(self, state: S) -> list[Prompt]:
        out = []
        for p in self.asked(state):
            seat = self.seat_for(state, p)
            out.append(p if seat == p.seat else replace(p, seat=seat))
        return out

    def as_asked(self, state: S, seat: str, held: Prompt | None = None) -> Prompt:
        """The prompt `seat` answers, as its procedure put it. `held`: the seated prompt
        the caller checked the answer against, which spares building them all again."""
        if held is not None and held.seat == seat:
            # a side it answers for first: a seated prompt carries the answering seat, so
            # as it stands it would pass for one put to that seat itself
            for side in (*self.answers_for(state, seat), seat):
                candidate = held if side == seat else replace(held, seat=side)
                if self.seat_for(state, candidate) == seat:
                    return candidate
        for p in self.asked(state):
            if self.seat_for(state, p) == seat:
                return p
        raise IllegalAction("It is not your turn to decide anything.")

    def act(self, state: S, seat: str, answer: str, ctx: Context,
            prompts: list[Prompt] | None = None) -> None:
        """`prompts`: the prompts as asked (`as_asked`), when the caller found them."""
        asked = prompts[0] if prompts else self.as_asked(state, seat, ctx.prompt)
        name = self.standing(state)
        if name is None:
            self.machine.act(state, asked.seat, answer, ctx, [asked])
            return
        flow = Flow(state, {"name": name, "args": {}}, ctx)
        self._standing_proc(name).act(flow, asked.seat, parse(asked, answer))
        if flow.moved:
            raise RuntimeError(f"{name}: a standing question is answered, it moves no flow")
