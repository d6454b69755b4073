"""Wording is not part of a Hellenes game's record (issue 30): the state keeps facts, so an
honest exported game still verifies (`keryx verify`) after the words of the log, a battle's
result or an Appeal's question change."""

from __future__ import annotations

import json

import pytest

import engine
from engine import compiled
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.hellenes import battle_words, flow, olympians

pytestmark = pytest.mark.skipif(bool(compiled.loaded()),
                                reason="compiled modules call their functions past a patch")


def _played(seed: str, actions: int | None = None) -> engine.Game:
    g = engine.new_game("hellenes", scenario="431", seed=seed)
    player = Rng(f"p:{seed}")
    while g.outcome is None and (actions is None or len(g.log) < actions):
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    return g


def _reword(monkeypatch: pytest.MonkeyPatch) -> None:
    told = flow.note
    monkeypatch.setattr(battle_words, "result_words", lambda record: "REWORDED battle")
    monkeypatch.setattr(olympians, "described", lambda what: "REWORDED result")
    monkeypatch.setattr(flow, "note", lambda f, kind, text, **data: told(
        f, kind, "REWORDED " + text, **data))


def test_an_exported_game_verifies_after_the_words_change(monkeypatch):
    g = _played("wording")
    text = json.dumps(g.to_dict() | {"outcome": g.outcome.to_dict()})
    assert engine.verify_game(text).ok
    _reword(monkeypatch)
    again = _played("wording")  # the same game, told in other words
    assert again.outcome.to_dict() == g.outcome.to_dict()
    assert engine.verify_game(text).ok


def test_a_game_recorded_mid_way_verifies_after_the_words_change(monkeypatch):
    """The record holds the state: with no words in it, rewording changes no state."""
    g = _played("wording-mid", actions=150)
    record = json.dumps(g.to_dict())
    assert engine.verify_game(record).ok
    _reword(monkeypatch)
    g2 = engine.new_game("hellenes", scenario="431", seed="wording-mid")
    texts = [e.text for seat, answer in g.log for e in g2.act(seat, answer)]
    assert any(t.startswith("REWORDED") for t in texts)  # the log's words did change
    assert engine.verify_game(record).ok
