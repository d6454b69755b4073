"""Games saved by the Epic before it moved onto the kernel's records (issue 30;
`fixtures/make_fixtures.py`, rules version 2, log sentences in the state) load and go on:
a snapshot of an older version is rebuilt from its answers (the kernel's replay), a state
loaded by itself is brought to today's shape (`saves.upgrade`), neither keeps a sentence,
and random legal play continues without an error or a broken invariant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.game import Game, generation_of
from engine.core.rng import Rng
from engine.testing import sentences_in

from .helpers import through_menus

FIXTURES = Path(__file__).parent / "fixtures"
SAVED = sorted(p.name for p in FIXTURES.glob("saved-*.json"))


@pytest.mark.parametrize("name", SAVED)
def test_a_game_saved_before_loads_and_goes_on(name):
    data = json.loads((FIXTURES / name).read_text())
    assert data["rules_version"] == "2" and sentences_in(data["state"])  # as saved then
    g = Game.from_dict(data, engine.ruleset("epic"))
    assert g.log == [tuple(e) for e in data["log"]]
    assert g.check_invariants() == []
    assert sentences_in(g.rules.dump(g.state)) == []
    player = Rng(f"continue:{name}")
    for _ in range(120):
        if g.outcome is not None:
            break
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
        assert g.check_invariants() == []
    again = Game.from_dict(json.loads(g.to_json()), engine.ruleset("epic"))
    assert again.rules.dump(again.state) == g.rules.dump(g.state)


@pytest.mark.parametrize("name", SAVED)
def test_an_old_state_loaded_by_itself_is_upgraded_to_the_state_replay_gives(name):
    data = json.loads((FIXTURES / name).read_text())
    rules = engine.ruleset("epic")
    upgraded = rules.load(data["state"])
    assert sentences_in(upgraded) == [] and "log" not in upgraded
    assert rules.check_invariants(upgraded) == []
    replayed = Game.from_dict(data, rules, replay=True).state
    if upgraded["battle"] is None:
        assert upgraded == replayed
    else:  # the rounds fought before were told then; the record starts from the forces
        assert upgraded["battle"]["record"]["forces"] == replayed["battle"]["record"]["forces"]


OLD_STEP = {"battle_walls": "walls", "battle_split": "split", "battle_whither": "whither"}


def _as_saved_before(state: dict) -> dict:
    """The same moment as the code before the battle's sub-steps were procedures saved it:
    one `battle` frame, the sub-step a string in the battle (issue 30, point 2)."""
    old = json.loads(json.dumps(state))
    top = old["flow"][-1]
    old["battle"]["step"] = OLD_STEP.get(top["name"]) or top["args"]["which"]
    old["flow"][-1] = {"name": "battle", "args": {}}
    return old


@pytest.mark.parametrize("scenario", ["argive-league", "four-player"])
def test_a_game_saved_inside_a_battle_goes_on_in_the_same_sub_step(scenario):
    golden = json.loads((FIXTURES / f"golden-{scenario}.json").read_text())
    g = Game.create(engine.ruleset("epic"), scenario=scenario, seed=golden["seed"],
                    generation=generation_of(golden))  # recorded with generation 0's questions
    seen = set()
    for step in golden["steps"]:
        top = g.state["flow"][-1]["name"] if g.state["flow"] else None
        if top is not None and top.startswith("battle_"):
            now = g.rules.dump(g.state)
            assert g.rules.load(_as_saved_before(now)) == now
            seen.add(top)
        through_menus(g, step["seat"], step["answer"])
    assert "battle_go_on" in seen and "battle_whither" in seen  # both were met
