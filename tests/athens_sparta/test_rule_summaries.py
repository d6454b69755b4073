"""Keryx's own rule summaries: one for every section the engine cites, each with the
rulings that touch it, and none copying the rulebook's sentences."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import engine
from engine.rulesets.athens_sparta import rule_summaries as rs

PKG = Path(rs.__file__).parent
# The published rulebook as text; not part of this repository, so the own-words check runs
# only where a copy is at hand (KERYX_RULEBOOK names it).
RULEBOOK = Path(os.environ.get("KERYX_RULEBOOK", "rulebook-not-given"))


def _cited_rules() -> set[str]:
    """Every rule the engine's prompts and options cite."""
    cited = set()
    for py in PKG.glob("*.py"):
        src = py.read_text()
        cited |= set(re.findall(r"\brules? (\d+\.\d+)", src))
        cited |= set(re.findall(r'"(\d+\.\d+|intro)"\]', src))
    return cited


def test_every_cited_rule_has_a_summary():
    missing = sorted(r for r in _cited_rules() if rs.lookup(r) is None)
    assert not missing


def test_each_summary_is_one_paragraph_with_a_title():
    for key, (title, summary) in rs.summaries().items():
        assert title and 40 <= len(summary) <= 900, key
        assert "\n" not in summary, key


def test_rulings_are_listed_under_the_sections_they_touch():
    assert [r.id for r in rs.lookup("4.3").rulings] == ["R3", "R9", "R33", "R38"]  # straits, Chios
    under_54 = [r.id for r in rs.lookup("5.4").rulings]
    assert {"R5", "R12", "R14"} <= set(under_54)  # 5.42, 5.43 and 5.4 itself
    assert "R25" in [r.id for r in rs.lookup("mulligan").rulings]
    assert rs.lookup("5.0").rulings == ()  # a chapter lists only rulings on itself
    assert rs.lookup("rule 5") is not None and rs.lookup("9.9") is None


def test_the_ruleset_offers_the_summaries():
    rules = engine.ruleset("athens-sparta")
    assert rules.explain_rule("6.0").startswith("Rule 6.0 — Siege attrition")
    assert rules.rule_title("4.51") == "March move"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9+]+", text.lower())


def test_summaries_are_in_our_own_words():
    """No run of eight words in a summary appears in the rulebook (names and numbers are
    facts and may repeat; whole phrases may not)."""
    if not RULEBOOK.exists():
        pytest.skip("no copy of the rulebook here (set KERYX_RULEBOOK)")
    book = " ".join(_words(RULEBOOK.read_text()))
    for key, (_title, summary) in rs.summaries().items():
        words = _words(summary)
        for i in range(len(words) - 7):
            run = " ".join(words[i:i + 8])
            assert run not in book, (key, run)
