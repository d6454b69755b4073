"""PostgreSQL store benchmark: 4 bot processes on one database, each playing its own
games through GameService.submit (the same play loop as the SQLite store benchmark), all
starting together. Called by `keryx bench`; skipped when no server answers.

Figures: `store_pg_actions_per_s` is every process's committed actions over the wall time
from the common start to the last process's end; `store_pg_commit_ms_p99` is the worst
process's 99th percentile of submit latency (load, checks, engine, commit), measured as
in the SQLite benchmark.

Each process commits 3,000 actions over its 20 games (12,000 in all, about 6 s): the first
version's 750 a process lasted under 2 s, of which the start-up (first prompts, caches
filling) was a fair part, and moved by ±10 % between runs on a quiet machine.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
import uuid
from typing import Any

DEFAULT_URL = os.environ.get("KERYX_BENCH_POSTGRES",
                             "postgresql://postgres@127.0.0.1:5432/test")


async def _worker(url: str, index: int, games: int, max_actions: int, ruleset: str) -> None:
    from .bench import _run
    from .games import GameService

    svc = await GameService.open(url, cache_size=games + 16)
    started: list[float] = []

    async def wait_for_go() -> None:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        started.append(time.process_time())

    try:
        result = await _run(svc, None, ruleset, games, 4, max_actions, None, None,
                            random.Random(index), first_channel=10_000 + 100_000 * index,
                            before_play=wait_for_go)
        # This process's CPU time over the play (engine, service, driver): with the
        # server's, it tells whether the machine's cores or the waits bound the figure.
        result["cpu_s"] = time.process_time() - started[0]
    finally:
        await svc.close()
    print(json.dumps(result), flush=True)


async def bench_store_pg(url: str = DEFAULT_URL, processes: int = 4, games: int = 20,
                         max_actions: int = 3000, ruleset: str = "athens-sparta"
                         ) -> dict[str, Any]:
    from .store.pg import split_url
    from .store.target import require_asyncpg

    require_asyncpg()
    import asyncpg

    dsn, _ = split_url(url)
    try:
        probe = await asyncpg.connect(dsn, timeout=3)
    except Exception as exc:  # no server: the section says so instead of failing
        return {"skipped": f"no PostgreSQL server at {dsn} ({type(exc).__name__})"}
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    target = f"{url}{'&' if '?' in url else '?'}schema={schema}"
    try:
        from .store.pg import PgDatabase

        async with PgDatabase(target):  # migrate once, before the processes race
            pass
        procs = [await asyncio.create_subprocess_exec(
            sys.executable, "-m", "service.pg_bench", target, str(i), str(games),
            str(max_actions), ruleset, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE) for i in range(processes)]
        for p in procs:
            assert p.stdout is not None
            line = await p.stdout.readline()
            if line.strip() != b"ready":
                raise RuntimeError(f"a benchmark process failed to set up: {line!r}")
        t0 = time.perf_counter()
        for p in procs:
            assert p.stdin is not None
            p.stdin.write(b"go\n")
            await p.stdin.drain()
        outs = [json.loads((await p.stdout.readline()) or b"{}")  # type: ignore[union-attr]
                for p in procs]
        wall = time.perf_counter() - t0
        for p in procs:
            await p.wait()
    finally:
        await probe.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await probe.close()
    actions = sum(o.get("actions", 0) for o in outs)
    return {
        "store_pg_actions_per_s": round(actions / wall, 1) if wall > 0 else 0.0,
        "store_pg_commit_ms_p99": max(o.get("store_commit_ms_p99", float("nan")) for o in outs),
        "store_pg_commit_ms_p50": max(o.get("store_commit_ms_p50", float("nan")) for o in outs),
        "store_pg_processes": processes,
        "store_pg_actions": actions,
        "store_pg_wall_s": round(wall, 3),
        "store_pg_client_cpu_ms_per_action": round(
            sum(o.get("cpu_s", 0.0) for o in outs) * 1000 / actions, 3) if actions else None,
        # Refusals (by code) of offered options: there should be none.
        "store_pg_refused": {code: sum(o.get("refused", {}).get(code, 0) for o in outs)
                             for code in {c for o in outs for c in o.get("refused", {})}},
    }


if __name__ == "__main__":
    _url, _i, _games, _max, _ruleset = sys.argv[1:6]
    from .event_loop import run

    run(_worker(_url, int(_i), int(_games), int(_max), _ruleset))
