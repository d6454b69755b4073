"""Random self-play with the invariants checked after every action."""

from __future__ import annotations

import pytest

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles.scenarios import VIGNETTES


def play(scenario: str, seed: int) -> tuple[int, list[str]]:
    game = Game.create(RULESET, scenario=scenario, seed=seed)
    rng = Rng(f"self:{seed}")
    actions = 0
    while game.outcome is None:
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
        actions += 1
        bad = RULESET.check_invariants(game.state)
        if bad:
            return actions, bad
    return actions, []


@pytest.mark.parametrize("scenario", [
    pytest.param(s, marks=pytest.mark.slow) if s in ("14.2", "14.3", "14.4") else s
    for s in RULESET.scenarios])
def test_selfplay_few(scenario: str) -> None:
    for seed in range(10):
        actions, bad = play(scenario, seed)
        # a battle vignette may be decided by the cards alone, without a decision
        assert bad == [] and (actions >= 26 or scenario in VIGNETTES)


# The thousand-game soaks are `keryx selfplay pericles --games 1000 --scenario all` runs
# (docs/benchmarks.md); the test command plays twenty more seeds a scenario.
@pytest.mark.slow
@pytest.mark.parametrize("scenario", list(RULESET.scenarios))
def test_selfplay_many(scenario: str) -> None:
    for seed in range(10, 30):
        assert play(scenario, seed)[1] == []
