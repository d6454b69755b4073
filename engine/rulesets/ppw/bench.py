"""`keryx bench`'s ppw section (issue 38): the engine's figures over random games of both
scenarios with four players, each named `ppw_<figure>` (`ppw_engine_action_us_median`
is the issue's, target 150 µs)."""

from __future__ import annotations

from typing import Any

from engine.bench import bench_engine


def bench_ppw(games: int = 6, seed: str = "bench") -> dict[str, Any]:
    figures = bench_engine("ppw", games, seed, scenarios=("431", "archidamian"))
    return {f"ppw_{key}": value for key, value in figures.items()}
