"""Prompt wording is not part of a finished game's record: after a label changes, an
exported finished game still verifies (`keryx verify`)."""

from __future__ import annotations

import json

import pytest

import engine
from engine import compiled
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.types import Option
from engine.rulesets.athens_sparta import cards as as_cards
from engine.selfplay import play_random
from tests.fixtures import allies

# These tests reword prompts by patching the rules modules' functions; modules compiled by
# mypyc (scripts/compile_engine.sh) call their functions past any patch, so with the
# compiled build they cannot change the wording and are skipped (the pure-Python test
# run, the README's, runs them).
patchable = pytest.mark.skipif(bool(compiled.loaded()),
                               reason="the Athens & Sparta modules run compiled")


def exported(ruleset: str, seed: str) -> str:
    g = engine.new_game(ruleset, seed=seed)
    player = Rng(f"p:{seed}")
    if ruleset == "allies":
        play_random(g, player)
    else:
        while g.outcome is None:
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))
    record = g.to_dict() | {"outcome": g.outcome.to_dict()}
    return json.dumps(record)


def test_allies_game_verifies_after_a_label_changes(monkeypatch):
    text = exported("allies", "labels")
    assert engine.verify_game(text).ok
    monkeypatch.setattr(allies, "_held", lambda s, d: "RELABELLED")
    g = engine.new_game("allies", seed=1)
    for seat in allies.SEATS:
        g.act(seat, "expand")
    assert "RELABELLED" in g.prompts()[0].options[0].label  # the label did change
    assert engine.verify_game(text).ok


@patchable
def test_athens_sparta_game_verifies_after_a_card_label_changes(monkeypatch):
    text = exported("athens-sparta", "labels")
    assert engine.verify_game(text).ok
    monkeypatch.setattr(as_cards, "card_label", lambda bd, cid: f"card {cid} relabelled")
    assert engine.verify_game(text).ok


@patchable
def test_athens_sparta_state_holds_no_wording_so_a_game_mid_way_verifies(monkeypatch):
    """The state keeps what the rules need, not the prompts: a record taken mid-game
    (state included) still verifies after every prompt's wording has changed."""
    from engine.rulesets.athens_sparta import asks

    g = engine.new_game("athens-sparta", seed="wording")
    player = Rng("p:wording")
    for _ in range(200):
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    record = json.dumps(g.to_dict())
    shown = g.prompts()[0]
    assert shown.text not in record and shown.options[0].label not in record
    assert engine.verify_game(record).ok
    original = asks.ask

    def reworded(seat, kind, text, rule, opts, secret=False, data=None):
        # menus hand over rows [id, label, rule] or the options they keep (asks.ask)
        rows = [(o.id, o.label, o.rule) if isinstance(o, Option) else o for o in opts]
        return original(seat, kind, "REWORDED " + text, rule,
                        [[o[0], "RELABELLED " + o[1], o[2]] for o in rows], secret,
                        data=data)

    for module in ("flow", "moves_flow", "combat_flow", "build_flow", "pending", "combat",
                   "hits"):
        monkeypatch.setattr(f"engine.rulesets.athens_sparta.{module}.ask", reworded)
    again = engine.load_game(record)
    assert again.prompts()[0].text.startswith("REWORDED")  # the wording did change
    assert engine.verify_game(record).ok
