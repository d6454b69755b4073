"""Start-up of the Discord bot: settings, logging, database, client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from datetime import timedelta

from service import event_loop
from shared.logs import setup_logging
from shared.settings import Settings, load_plugins


def prepare_database(settings: Settings) -> None:
    """Create the database and apply migrations, so `keryx run` works on a new machine."""
    from service import GameService

    async def migrate() -> None:
        svc = await GameService.open(settings.database)
        await svc.close()

    asyncio.run(migrate())


async def start_bot(settings: Settings, sync: bool = False,
                    sharding: tuple[list[int], int] | None = None) -> None:
    from service import GameService
    from standin.connect import point_from_environment

    if not settings.discord_token:
        raise ValueError("no Discord token: set DISCORD_TOKEN (see README)")

    from .client import KeryxBot, ShardedKeryxBot
    from .community import community_hooks

    if settings.discord_api:
        import os

        os.environ.setdefault("KERYX_DISCORD_API", settings.discord_api)
    load_plugins(settings)
    point_from_environment()  # tests and `keryx sandbox` point the bot at the stand-in
    service = await GameService.open(
        settings.database, synchronous=settings.sqlite_synchronous,
        retention=timedelta(days=settings.outbox_retention_days))
    cls, shard_options = KeryxBot, {}
    if sharding is not None:  # this process serves some of the shards (docs/storage.md)
        cls = ShardedKeryxBot
        shard_options = {"shard_ids": sharding[0], "shard_count": sharding[1]}
    bot = cls(service, dev_guild=settings.dev_guild, sync=sync,
              moderator_role=settings.moderator_role, health_file=settings.health_file,
              hooks_factory=community_hooks(settings), bot_delay_s=settings.bot_delay_s,
              search_budget_s=settings.search_budget_s, **shard_options)
    closing = stop_on_signals(bot)
    try:
        async with bot:
            await bot.start(settings.discord_token)
    except (Exception, asyncio.CancelledError):
        if not closing:
            raise  # a network failure is the caller's to retry; a stop asked is not
    finally:
        forget_signals()
    await bot.close()  # a close begun by a signal finishes before the loop ends


STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


def stop_on_signals(bot) -> list[asyncio.Task]:
    """SIGTERM (docker stop) and SIGINT close the bot gracefully: in-flight clicks finish,
    the store closes, then the process exits. Before the bot is ready (still reaching
    Discord) nothing is in flight, so the attempt is cancelled at once too. Returns the
    closing task, in a list that is empty until a signal came."""
    loop = asyncio.get_running_loop()
    main = asyncio.current_task()
    closing: list[asyncio.Task] = []

    def stop(signame: str) -> None:
        if not closing:
            logging.getLogger("keryx.bot").info("%s received: finishing and closing", signame)
            closing.append(loop.create_task(bot.close()))
            if not bot.is_ready() and main is not None:
                main.cancel()

    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(sig, stop, sig.name)
    return closing


def forget_signals() -> None:
    """Give the signals back: uvloop leaves its handlers installed after its loop closed,
    where they caught SIGTERM and SIGINT and nothing acted on them (issue 34.2: `keryx
    run` could not be stopped while it waited to retry)."""
    loop = asyncio.get_running_loop()
    for sig in STOP_SIGNALS:
        with contextlib.suppress(NotImplementedError):
            loop.remove_signal_handler(sig)


def freeze_long_lived() -> int:
    """Load every ruleset's maps and tables once, then take them (and the code) out of the
    garbage collector's way: its full collections, half of a click's slowest 1 %, then walk
    only the games in play (docs/benchmarks.md, the p99). Returns the objects frozen."""
    import gc

    import engine

    for rid in engine.ruleset_ids():
        try:
            engine.new_game(rid, seed="warm-up")
        except Exception:  # noqa: BLE001 - a plug-in that cannot start is reported later
            logging.getLogger("keryx.bot").warning("ruleset %s did not warm up", rid)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def run_bot(settings: Settings, sync: bool = False,
            sharding: tuple[list[int], int] | None = None) -> None:
    setup_logging(settings.log_level)
    freeze_long_lived()
    with contextlib.suppress(KeyboardInterrupt):
        event_loop.run(start_bot(settings, sync, sharding))
