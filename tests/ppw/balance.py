"""Balance measurement for the ppw pars (rule 9.5, DESIGN.md "Balance"):

    python -m tests.ppw.balance play SCENARIO PLAYERS GAMES SEED [LEVEL] > games.jsonl
    python -m tests.ppw.balance duel SCENARIO PLAYERS GAMES SEED [PLACE] > duels.jsonl
    python -m tests.ppw.balance firsts PLAYERS games.jsonl [duels.jsonl ...]
    python -m tests.ppw.balance fit SCENARIO PLAYERS games.jsonl [more.jsonl ...]
    python -m tests.ppw.balance crosscheck SCENARIO PLAYERS games.jsonl [more.jsonl ...]

`play` plays self-play games (every player the heuristic, or LEVEL) and prints one JSON
line a game: how the game ended and each major's final score with its parts; `duel` plays GAMES games for each
player's place in turn held by the heuristic, the others by `random` (issue 38 point 6);
with PLACE (0 for the scenario's first holding) only that place, on the same seeds.
Since ppw5 no player reads the pars (the heuristic measures itself against its own
forecast, engine/players/ppw.py), so the pars only rank finished games: `firsts` ranks
the recorded games again under the scenario's current pars and counts the first places
per player's place (a shared first place apart; for duels, the heuristic's place) with
95 % Wilson intervals, and `fit` searches half-point pars, near each major's mean raw
score, that make the players' first places most even on the games given. A fit is
judged on other games than those it was fitted on: `crosscheck` fits each half of the
games and ranks the other half with those pars.
"""

from __future__ import annotations

import itertools
import json
import statistics
import sys
from typing import Any

from engine.core.game import Game
from engine.players.duel import wilson
from engine.players.ppw_duel import finish
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.components import MAJORS
from engine.rulesets.ppw.victory import fortresses, tributaries


def holdings(scenario: str, players: int) -> list[tuple[str, ...]]:
    return [tuple(g) for g in dict(RULESET.scenarios[scenario].players or ())[players]]


def record(game: Game, levels: tuple[str, ...]) -> dict[str, Any]:
    """A finished game's line: how it ended and each major's final points by part."""
    s, out = game.state, game.outcome
    assert out is not None
    row: dict[str, Any] = {"first": list(out.places[0]), "reason": out.reason,
                           "scenario": s["scenario"], "players": s["players"],
                           "levels": list(levels), "seed": game.seed,
                           # whose goal ended it (rule 9.4; none on the score) and when
                           "goal": list(s.get("winner") or []), "turn": s["turn"]}
    for m in MAJORS:
        card = s["majors"][m]
        row[m] = {"bell": card["bellicosity"], "tal": card["treasury"] // 1000,
                  "trib": tributaries(s, m) - s["tributaries_at_start"].get(m, 0),
                  "fort": fortresses(s, m) - s["fortresses_at_start"].get(m, 0),
                  "host": sum(card["hostages"].values()),
                  "surr": card["surrendered_to"] is not None,
                  "score": dict(out.scores)[m],
                  "par": board().setups[s["scenario"]].majors[m].par_for(s["players"])}
    return row


def play(scenario: str, players: int, games: int, seed: str, level: str = "heuristic") -> None:
    levels = (level,) * len(holdings(scenario, players))
    for i in range(games):
        game = finish(scenario, players, levels, f"{seed}:{i}")
        print(json.dumps(record(game, levels)), flush=True)


def duel(scenario: str, players: int, games: int, seed: str, place: int | None = None) -> None:
    places = len(holdings(scenario, players))
    for i in range(games):
        for at in range(places) if place is None else (place,):
            levels = tuple("heuristic" if j == at else "random" for j in range(places))
            game = finish(scenario, players, levels, f"{seed}:{at}:{i}")
            print(json.dumps(record(game, levels)), flush=True)


def current_pars(scenario: str, players: int) -> dict[str, float]:
    return {m: v.par_for(players) for m, v in board().setups[scenario].majors.items()}


