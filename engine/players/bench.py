"""Player figures for `keryx bench`: how long an automated seat takes to decide."""

from __future__ import annotations

from typing import Any

from .duel import p95, play_one


def bench_players(ruleset_id: str = "athens-sparta", games: int = 2, seed: str = "bench"
                  ) -> dict[str, Any]:
    """The 95th percentile of the heuristic player's decision time against the random
    player, over `games` whole games (one on each side)."""
    times: list[float] = []
    for i in range(games):
        times += play_one(ruleset_id, "heuristic", "random", f"{seed}:{i}", i).a_ms
    return {"ai_decision_ms_p95": p95(times), "ai_decisions": len(times)}
