"""Rules at hand for Hellenes: Keryx's own summary of every section of the rulebook, each
with the rulings of RULINGS.md that touch it, for `/rule N` and `?N`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import engine
from bot.text import rule_name, rule_text
from engine.core.rule_summaries import RuleBook, shared_phrases
from engine.rulesets.hellenes.rules import RULE_BOOK
from engine.testing import rule_book_problems, rules_cited, rules_seen_in_random_play

PKG = Path(RULE_BOOK.folder)
# The published rulebook as text; not part of this repository, so the own-words check runs
# only where a copy is at hand (KERYX_RULEBOOK names it).
RULEBOOK = Path(os.environ.get("KERYX_RULEBOOK", "rulebook-not-given"))


def _cited_in_code() -> dict[str, str]:
    """Every rule the engine's code and card data cite -> where."""
    return rules_cited([*sorted(PKG.glob("*.py")), *sorted(PKG.glob("data/*.json"))])


def test_every_rule_the_code_cites_has_a_summary():
    cited = _cited_in_code()
    assert {"6.33", "8.13", "9.53", "3.1 (sidebar)", "12.0"} <= set(cited)  # the walk works
    assert len(RULE_BOOK.rulings) >= 50
    assert rule_book_problems(RULE_BOOK, cited) == []


@pytest.mark.parametrize("scenario", ["431", "sicily", "413", "415"])
def test_every_rule_cited_in_random_play_resolves(scenario):
    """A few hundred prompts of random play per scenario: each prompt's and option's rule
    opens a summary."""
    seen = rules_seen_in_random_play(engine.ruleset("hellenes"), scenario, f"rules-{scenario}")
    assert len(seen) >= 5
    assert rule_book_problems(RULE_BOOK, seen) == []


def test_every_section_of_the_rulebook_has_one_paragraph():
    keys = list(RULE_BOOK.summaries)
    # the sequence of play, then the numbered sections 1.0-15.4 (126 with subsections), in
    # the rulebook's order
    assert keys[:2] == ["intro", "1.0"] and keys[-1] == "15.4" and len(keys) == 127
    assert {"6.33", "9.211", "9.214", "12.13", "14.24", "2.27"} <= set(keys)


def _under(section: str) -> list[str]:
    found = RULE_BOOK.lookup(section)
    assert found is not None, section
    return [r.id for r in found.rulings]


def test_rulings_are_listed_under_the_sections_they_touch():
    under_64 = _under("6.4")
    assert "A single way out" in under_64  # a ruling on 6.4 itself
    assert "Harrying order" in under_64  # one on 6.41, a subsection of 6.4
    under_641 = _under("6.41")
    assert "Harrying and the Retire" in under_641 and "A single way out" in under_641
    # three levels deep: a ruling on 9.211 shows under 9.21 and 9.2
    for section in ("9.211", "9.21", "9.2"):
        ids = _under(section)
        assert "Quartering and Homing are one unit each" in ids, section
    # a bullet under "Olympians (11.0)" with no number of its own belongs to 11.0
    assert "Zeus" in _under("11.0")
    # a chapter lists only the rulings on itself
    assert _under("5.0") == ["Routes and Formations"]
    text = RULE_BOOK.explain_rule("5.22")
    assert text.startswith("Rule 5.22 — DeepSea crossings\n")
    assert "• Storm dice (5.22): " in text and "Keryx's rulings on it:" in text


def test_unknown_number_lists_the_known_sections():
    text = RULE_BOOK.explain_rule("16.2")
    assert text.startswith("No rule '16.2' in Hellenes. Sections: intro, 1.0, 1.1,")
    assert ", 6.33, " in text and text.endswith("15.4.")
    assert RULE_BOOK.lookup("rule 6") is not None  # "6" is read as 6.0


def test_the_ruleset_offers_the_summaries_to_the_bot():
    assert rule_text("hellenes", "6.33").startswith("Rule 6.33 — Routs\n")
    assert rule_text("hellenes", "3.1 (sidebar)").startswith("Rule 3.1 — Events")
    assert rule_name("hellenes", "6.33") == "rule 6.33 Routs"
    assert rule_name("hellenes", "9.212") == "rule 9.212 Homing (free)"


def test_summaries_are_in_our_own_words():
    """No run of seven words in a summary appears in the rulebook."""
    if not RULEBOOK.exists():
        pytest.skip("no copy of the rulebook here (set KERYX_RULEBOOK)")
    assert not shared_phrases(RULE_BOOK, RULEBOOK.read_text(), 7)


def test_the_own_words_check_finds_a_copied_phrase():
    book = RuleBook(RULE_BOOK.folder, "Hellenes")
    title, summary = RULE_BOOK.summaries["6.33"]
    book.summaries = {"6.33": (title, summary)}
    assert shared_phrases(book, "x " + summary.upper() + " y", 7)
    assert not shared_phrases(book, "Routs happen on high dice.", 7)
