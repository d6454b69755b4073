"""Rules at hand for the Epic (issue 33): Keryx's own summary of every rule section the
Epic's code cites, each with the rulings of RULINGS.md that touch it, for `/rule N` and
`?N`."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import engine
from bot.text import rule_name, rule_text
from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.rule_summaries import shared_phrases
from engine.rulesets.epic.rules import RULE_BOOK

PKG = Path(RULE_BOOK.folder)
# The published rulebook as text; not part of this repository, so the own-words check runs
# only where a copy is at hand (KERYX_RULEBOOK names it).
RULEBOOK = Path(os.environ.get("KERYX_RULEBOOK", "rulebook-not-given"))
# Citations in the code: a prompt's or option's rule (`rule="6.2"`, a string that is a
# section number), "rule 16.3.2" and "(10.8.1)" in texts and docstrings.
PATTERNS = (r'rule="([^"]+)"', r'"(\d{1,2}\.\d{1,3}(?:\.\d+)?[a-z]?(?: [^"]*)?)"',
            r"\brules? (\d+\.\d+(?:\.\d+)?[a-z]?)", r"\((\d+\.\d+(?:\.\d+)?[a-z]?)\b",
            r'"(App\. [CD])"')


def _cited_in_code() -> dict[str, str]:
    cited: dict[str, str] = {}
    for path in sorted(PKG.glob("*.py")):
        src = path.read_text()
        for pattern in PATTERNS:
            cited |= {ref: path.name for ref in re.findall(pattern, src)}
    for path in sorted(PKG.glob("data/*.json")):
        cited |= {ref: path.name for ref in re.findall(r'"rule":\s*"([^"]*)"', path.read_text())}
    cited.pop("0.0", None)  # a number in movement.py's search, not a citation
    cited.pop("", None)  # a table row of the component data that cites no rule
    return cited


def test_every_rule_the_code_cites_has_a_summary():
    cited = _cited_in_code()
    # the walk finds prompts' rules, deep numbers and the appendices
    assert {"6.2", "16.3.2", "10.8.1", "7.6.3d", "24.5", "App. C", "App. D"} <= set(cited)
    assert len(cited) > 200
    missing = {ref: where for ref, where in cited.items() if RULE_BOOK.lookup(ref) is None}
    assert not missing


@pytest.mark.parametrize("scenario", ["argive-league", "campaign", "four-player"])
def test_every_rule_cited_in_random_play_resolves(scenario):
    """A few hundred prompts of random play: each prompt's and option's rule opens one."""
    game = Game.create(engine.ruleset("epic"), scenario=scenario, seed=f"rules-{scenario}")
    player = Rng(f"rules-player-{scenario}")
    seen: set[str] = set()
    for _ in range(300):
        prompts = game.prompts()
        if game.outcome is not None or not prompts:
            break
        for p in prompts:
            seen |= {r for r in (p.rule, *(o.rule for o in p.options)) if r}
        p = player.choice(prompts)
        game.act(p.seat, random_answer(p, player))
    assert len(seen) >= 5
    assert not [ref for ref in seen if RULE_BOOK.lookup(ref) is None]


def test_each_summary_is_one_paragraph():
    assert len(RULE_BOOK.summaries) >= 130
    for key, (title, summary) in RULE_BOOK.summaries.items():
        assert title and 40 <= len(summary) <= 1200, key
        assert "\n" not in summary, key


def test_every_ruling_shows_under_a_summary():
    assert len(RULE_BOOK.rulings) >= 100  # the numbered rulings (46., M5., W2.) are read
    for ruling in RULE_BOOK.rulings:
        assert ruling.rules and all(RULE_BOOK.lookup(r) for r in ruling.rules), ruling.id


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
