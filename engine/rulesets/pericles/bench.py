"""`keryx bench` figures for Pericles (the `pericles` section of its games entry), each
named `pericles_<figure>`; `pericles_engine_action_us_median` is issue 36's (≤ 150 µs)."""

from __future__ import annotations

from typing import Any

from engine.bench import bench_engine
from engine.players.duel import p95, play_one

from .scenarios import SCENARIOS


def bench_pericles(games: int = 28, seed: str = "bench") -> dict[str, Any]:
    """Random games spread over every scenario, two each by default."""
    figures = bench_engine("pericles", games, seed, scenarios=tuple(SCENARIOS))
    figures |= bench_phormio(seed=seed)
    return {f"pericles_{key}": value for key, value in figures.items()}


PHORMIO_SCENARIO = "14.1.06 A"  # issue 37's duels and its decision-time target (≤ 500 ms)


def bench_phormio(games: int = 2, seed: str = "bench") -> dict[str, Any]:
    """`phormio_decision_ms_p95`: the 95th percentile of Phormio's decision time against
    the random level over `games` whole games of 14.1.06 A (one on each side)."""
    ms: list[float] = []
    for i in range(games):
        ms += play_one("pericles", "phormio", "random", f"{seed}:phormio:{i}", i,
                       scenario=PHORMIO_SCENARIO).a_ms
    return {"phormio_decision_ms_p95": p95(ms), "phormio_decisions": len(ms)}
