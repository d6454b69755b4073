"""The kernel's contract for ppw (engine.testing): views for every seat, cited rules
that resolve, redaction of sealed choices, determinized worlds, no wording in the state,
dump and load, reloads equal to replays; random self-play with the invariants."""

from __future__ import annotations

import pytest

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.ppw import RULESET
from engine.testing import assert_view_hides, check_contract, play_with_restarts

from .conftest import give_action

GAMES = [(sc, n) for sc in ("431", "archidamian") for n in (2, 3, 4)]


@pytest.mark.parametrize(("scenario", "players"), GAMES)
def test_the_contract_holds(scenario, players):
    problems = check_contract(RULESET, scenario, f"contract:{scenario}:{players}",
                              {"players": players}, actions=150, redaction_every=10)
    assert problems == []


def test_a_sealed_choice_is_hidden_until_revealed():
    """Rules 2.1, 3.1: others see that a seat has chosen, never what."""
    g = Game.create(RULESET, scenario="431", seed="sealed", options={"players": 4})
    give_action(g, "sparta", "war:syracuse")
    assert g.view("athens")["committed"] == ["sparta"]
    assert g.view("athens")["my_choice"] is None
    assert g.view("sparta")["my_choice"] == "war:syracuse"
    for seat in (None, "athens", "corinth", "thebes"):
        assert assert_view_hides(g, seat) >= 1


def test_reloads_and_replays_are_exact():
    actions, problems = play_with_restarts(RULESET, "archidamian", "restarts",
                                           {"players": 4}, restart_chance=0.2)
    assert problems == [] and actions > 50


def _self_play(scenario: str, players: int, games: int) -> tuple[int, list[str]]:
    errors: list[str] = []
    finished = 0
    for i in range(games):
        g = Game.create(RULESET, scenario=scenario, seed=f"self:{scenario}:{players}:{i}",
                        options={"players": players})
        player = Rng(f"player:{i}")
        steps = 0
        while g.outcome is None and steps < 4000 and not errors:
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))
            errors += [f"game {i} step {steps}: {e}" for e in RULESET.check_invariants(g.state)]
            steps += 1
        finished += g.outcome is not None
    return finished, errors


@pytest.mark.parametrize("players", (2, 3, 4))
def test_random_self_play_keeps_the_invariants(players):
    finished, errors = _self_play("archidamian", players, 3)
    assert errors == [] and finished == 3


@pytest.mark.slow
@pytest.mark.parametrize(("scenario", "players"), GAMES)
def test_random_self_play_many_games(scenario, players):
    # the thousand-game runs are `keryx selfplay ppw` (docs/benchmarks.md)
    finished, errors = _self_play(scenario, players, 15)
    assert errors == [] and finished == 15
