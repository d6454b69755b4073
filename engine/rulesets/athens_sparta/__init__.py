"""Athens & Sparta (Columbia Games, 2007): ruleset `athens-sparta`.

Modules: `board` (geometry and tables from the components), `state` (the state and the
questions asked of it), `flow` (the sequence of play), `cards`, `movement`, `combat`,
`hits`, `siege`, `replacements`, `strategics`, `victory`, `view`, `variants`,
`invariants`, `positions`, `rules` (the engine contract). Rulings: RULINGS.md; view:
VIEW.md; positions: POSITIONS.md.
"""

# `import engine` has checked the compiled build already (engine/compiled.py)
from .rules import RULESET, AthensSparta

__all__ = ["RULESET", "AthensSparta"]
