"""Scheduler benchmark: `bench_scheduler()` -> {"scheduler_tick_ms": median, ...}.

10,000 running games with deadlines on a real SQLite file; their turns started at random
times over the last three days so reminders and expiries keep falling due. After the
backlog is cleared, the scheduler ticks once per simulated minute (the bot's loop runs
every 30-60 s) and each tick is timed, delivery to a no-op sink included.
Run: `.venv/bin/python -m service.community.bench`.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from .actions import Action
from .community import Community
from .pace import Pace


class _CountingSink:
    def __init__(self) -> None:
        self.n = 0

    async def __call__(self, action: Action) -> None:
        self.n += 1


def _pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


async def bench_scheduler(games: int = 10_000, ticks: int = 300, *, step_s: float = 60.0,
                          seed: int = 0, path: str | Path | None = None) -> dict[str, Any]:
    rnd = random.Random(seed)
    t0 = datetime(2025, 3, 1, tzinfo=UTC)
    with tempfile.TemporaryDirectory() as tmp:
        db_file = Path(path) if path else Path(tmp) / "bench.db"
        async with Community(db_file) as c:
            pace = Pace.default()             # 3 days, +24 h, at most 5 days
            setup = time.perf_counter()
            async with c.db.tx() as conn:      # one transaction: setup is not what we measure
                for g in range(1, games + 1):
                    at = t0 - timedelta(seconds=rnd.uniform(0, 3 * 86400))
                    await c.clocks._register(
                        conn, g, channel_id=10_000 + g, ruleset="athens-sparta",
                        players={"athens": 2 * g, "sparta": 2 * g + 1},
                        to_act=[rnd.choice(["athens", "sparta"])], at=at, pace=pace,
                        policy=rnd.choice(["forfeit", "notify"]), alert_channel_id=1,
                        guild_id=None, league_game_id=None)
            setup_s = time.perf_counter() - setup
            sink = _CountingSink()
            sched = c.scheduler(sink)
            now = t0
            backlog = 0
            while True:                        # clear what fell due before the start
                rep = await sched.tick(now)
                backlog += rep.claimed
                if rep.claimed == 0 and rep.delivery.sent == 0:
                    break
            times: list[float] = []
            claimed: list[int] = []
            for _ in range(ticks):
                now += timedelta(seconds=step_s)
                t = time.perf_counter()
                rep = await sched.tick(now)
                times.append((time.perf_counter() - t) * 1000)
                claimed.append(rep.claimed)
            idle = []
            for _ in range(50):                # ticks with nothing due: the common case
                t = time.perf_counter()
                rep = await sched.tick(now)
                idle.append((time.perf_counter() - t) * 1000)
            open_games = await c.db.one("SELECT count(*) FROM seat_clocks WHERE next_at IS NOT NULL")
            assert open_games is not None  # an aggregate always yields a row
    return {
        "games": games,
        "running_clocks": open_games[0],
        "ticks": ticks,
        "tick_step_s": step_s,
        "scheduler_tick_ms": round(statistics.median(times), 3),
        "scheduler_tick_p95_ms": round(_pct(times, 0.95), 3),
        "scheduler_tick_max_ms": round(max(times), 3),
        "idle_tick_ms": round(statistics.median(idle), 3),
        "claimed_per_tick_mean": round(statistics.mean(claimed), 2),
        "delivered": sink.n,
        "backlog_claimed": backlog,
        "setup_s": round(setup_s, 2),
    }


if __name__ == "__main__":
    print(json.dumps(asyncio.run(bench_scheduler()), indent=2))
