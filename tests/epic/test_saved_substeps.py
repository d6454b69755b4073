"""Games saved while the Event Cards stage, the Supply stage and the attacks kept their
sub-step in a string of their frame (`step`, `ask`: issue 30 point 2; fixtures made by that code,
`fixtures/make_substep_saves.py`) load into today's procedures: the state a save loads
into is the state today's code builds by replaying the save's answers, the same question
is asked, and play goes on."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng

FIXTURES = Path(__file__).parent / "fixtures"
with gzip.open(FIXTURES / "saved-substeps.json.gz", "rt") as f:
    SAVES = json.load(f)
# where each sub-step went: the procedure waiting in today's code
NOW = {"cards:play": "cards", "cards:discard": "cards_discard", "cards:draw": "cards_draw",
       "cards:peace": "cards_peace", "cards:agree": "cards_agree",
       "supply:forage": "supply_forage", "supply:short": "supply_short",
       "combats:outside": "attack_outside", "combats:storm": "attack_storm",
       "combats:fleets_out": "attack_fleets_out"}


def test_the_fixtures_hold_every_old_sub_step():
    assert set(NOW) <= set(SAVES)
    for key in NOW:
        top = SAVES[key]["state"]["flow"][-1]
        old = top["args"]["ask" if key.startswith("combats") else "step"]
        assert old == key.split(":")[1]  # the shape these saves test


@pytest.mark.parametrize("key", sorted(SAVES))
def test_an_old_save_loads_as_the_replay_of_its_answers_and_goes_on(key):
    rules = engine.ruleset("epic")
    data = SAVES[key]
    g = Game.from_dict(data, rules)
    replayed = Game.from_dict(data, rules, replay=True)
    assert g.state == replayed.state
    if key in NOW:
        assert g.state["flow"][-1]["name"] == NOW[key]
    assert all("step" not in f["args"] and "step" not in f["args"].get("more", {})
               and "ask" not in f["args"] for f in g.state["flow"])
    assert [(p.seat, p.kind, [o.id for o in p.options]) for p in g.prompts()] == \
        [(p.seat, p.kind, [o.id for o in p.options]) for p in replayed.prompts()]
    player = Rng(f"substeps:{key}")
    for _ in range(60):
        if g.outcome is not None:
            break
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
        assert g.check_invariants() == []
