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
  "units:K"      the expedition sends units of kind K
  "convert"      a Diplomatic issue converts an enemy base
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ...rulesets.pericles.assembly import city_of
from ...rulesets.pericles.theaters import capital_of
from .strategy import strategy_of


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
    """The faction's plan from the Prime Strategy its view records (strategy.py), or
    NO_PLAN (the charts alone) when it has none this turn."""
    strategy = strategy_of(view, faction)
    return NO_PLAN if strategy is None else plan_of(strategy)


def plan_of(strategy: Any) -> TheaterPlan:
    """A TheaterPlan from a Strategy (engine/rulesets/pericles/strategy.py): its issues
    come in priority order and go onto the map in reverse, the queues being LIFO
    (15.31 D); an issue noted "capital" goes to the faction's own capital (15.31 E)."""
    if isinstance(strategy, TheaterPlan):
        return strategy
    home = capital_of(city_of(strategy.faction))
    steps = tuple(Step(n.issue, home if n.place == "capital" else strategy.theater, _notes(n))
                  for n in reversed(strategy.notes))
    return TheaterPlan(theater=strategy.theater, steps=steps)


def _notes(note: Any) -> tuple[str, ...]:
    """A matrix IssueNote in the words of this module's docstring."""
    out: list[str] = []
    if note.commit is not None:
        out.append(f"commit:{note.commit}")
    if note.action == "build" and note.units in ("land", "naval"):
        out.append(f"build:{note.units}")
    elif note.action in ("base", "raid", "convert"):
        out.append(note.action)
    if note.action in ("expedition", "move", "raid"):
        if note.units == "naval_edge":
            out.append("naval_excess")
        elif note.units == "opposite":
            out.append("opposite")
        elif note.units in ("land", "naval"):
            out.append(f"units:{note.units}")
    return tuple(out)
