"""Random legal play to the end of a game: the engine's fuzzer and benchmark."""

from __future__ import annotations

import statistics
import time
import traceback
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from .core.decisions import random_answer
from .core.game import Game
from .core.registry import ruleset
from .core.rng import Rng


@dataclass
class GameRun:
    seed: str
    actions: int
    seconds: float
    outcome: str | None
    error: dict[str, Any] | None = None
    winners: tuple[str, ...] = ()
    scenario: str | None = None

# `selfplay(..., scenario=ALL)`: game i plays the ruleset's scenarios in turn.
ALL = "all"


def play_random(game: Game, player: Rng, check: bool = True,
                max_actions: int = 200_000) -> tuple[int, str | None]:
    """Play random legal choices until the game ends. Returns (actions, problem)."""
    for i in range(max_actions):
        if game.outcome is not None:
            return i, None
        prompts = game.prompts()
        if not prompts:
            return i, "no prompts but no outcome: the game is stuck"
        p = player.choice(prompts)
        game.act(p.seat, random_answer(p, player))
        if check:
            problems = game.check_invariants()
            if problems:
                return i + 1, "invariant broken: " + "; ".join(problems)
    return max_actions, f"no outcome after {max_actions} actions"


def run_one(ruleset_id: str, scenario: str | None, seed: str,
            options: dict[str, Any] | None = None, check: bool = True) -> GameRun:
    start = time.perf_counter()
    game = None
    try:
        game = Game.create(ruleset(ruleset_id), scenario=scenario, seed=seed, options=options)
        actions, problem = play_random(game, Rng(f"player:{seed}"), check)
    except Exception as exc:  # noqa: BLE001 - every failure is reported with its place
        actions = len(game.log) if game else 0
        problem = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
    seconds = time.perf_counter() - start
    error = {"seed": seed, "action_index": actions, "message": problem} if problem else None
    outcome = game.outcome.reason if game is not None and game.outcome else None
    winners = tuple(game.outcome.winners) if game is not None and game.outcome else ()
    return GameRun(seed, actions, seconds, outcome, error, winners,
                   scenario or (game.scenario if game is not None else None))


def _run_args(args: tuple[str, str | None, str, dict[str, Any] | None, bool]) -> GameRun:
    return run_one(*args)


def selfplay(ruleset_id: str, games: int, seed: int | str = 0, scenario: str | None = None,
             options: dict[str, Any] | None = None, jobs: int = 1, check: bool = True,
             progress: Callable[[GameRun], None] | None = None) -> dict[str, Any]:
    rules = ruleset(ruleset_id)  # fail early on an unknown id
    names = list(rules.scenarios) if scenario == ALL else [scenario]
    tasks = [(ruleset_id, names[i % len(names)], f"{seed}:{i}", options, check)
             for i in range(games)]
    runs: list[GameRun] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for run in pool.map(_run_args, tasks, chunksize=max(1, games // (jobs * 8))):
                runs.append(run)
                if progress:
                    progress(run)
    else:
        for t in tasks:
            run = _run_args(t)
            runs.append(run)
            if progress:
                progress(run)
    return summarize(ruleset_id, runs)


def summarize(ruleset_id: str, runs: list[GameRun]) -> dict[str, Any]:
    secs = sorted(r.seconds for r in runs)
    acts = [r.actions for r in runs]
    p95 = secs[min(len(secs) - 1, int(0.95 * len(secs)))] if secs else 0.0
    total_actions = sum(acts)
    return {
        "ruleset": ruleset_id,
        "games": len(runs),
        "completed": sum(1 for r in runs if r.outcome is not None and r.error is None),
        "errors": [r.error for r in runs if r.error],
        "actions_per_game_median": statistics.median(acts) if acts else 0,
        "seconds_per_game_median": round(statistics.median(secs), 4) if secs else 0.0,
        "seconds_per_game_p95": round(p95, 4),
        "action_us_mean": round(1e6 * sum(secs) / total_actions, 1) if total_actions else 0,
        "outcomes": _count(r.outcome for r in runs if r.outcome),
        # Wins per seat over finished games ("shared" when several seats win together).
        "wins": _count((r.winners[0] if len(r.winners) == 1 else "shared" if r.winners
                        else "none") for r in runs if r.outcome),
        "by_scenario": {
            sc: {"games": sum(1 for r in runs if r.scenario == sc),
                 "completed": sum(1 for r in runs if r.scenario == sc and r.outcome is not None
                                  and r.error is None),
                 "errors": sum(1 for r in runs if r.scenario == sc and r.error)}
            for sc in sorted({r.scenario or "" for r in runs})},
    }


def _count(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1])[:10])


__all__ = ["GameRun", "asdict", "play_random", "run_one", "selfplay", "summarize"]
