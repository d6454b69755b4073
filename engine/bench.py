"""Engine figures for `keryx bench`: time per action and per random game, and the CPU
instructions an action costs (counted by valgrind, so repeatable on a busy machine).

    python -m engine.bench --workload N   # N random games, the instruction-count workload
"""

from __future__ import annotations

import importlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from .core.decisions import random_answer
from .core.game import Game
from .core.registry import ruleset
from .core.rng import Rng


def bench_engine(ruleset_id: str = "athens-sparta", games: int = 20, seed: str = "bench",
                 scenarios: tuple[str, ...] = ()) -> dict[str, Any]:
    """Median microseconds per action (prompts + act, the engine's share of a player's
    click) and median seconds of the engine's work in a full random game (its setup and
    every action's prompts + act), invariant checks excluded. The random player's own
    draws (a SHA-256 each) are the test driver's, not the engine's, and are left out of
    both (until 2026-11-24 they were in the action's time, 5-8 µs of it; until
    2026-11-28 in the game's, about 4 ms of it, and the setup was not). Game i plays
    scenario `scenarios[i % len(scenarios)]` (the default scenario when none are named)."""
    rules = ruleset(ruleset_id)
    per_action: list[float] = []
    per_game: list[float] = []
    clock = time.perf_counter
    Game.create(rules, seed=f"{seed}:warm")  # loads the board and components, once a process
    for i in range(games):
        scenario = scenarios[i % len(scenarios)] if scenarios else None
        t0 = clock()
        g = Game.create(rules, scenario=scenario, seed=f"{seed}:{i}")
        game = clock() - t0
        player = Rng(f"player:{seed}:{i}")
        while g.outcome is None:
            t0 = clock()
            prompts = g.prompts()
            t1 = clock()
            p = player.choice(prompts)
            answer = random_answer(p, player)
            t2 = clock()
            g.act(p.seat, answer)
            action = clock() - t2 + t1 - t0
            per_action.append(action)
            game += action
        per_game.append(game)
    return {
        **_components_load(ruleset_id),
        "engine_action_us_median": round(1e6 * statistics.median(per_action), 1),
        "engine_action_us_p99": round(1e6 * sorted(per_action)[int(0.99 * len(per_action))], 1),
        "selfplay_game_s_median": round(statistics.median(per_game), 4),
        "engine_actions_per_game_median": statistics.median(
            [0] if not per_game else [len(per_action) / len(per_game)]),
    }


def bench_hellenes(games: int = 12, seed: str = "bench") -> dict[str, Any]:
    """The same figures for Hellenes (issue #15), its games spread over every scenario,
    each figure named `hellenes_<figure>`."""
    figures = bench_engine("hellenes", games, seed, scenarios=tuple(ruleset("hellenes").scenarios))
    return {f"hellenes_{key}": value for key, value in figures.items()}


def bench_epic(games: int = 4, seed: str = "bench") -> dict[str, Any]:
    """The same figures for the Epic (issue #16), over its playable scenarios, each figure
    named `epic_<figure>` (`epic_engine_action_us_median` is the issue's)."""
    # the two-player scenarios, as the figure has always been measured (the three- and
    # four-player games play the whole map, a different workload)
    two = tuple(k for k, sc in ruleset("epic").scenarios.items() if len(sc.seats) == 2)
    figures = bench_engine("epic", games, seed, scenarios=two)
    return {f"epic_{key}": value for key, value in figures.items()}


WORKLOAD_GAMES = 2  # small: valgrind runs Python about 50 times slower


def play_workload(games: int, ruleset_id: str = "athens-sparta", seed: str = "workload",
                  scenarios: tuple[str, ...] = ()) -> int:
    """Random games from fixed seeds, as the timed benchmark plays them (game i in
    `scenarios[i % len(scenarios)]`, the default scenario when none are named); returns
    the number of actions. The components are loaded first, so a run with 0 games is the
    fixed cost."""
    rules = ruleset(ruleset_id)
    Game.create(rules, seed=f"{seed}:warm")  # loads the board and components
    actions = 0
    for i in range(games):
        scenario = scenarios[i % len(scenarios)] if scenarios else None
        g = Game.create(rules, scenario=scenario, seed=f"{seed}:{i}")
        player = Rng(f"player:{seed}:{i}")
        while g.outcome is None:
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))
            actions += 1
    return actions


def _instructions(games: int, ruleset_id: str, scenarios: tuple[str, ...] = ()
                  ) -> tuple[int, int]:
    """(instructions executed, actions played) by the workload under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--cache-sim=no", f"--callgrind-out-file={out}",
             sys.executable, "-m", "engine.bench", "--workload", str(games), ruleset_id,
             *scenarios],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"})
        actions = int(re.findall(r"^actions (\d+)$", run.stdout, re.M)[-1])
        with open(out) as f:
            ir = re.search(r"^summary:\s*(\d+)", f.read(), re.M)
        assert ir, "no callgrind summary"
        return int(ir.group(1)), actions


def bench_instructions(ruleset_id: str = "athens-sparta", games: int = WORKLOAD_GAMES
                       ) -> dict[str, Any]:
    """Instructions per action (millions; callgrind's Ir), the workload's fixed cost subtracted: counted,
    not timed, so it compares runs made on a loaded machine. Skipped without valgrind."""
    if shutil.which("valgrind") is None:
        return {"skipped": "valgrind is not installed"}
    base, _ = _instructions(0, ruleset_id)
    total, actions = _instructions(games, ruleset_id)
    return {"engine_action_minstr": round((total - base) / actions / 1e6, 3),
            "engine_workload_actions": actions}


HELLENES_WORKLOAD_GAMES = 4  # one game of each scenario


def bench_hellenes_instructions(games: int = HELLENES_WORKLOAD_GAMES) -> dict[str, Any]:
    """`bench_instructions` for Hellenes (issue #15), game i in the i-th scenario by turns
    (431, sicily, 413, 415), as the timed Hellenes benchmark spreads its games."""
    if shutil.which("valgrind") is None:
        return {"skipped": "valgrind is not installed"}
    scenarios = tuple(ruleset("hellenes").scenarios)
    base, _ = _instructions(0, "hellenes", scenarios)
    total, actions = _instructions(games, "hellenes", scenarios)
    return {"hellenes_action_minstr": round((total - base) / actions / 1e6, 3),
            "hellenes_workload_actions": actions}


def _components_load(ruleset_id: str) -> dict[str, Any]:
    """Cold parse of a ruleset's component data, when it has any (median of 5)."""
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


if __name__ == "__main__":
    if sys.argv[1:2] == ["--workload"]:
        ruleset_id = sys.argv[3] if len(sys.argv) > 3 else "athens-sparta"
        n = play_workload(int(sys.argv[2]), ruleset_id, scenarios=tuple(sys.argv[4:]))
        print(f"actions {n}")
