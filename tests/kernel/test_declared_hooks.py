"""What a ruleset publishes besides play is declared in the `Ruleset` contract (rule
summaries, section titles, component data), not found by `getattr`: a ruleset without
them answers None and callers say so."""

from __future__ import annotations

import engine
from bot.text import rule_name, rule_text, summary_rulesets
from tests.fixtures.duel import DUEL


def test_a_ruleset_without_summaries_or_components_answers_none():
    assert DUEL.rule_book() is None
    assert DUEL.explain_rule("4.4") is None and DUEL.rule_title("4.4") is None
    assert DUEL.components_json() is None
    assert rule_text(DUEL.id, "4.4") == f"{DUEL.title} has no rule summaries."
    assert rule_name(DUEL.id, "4.4") == "rule 4.4"
    assert DUEL.id not in summary_rulesets()


def test_the_product_rulesets_declare_what_they_publish():
    for rid in ("athens-sparta", "hellenes", "epic"):
        assert isinstance(engine.ruleset(rid).components_json(), dict), rid
    for rid in ("athens-sparta", "hellenes"):
        rules = engine.ruleset(rid)
        assert rules.rule_book() is not None and rid in summary_rulesets()
        assert rules.explain_rule("intro")
    assert engine.ruleset("athens-sparta").rule_title("4.4")
