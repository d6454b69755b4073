"""A long run through the service, to see that memory and rows stay bounded
(docs/storage.md, *Memory and rows over a long run*).

Plays `games` games of a ruleset to the end by random legal choices, `at_once` at a
time, through `GameService.submit`, delivering every public post the way the bot does
(claim, then mark sent) without Discord. The service's clock moves on a day per wave of
games, so delivered posts fall out of the retention window and are pruned as the bot's
retry loop prunes them. After every wave it records the process's resident memory, the
cache and the row counts.

    python -m service.longrun --ruleset athens-sparta --games 300 --at-once 16
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import engine

from .games import GameService
from .results import OpenPrompt


def rss_mb() -> float:
    """This process's resident memory (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _rows(svc: GameService) -> dict[str, int]:
    store: Any = svc.store
    out = {}
    for table, where in (("games", ""), ("actions", ""), ("announcements", ""),
                         ("announcements", " WHERE state = 'sent'")):
        row = await store.one(f"SELECT count(*) FROM {table}{where}")
        out["rows_" + table + ("_sent" if where else "")] = row[0]
    return out


async def _deliver(svc: GameService, game_id: int) -> None:
    """What the bot's delivery does with the database, Discord left out."""
    post = await svc.claim_announcement(game_id)
    while post is not None:
        post, _ = await svc.announcement_sent(game_id, post.version)


async def _play(svc: GameService, channel: int, rng: random.Random, ruleset: str,
                seq: list[int]) -> int:
    info = await svc.create_game(guild_id=1, channel_id=channel, user_id=channel * 10,
                                 ruleset_id=ruleset)
    for i, seat in enumerate(info.seat_names):
        await svc.join(channel, channel * 10 + i, seat)
    started = await svc.start(channel, channel * 10)
    await _deliver(svc, started.game.id)
    prompts: tuple[OpenPrompt, ...] = started.prompts
    actions = 0
    while prompts:
        p = rng.choice(prompts)
        assert p.user_id is not None
        seq[0] += 1
        res = await svc.submit(channel, p.user_id, rng.choice(p.prompt.options).id,
                               p.version, f"lr{seq[0]}")
        actions += 1
        await _deliver(svc, res.game_id)
        prompts = res.prompts
    return actions


async def long_run(ruleset: str = "duel", games: int = 100, at_once: int = 8,
                   path: str | Path | None = None, seed: int = 0,
                   retention: timedelta = timedelta(days=2),
                   cache_size: int = 512) -> dict[str, Any]:
    """Play the games in waves of `at_once`; return the measures taken after each."""
    engine.ruleset(ruleset)
    now = [datetime.now(UTC)]
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="keryx-longrun-") as tmp:
        target = path if path is not None else Path(tmp) / "longrun.db"
        svc = await GameService.open(target, clock=lambda: now[0], retention=retention,
                                     cache_size=cache_size)
        try:
            waves: list[dict[str, Any]] = []
            seq, played, actions = [0], 0, 0
            t0 = time.perf_counter()
            while played < games:
                n = min(at_once, games - played)
                done = await asyncio.gather(*(
                    _play(svc, 20_000 + played + i, random.Random(rng.random()), ruleset, seq)
                    for i in range(n)))
                played += n
                actions += sum(done)
                now[0] += timedelta(days=1)
                pruned = await svc.prune_delivered()
                gc.collect()
                waves.append({"games": played, "actions": actions, "rss_mb": round(rss_mb(), 1),
                              "cached": len(svc.ctx.cache), "cache_kb": svc.ctx.cache.bytes // 1024,
                              "pruned": pruned, **await _rows(svc),
                              "s": round(time.perf_counter() - t0, 1)})
            return {"ruleset": ruleset, "games": games, "at_once": at_once,
                    "retention_days": retention.days, "waves": waves}
        finally:
            await svc.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="duel")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--at-once", type=int, default=8)
    ap.add_argument("--database", default=None, help="an SQLite file or a postgresql:// URL")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plugins", default="", help="modules to import first (a test ruleset)")
    args = ap.parse_args()
    for module in filter(None, args.plugins.split(",")):
        __import__(module)
    report = asyncio.run(long_run(args.ruleset, args.games, args.at_once, args.database,
                                  args.seed))
    for wave in report["waves"]:
        print(json.dumps(wave), flush=True)


if __name__ == "__main__":
    main()
