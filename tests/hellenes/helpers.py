"""Shared helpers for the Hellenes rules tests: positions, answers, fixed dice."""

from __future__ import annotations

from typing import Any

import engine
from engine.core.game import Game
from engine.core.rng import Rng
from engine.testing import FixedRng

RULES = engine.ruleset("hellenes")


def position(**kw: Any) -> Game:
    return RULES.from_position(kw, seed="test")


def prompt(g: Game, seat: str):
    p = g.prompt_for(seat)
    assert p is not None, f"{seat} has nothing to decide; to act: {[x.seat for x in g.prompts()]}"
    return p


def ids(g: Game, seat: str) -> list[str]:
    return [o.id for o in prompt(g, seat).options]


def battle_args(g: Game) -> dict[str, Any]:
    """The battle's own arguments (its progress): the nearest `battle` frame's, below the
    step it is at (battle.py)."""
    args: dict[str, Any] = next(f["args"] for f in reversed(g.state["flow"])
                                if f["name"] == "battle")
    return args


def fix_dice(g: Game, values: list[int]) -> FixedRng:
    g.rng = FixedRng(values)
    return g.rng


def play_out(g: Game, seed: str = "p") -> None:
    from engine.selfplay import play_random

    _, problem = play_random(g, Rng(seed))
    assert problem is None, problem
