"""Procedures: a game's flow as named states on a call/goto/end stack.

The pattern is the one Rally the Troops' rules modules use: each named state says what
its seats may decide now (`prompts`) and what an answer does (`act`); a state hands on
with `goto` (replace itself), `call` (run another state, then come back) or `end` (return
to the caller, with a result the caller's `resume` receives). A state with nothing to ask
does its work in `enter` and moves on at once. Prompts are built on demand from the state,
never stored in it, so changing a label changes no saved game.

The stack is plain JSON kept inside the ruleset's state (a list of frames
`{"name": str, "args": {...}}`), so a game saved mid-procedure loads and continues. Every
sub-step a ruleset needs is a named procedure with its arguments, never a flag in a string.

Typed arguments: a procedure names the type of its frame's arguments as the second type
parameter, a `TypedDict` (`class Retreat(Procedure[MyState, RetreatArgs])`, its methods
taking `Flow[MyState, RetreatArgs]`); then `flow.args` is a `RetreatArgs` for mypy. At run
time the arguments stay the frame's plain JSON dict (no conversion, no copy, no new saved
shape). A procedure that names none (`Procedure[MyState]`) gets `dict[str, Any]`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from .decisions import Answer, parse
from .ruleset import Context
from .types import IllegalAction, Prompt

S = TypeVar("S")
# A procedure's frame arguments: a TypedDict of the ruleset's (a dict at run time), by
# default an untyped dict (PEP 696 default, so `Procedure[S]` means what it always did)
A = TypeVar("A", default=dict[str, Any])
Frame = dict[str, Any]  # {"name": procedure name, "args": JSON arguments}

MAX_STEPS = 100_000  # transitions per action: more means a procedure loops forever


# every ruleset's procedures subclass it, in Python unless compiled (the compiled engine)
@mypyc_attr(allow_interpreted_subclasses=True)
class Procedure(Generic[S, A]):
    """One named state. Override what the state needs; the defaults ask nothing.
    `A` is the type of its frame's arguments (module docstring)."""

    name: str = ""

    def enter(self, flow: Flow[S, A]) -> None:
        """On arrival (by call or goto). A state that asks nothing moves on here."""

    def prompts(self, flow: Flow[S, A]) -> list[Prompt]:
        return []

    def act(self, flow: Flow[S, A], seat: str, answer: Answer) -> None:
        raise IllegalAction("That choice is not available now.")

    def resume(self, flow: Flow[S, A], result: Any) -> None:
        """A procedure this one called has ended with `result`. Default: end too."""
        flow.end(result)


class Flow(Generic[S, A]):
    """What a procedure sees: the state, its own frame's arguments (typed `A`), the dice
    and event sink (`ctx`, None while only prompts are built) and the three transitions."""

    __slots__ = ("state", "frame", "ctx", "_next")

    def __init__(self, state: S, frame: Frame, ctx: Context | None):
        self.state = state
        self.frame = frame
        self.ctx = ctx
        self._next: tuple[str, Any, Any] | None = None

    @property
    def args(self) -> A:
        # the frame's own dict, typed as the procedure declares (no copy, no check; an
        # ignore, not `cast`, which is a call on every read in interpreted Python)
        return self.frame["args"]  # type: ignore[no-any-return]

    @property
    def name(self) -> str:
        return str(self.frame["name"])

    def _set(self, move: tuple[str, Any, Any]) -> None:
        if self._next is not None:
            raise RuntimeError(f"{self.name}: two transitions in one step "
                               f"({self._next[0]} then {move[0]})")
        self._next = move

    def goto(self, name: str, **args: Any) -> None:
        self._set(("goto", name, args))

    def call(self, name: str, **args: Any) -> None:
        self._set(("call", name, args))

    def end(self, result: Any = None) -> None:
        self._set(("end", None, result))

    @property
    def moved(self) -> bool:
        """Whether this step has already asked for a transition."""
        return self._next is not None

    @property
    def context(self) -> Context:
        if self.ctx is None:
            raise RuntimeError("no dice or events while prompts are built")
        return self.ctx


class Machine(Generic[S]):
    """Runs a ruleset's procedures over the stack `stack_of(state)` returns."""

    def __init__(self, procedures: Iterable[Procedure[S, Any]],
                 stack_of: Callable[[S], list[Frame]]):
        self.procedures: dict[str, Procedure[S, Any]] = {}
        for p in procedures:
            # Python's own look-up, not the compiled attribute: compiled code would read
            # Procedure's default "" past a Python subclass's class attribute `name`
            name: str = getattr(p, "name")  # noqa: B009
            if not name or name in self.procedures:
                raise ValueError(f"procedure name missing or repeated: {name!r}")
            self.procedures[name] = p
        self.stack_of = stack_of

    def _proc(self, name: str) -> Procedure[S, Any]:
        try:
            return self.procedures[name]
        except KeyError:
            raise RuntimeError(f"no procedure {name!r}") from None

    def current(self, state: S) -> Frame | None:
        stack = self.stack_of(state)
        return stack[-1] if stack else None

    # ------------------------------------------------------------------ driving
    def start(self, state: S, ctx: Context, name: str, **args: Any) -> None:
        """Begin the flow at procedure `name` (on an empty stack)."""
        frame: Frame = {"name": name, "args": args}
        self.stack_of(state).append(frame)
        self._run(state, ctx, lambda flow: self._proc(name).enter(flow), frame)

    def prompts(self, state: S) -> list[Prompt]:
        frame = self.current(state)
        if frame is None:
            return []
        return self._proc(frame["name"]).prompts(Flow(state, frame, None))

    def act(self, state: S, seat: str, answer: str, ctx: Context,
            prompts: list[Prompt] | None = None) -> None:
        """Apply `seat`'s answer; `prompts`, when the caller has them already built for
        this very state, saves building them again."""
        frame = self.current(state)
        if prompts is None:
            # the kernel hands over the prompt it checked the answer against (Context.prompt)
            held = ctx.prompt
            prompts = [held] if held is not None and held.seat == seat else self.prompts(state)
        prompt = next((p for p in prompts if p.seat == seat), None)
        if frame is None or prompt is None:
            raise IllegalAction("It is not your turn to decide anything.")
        value = parse(prompt, answer)
        proc = self._proc(frame["name"])
        self._run(state, ctx, lambda flow: proc.act(flow, seat, value), frame)

    def _run(self, state: S, ctx: Context, step: Callable[[Flow[S, Any]], None],
             frame: Frame) -> None:
        """Run one step, then follow the transitions it asked for until a procedure
        waits for an answer (or the stack is empty)."""
        stack = self.stack_of(state)
        for _ in range(MAX_STEPS):
            flow: Flow[S, Any] = Flow(state, frame, ctx)
            step(flow)
            move = flow._next
            if move is None:
                return
            verb, name, payload = move
            if stack and stack[-1] is not frame:
                raise RuntimeError(f"{frame['name']} moved on but is not the current state")
            if verb == "goto":
                frame = {"name": name, "args": payload}
                stack[-1] = frame
                proc = self._proc(name)
                step = proc.enter
            elif verb == "call":
                frame = {"name": name, "args": payload}
                stack.append(frame)
                step = self._proc(name).enter
            else:
                stack.pop()
                if not stack:
                    return
                frame = stack[-1]
                result = payload
                parent = self._proc(frame["name"])

                def step(flow: Flow[S, Any], parent: Procedure[S, Any] = parent,
                         result: Any = result) -> None:
                    parent.resume(flow, result)
        raise RuntimeError(f"more than {MAX_STEPS} transitions in one action")
