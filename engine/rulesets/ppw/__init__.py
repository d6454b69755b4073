"""The Peloponnesian War for 2-4 players, after Brian Mountford's rules (the seed holds
only his contents and introduction): ruleset `ppw`, our completion.

Modules: `components` (validated data, data/README.md), `board` (map tables), `state`
(the typed state), `control` (sides, control, ZOI), `movement`, `army`, `operation`,
`battle`, `siege`, `surrender`, `diplomacy`, `political`, `economic`, `victory`, `flow`
(the sequence of play), `view`, `texts`, `invariants`, `rules` (the engine contract).
Rulebook: RULES.md; design changes: DESIGN.md.
"""

from .rules import RULESET, Ppw

__all__ = ["RULESET", "Ppw"]
