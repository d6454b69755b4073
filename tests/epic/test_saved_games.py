"""Games saved by the Epic before it moved onto the kernel's records (issue 30;
`fixtures/make_fixtures.py`) load and go on: the snapshot is read as stored, brought to
today's shape, and random legal play continues without an error or a broken invariant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng

FIXTURES = Path(__file__).parent / "fixtures"
SAVED = sorted(p.name for p in FIXTURES.glob("saved-*.json"))


@pytest.mark.parametrize("name", SAVED)
def test_a_game_saved_before_loads_and_goes_on(name):
    data = json.loads((FIXTURES / name).read_text())
    g = Game.from_dict(data, engine.ruleset("epic"))
    assert g.log == [tuple(e) for e in data["log"]]
    assert g.check_invariants() == []
    player = Rng(f"continue:{name}")
    for _ in range(120):
        if g.outcome is not None:
            break
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
        assert g.check_invariants() == []
    again = Game.from_dict(json.loads(g.to_json()), engine.ruleset("epic"))
    assert again.rules.dump(again.state) == g.rules.dump(g.state)
