"""`keryx bench` figures for Pericles (the `pericles` section of its games entry), each
named `pericles_<figure>`; `pericles_engine_action_us_median` is issue 36's (≤ 150 µs)."""

from __future__ import annotations

from typing import Any

from engine.bench import bench_engine

from .scenarios import SCENARIOS


def bench_pericles(games: int = 28, seed: str = "bench") -> dict[str, Any]:
    """Random games spread over every scenario, two each by default."""
    figures = bench_engine("pericles", games, seed, scenarios=tuple(SCENARIOS))
    return {f"pericles_{key}": value for key, value in figures.items()}
