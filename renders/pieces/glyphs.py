"""The letter each ruleset prints for a unit type on its blocks and counters, one table
per ruleset (a type's name differs from game to game: A&S's "navy" is Hellenes' "fleet").
No type is ever drawn as "?": a type no table knows shows its own initial."""

from __future__ import annotations

TYPE_LETTERS: dict[str, dict[str, str]] = {
    "athens-sparta": {"hoplite": "H", "peltast": "P", "cavalry": "C", "navy": "N",
                      "demos": "D", "tyrants": "T", "helot": "H"},
    "hellenes": {"hoplite": "H", "infantry": "I", "cavalry": "C", "fleet": "F",
                 "archers": "A"},
    "epic": {"hoplite": "H", "light": "L", "cavalry": "C", "fleet": "F"},
    "ppw": {"land": "L", "naval": "N"},
    "pericles": {"land": "L", "naval": "N", "bases": "B"},
}


def letter(unit_type: str, ruleset: str | None = None) -> str:
    """The type's letter in the ruleset's table; without a ruleset, the first table that
    knows the type; else its initial."""
    tables = [TYPE_LETTERS[ruleset]] if ruleset in TYPE_LETTERS else list(TYPE_LETTERS.values())
    for table in tables:
        if unit_type in table:
            return table[unit_type]
    return unit_type[:1].upper() or "·"
