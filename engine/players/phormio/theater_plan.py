"""What Phormio's theater play needs from its Prime Strategy (playbook 15.3, 15.61 C,
15.62): the PS theater and the PS issues as placement steps, in the order they go onto
the map (reverse priority: the queues are LIFO), each with the matrix's implementation
notes. The Prime Strategy itself (the matrices, the choice by 1d6) is chosen in
`strategy.py`; `plan_for` turns it into a `TheaterPlan`, and the theater rules read only
the plan, so they can be tested with a plan built by hand.

Implementation notes, as strings (the matrix overrides the flowcharts, 15.31 E):
  "commit:N"     the commanding general commits N Strategos (15.5: "the CG commits 5")
  "build:land"   a League issue raises land units ("build:naval": ships; 15.5 Sparta L)
  "base"         a League issue founds a League base (+2)
  "naval_excess" the expedition sends ships beyond the enemy's count there, the rest land
  "opposite"     the expedition sends units of the kind opposite to the theater's type
  "raid"         a Military issue in a contested theater raids
"""

from __future__ import annotations

import importlib
from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Step:
    """One PS issue: its kind, the theater it goes to, the matrix's notes for it."""

    kind: str
    theater: str
    notes: tuple[str, ...] = ()

    def number(self, prefix: str) -> int | None:
        """The N of a note "prefix:N", if the step has one."""
        for note in self.notes:
            head, _, tail = note.partition(":")
            if head == prefix and tail.isdigit():
                return int(tail)
        return None

    def word(self, prefix: str) -> str | None:
        """The word of a note "prefix:word", if the step has one."""
        for note in self.notes:
            head, _, tail = note.partition(":")
            if head == prefix and tail:
                return tail
        return None


@dataclass(frozen=True, slots=True)
class TheaterPlan:
    """The theater half of a Prime Strategy: the PS theater and its steps in placement
    order (first placed first)."""

    theater: str
    steps: tuple[Step, ...] = ()

    def step_for(self, kind: str, theater: str) -> Step | None:
        """The matrix's step for a marker of `kind` revealed in `theater`, if it is a PS
        issue (the notes then override the charts, 15.62)."""
        return next((s for s in self.steps if s.kind == kind and s.theater == theater), None)

    def open_steps(self, placed: Counter[tuple[str, str]], held: Counter[str]) -> list[Step]:
        """The steps not yet on the map whose kind the faction still holds, in placement
        order: a step of a kind it did not win is forgone (15.61 C). `placed` counts its
        markers already in queues by (kind, theater)."""
        left = Counter(placed)
        out: list[Step] = []
        for step in self.steps:
            key = (step.kind, step.theater)
            if left[key] > 0:
                left[key] -= 1
            elif held[step.kind] > sum(s.kind == step.kind for s in out):
                out.append(step)
        return out


NO_PLAN = TheaterPlan(theater="")


def plan_for(view: dict[str, Any], faction: str) -> TheaterPlan:
    """The faction's plan from its Prime Strategy (strategy.py's `strategy_of`), or
    NO_PLAN (the charts alone) when no strategy applies or none is written yet."""
    try:
        module = importlib.import_module(f"{__package__}.strategy")
    except ImportError:
        return NO_PLAN
    strategy = module.strategy_of(view, faction)
    if strategy is None:
        return NO_PLAN
    return plan_of(strategy)


def plan_of(strategy: Any) -> TheaterPlan:
    """A TheaterPlan from a Strategy: duck-typed on its `theater` and `steps` (each with
    `kind`, `theater` and `notes`), so that this module does not depend on the shape of
    the matrices' rows."""
    if isinstance(strategy, TheaterPlan):
        return strategy
    steps = tuple(Step(str(s.kind), str(s.theater), tuple(getattr(s, "notes", ()) or ()))
                  for s in getattr(strategy, "steps", ()))
    return TheaterPlan(theater=str(getattr(strategy, "theater", "") or ""), steps=steps)
