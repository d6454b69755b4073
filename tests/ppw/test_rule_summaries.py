"""Rules at hand for the PPW (`/rule N` on Discord, `?N` in `keryx play`): every rule the
ruleset's code, prompts and data cite, and every rule the heuristic's docstrings cite,
opens one of Keryx's summaries (rule_summaries.toml, made from RULES.md)."""

from __future__ import annotations

from pathlib import Path

from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.rules import BOOK
from engine.testing import rule_book_problems, rules_cited, rules_seen_in_random_play

PKG = Path(BOOK.folder)
PLAYER = Path(__file__).resolve().parents[2] / "engine" / "players" / "ppw.py"
PATTERNS = (r'rule="([^"]+)"', r'Option\([^)]*?"(\d{1,2}\.\d{1,2})"', r"\brules? (\d+\.\d+)",
            r"\((\d+\.\d+)\)", r'"rule":\s*"([^"]*)"')


def test_every_rule_the_code_cites_has_a_summary():
    cited = rules_cited([*sorted(PKG.glob("*.py")), *sorted(PKG.glob("data/*.json")), PLAYER],
                        PATTERNS)
    assert {"2.6", "3.1", "5.8", "7.3", "9.5"} <= set(cited)  # the walk works
    assert rule_book_problems(BOOK, cited) == []


def test_every_rule_cited_in_random_play_resolves():
    seen: set[str] = set()
    for players in (4, 2):
        seen |= rules_seen_in_random_play(RULESET, "archidamian", f"rules-{players}",
                                          {"players": players}, steps=400)
    assert {"2.1", "3.1", "3.2"} <= seen
    assert rule_book_problems(BOOK, seen) == []
