"""`keryx bench`: every figure the issues name, from one command.

Each layer keeps its own benchmark next to its code; this module only runs them and
collects the figures under the names the issues give."""

from __future__ import annotations

import importlib
import platform
import time
from collections.abc import Callable
from typing import Any

from engine import compiled
from engine.core import games
from service import event_loop

# The house's own sections: (section, module, function, is_async). A game's sections come
# from its `keryx.games` entry (engine/core/games.py) and run first. A section whose module
# is missing is skipped and reported, so the command works while layers are being built.
HOUSE: list[tuple[str, str, str, bool]] = [
    ("players", "engine.players.bench", "bench_players", False),
    ("store", "service.bench", "bench_store", True),
    ("bot", "bot.bench", "bench_bot", True),
    ("scheduler", "service.community.bench", "bench_scheduler", True),
    ("store_pg", "service.pg_bench", "bench_store_pg", True),
]


def benches() -> list[tuple[str, str, str, bool]]:
    """Every section: the registered games' (in their entries' order), then the house's."""
    out = []
    for entry in games.games().values():
        for section, target in entry.bench:
            module, _, func = target.partition(":")
            out.append((section, module, func, False))
    return out + HOUSE


def sections() -> list[str]:
    return [section for section, *_ in benches()]


def speed_probe_ms(rounds: int = 5) -> float:
    """Milliseconds for a fixed pure-Python loop (median of `rounds`): machines of one
    kind differ up to threefold in speed here, so figures are read against this."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i
        times.append((time.perf_counter() - start) * 1000)
    return round(sorted(times)[rounds // 2], 1)


def machine() -> dict[str, Any]:
    import os
    import sys

    # Which build of CPython: the figures differ by about a quarter between one built with
    # PGO and LTO (Debian's, the Docker image's) and one without (a default pyenv build).
    return {"python": platform.python_version(), "python_executable": sys.executable,
            "python_build": " ".join(platform.python_build()), "machine": platform.machine(),
            "processor": platform.processor() or platform.machine(), "cpus": os.cpu_count(),
            "system": platform.system(), "speed_probe_ms": speed_probe_ms(),
            "load_average_1m": round(os.getloadavg()[0], 2),
            "event_loop": event_loop.loop_name(),
            # how many of the hot engine modules run compiled by mypyc (0: pure Python;
            # scripts/compile_engine.sh, docs/benchmarks.md)
            "engine_compiled_modules": len(compiled.loaded())}


def run(only: list[str] | None = None,
        on_section: Callable[[str, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    host = machine()  # before the sections run: the load they add is not the machine's
    figures: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    for section, module, func, is_async in benches():
        if only and section not in only:
            continue
        try:
            fn = getattr(importlib.import_module(module), func)
        except (ImportError, AttributeError) as exc:
            skipped[section] = f"not available: {exc}"
            continue
        start = time.perf_counter()
        # the loop a bot process runs on, so the store figures are a bot's
        result = event_loop.run(fn()) if is_async else fn()
        if "skipped" in result:  # the section cannot run here (e.g. no PostgreSQL server)
            skipped[section] = result["skipped"]
            continue
        result[f"{section}_bench_s"] = round(time.perf_counter() - start, 1)
        for key, value in result.items():
            # Named figures are unique; a detail two sections share ("games") gets a prefix.
            figures[f"{section}_{key}" if key in figures else key] = value
        if on_section:
            on_section(section, result)
    return {"figures": figures, "skipped": skipped, "machine": host}
