"""What every step of play writes: a log note (an event; the events are the log), a die,
a die with its modifiers, the end of a phase. The lowest
layer of the Epic's procedures: it imports nothing of the Epic but the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.procedures import Flow
from engine.core.view import PHASE_END

from .state import EState, stamp

# The flow of any procedure, typed arguments or not (engine/core/procedures.py): what a
# helper takes that reads no frame arguments
AnyFlow = Flow[EState, Any]


def note(flow: AnyFlow, text: str, kind: str = "log", **data: Any) -> None:
    """An event, and only an event: the state keeps no sentences (issue 30, point 3), so a
    reworded line changes no saved game and `keryx verify` replays answers, not prose."""
    flow.context.event(kind, text, **data)


def roller(flow: AnyFlow) -> Callable[[], int]:
    return lambda: flow.context.die()


def roll_with(flow: AnyFlow, mods: list[tuple[int, str]]) -> tuple[int, int, str]:
    """A die with modifiers, each with why: (die, total, the modifiers for the log)."""
    die = flow.context.die()
    total = die + sum(n for n, _ in mods)
    return die, total, "".join(f" {n:+d} ({t})" for n, t in mods)


def phase_end(flow: AnyFlow, what: str) -> None:
    flow.context.event(PHASE_END, f"{stamp(flow.state)}: {what}")
