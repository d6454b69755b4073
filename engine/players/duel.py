"""Duels: two player levels play a ruleset against each other, sides alternating, and
the result is a win rate with its 95 % Wilson score interval (overall and per side).
A mirrored duel also plays every seed with B in A's place too: the same opponent, dice and
seat, so the seeds A won where B alone lost measure A against B seed by seed."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game
from ..core.registry import ruleset
from .base import Player, cannot_play, player
from .gauntlet import STYLES, gauntlet_player, supports
from .lookahead import decide
from .paired import compare, sign_test

Z95 = 1.959963984540054
MAX_ACTIONS = 5_000  # a game still open after this many actions counts as a draw
# (whole games take under 1,500: an automated player caught in a loop of menus ends here)


# one game to play: ruleset, A's level, B's level, seed, A's seat index, scenario, options
Task = tuple[str, str, str, str, int, str | None, dict[str, Any]]


@dataclass
class DuelGame:
    seed: str
    a_seat: str          # the seat player A held
    winner: str | None   # "a", "b" or None (a draw, or no outcome)
    actions: int
    a_ms: list[float] = field(default_factory=list)  # A's decision times
    b_ms: list[float] = field(default_factory=list)
    reason: str | None = None  # how the game ended (the outcome's words), for the logs
    a_margin: tuple[float, ...] | None = None  # A's seat's margin (`Ruleset.margin`), if kept


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike p ± z·se)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def contender(name: str, seed: str, **options: Any) -> Player:
    """A duel's player: a level (`random`, `heuristic`, `search`) or a gauntlet player
    (`aggressive`, `passive`, `raider`, `bait-taker`, `turtle-striker`,
    engine/players/gauntlet)."""
    if name in STYLES:
        return gauntlet_player(name, seed)
    return player(name, seed, **options)


def cannot_duel(name: str, ruleset_id: str) -> str | None:
    """Why `name` cannot take a seat of `ruleset_id` in a duel, or None if it can."""
    if name in STYLES:
        return None if supports(name, ruleset_id) else \
            f"the gauntlet player {name!r} has no script for the ruleset {ruleset_id!r} yet"
    reason = cannot_play(name, ruleset_id)
    if reason is not None and reason.startswith("no player level"):
        reason += f", or a gauntlet player: {', '.join(STYLES)}"
    return reason


def automated_options(rules: Any, levels: dict[str, set[str]],
                      given: dict[str, Any] | None) -> dict[str, Any]:
    """The game options of a duel: `given`, and for a level that is the ruleset's own
    automated opponent (an option named like it: Pericles' `phormio`, playbook 15) the
    seats it holds, as the service tells such a game at its start (service/lobby.py);
    its Honor handicap is off unless asked for (a duel measures play)."""
    opts = dict(given or {})
    for level, seats in levels.items():
        if level in rules.options and level not in opts:
            order = list(rules.seats(rules.default_scenario))
            held = sorted(seats, key=lambda s: order.index(s) if s in order else len(order))
            opts[level] = ",".join(held)
            if "handicap" in rules.options:
                opts.setdefault("handicap", "off")
    return opts


def play_one(ruleset_id: str, a: str, b: str, seed: str, a_index: int,
             scenario: str | None = None, max_actions: int = MAX_ACTIONS,
             game_options: dict[str, Any] | None = None, **options: Any) -> DuelGame:
    """One game: A holds seat `a_index` of the scenario and every seat allied with it, B
    every other seat; `options` go to both players (the search level's budget),
    `game_options` to the game."""
    rules = ruleset(ruleset_id)
    name = scenario or rules.default_scenario
    seats = rules.seats(name)
    a_seat = seats[a_index % len(seats)]
    teams = rules.scenarios[name].teams or ()
    a_team = next((set(t) for t in teams if a_seat in t), {a_seat})
    held = {a: set(a_team)} if a != b else {a: set(seats)}
    if a != b:
        held[b] = set(seats) - a_team
    game = Game.create(rules, scenario=scenario, seed=seed,
                       options=automated_options(rules, held, game_options) or None)
    players = {s: contender(a if s in a_team else b, f"{seed}:{s}", **options)
               for s in game.seats}
    result = DuelGame(seed, a_seat, None, 0)
    while game.outcome is None and result.actions < max_actions:
        seat = game.prompts()[0].seat
        start = time.perf_counter()
        answer = decide(game, seat, players[seat])
        (result.a_ms if seat in a_team else result.b_ms).append(
            1000 * (time.perf_counter() - start))
        game.act(seat, answer)
        result.actions += 1
    winners = set(game.outcome.winners) if game.outcome is not None else set()
    result.reason = game.outcome.reason if game.outcome is not None else None
    if game.outcome is not None:
        result.a_margin = rules.margin(game.state, a_seat)
    if winners:
        # a side wins when every winner is of its team: all its allies together, or one
        # faction of a winning city (Pericles: the city wins the war, one faction the game)
        result.winner = "a" if winners <= a_team else "b" if not a_team & winners else None
    return result


def _play_args(args: Task) -> DuelGame:
    ruleset_id, a, b, seed, a_index, scenario, options = args
    return play_one(ruleset_id, a, b, seed, a_index, scenario, **options)


def duel(ruleset_id: str, a: str, b: str, games: int, seed: str = "duel", jobs: int = 1,
         scenario: str | None = None,
         progress: Callable[[DuelGame], None] | None = None, seat: str | None = None,
         **options: Any) -> dict[str, Any]:
    """Play `games` games, A taking the scenario's seats in turn (or always `seat`: one
    side's strength measured at half the cost), and summarise; `options` go to both
    players (the search level's `samples` or `budget_s`)."""
    runs = _play_all(_tasks(ruleset_id, (a,), b, games, seed, scenario, seat, options),
                     jobs, progress)
    return summarize(ruleset_id, a, b, runs)


def mirrored_duel(ruleset_id: str, a: str, b: str, games: int, seed: str = "duel",
                  jobs: int = 1, scenario: str | None = None,
                  progress: Callable[[DuelGame], None] | None = None,
                  seat: str | None = None, **options: Any) -> dict[str, Any]:
    """The duel of A against B, and on the very same seeds and seats B against itself
    (the mirror); then seed by seed which of the two did better in that seat."""
    tasks = _tasks(ruleset_id, (a, b), b, games, seed, scenario, seat, options)
    runs = _play_all(tasks, jobs, progress)
    firsts, mirrors = runs[0::2], runs[1::2]
    report = summarize(ruleset_id, a, b, firsts)
    report["mirror"] = summarize(ruleset_id, b, b, mirrors)
    report["paired"] = paired_summary(firsts, mirrors)
    return report


def paired_summary(firsts: list[DuelGame], mirrors: list[DuelGame]) -> dict[str, Any]:
    """Seeds won by A where the mirror lost, and the other way round, with the sign test's
    two-sided p; where the ruleset keeps a margin, the same by margin."""
    alone = sum(f.winner == "a" and m.winner != "a" for f, m in zip(firsts, mirrors))
    mirror_alone = sum(m.winner == "a" and f.winner != "a" for f, m in zip(firsts, mirrors))
    out: dict[str, Any] = {"seeds": len(firsts), "won_alone": alone,
                           "mirror_won_alone": mirror_alone,
                           "sign_p": round(sign_test(alone, mirror_alone), 4)}
    kept = [(f.a_margin, m.a_margin) for f, m in zip(firsts, mirrors)
            if f.a_margin is not None and m.a_margin is not None]
    if kept:
        # a margin's first element is how the game ended, a second the count behind it
        # (Hellenes: the Prestige), which the Wilcoxon test weighs as a number
        by = compare([f for f, _ in kept], [m for _, m in kept],
                     element=1 if len(kept[0][0]) > 1 else 0)
        out["margin"] = {"seeds": by.seeds, "better": by.better, "worse": by.worse,
                         "tied": by.tied, "sign_p": round(by.sign_p, 4),
                         "wilcoxon_p": round(by.wilcoxon_p, 4)}
    return out


def _tasks(ruleset_id: str, levels: tuple[str, ...], b: str, games: int, seed: str,
           scenario: str | None, seat: str | None, options: dict[str, Any]) -> list[Task]:
    """Game i's seed and A's seat, once for each level in A's place (in that order)."""
    rules = ruleset(ruleset_id)
    fixed = None if seat is None else rules.seats(scenario or rules.default_scenario).index(seat)
    return [(ruleset_id, level, b, f"{seed}:{i}", i if fixed is None else fixed, scenario,
             options) for i in range(games) for level in levels]


def _play_all(tasks: list[Task], jobs: int,
              progress: Callable[[DuelGame], None] | None) -> list[DuelGame]:
    runs: list[DuelGame] = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for run in pool.map(_play_args, tasks):
                runs.append(run)
                if progress:
                    progress(run)
    else:
        for t in tasks:
            runs.append(_play_args(t))
            if progress:
                progress(runs[-1])
    return runs


def _rates(runs: list[DuelGame]) -> dict[str, Any]:
    n = len(runs)
    a_wins = sum(r.winner == "a" for r in runs)
    b_wins = sum(r.winner == "b" for r in runs)
    low, high = wilson(a_wins, n)
    return {"games": n, "a_wins": a_wins, "b_wins": b_wins, "draws": n - a_wins - b_wins,
            "a_win_rate": round(a_wins / n, 4) if n else 0.0,
            "a_win_rate_low": round(low, 4), "a_win_rate_high": round(high, 4)}


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2)


def summarize(ruleset_id: str, a: str, b: str, runs: list[DuelGame]) -> dict[str, Any]:
    sides = sorted({r.a_seat for r in runs})
    return {"ruleset": ruleset_id, "a": a, "b": b, **_rates(runs),
            "by_side": {s: _rates([r for r in runs if r.a_seat == s]) for s in sides},
            "a_decision_ms_p95": p95([t for r in runs for t in r.a_ms]),
            "b_decision_ms_p95": p95([t for r in runs for t in r.b_ms]),
            "actions_per_game_mean": round(sum(r.actions for r in runs) / len(runs), 1)
            if runs else 0.0}
