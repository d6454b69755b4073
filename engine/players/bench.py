"""Player figures for `keryx bench`: how long an automated seat takes to decide."""

from __future__ import annotations

from typing import Any

from .duel import p95, play_one

SEARCH_ACTIONS = 400  # actions of each search game timed (its opening and first battles)


def bench_players(ruleset_id: str = "athens-sparta", games: int = 2, seed: str = "bench"
                  ) -> dict[str, Any]:
    """`ai_decision_ms_p95`: the 95th percentile of the search player's decision time
    (the slowest level, at its default time budget) against the heuristic, over the first
    SEARCH_ACTIONS actions of `games` games (one on each side);
    `ai_heuristic_decision_ms_p95`: the heuristic's against the random player over
    `games` whole games."""
    search: list[float] = []
    heuristic: list[float] = []
    for i in range(games):
        search += play_one(ruleset_id, "search", "heuristic", f"{seed}:s{i}", i,
                           max_actions=SEARCH_ACTIONS).a_ms
        heuristic += play_one(ruleset_id, "heuristic", "random", f"{seed}:{i}", i).a_ms
    return {"ai_decision_ms_p95": p95(search), "ai_decisions": len(search),
            "ai_heuristic_decision_ms_p95": p95(heuristic),
            "ai_heuristic_decisions": len(heuristic)}
