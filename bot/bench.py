"""Bot figures for `keryx bench`: the real bot process against the stand-in, with 50
simulated players in 25 concurrent games."""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from standin.players import RandomPlayer
from standin.server import StandIn

from .sandbox import VERSION_TAG, BotProcess


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return round(values[min(len(values) - 1, int(q * len(values)))], 1) if values else 0.0


def click_to_post_ms(posts: Iterable[tuple[int, int, float]],
                     made_by: Mapping[tuple[int, int], str | None],
                     clicked: Mapping[str, float]) -> list[float]:
    """Milliseconds from the click that caused each map post to the post.

    `posts`: (game id, version, wall time) of each public post naming a version;
    `made_by`: the interaction id of the action that made each (game, version), from the
    game's log; `clicked`: when the stand-in dispatched each interaction. A post is drawn
    from the version its action made, so that action's click is its cause; posts no
    recorded click made (the opening map) are left out.

    Not "the channel's latest click before the post": a player may click again before the
    post lands (the prompt used to be refreshed before the post was sent), and that
    measured from the later click (3bcd128: 516 ms for a true 1,894 in one loaded run;
    docs/benchmarks.md, *Click to post*)."""
    out = []
    for game_id, version, posted in posts:
        itx = made_by.get((game_id, version))
        if itx is not None and itx in clicked:
            out.append(1000 * (posted - clicked[itx]))
    return out


async def _made_by(database: str, game_ids: set[int]) -> dict[tuple[int, int], str | None]:
    """(game, version) → the interaction id of the action that made it, from the log."""
    from service import GameService

    svc = await GameService.open(database)
    try:
        return {(g, seq): itx for g in sorted(game_ids)
                for seq, itx in (await svc.interactions(g)).items()}
    finally:
        await svc.close()


async def bench_bot(games: int = 25, choices_per_game: int = 60, seed: int = 5,
                    ruleset: str = "athens-sparta") -> dict[str, Any]:
    """First response: from dispatching an interaction to the bot's first callback.
    Click to post: from a click to the public post it caused (the phase's map post, or
    the final post), see click_to_post_ms."""
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
        posts = [(int(tag[1]), int(tag[2]), m.created_at.timestamp())
                 for m in standin.messages if m.public
                 for tag in [VERSION_TAG.search(m.content)] if tag]
        made_by = await _made_by(bot.database, {g for g, _, _ in posts})
    first = [1000 * s for p in all_players for s in p.stats.first_response_s]
    clicked = {str(r.id): r.dispatched_wall for r in standin.interactions.all}
    to_post = click_to_post_ms(posts, made_by, clicked)
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