def firsts(players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """First places under the current pars: per player's place in self-play, per place
    held by the heuristic in duels."""
    scenario = rows[0]["scenario"]
    groups = holdings(scenario, players)
    par = current_pars(scenario, players)
    out: dict[str, Any] = {"scenario": scenario, "players": players, "pars": par}
    for level in ("heuristic", "random"):
        selfplay = [r for r in rows if set(r.get("levels") or ["heuristic"]) == {level}]
        if selfplay:
            wins, shared = _wins(selfplay, groups, par)
            count = {"+".join(g): w for g, w in wins.items()} | {"shared": shared}
            out[f"{level}_selfplay"] = _rates(count, len(selfplay))
    for at, group in enumerate(groups):
        mine = [r for r in rows if r.get("levels") and r["levels"][at] == "heuristic"
                and r["levels"].count("heuristic") == 1]
        if mine:
            wins, _ = _wins(mine, groups, par)
            out["heuristic_as_" + "+".join(group)] = _rates({"first": wins[group]},
                                                            len(mine))["first"]
    return out


def _rates(count: dict[str, int], n: int) -> dict[str, Any]:
    return {k: {"first": v, "games": n, "rate": round(v / n, 3),
                "low": round(wilson(v, n)[0], 3), "high": round(wilson(v, n)[1], 3)}
            for k, v in sorted(count.items(), key=lambda kv: -kv[1])}


def _wins(rows: list[dict[str, Any]], groups: list[tuple[str, ...]],
          par: dict[str, float]) -> tuple[dict[tuple[str, ...], int], int]:
    """First places had the games been scored with `par` (rule 9.5's ranking: a goal
    first, then the holding's mean score, then its best bellicosity)."""
    wins = dict.fromkeys(groups, 0)
    shared = 0
    for r in rows:
        if r["reason"] == "goal":
            top = [g for g in groups if set(g) & set(r["first"])]
        else:
            keys = {g: (sum(r[m]["score"] + r[m]["par"] - par[m] for m in g) / len(g),
                        max(r[m]["bell"] for m in g)) for g in groups}
            best = max(keys.values())
            top = [g for g in groups if keys[g] == best]
        if len(top) == 1:
            wins[top[0]] += 1
        else:
            shared += 1
    return wins, shared


def fit(scenario: str, players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    groups = holdings(scenario, players)
    raw = {m: statistics.mean(r[m]["score"] + r[m]["par"] for r in rows) for m in MAJORS}
    base = {m: round(raw[m] * 2) / 2 for m in MAJORS}
    # only differences between holdings rank them: one major of each holding but the
    # first moves, the first's par stays at its mean; with two players a major of the
    # three moves too, since Athens' half points against a mean of three (in thirds)
    # step over the close scores two at a time (ppw5: 56 % whatever Athens' half point)
    free = [g[0] for g in groups[1:]] if players == 4 else [groups[0][0]] + \
        [g[0] for g in groups[1:-1]] if players == 3 else [g[0] for g in groups]
    grid = [x / 2 for x in range(-10, 11)]
    best: tuple[float, dict[str, float]] | None = None
    for deltas in itertools.product(grid, repeat=len(free)):
        par = dict(base)
        for m, d in zip(free, deltas, strict=True):
            par[m] = base[m] + d
        wins, _ = _wins(rows, groups, par)
        spread = sum((w / len(rows) - 1 / len(groups)) ** 2 for w in wins.values())
        cost = spread + 0.0005 * sum(d * d for d in deltas)  # stay near the means
        if best is None or cost < best[0]:
            best = (cost, par)
    assert best is not None
    wins, shared = _wins(rows, groups, best[1])
    return {"raw_means": {m: round(v, 2) for m, v in raw.items()}, "pars": best[1],
            "in_sample_firsts": {"+".join(g): w for g, w in wins.items()}, "shared": shared}


def crosscheck(scenario: str, players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """How even a fit is on games it has not seen: pars fitted on each half of the games
    rank the other half, both halves' first places added up."""
    groups = holdings(scenario, players)
    half = len(rows) // 2
    first, second = rows[:half], rows[half:]
    a, b = fit(scenario, players, first)["pars"], fit(scenario, players, second)["pars"]
    wins_a, shared_a = _wins(second, groups, a)
    wins_b, shared_b = _wins(first, groups, b)
    count = {"+".join(g): wins_a[g] + wins_b[g] for g in groups}
    return {"pars_first_half": a, "pars_second_half": b,
            "firsts": _rates(count | {"shared": shared_a + shared_b}, len(rows))}


def _rows(paths: list[str]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "play":
        play(args[0], int(args[1]), int(args[2]), args[3], *args[4:])
    elif cmd == "duel":
        duel(args[0], int(args[1]), int(args[2]), args[3], *map(int, args[4:5]))
    elif cmd == "firsts":
        print(json.dumps(firsts(int(args[0]), _rows(args[1:]))))
    elif cmd == "crosscheck":
        print(json.dumps(crosscheck(args[0], int(args[1]), _rows(args[2:]))))
    else:
        print(json.dumps(fit(args[0], int(args[1]), _rows(args[2:]))))
