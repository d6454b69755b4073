"""Athens & Sparta (Columbia Games, 2007): ruleset `athens-sparta`.

Modules: `board` (geometry and tables from the components), `state` (the state and the
questions asked of it), `flow` (the sequence of play), `cards`, `movement`, `combat`,
`hits`, `siege`, `replacements`, `strategics`, `victory`, `view`, `variants`,
`invariants`, `positions`, `rules` (the engine contract). Rulings: RULINGS.md; view:
VIEW.md; positions: POSITIONS.md.
"""

from engine.compiled import check_fresh

check_fresh()  # before any module of this package loads: no stale compiled build runs

from .rules import RULESET, AthensSparta  # noqa: E402

__all__ = ["RULESET", "AthensSparta"]
