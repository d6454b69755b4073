"""The shared reader of RULINGS.md (engine/core/rule_summaries.py): table rows and bullets."""

from __future__ import annotations

from engine.core.rule_summaries import Ruling, normalise, parse_rulings, touches

MARKDOWN = """# Rulings

| # | Rule | Ruling | Test |
|---|---|---|---|
| R1 | 4.3, 9.2 | Straits are one crossing. | `test_x` |

## Olympians (11.0)

- **Storm dice (5.22).** The engine rolls
  from the seeded dice.
- **Zeus** redeals only the appellant's hand.
- **Quartering is one unit (9.211)**, free; more text.

## Cards

- **Atrocity (sidebar).** One more Prestige lost.
"""


def test_table_rows_and_bullets_are_read_in_order():
    assert parse_rulings(MARKDOWN) == (
        Ruling("R1", ("4.3", "9.2"), "Straits are one crossing."),
        Ruling("Storm dice", ("5.22",), "The engine rolls from the seeded dice."),
        # no number of its own: the heading's; the bold words begin the sentence
        Ruling("Zeus", ("11.0",), "Zeus redeals only the appellant's hand."),
        Ruling("Quartering is one unit", ("9.211",),
               "Quartering is one unit (9.211), free; more text."),
        # no number anywhere: the title's own note
        Ruling("Atrocity", ("sidebar",), "One more Prestige lost."),
    )


def test_a_ruling_shows_under_its_section_its_subsections_and_its_parents():
    assert touches("6.41", "6.4") and touches("6.4", "6.41")
    assert touches("9.21", "9.211") and touches("9.2", "9.211")
    assert not touches("5.4", "5.0") and not touches("5.0", "5.41")  # chapters stand alone
    assert not touches("15.1", "5.1") and not touches("6.4", "6.3")


def test_references_are_read_as_players_type_them():
    assert normalise("rule 6.33") == "6.33" and normalise("6") == "6.0"
    assert normalise("3.1 (sidebar)") == "3.1" and normalise("15.2 rule 4") == "15.2"
    assert normalise("Mulligan") == "mulligan"
