"""Balance measurement for the ppw pars (rule 9.5, DESIGN.md "Balance"):

    python -m tests.ppw.balance play SCENARIO PLAYERS GAMES SEED > games.jsonl
    python -m tests.ppw.balance firsts PLAYERS games.jsonl
    python -m tests.ppw.balance fit SCENARIO PLAYERS games.jsonl

`play` plays heuristic self-play games and prints one JSON line a game: the first place,
how the game ended and each major's final score with its parts. `firsts` counts the first
places per player's place (a shared first place apart) with 95 % Wilson intervals. `fit`
searches half-point pars, near each major's mean raw score (score + the par it was played
under), that make the players' first places most even on those games; a fit moves what
the heuristic does (it measures itself against the pars), so it needs fresh games played
under the new pars to be judged.
"""

from __future__ import annotations

import itertools
import json
import statistics
import sys
from collections import Counter
from typing import Any

from engine.core.game import Game
from engine.players.base import player
from engine.players.duel import wilson
from engine.players.lookahead import decide
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.board import board
from engine.rulesets.ppw.components import MAJORS
from engine.rulesets.ppw.victory import fortresses, tributaries

MAX_ACTIONS = 5000


def holdings(scenario: str, players: int) -> list[tuple[str, ...]]:
    return [tuple(g) for g in dict(RULESET.scenarios[scenario].players or ())[players]]


def play(scenario: str, players: int, games: int, seed: str) -> None:
    for i in range(games):
        g = Game.create(RULESET, scenario, seed=f"{seed}:{i}", options={"players": players})
        by = {m: player("heuristic", f"{seed}:{i}:{m}") for m in MAJORS}
        n = 0
        while g.outcome is None and n < MAX_ACTIONS:
            seat = g.prompts()[0].seat
            g.act(seat, decide(g, seat, by[seat], lookahead=False))
            n += 1
        s, out = g.state, g.outcome
        assert out is not None
        row: dict[str, Any] = {"first": list(out.places[0]), "reason": out.reason,
                               "scenario": scenario, "players": players}
        for m in MAJORS:
            card = s["majors"][m]
            row[m] = {"bell": card["bellicosity"], "tal": card["treasury"] // 1000,
                      "trib": tributaries(s, m) - s["tributaries_at_start"].get(m, 0),
                      "fort": fortresses(s, m) - s["fortresses_at_start"].get(m, 0),
                      "host": sum(card["hostages"].values()),
                      "surr": card["surrendered_to"] is not None,
                      "score": dict(out.scores)[m],
                      "par": board().setups[scenario].majors[m].par_for(players)}
        print(json.dumps(row), flush=True)


def firsts(players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    names = {"+".join(g) for g in holdings(rows[0]["scenario"], players)}
    count: Counter[str] = Counter()
    for r in rows:
        first = "+".join(r["first"])
        count[first if first in names else "shared"] += 1
    n = len(rows)
    return {k: {"first": v, "rate": round(v / n, 3),
                "low": round(wilson(v, n)[0], 3), "high": round(wilson(v, n)[1], 3)}
            for k, v in count.most_common()}


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
    # first moves, the first's par stays at its mean
    free = [g[0] for g in groups[1:]] if players == 4 else [groups[0][0]] + \
        [g[0] for g in groups[1:-1]]
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


def _rows(path: str) -> list[dict[str, Any]]:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "play":
        play(args[0], int(args[1]), int(args[2]), args[3])
    elif cmd == "firsts":
        print(json.dumps(firsts(int(args[0]), _rows(args[1]))))
    else:
        print(json.dumps(fit(args[0], int(args[1]), _rows(args[2]))))
