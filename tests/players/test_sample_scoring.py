"""The search level scores a sampled world with the world's own hidden facts (they were
dealt from the seat's view, not taken from the game): without it, the steps an enemy
block loses in a rollout's battle are out of sight once the battle ends (rule 5.4), so
retreating always looked better than fighting."""

from __future__ import annotations

import engine
from engine.core.rng import Rng
from engine.players.athens_sparta import ENEMY_BLOCK, ENEMY_STEP, evaluate
from engine.players.base import World
from engine.players.heuristic import heuristic_for
from engine.players.rollout import Sim


def _sim_and_enemy_block(seat: str = "athens") -> tuple[Sim, str]:
    game = engine.new_game("athens-sparta", seed="sample-scoring")
    rules = game.rules
    world = World(rules, rules.determinize(game.state, seat, Rng("w")))
    sim = Sim(world, Rng("d"), Rng("p"))
    foe = "sparta" if seat == "athens" else "athens"
    bid = next(b for b, x in sim.state["blocks"].items()
               if x["side"] == foe and x["loc"] not in ("pool", "off", "out") and x["str"] > 1)
    return sim, bid


def test_an_enemy_step_lost_in_a_sampled_world_raises_the_score():
    h = heuristic_for("athens-sparta")
    sim, bid = _sim_and_enemy_block()
    before = sim.score("athens", h)
    sim.state["blocks"][bid]["str"] -= 1
    assert abs(sim.score("athens", h) - before - ENEMY_STEP) < 1e-9


def test_the_seats_own_view_of_the_world_would_not_see_that_step():
    h = heuristic_for("athens-sparta")
    sim, bid = _sim_and_enemy_block()
    before = evaluate(sim.view("athens"), "athens")
    sim.state["blocks"][bid]["str"] -= 1
    assert evaluate(sim.view("athens"), "athens") == before
    assert h.sample_state is not None


def test_sample_state_leaves_the_world_itself_as_it_was():
    h = heuristic_for("athens-sparta")
    sim, _ = _sim_and_enemy_block()
    revealed = list(sim.state["revealed"])
    assert h.sample_state is not None
    shown = h.sample_state(sim.state, "athens")
    assert sim.state["revealed"] == revealed
    assert len(shown["revealed"]) > len(revealed)


def test_a_shown_enemy_block_counts_by_its_steps_a_hidden_one_as_two():
    game = engine.new_game("athens-sparta", seed="sample-scoring")
    view = game.rules.view(game.state, "athens")
    hidden = next(b for b in view["blocks"] if b["side"] == "sparta")
    base = evaluate(view, "athens")
    shown = dict(view, blocks=[dict(b, strength=3) if b is hidden else b
                               for b in view["blocks"]])
    # the block's term goes from ENEMY_BLOCK to three steps; its hex's OUTNUMBERED term
    # may move too, so compare on a copy where only the weight can differ
    assert evaluate(shown, "athens") <= base - (3 * ENEMY_STEP - ENEMY_BLOCK) + 1e-9
