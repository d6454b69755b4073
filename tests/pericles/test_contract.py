"""The kernel's contract for Pericles (engine.testing): views for every seat at every
step, cited rules that resolve, redaction proofs and determinized worlds for every seat
(compatriots included), no wording in the state, dump and load, restarts and replays."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles.scenarios import VIGNETTES
from engine.testing import assert_view_hides, check_contract, play_with_restarts

# the main scenarios run five to ten turns (1,000-3,000 actions): the slow lane checks them
LONG = {"14.2", "14.3", "14.4"}
SCENARIOS = [pytest.param(s, marks=pytest.mark.slow) if s in LONG else s
             for s in RULESET.scenarios]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", ["a", "b"])
def test_contract(scenario: str, seed: str) -> None:
    assert check_contract(RULESET, scenario, seed, redaction_every=12) == []


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_restarts_and_replay(scenario: str) -> None:
    actions, problems = play_with_restarts(RULESET, scenario, "r", restart_chance=0.3)
    # a battle vignette may be decided by the cards alone, with no decision to make
    assert problems == [] and (actions > 20 or scenario in VIGNETTES)


def _after_award() -> Game:
    game = Game.create(RULESET, scenario="assembly-t6", seed=9)
    rng = Rng("award")
    from engine.core.decisions import random_answer

    while not any(game.state["markers"].values()):
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
    return game


def test_compatriot_sees_markers_the_other_city_does_not_rule_3_1() -> None:
    game = _after_award()
    s = game.state
    assert RULESET.view(s, "demagogues")["markers"]["aristocrats"] == s["markers"]["aristocrats"]
    assert RULESET.view(s, "agiad")["markers"]["aristocrats"] == len(s["markers"]["aristocrats"])
    assert RULESET.view(s, None)["markers"]["eurypontid"] == len(s["markers"]["eurypontid"])
    for seat in (None, *s["factions"]):
        assert assert_view_hides(game, seat, seed="markers") > 0


def test_hands_are_hidden_from_every_other_seat_rule_6_1() -> None:
    game = Game.create(RULESET, scenario="assembly-t6", seed=10)
    s = game.state
    view = RULESET.view(s, "agiad")
    assert [c["card"] for c in view["hand"]] == s["hands"]["agiad"]
    assert "hands" not in view and view["hand_size"]["eurypontid"] == len(s["hands"]["eurypontid"])
    for seat in (None, *s["factions"]):
        assert assert_view_hides(game, seat, seed="hands") > 0
        if seat:
            world = RULESET.determinize(s, seat, Rng("w"))
            assert world["hands"][seat] == s["hands"][seat]
            assert RULESET.check_invariants(world) == []
