"""Rules at hand for the PPW (`/rule N` on Discord, `?N` in `keryx play`): every rule the
ruleset's code, prompts and data cite, and every rule the heuristic's docstrings cite,
opens one of Keryx's summaries (rule_summaries.toml, made from RULES.md)."""

from __future__ import annotations

import re
from pathlib import Path

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.rules import BOOK

PKG = Path(BOOK.folder)
PLAYER = Path(__file__).resolve().parents[2] / "engine" / "players" / "ppw.py"
PATTERNS = (r'rule="([^"]+)"', r'Option\([^)]*?"(\d{1,2}\.\d{1,2})"', r"\brules? (\d+\.\d+)",
            r"\((\d+\.\d+)\)", r'"rule":\s*"([^"]*)"')


def _cited() -> dict[str, str]:
    cited: dict[str, str] = {}
    for path in [*sorted(PKG.glob("*.py")), *sorted(PKG.glob("data/*.json")), PLAYER]:
        src = path.read_text()
        for pattern in PATTERNS:
            cited |= {ref: path.name for ref in re.findall(pattern, src, flags=re.S)}
    return cited


def test_every_rule_the_code_cites_has_a_summary():
    cited = _cited()
    assert {"2.6", "3.1", "5.8", "7.3", "9.5"} <= set(cited)  # the walk works
    missing = {ref: where for ref, where in cited.items() if BOOK.lookup(ref) is None}
    assert not missing


def test_every_rule_cited_in_random_play_resolves():
    seen: set[str] = set()
    for scenario, players in (("archidamian", 4), ("archidamian", 2)):
        game = Game.create(RULESET, scenario, seed=f"rules-{players}",
                           options={"players": players})
        rng = Rng(f"rules-player-{players}")
        for _ in range(400):
            prompts = game.prompts()
            if game.outcome is not None or not prompts:
                break
            for p in prompts:
                seen |= {r for r in (p.rule, *(o.rule for o in p.options)) if r}
            p = rng.choice(prompts)
            game.act(p.seat, random_answer(p, rng))
    assert {"2.1", "3.1", "3.2"} <= seen
    assert not {r for r in seen if BOOK.lookup(r) is None}
