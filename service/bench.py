"""Store benchmark: many games played at once through GameService.submit by random legal
choices, on a real SQLite file. Called by `keryx bench`; no rendering involved.

Latency is measured around each submit call (load, checks, engine act, commit), and only
for submits that committed. A single writer serialises commits, so the latency of a click
grows with the number of clicks in flight (about in_flight / throughput): `concurrency`
caps the submits in flight, as a bot's event loop effectively does when interactions
arrive spread over time. The games themselves all run concurrently.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import engine

from .errors import Refusal
from .games import GameService
from .results import OpenPrompt


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[i]


async def bench_store(ruleset_id: str = "athens-sparta", games: int = 1000, *,
                      concurrency: int = 4, max_actions: int = 20_000,
                      scenario: str | None = None, options: dict[str, Any] | None = None,
                      seed: int = 0, path: str | Path | None = None,
                      synchronous: str = "NORMAL") -> dict[str, Any]:
    """Play `games` games of `ruleset_id` concurrently until they end or `max_actions`
    actions were committed in all; return timings (milliseconds, actions per second)."""
    engine.ruleset(ruleset_id)  # fail early on an unknown id
    with tempfile.TemporaryDirectory(prefix="keryx-bench-") as tmp:
        db = Path(path) if path is not None else Path(tmp) / "bench.db"
        from .store.sqlite import SqliteStore

        store = SqliteStore(db, synchronous=synchronous)
        await store.open()
        svc = GameService(store, cache_size=games + 16)
        try:
            return await _run(svc, db, ruleset_id, games, concurrency, max_actions,
                              scenario, options, random.Random(seed))
        finally:
            await svc.close()


async def _run(svc: GameService, db: Path | None, ruleset_id: str, games: int,
               concurrency: int, max_actions: int, scenario: str | None,
               options: dict[str, Any] | None, rng: random.Random, *,
               first_channel: int = 10_000,
               before_play: Callable[[], Awaitable[None]] | None = None) -> dict[str, Any]:
    # --- set-up (not measured): lobbies, seats, start
    t_setup = time.perf_counter()
    first: dict[int, tuple[OpenPrompt, ...]] = {}
    for n in range(games):
        channel = first_channel + n
        info = await svc.create_game(guild_id=1, channel_id=channel, user_id=1,
                                     ruleset_id=ruleset_id, scenario=scenario, options=options)
        for i, seat in enumerate(info.seat_names):
            await svc.join(channel, channel * 10 + i, seat)
        first[channel] = (await svc.start(channel, channel * 10)).prompts
    setup_s = time.perf_counter() - t_setup
    if before_play is not None:  # e.g. wait until every process of a multi-process run is set
        await before_play()

    # --- play (measured)
    latencies: list[float] = []
    budget = [max_actions]
    finished = [0]
    refused: dict[str, int] = {}
    gate = asyncio.Semaphore(concurrency)
    counter = [0]

    async def play(channel: int, prompts: tuple[OpenPrompt, ...]) -> None:
        game_rng = random.Random(rng.random())
        version = prompts[0].version if prompts else 0
        while prompts and budget[0] > 0:
            budget[0] -= 1
            p = game_rng.choice(prompts)
            assert p.user_id is not None  # every seat of the bench's games is held
            option = game_rng.choice(p.prompt.options).id
            counter[0] += 1
            # taken now (other tasks move the counter); unique across processes too
            interaction = f"b{first_channel}:{counter[0]}"
            async with gate:
                t0 = time.perf_counter()
                try:
                    res = await svc.submit(channel, p.user_id, option, version,
                                           interaction)
                except Refusal as r:
                    # Should not happen with offered options; counted so it shows.
                    refused[r.code] = refused.get(r.code, 0) + 1
                    budget[0] += 1
                    info = await svc.view(channel, p.user_id)
                    version = info.version
                    continue
                latencies.append(time.perf_counter() - t0)
            prompts, version = res.prompts, res.version
            if res.game_ended:
                finished[0] += 1

    t0 = time.perf_counter()
    await asyncio.gather(*(play(ch, ps) for ch, ps in first.items()))
    wall = time.perf_counter() - t0

    lat = sorted(x * 1000 for x in latencies)
    return {
        "ruleset": ruleset_id,
        "games": games,
        "games_finished": finished[0],
        "actions": len(lat),
        "refused": refused,
        "concurrency": concurrency,
        "setup_s": round(setup_s, 3),
        "wall_s": round(wall, 3),
        "store_actions_per_s": round(len(lat) / wall, 1) if wall > 0 else 0.0,
        "store_commit_ms_p50": round(_percentile(lat, 0.50), 3),
        "store_commit_ms_p99": round(_percentile(lat, 0.99), 3),
        "store_commit_ms_max": round(lat[-1], 3) if lat else float("nan"),
        "store_commit_ms_mean": round(statistics.fmean(lat), 3) if lat else float("nan"),
        "db_bytes": None if db is None else db.stat().st_size + sum(
            p.stat().st_size for p in db.parent.glob(db.name + "-*") if p.exists()),
    }
