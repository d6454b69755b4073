"""Rules at hand for Athens & Sparta: the shared loader (engine/core/rule_summaries.py)
over this folder's `rule_summaries.toml` and RULINGS.md."""

from __future__ import annotations

from pathlib import Path

from engine.core.rule_summaries import RuleBook, RuleSummary, Ruling, normalise

BOOK = RuleBook(Path(__file__).parent, "Athens & Sparta")

__all__ = ["BOOK", "RuleSummary", "Ruling", "explain_rule", "lookup", "normalise",
           "rule_title", "rulings", "summaries"]


def summaries() -> dict[str, tuple[str, str]]:
    """Section -> (title, summary), in the rulebook's order."""
    return BOOK.summaries


def rulings() -> tuple[Ruling, ...]:
    return BOOK.rulings


lookup = BOOK.lookup
explain_rule = BOOK.explain_rule
rule_title = BOOK.rule_title
