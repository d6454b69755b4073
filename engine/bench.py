"""Engine figures for `keryx bench`: time per action and per random game."""

from __future__ import annotations

import statistics
import time
from typing import Any

from .core.decisions import random_answer
from .core.game import Game
from .core.registry import ruleset
from .core.rng import Rng


def bench_engine(ruleset_id: str = "athens-sparta", games: int = 20, seed: str = "bench"
                 ) -> dict[str, Any]:
    """Median microseconds per action (prompts + act, as a player's click costs) and median
    seconds per full random game, invariant checks excluded."""
    rules = ruleset(ruleset_id)
    per_action: list[float] = []
    per_game: list[float] = []
    clock = time.perf_counter
    for i in range(games):
        g = Game.create(rules, seed=f"{seed}:{i}")
        player = Rng(f"player:{seed}:{i}")
        start = clock()
        while g.outcome is None:
            t0 = clock()
            prompts = g.prompts()
            p = player.choice(prompts)
            g.act(p.seat, random_answer(p, player))
            per_action.append(clock() - t0)
        per_game.append(clock() - start)
    return {
        **_components_load(ruleset_id),
        "engine_action_us_median": round(1e6 * statistics.median(per_action), 1),
        "engine_action_us_p99": round(1e6 * sorted(per_action)[int(0.99 * len(per_action))], 1),
        "selfplay_game_s_median": round(statistics.median(per_game), 4),
        "engine_actions_per_game_median": statistics.median(
            [0] if not per_game else [len(per_action) / len(per_game)]),
    }


def _components_load(ruleset_id: str) -> dict[str, Any]:
    """Cold parse of a ruleset's component data, when it has any (median of 5)."""
    import importlib

    name = f"engine.rulesets.{ruleset_id.replace('-', '_')}.components"
    try:
        load = importlib.import_module(name).load_components
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # the module exists but something it imports is missing: say so
        return {}  # a ruleset without component data
    times = []
    for _ in range(5):
        load.cache_clear()
        t0 = time.perf_counter()
        load()
        times.append(time.perf_counter() - t0)
    return {"components_load_ms": round(1000 * statistics.median(times), 1)}
