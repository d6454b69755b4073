"""Rollouts for the search level run through the enemy's answer (its moves and battles)
before they are scored, and keep to the decision's time budget (engine/players/rollout.py)."""

from __future__ import annotations

import functools
import time

import pytest

import engine
from engine.core.rng import Rng
from engine.players.heuristic import heuristic_for
from engine.players.lookahead import worlds_for
from engine.players.rollout import OutOfTime, Sim


@functools.cache
def _first_mover_at_its_moves() -> tuple[engine.Game, str]:
    """A game walked at random to the first move phase of the turn's first player."""
    game = engine.new_game("athens-sparta", seed="answer")
    rng = Rng("answer-walk")
    for _ in range(3000):
        p = game.prompts()[0]
        view = game.view(p.seat)
        if p.kind == "move" and view.get("player1") == p.seat and "done" in \
                {o.id for o in p.options}:
            return game, p.seat
        q = rng.choice(game.prompts())
        game.act(q.seat, rng.choice(q.options).id)
    raise AssertionError("no first player's move phase")


def test_a_rollout_plays_the_enemys_moves_before_it_is_scored():
    game, me = _first_mover_at_its_moves()
    h = heuristic_for("athens-sparta")
    worlds = worlds_for(game, me)
    assert worlds is not None
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))
    sim.act(me, "done")  # our moves end: our battles, then the enemy's moves (rule 4.0)
    played: list[tuple[str, str]] = []
    act = sim.act

    def logged(seat: str, option: str) -> None:
        p = sim.prompt()
        assert p is not None
        played.append((seat, p.kind))
        act(seat, option)

    sim.act = logged  # type: ignore[method-assign]
    sim.finish(me, h, steps=2000)
    after = sim.prompt()
    foe = "athens" if me == "sparta" else "sparta"
    assert (foe, "move") in played  # the enemy's answer was played
    # ... to its end: the rollout stopped at a later boundary, not inside it
    assert after is None or (after.kind in h.boundary and
                             not (after.seat == foe and after.kind in h.plan_kinds))


def test_a_rollout_past_its_deadline_gives_up():
    game, me = _first_mover_at_its_moves()
    worlds = worlds_for(game, me)
    assert worlds is not None
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"), deadline=time.perf_counter() - 1)
    with pytest.raises(OutOfTime):
        sim.finish(me, heuristic_for("athens-sparta"))
