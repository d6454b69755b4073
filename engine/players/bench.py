"""Player figures for `keryx bench`: how long an automated seat takes to decide, in every
game that has automated players."""

from __future__ import annotations

from typing import Any

from ..core import games as registry
from .duel import p95, play_one

SEARCH_ACTIONS = 400  # actions of each search game timed (its opening and first battles)
# Actions of each heuristic game timed: whole games of the short scenarios; the longest
# (the Epic's) are cut, their decisions being of the same kinds throughout.
HEURISTIC_ACTIONS = 2000
# Games timed in another scenario than their default: Pericles' default is a one-turn
# lesson of 27 actions; its Archidamian War plays every kind of decision.
SCENARIO = {"pericles": "14.1.06 A"}


def bench_players(games: int = 2, seed: str = "bench", rulesets: tuple[str, ...] = (),
                  search_actions: int = SEARCH_ACTIONS,
                  heuristic_actions: int = HEURISTIC_ACTIONS,
                  **options: Any) -> dict[str, Any]:
    """For every game with a heuristic (or those of `rulesets`), each in its default
    scenario (or its SCENARIO): `ai_decision_ms_p95`, the 95th percentile of the search player's decision
    time (the slowest level, at its default time budget) against the heuristic, over the
    first `search_actions` actions of `games` games (A on each seat in turn); and
    `ai_heuristic_decision_ms_p95`, the heuristic's against the random player. Athens &
    Sparta's figures keep their plain names; every other game's are prefixed by its id
    (`hellenes_ai_decision_ms_p95`). `options` go to the players (the search's
    `budget_s`)."""
    out: dict[str, Any] = {}
    for ruleset_id in rulesets or _with_heuristic():
        prefix = "" if ruleset_id == "athens-sparta" else ruleset_id.replace("-", "_") + "_"
        search: list[float] = []
        heuristic: list[float] = []
        scenario = SCENARIO.get(ruleset_id)
        for i in range(games):
            search += play_one(ruleset_id, "search", "heuristic", f"{seed}:s{i}", i, scenario,
                               max_actions=search_actions, **options).a_ms
            heuristic += play_one(ruleset_id, "heuristic", "random", f"{seed}:{i}", i, scenario,
                                  max_actions=heuristic_actions, **options).a_ms
        out.update({f"{prefix}ai_decision_ms_p95": p95(search),
                    f"{prefix}ai_decisions": len(search),
                    f"{prefix}ai_heuristic_decision_ms_p95": p95(heuristic),
                    f"{prefix}ai_heuristic_decisions": len(heuristic)})
    return out


def _with_heuristic() -> list[str]:
    return [g.id for g in registry.games().values() if g.heuristic is not None]
