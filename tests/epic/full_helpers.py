"""Helpers for the full Seasonal Turn's tests: the Archidamian War set up, its flow
stopped, with a way to run one card or rule with fixed dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine
from engine.core.game import Game
from engine.core.procedures import Flow
from engine.core.ruleset import Context
from engine.testing import FixedRng

SCENARIO = "archidamian"


def full(seed: str = "full", scenario: str = SCENARIO) -> Game:
    """The scenario set up with no flow running, every map unit back in its pool and both
    hands back in the deck (each test deals what it needs)."""
    g = engine.new_game("epic", scenario, seed=seed)
    s = g.state
    s["flow"].clear()
    for side in ("athens", "sparta"):
        s["cards"]["deck"] += s["cards"]["hands"][side]
        s["cards"]["hands"][side] = []
    for u in s["units"].values():
        if u["where"] == "map":
            u.update(where="pool", hex=None)
    return g


def run(g: Game, fn: Callable[..., Any], dice: list[int], *args: Any, **args_: Any) -> Any:
    """Call `fn(flow, *args)` on the game's state with fixed dice; every die must be used."""
    rng = FixedRng(dice)
    flow: Flow = Flow(g.state, {"name": "test", "args": dict(args_)}, Context(rng))
    out = fn(flow, *args)
    assert rng.values == [], f"dice left over: {rng.values}"
    g._prompts = None
    return out


def hand(g: Game, side: str, *cids: str) -> None:
    """Put these cards in `side`'s hand (taken from wherever they are)."""
    c = g.state["cards"]
    for cid in cids:
        for pile in (c["deck"], c["discard"], c["aside"], c["hands"]["athens"],
                     c["hands"]["sparta"]):
            if cid in pile:
                pile.remove(cid)
        c["hands"][side].append(cid)


def fx(g: Game) -> dict:
    return g.state["cards"]["season"]
