"""Helpers for the ppw rules tests: a fresh 431 state and dice fixed in advance."""

from __future__ import annotations

from engine.core.ruleset import Context
from engine.rulesets.ppw.state import PpwState, new_state
from engine.testing import FixedRng


def fresh(scenario: str = "431", players: int = 4) -> PpwState:
    """The 431 set-up before anything is played (rule 9.1)."""
    return new_state(scenario, players)


def dice(*values: int) -> Context:
    """A context whose dice come out as given (and fail the test if more are asked)."""
    return Context(FixedRng(list(values)))


def clear(s: PpwState, *spaces: str) -> None:
    """Empty spaces of SPs and garrisons, to build a small situation."""
    for sp in spaces:
        s["forces"].pop(sp, None)
        s["garrisons"].pop(sp, None)
