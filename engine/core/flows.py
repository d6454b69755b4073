"""The flow vocabulary beyond call/goto/end (engine/core/procedures.py): procedures the
kernel provides for patterns every game has.

- `Simultaneous`: secret choices of any number of seats, a barrier, one reveal.
- `Sequence`: run several procedures one after another.
- `ForEach`: run one procedure once for each item of a list (a turn order), and
  `order_by` to make that list from the state (Honor order, initiative).
- `SeatsInTurn`: one procedure that walks the seats in turn itself, asking each that has
  something to decide and passing over the others (each player in turn may discard...).

Each keeps its progress in its own frame's JSON arguments, so a game saved half-way
through loads and goes on."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from collections.abc import Sequence as Seq
from dataclasses import replace
from typing import Any, NotRequired, TypedDict

from typing_extensions import TypeVar

from .decisions import Answer
from .procedures import Flow, Procedure
from .types import IllegalAction, Prompt

S = TypeVar("S")
T = TypeVar("T")
A = TypeVar("A", default=dict[str, Any])  # a procedure's arguments (procedures.py)

CHOSEN = "chosen"  # event kind: a seat has made its secret choice (public: only that it did)
REVEAL = "reveal"  # event kind: every secret choice of one round, shown together


def _stored(answer: Answer) -> str | list[str] | int:
    return list(answer) if isinstance(answer, tuple) else answer


def _answer(stored: Any) -> Answer:
    return tuple(stored) if isinstance(stored, list) else stored


class Simultaneous(Procedure[S, A]):
    """Every seat of `seats(flow)` chooses in secret, in any order; once the last has
    chosen, the choices are revealed together (the action is a barrier undo cannot
    cross) and `reveal` does what they decide. Until then a seat that has chosen may
    take its choice back with undo, and no view shows a choice: the choices wait in the
    frame's `chosen` argument, which a ruleset's views never read and whose
    `hidden_variants` vary it (`hidden_choices`).

    A subclass gives the procedure its `name` and says `seats`, `ask` and `reveal`;
    `reveal` hands on with a transition, or the procedure ends with the choices. Its own
    arguments may be typed (`A`); the `chosen` key is the kernel's, read untyped here."""

    def seats(self, flow: Flow[S, A]) -> Seq[str]:
        raise NotImplementedError

    def ask(self, flow: Flow[S, A], seat: str) -> Prompt:
        raise NotImplementedError

    def reveal(self, flow: Flow[S, A], choices: dict[str, Answer]) -> None:
        """What the choices do, all known at once (seat order as `seats` gives it)."""

    def reveal_text(self, flow: Flow[S, A], choices: dict[str, Answer]) -> str:
        """The reveal event's line; a game words its own (one line for the reveal and
        what it settles, such as who goes first)."""
        return "The choices are revealed"

    def reveal_data(self, flow: Flow[S, A], choices: dict[str, Answer]) -> dict[str, Any]:
        """What the reveal event tells everyone; by default every choice as made."""
        return {"choices": {seat: _stored(a) for seat, a in choices.items()}}

    def prompts(self, flow: Flow[S, A]) -> list[Prompt]:
        args: dict[str, Any] = flow.frame["args"]
        chosen = args.get(CHOSEN) or {}
        out = []
        for seat in self.seats(flow):
            if seat not in chosen:
                p = self.ask(flow, seat)
                out.append(p if p.secret else replace(p, secret=True))
        return out

    def act(self, flow: Flow[S, A], seat: str, answer: Answer) -> None:
        seats = list(self.seats(flow))
        args: dict[str, Any] = flow.frame["args"]
        chosen: dict[str, Any] = args.setdefault(CHOSEN, {})
        if seat not in seats or seat in chosen:
            raise IllegalAction("You have made this choice already.")
        chosen[seat] = _stored(answer)
        ctx = flow.context
        ctx.event(CHOSEN, f"{seat.title()} has chosen", seat=seat)
        if any(s not in chosen for s in seats):
            return
        ctx.reveal()
        choices = {s: _answer(chosen[s]) for s in seats}
        del args[CHOSEN]
        ctx.event(REVEAL, self.reveal_text(flow, choices), **self.reveal_data(flow, choices))
        self.reveal(flow, choices)
        if not flow.moved:
            flow.end({s: _stored(a) for s, a in choices.items()})


def hidden_choices(frame: dict[str, Any], viewer: str | None) -> list[str]:
    """The seats whose secret choice in a `Simultaneous` frame `viewer` may not see."""
    return [seat for seat in frame.get("args", {}).get(CHOSEN) or {} if seat != viewer]


