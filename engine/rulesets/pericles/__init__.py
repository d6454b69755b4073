"""Pericles: The Peloponnesian Wars (GMT 2017): ruleset `pericles`.

Modules: `components` (validated data), `schema` (the typed state), `scenarios`,
`assembly` (the debate arithmetic), `political` (5.0-7.3 as procedures), `view`
(redaction, hidden worlds), `invariants`, `rules` (the engine contract). Rulings:
RULINGS.md; summaries: rule_summaries.toml.
"""

from .rules import RULESET, Pericles

__all__ = ["RULESET", "Pericles"]
