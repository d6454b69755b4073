"""PPW games between player levels, one level per player (rule 9.2: with 2 or 3 players
some hold several majors), for the win rates per side of issue 38: the heuristic against
random, and the heuristic against itself for balance.

    python -m engine.players.ppw_duel archidamian 2 heuristic random --games 40

plays `--games` games for each player's place in turn held by the first level, the
others by the second, and prints the first level's first places per place held with
their 95 % Wilson intervals (engine/players/duel.py). A shared first place is not a win.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from ..rulesets.ppw import RULESET
from .base import player
from .duel import wilson
from .lookahead import decide

MAX_ACTIONS = 5_000


@dataclass
class PpwGame:
    seed: str
    levels: tuple[str, ...]  # one per player, in the order of the scenario's holdings
    first: tuple[str, ...]  # the majors of the first place (several: shared)
    first_groups: tuple[int, ...]  # which players hold that first place
    reason: str
    actions: int


def holdings(scenario: str, players: int) -> tuple[tuple[str, ...], ...]:
    table = RULESET.scenarios[scenario].players or ()
    return dict(table)[players]


def finish(scenario: str, players: int, levels: tuple[str, ...], seed: str) -> Game:
    """One game played out: player i (the scenario's i-th holding) by `levels[i]`."""
    groups = holdings(scenario, players)
    game = Game.create(RULESET, scenario, seed=seed, options={"players": players})
    by_seat = {}
    for i, group in enumerate(groups):
        for major in group:
            by_seat[major] = player(levels[i], f"{seed}:{major}")
    actions = 0
    while game.outcome is None and actions < MAX_ACTIONS:
        seat = game.prompts()[0].seat
        game.act(seat, decide(game, seat, by_seat[seat], lookahead=False))
        actions += 1
    return game


def play(scenario: str, players: int, levels: tuple[str, ...], seed: str) -> PpwGame:
    """One game: player i (the scenario's i-th holding) played by `levels[i]`."""
    groups = holdings(scenario, players)
    game = finish(scenario, players, levels, seed)
    out = game.outcome
    first = tuple(out.places[0]) if out is not None and out.places else ()
    firsts = tuple(i for i, g in enumerate(groups) if set(g) & set(first))
    return PpwGame(seed, levels, first, firsts, out.reason if out else "unfinished",
                   len(game.log))


def duel(scenario: str, players: int, a: str, b: str, games: int,
         seed: str = "ppwduel") -> dict[str, Any]:
    """For each player's place: `games` games with `a` there and `b` everywhere else."""
    groups = holdings(scenario, players)
    out: dict[str, Any] = {"scenario": scenario, "players": players, "a": a, "b": b,
                           "by_side": {}}
    for i, group in enumerate(groups):
        levels = tuple(a if j == i else b for j in range(len(groups)))
        runs = [play(scenario, players, levels, f"{seed}:{scenario}:{players}:{i}:{n}")
                for n in range(games)]
        wins = sum(r.first_groups == (i,) for r in runs)
        low, high = wilson(wins, games)
        out["by_side"]["+".join(group)] = {
            "games": games, "a_first": wins, "a_rate": round(wins / games, 3),
            "low": round(low, 3), "high": round(high, 3),
            "reasons": dict(Counter(r.reason for r in runs))}
    return out


def balance(scenario: str, players: int, level: str, games: int,
            seed: str = "ppwbalance") -> dict[str, Any]:
    """Every player `level`: first places per player's place (shared ones apart)."""
    groups = holdings(scenario, players)
    runs = [play(scenario, players, (level,) * len(groups), f"{seed}:{scenario}:{players}:{n}")
            for n in range(games)]
    firsts: Counter[str] = Counter()
    for r in runs:
        key = "shared" if len(r.first_groups) != 1 else "+".join(groups[r.first_groups[0]])
        firsts[key] += 1
    table = {}
    for key, wins in sorted(firsts.items()):
        low, high = wilson(wins, games)
        table[key] = {"first": wins, "rate": round(wins / games, 3),
                      "low": round(low, 3), "high": round(high, 3)}
    return {"scenario": scenario, "players": players, "level": level, "games": games,
            "first_places": table, "reasons": dict(Counter(r.reason for r in runs))}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("players", type=int)
    ap.add_argument("a")
    ap.add_argument("b", nargs="?")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", default="ppwduel")
    args = ap.parse_args(argv)
    if args.b is None:
        result = balance(args.scenario, args.players, args.a, args.games, args.seed)
    else:
        result = duel(args.scenario, args.players, args.a, args.b, args.games, args.seed)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
