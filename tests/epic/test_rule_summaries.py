"""Rules at hand for the Epic (issue 33): Keryx's own summary of every rule section the
Epic's code cites, each with the rulings of RULINGS.md that touch it, for `/rule N` and
`?N`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import engine
from bot.text import rule_name, rule_text
from engine.core.rule_summaries import shared_phrases
from engine.rulesets.epic.rules import RULE_BOOK
from engine.testing import rule_book_problems, rules_cited, rules_seen_in_random_play

PKG = Path(RULE_BOOK.folder)
# The published rulebook as text; not part of this repository, so the own-words check runs
# only where a copy is at hand (KERYX_RULEBOOK names it).
RULEBOOK = Path(os.environ.get("KERYX_RULEBOOK", "rulebook-not-given"))


def _cited_in_code() -> dict[str, str]:
    cited = rules_cited([*sorted(PKG.glob("*.py")), *sorted(PKG.glob("data/*.json"))])
    cited.pop("0.0", None)  # a number in movement.py's search, not a citation
    return cited


def test_every_rule_the_code_cites_has_a_summary_and_the_book_is_whole():
    cited = _cited_in_code()
    # the walk finds prompts' rules, deep numbers and the appendices
    assert {"6.2", "16.3.2", "10.8.1", "7.6.3d", "24.5", "App. C", "App. D"} <= set(cited)
    assert len(cited) > 200
    assert len(RULE_BOOK.summaries) >= 130
    assert len(RULE_BOOK.rulings) >= 100  # the numbered rulings (46., M5., W2.) are read
    assert rule_book_problems(RULE_BOOK, cited) == []


@pytest.mark.parametrize("scenario", ["argive-league", "campaign", "four-player"])
def test_every_rule_cited_in_random_play_resolves(scenario):
    """A few hundred prompts of random play: each prompt's and option's rule opens one."""
    seen = rules_seen_in_random_play(engine.ruleset("epic"), scenario, f"rules-{scenario}")
    assert len(seen) >= 5
    assert rule_book_problems(RULE_BOOK, seen) == []


def test_a_deep_number_opens_its_section_with_the_rulings_on_it():
    text = RULE_BOOK.explain_rule("16.3.2")
    assert text.startswith("Rule 16.3 — Moving land units\n")
    assert "1 MP" in text and "Keryx's rulings on it:" in text
    revolts = RULE_BOOK.explain_rule("6.3")
    assert "• 46 Revolt modifiers (6.3): " in revolts
    wings = RULE_BOOK.lookup("App. D")
    assert wings is not None and "W2 Secret deployments" in [r.id for r in wings.rulings]


def test_an_unknown_number_lists_the_known_sections():
    text = RULE_BOOK.explain_rule("30.1")
    assert text.startswith("No rule '30.1' in The Epic of the Peloponnesian War. Sections:")
    assert ", 16.3, " in text


def test_the_ruleset_offers_the_summaries_to_the_bot():
    assert rule_text("epic", "7.3").startswith("Rule 7.3 — Placing and removing units\n")
    assert rule_name("epic", "6.2") == "rule 6.2 Athens' voluntary checks"
    assert rule_name("epic", "10.8.1") == "rule 10.8.1 Breaking a siege"


def test_summaries_are_in_our_own_words():
    """No run of seven words of a summary appears in the rulebook."""
    if not RULEBOOK.exists():
        pytest.skip("no copy of the rulebook here (set KERYX_RULEBOOK)")
    assert not shared_phrases(RULE_BOOK, RULEBOOK.read_text(), 7)