class StepArgs(TypedDict):
    """One step of a `Sequence`: a procedure and its arguments."""

    name: str
    args: dict[str, Any]


class SequenceArgs(TypedDict):
    steps: list[StepArgs]
    i: NotRequired[int]  # the steps called so far (set on arrival)


class Sequence(Procedure[S, SequenceArgs]):
    """Runs the procedures named in its `steps` argument one after another, then ends.
    `Sequence` itself is registered once per machine under the name "sequence"."""

    name = "sequence"

    def enter(self, flow: Flow[S, SequenceArgs]) -> None:
        a = flow.args
        i = a.setdefault("i", 0)
        steps = a["steps"]
        if i >= len(steps):
            flow.end()
            return
        step = steps[i]
        a["i"] = i + 1
        flow.call(step["name"], **step.get("args", {}))

    def resume(self, flow: Flow[S, SequenceArgs], result: Any) -> None:
        self.enter(flow)


def sequence(*steps: str | tuple[str, dict[str, Any]]) -> SequenceArgs:
    """The arguments of a `Sequence` call: `flow.call("sequence", **sequence("a", "b"))`."""
    return {"steps": [{"name": s, "args": {}} if isinstance(s, str)
                      else {"name": s[0], "args": s[1]} for s in steps]}


class ForEachArgs(TypedDict):
    each: str  # the procedure called for every item
    items: list[Any]
    as_: str  # the argument name the item is passed as
    args: dict[str, Any]  # the other arguments of every call
    i: NotRequired[int]  # the items done so far (set on arrival)


class ForEach(Procedure[S, ForEachArgs]):
    """Runs procedure `each` once for every item of `items`, in order, passing the item
    as the argument named `as_` (and `args` besides), then ends. Registered once per
    machine under the name "for_each"."""

    name = "for_each"

    def enter(self, flow: Flow[S, ForEachArgs]) -> None:
        a = flow.args
        i = a.setdefault("i", 0)
        if i >= len(a["items"]):
            flow.end()
            return
        a["i"] = i + 1
        flow.call(a["each"], **{**a.get("args", {}), a.get("as_", "item"): a["items"][i]})

    def resume(self, flow: Flow[S, ForEachArgs], result: Any) -> None:
        self.enter(flow)


def for_each(each: str, items: Iterable[Any], as_: str = "item",
             **args: Any) -> ForEachArgs:
    """The arguments of a `ForEach` call: `flow.call("for_each", **for_each("turn",
    order_by(...), as_="seat"))`."""
    return {"each": each, "items": list(items), "as_": as_, "args": args}


def order_by(items: Iterable[T], key: Callable[[T], Any], *, reverse: bool = False) -> list[T]:
    """`items` in the order `key` gives, ties kept in the order given (a turn order read
    from the state: highest Honor first is `order_by(seats, honor, reverse=True)`)."""
    return sorted(items, key=key, reverse=reverse)  # reverse keeps ties as given, too


class TurnArgs(TypedDict):
    i: int  # the seat in turn: its index in `SeatsInTurn.seats`


TA = TypeVar("TA", bound=TurnArgs)


class SeatsInTurn(Procedure[S, TA]):
    """Each seat in turn decides or is passed over, then the walk hands on: a subclass says
    which seats walk (`seats`), whether the seat in turn has something to decide now
    (`asks`: it may do the seat's automatic work first), and what comes after (`done`).
    Its `act` answers for `seat_in_turn` and calls `next_seat`. The walk stops where it
    is while `halted` (a game that has ended). The seat in turn is argument `i`."""

    def seats(self, flow: Flow[S, TA]) -> Seq[str]:
        raise NotImplementedError

    def asks(self, flow: Flow[S, TA], seat: str) -> bool:
        raise NotImplementedError

    def done(self, flow: Flow[S, TA]) -> None:
        flow.end()

    def halted(self, flow: Flow[S, TA]) -> bool:
        return False

    def seat_in_turn(self, flow: Flow[S, TA]) -> str:
        return self.seats(flow)[flow.args["i"]]

    def enter(self, flow: Flow[S, TA]) -> None:
        if self.halted(flow):
            return
        seats = self.seats(flow)
        while flow.args["i"] < len(seats):
            if self.asks(flow, seats[flow.args["i"]]):
                return  # asked (or halted on the way)
            flow.args["i"] += 1
        self.done(flow)

    def next_seat(self, flow: Flow[S, TA]) -> None:
        """The seat in turn has answered: on to the next."""
        flow.args["i"] += 1
        if not self.halted(flow):
            self.enter(flow)
