"""Hellenes: Campaigns of the Peloponnesian War (GMT, 2011): ruleset `hellenes`.

Modules: `components` (the data, data/README.md), `state` (the state's shape), `board`
(questions asked of map and state), `setup` (15.x), `cards` (deck, legality, initiative),
`flow` (the Game Year), `phases` (Action, Combat and Winter phases), `building` (4.2),
`events` (3.1), `siege` (7.0, 8.2), `yearend` (9.5, 14.0), `view`, `variants`,
`invariants`, `rules` (the engine contract). Rulings: RULINGS.md.

The state keeps facts only (issue 30): events are the log; a battle is the kernel's
`BattleRecord` (`battle_facts`), worded when shown (`battle_words`); every option carries
its facts (`options`, `Option.data`); cards committed face down are the kernel's
`Simultaneous` choice (`commits`); saves of version 3 are rewritten on load (`migrate`).
"""

from .rules import RULESET, Hellenes

__all__ = ["RULESET", "Hellenes"]
