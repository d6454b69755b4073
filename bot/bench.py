"""Bot figures for `keryx bench`: the real bot process against the stand-in, with 50
simulated players in 25 concurrent games."""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
from pathlib import Path
from typing import Any

from standin.players import RandomPlayer
from standin.server import StandIn

from .sandbox import VERSION_TAG, BotProcess


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


async def bench_bot(games: int = 25, choices_per_game: int = 60, seed: int = 5,
                    ruleset: str = "athens-sparta") -> dict[str, Any]:
    """First response: from dispatching an interaction to the bot's first callback.
    Click to post: from a click to the public post it caused (the phase's map post)."""
    standin = StandIn()
    await standin.start("127.0.0.1", 0)
    guild = standin.create_guild("Bench", channels=tuple(f"game-{i}" for i in range(games)))
    channels = [c for c in standin.channels.values()
                if getattr(c, "guild_id", None) == guild.id and (c.name or "").startswith("game-")]
    users = [standin.add_member(guild, f"player{i}") for i in range(2 * games)]
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="keryx-bench-") as tmp:
        bot = BotProcess(standin, Path(tmp))
        await bot.start()
        try:
            async def one(i: int) -> list[RandomPlayer]:
                a, b, ch = users[2 * i], users[2 * i + 1], channels[i]
                await (await a.slash("game", "new", channel=ch, ruleset=ruleset,
                                     timeout=30)).wait_for_response(30)
                await (await a.slash("game", "join", channel=ch, timeout=30)).wait_for_response(30)
                await (await b.slash("game", "join", channel=ch, timeout=30)).wait_for_response(30)
                mark = standin.mark()
                await (await b.slash("game", "start", channel=ch, timeout=30)
                       ).wait_for_message(timeout=30)
                await standin.wait_for_message(
                    lambda m: m.channel_id == ch.id and VERSION_TAG.search(m.content), 60,
                    since=mark)
                players = [RandomPlayer(standin, u, ch, random.Random(rng.random()), timeout=60)
                           for u in (a, b)]
                made = idle = 0
                while made < choices_per_game and idle < 50:
                    step = 0
                    for p in players:
                        step += await p.play_turn(max_choices=choices_per_game - made)
                    made += step
                    idle = 0 if step else idle + 1
                    if not step:
                        await asyncio.sleep(0.05)
                return players

            all_players = [p for ps in await asyncio.gather(*(one(i) for i in range(games)))
                           for p in ps]
        finally:
            await bot.stop()
    first = [1000 * s for p in all_players for s in p.stats.first_response_s]
    clicks: dict[int, list[float]] = {}
    for r in standin.interactions.all:
        if (r.payload.get("data") or {}).get("custom_id", "").startswith(("kx:c:", "kx:s:")):
            clicks.setdefault(r.channel_id, []).append(r.dispatched_wall)
    to_post = []
    for m in standin.messages:
        if m.public and VERSION_TAG.search(m.content) and m.channel_id in clicks:
            posted = m.created_at.timestamp()
            before = [t for t in clicks[m.channel_id] if t <= posted]
            if before:
                to_post.append(1000 * (posted - max(before)))
    await standin.stop()
    return {
        "bot_first_response_ms_median": round(statistics.median(first), 1) if first else 0,
        "bot_first_response_ms_p99": _pct(first, 0.99),
        "bot_click_to_post_ms_p50": round(statistics.median(to_post), 1) if to_post else 0,
        "bot_click_to_post_ms_p99": _pct(to_post, 0.99),
        "bot_bench_interactions": len(first),
        "bot_bench_posts": len(to_post),
        "bot_bench_games": games,
    }
