"""The Epic's generations of questions (state.py): a new game asks issue 33's walls and
revolt questions; a game saved or exported before them keeps the old ones."""

from __future__ import annotations

import json
from pathlib import Path

import engine
from engine.core.ruleset import asks
from engine.rulesets.epic.state import BTV_ON_CHANGE, GENERATION, WALLS_AND_REVOLTS

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_new_game_asks_the_newest_questions():
    g = engine.new_game("epic", "argive-league", seed="gen")
    assert g.generation == GENERATION == BTV_ON_CHANGE
    assert g.state["generation"] == GENERATION and asks(g.state, WALLS_AND_REVOLTS)


def test_a_game_saved_before_generations_keeps_the_old_questions():
    record = json.loads((FIXTURES / "saved-argive-league.json").read_text())
    assert "generation" not in record
    for replay in (False, True):
        g = engine.load_game(record, replay=replay)
        assert g.generation == 0 and not asks(g.state, WALLS_AND_REVOLTS)
        assert "generation" not in g.state  # the state keeps the shape it had
