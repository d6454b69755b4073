"""Hellenes: Campaigns of the Peloponnesian War (GMT, 2011): ruleset `hellenes`.

Modules: `components` (the data, data/README.md), `state` (the state's shape), `board`
(questions asked of map and state), `setup` (15.x), `cards` (deck, legality, initiative),
`flow` (the Game Year), `phases` (Action, Combat and Winter phases), `building` (4.2),
`events` (3.1), `siege` (7.0, 8.2), `yearend` (9.5, 14.0), `view`, `variants`,
`invariants`, `rules` (the engine contract). Rulings: RULINGS.md.
"""

from .rules import RULESET, Hellenes

__all__ = ["RULESET", "Hellenes"]
