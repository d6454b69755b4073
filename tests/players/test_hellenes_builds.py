"""The Hellenes search weighs builds (4.2): a sampled world is scored by the steps on both
sides (the enemy's as the world dealt them), a Reinforcement (4.21) or a Recruit (4.22) is
among the Action menu's and the Winter menu's candidates, and the choice reads only the
seat's view (the enemy's true steps never enter it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from engine.core.rng import Rng
from engine.players import decide, player
from engine.players import hellenes as H
from engine.players.lookahead import worlds_for
from engine.players.rollout import Sim
from engine.players.testing import assert_player_blind, variant_game
from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.determinize import strength
from engine.rulesets.hellenes.state import WINTER


def _menu(seat: str, seed: str, season: int = 1):
    """431: the seat's Action menu (or Winter Actions) with three Actions, the set-up's
    units (several below their maximum in their Home Cities: builds on offer)."""
    start = {"start": "winter_actions", "args": {"side": seat, "maintained": []}} \
        if season == WINTER else {"start": "actions", "args": {"side": seat}}
    return engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": season, **start,
         "turn": {"side": seat, "actions": 3}}, seed=seed)


def _sim(game, seat: str = "athens") -> Sim:
    worlds = worlds_for(game, seat)
    assert worlds is not None
    return Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))


def _enemy_block(state, seat: str = "athens") -> str:
    return next(b for b in B.on_map(state) if state["blocks"][b]["side"] != seat
                and state["blocks"][b]["cv"] > 1)


def test_a_sampled_world_is_scored_by_the_steps_on_both_sides():
    """The sample's own steps count (its enemy's as dealt, ours as they are): a step the
    enemy loses raises the score by ENEMY_STEP, one of ours built by STEP. The seat's
    plain view of the same world hides the enemy's step (2.0)."""
    game = _menu("athens", "steps")
    h = H.HEURISTIC
    sim = _sim(game)
    before = sim.score("athens", h)
    foe = _enemy_block(sim.state)
    sim.state["blocks"][foe]["cv"] -= 1
    assert sim.score("athens", h) == pytest.approx(before + H.ENEMY_STEP)
    plain = H.evaluate(sim.view("athens"), "athens")
    sim.state["blocks"][foe]["cv"] -= 1
    assert H.evaluate(sim.view("athens"), "athens") == pytest.approx(plain)
    shown = H.sample_view(sim.state, "athens")
    assert all("cv" in b for b in shown["hidden_blocks"])
    assert len(shown["hidden_blocks"]) == len(sim.view("athens")["hidden_blocks"])


def test_a_reinforcement_is_priced_by_the_step_it_builds():
    """4.21: in a sampled world the Reinforcement raises the score by the step it builds
    (scored by blocks alone, as before, it was worth nothing). In the Seasons' Action
    menus the build is weighed only where BUILDS_WEIGHED says."""
    game = _menu("athens", "build")
    prompt = game.prompt_for("athens")
    assert prompt is not None
    view = game.view("athens")
    build = H.best_build(view, prompt)
    assert build is not None and build.startswith("reinforce:")
    other = next(o.id for o in prompt.options if (o.data or {}).get("kind") == "move")
    found = H.candidates(view, prompt, other)
    assert found[0] == other and len(found) <= H.SEARCHED_ACTIONS
    assert (build in found) == ("actions" in H.BUILDS_WEIGHED)
    sim = _sim(game)
    before = sim.score("athens", H.HEURISTIC)
    sim.act("athens", build)
    assert sim.score("athens", H.HEURISTIC) == pytest.approx(before + H.STEP)


def test_the_build_weighed_is_the_threatened_units():
    """`best_build`: a Reinforcement near enemy blocks before one far from them; with no
    Reinforcement on offer, the Recruit."""
    game = _menu("sparta", "threat")
    prompt = game.prompt_for("sparta")
    assert prompt is not None
    view = game.view("sparta")
    build = H.best_build(view, prompt)
    assert build is not None
    facts = prompt.option(build).data  # type: ignore[union-attr]
    assert facts is not None and facts["kind"] == "reinforce"
    far = H._distances(facts["area"])
    assert any(far.get(b["area"], H.FAR) <= H.REACH for b in view["hidden_blocks"])
    calm = dict(view, hidden_blocks=[])
    assert H.best_build(calm, prompt) == "recruit"
    reinforce = [o for o in prompt.options if (o.data or {}).get("kind") == "reinforce"]
    bare = prompt.__class__("sparta", "x", tuple(o for o in prompt.options
                                                 if o not in reinforce), kind="actions")
    assert H.best_build(view, bare) == "recruit"
    assert H.best_build(calm, bare.__class__("sparta", "x", tuple(reinforce),
                                             kind="actions")) in {o.id for o in reinforce}


def test_winter_actions_weigh_a_build_and_finish_the_winter_alike():
    """9.2: the heuristic's Winter answer and the build it did not choose; a rollout
    after either ends our Winter by the same rules (`end_winter`) and plays on to the
    next card's commitment."""
    game = _menu("athens", "winter", WINTER)
    prompt = game.prompt_for("athens")
    assert prompt is not None and prompt.kind == "winter-actions"
    view = game.view("athens")
    build = H.best_build(view, prompt)
    assert build is not None
    assert H.candidates(view, prompt, "done") == ["done", build]
    assert H.candidates(view, prompt, build) == []
    sim = _sim(game)
    sim.act("athens", build)
    H.end_winter(sim, "athens")
    after = sim.prompt()
    assert after is None or after.kind in ("commit", "sacrifice") or after.seat != "athens" \
        or not after.kind.startswith("winter")


def test_hidden_strengths_are_dealt_near_the_maximum():
    """The determinizer's strength: within 1..max, and on average above half of it (the
    set-ups put blocks at or near full strength)."""
    rng = Rng("strength")
    draws = [strength(4, rng) for _ in range(2000)]
    assert set(draws) == {1, 2, 3, 4}
    assert sum(draws) / len(draws) > 2.9  # one draw's mean is 2.5, two's 3.125


@pytest.fixture
def winter_done(monkeypatch):
    """The heuristic ends its Winter at once (its own answer at these set-up positions is
    the very build `best_build` names, leaving the search nothing to weigh)."""
    choose = H.choose

    def done_in_winter(view, prompt, lookahead, rng):
        return "done" if prompt.kind == "winter-actions" else choose(view, prompt, lookahead, rng)

    monkeypatch.setattr(H, "HEURISTIC", replace(H.HEURISTIC, choose=done_in_winter))
    monkeypatch.setattr(H, "choose", done_in_winter)


@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_the_winter_build_choice_does_not_read_the_enemys_true_steps(seat, winter_done):
    """No cheating: at the Winter menu where the search weighs a build against ending
    the Winter, its answer is the same when only the enemy's true strengths differ, and
    for every hidden variant of the position (engine/players/testing.py)."""
    game = _menu(seat, f"blind-{seat}", WINTER)
    probe = player("search", "b", samples=3, horizon=20)
    answer = decide(game, seat, probe)
    assert probe.searched == 1  # type: ignore[attr-defined]
    state = game.rules.dump(game.state)
    for b in B.on_map(game.state):
        x = state["blocks"][b]
        if x["side"] != seat:
            x["cv"] = 1 if x["cv"] > 1 else B.spec(b).max_strength
    other = variant_game(game, game.rules.load(state))
    assert game.view(seat) == other.view(seat)
    assert decide(other, seat, player("search", "b", samples=3, horizon=20)) == answer
    assert assert_player_blind(game, seat, "search", seed="b", samples=3, horizon=20) > 0
