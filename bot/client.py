"""The Discord client: connects, registers commands and persistent components, keeps a
heartbeat file fresh for the container health check."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from service import GameService
from service.bots import DEFAULT_BUDGET_S, DEFAULT_DELAY_S, BotRunner, BotTurn

from . import payloads, ui
from .commands import add_commands
from .controller import Keryx
from .league_commands import add_community_commands

log = logging.getLogger("keryx.bot")
HEARTBEAT_SECONDS = 20
REDELIVER_SECONDS = 5  # how often undelivered public posts are looked for
PRUNE_SECONDS = 3600  # how often delivered posts past the retention window are pruned
DRAIN_SECONDS = 20  # how long a stopping bot lets in-flight clicks finish


def warm_up_rules() -> None:
    import engine
    import renders  # noqa: F401 - imported here once, never raced by worker threads

    for rid in engine.ruleset_ids():
        engine.new_game(rid, seed="warm-up")


def warm_up_maps() -> None:
    import engine
    import renders

    for rid in engine.ruleset_ids():
        game = engine.new_game(rid, seed="warm-up")
        with contextlib.suppress(renders.NoRenderer):
            renders.render_map(game.view(None))


class KeryxBot(discord.Client):
    def __init__(self, service: GameService, *, dev_guild: int | None = None,
                 sync: bool = False, moderator_role: str | None = None,
                 health_file: Path | None = None, hooks_factory=None,
                 bot_delay_s: float = DEFAULT_DELAY_S, search_budget_s: float = DEFAULT_BUDGET_S,
                 **client_options):
        payloads.install()  # no payload may end the connection (bot/payloads.py)
        # No privileged intents: slash commands and components need none.
        super().__init__(intents=discord.Intents.default(), **client_options)
        self.tree = app_commands.CommandTree(self)
        self.keryx = Keryx(self, service, moderator_role)
        self._hooks_factory = hooks_factory
        self.dev_guild = dev_guild
        self.sync_on_start = sync
        self.health_file = health_file
        self._tasks: list[asyncio.Task] = []
        self._closing: asyncio.Future | None = None
        # Keryx's own seats, played by the service's runner; each action's posts are
        # delivered (and clocks restarted) like a click's.
        self.bots = BotRunner(service, self._bot_acted, delay_s=bot_delay_s,
                              budget_s=search_budget_s, thinking=self._typing)

    async def setup_hook(self) -> None:
        # Load every ruleset before the first click, so that worker threads never race to
        # import them; then draw each base map in the background (a base map can take
        # seconds on a cold cache, and connecting need not wait for it).
        await asyncio.to_thread(warm_up_rules)
        self._tasks.append(asyncio.create_task(asyncio.to_thread(warm_up_maps)))
        # each feature module adds its own commands, as discord.py's extensions do
        add_commands(self.tree, self.keryx)
        add_community_commands(self.tree, self.keryx)  # /league, /ratings, /profile, ...
        # Buttons from before a restart keep working: their custom ids are parsed afresh.
        self.add_dynamic_items(*ui.DYNAMIC_ITEMS)
        if self._hooks_factory is not None:
            self.keryx.hooks = await self._hooks_factory(self)
        if self.sync_on_start:
            await self.sync_commands()
        if self.health_file is not None:
            self._tasks.append(asyncio.create_task(self._heartbeat()))
        self._tasks.append(asyncio.create_task(self._redeliver()))
        self._tasks.append(asyncio.create_task(self._play_bots()))

    async def _play_bots(self) -> None:
        # Nothing is posted before the gateway is up; turns left open by a restart are
        # found on the first tick.
        await self.wait_until_ready()
        await self.bots.run()

    @contextlib.asynccontextmanager
    async def _typing(self, turn: BotTurn) -> AsyncIterator[None]:
        """Discord's typing indicator in the game's channel while a bot seat thinks; a
        channel that refuses it (a missing permission, Discord down) changes nothing."""
        shown: Any = None
        if self.is_ready():
            try:
                shown = (await self.keryx.channel(turn.channel_id)).typing()
                await shown.__aenter__()
            except Exception as exc:  # noqa: BLE001 - an indicator is never worth a turn
                log.info("no typing indicator for game %s: %r", turn.game_id, exc)
                shown = None
        try:
            yield
        finally:
            if shown is not None:
                with contextlib.suppress(Exception):
                    await shown.__aexit__(None, None, None)

    async def _bot_acted(self, result) -> None:
        if self.is_ready():
            await self.keryx.announce(None, result)
        if result.game_ended:
            self.bots.forget(result.game_id)

    async def _redeliver(self) -> None:
        """Retry public posts that failed (Discord down, a missing permission, a crash
        between commit and post): the outbox keeps them until they are delivered. Posts
        leased by a process that is gone are taken over at once, from the first round
        after the gateway is up (a restarted process takes over its predecessor's),
        instead of when their leases run out; delivered posts are pruned hourly."""
        await self.wait_until_ready()
        pruned = 0.0
        while not self.is_closed():
            if self.is_ready():
                try:
                    await self.keryx.svc.take_over_leases()
                    for game_id in await self.keryx.svc.due_announcements():
                        await self.keryx.deliver(game_id)
                    if time.monotonic() - pruned >= PRUNE_SECONDS:
                        pruned = time.monotonic()
                        await self.keryx.svc.prune_delivered()
                except Exception:
                    log.exception("redelivering announcements failed; trying again later")
            await asyncio.sleep(REDELIVER_SECONDS)

    async def sync_commands(self) -> None:
        if self.dev_guild:
            guild = discord.Object(self.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def on_interaction(self, itx: discord.Interaction) -> None:
        """A component whose custom id none of ours matches, or that is not on the message
        it claims to come from (forged or damaged), gets an answer instead of Discord's
        "interaction failed", and nothing else happens. Amount and bid modals are answered here
        by their custom id (bot/ui.py)."""
        if itx.type is discord.InteractionType.modal_submit:
            if not await ui.amount_submit(itx):
                await ui.bid_submit(itx)
            return
        if itx.type is not discord.InteractionType.component:
            return
        custom_id = ui.payload(itx).get("custom_id")
        on_message = itx.message is not None and any(
            getattr(c, "custom_id", None) == custom_id
            for row in itx.message.components for c in getattr(row, "children", [row]))
        # discord.py silently drops a click whose component is not on its message.
        if not (isinstance(custom_id, str) and ui.known_custom_id(custom_id) and on_message):
            with contextlib.suppress(discord.HTTPException):
                await itx.response.send_message(ui.UNKNOWN_COMPONENT, ephemeral=True)

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guild(s)", self.user, len(self.guilds))

    def connected(self) -> bool:
        # latency is NaN until the first heartbeat is acknowledged
        return self.is_ready() and self.ws is not None and self.latency == self.latency

    async def _heartbeat(self) -> None:
        path = self.health_file
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        while not self.is_closed():
            live = self.connected()
            if live:
                path.write_text(f"{time.time():.0f} latency={self.latency:.3f}\n")
            await asyncio.sleep(HEARTBEAT_SECONDS if live else 0.5)

    async def close(self) -> None:
        """Stop taking interactions, let the clicks in flight finish (their commits and
        posts), then close the store: a stopping container loses nothing half-done. Every
        call waits for the one closing: the signal handler starts it, and `start_bot` must
        not return (ending the event loop, which would cancel it half-way and leave the
        store's thread alive) before it is done."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close_everything())
        await asyncio.shield(self._closing)

    async def _close_everything(self) -> None:
        await self.bots.stop()
        for task in self._tasks:
            task.cancel()
        await self.keryx.drain(DRAIN_SECONDS)
        if self.keryx.hooks is not None:
            try:
                await self.keryx.hooks.close()
            except Exception:
                log.exception("closing the community services failed")
        await super().close()
        try:
            await self.keryx.svc.close()
            log.info("store closed")
        except Exception:
            log.exception("closing the store failed")
        if self.health_file is not None:
            self.health_file.unlink(missing_ok=True)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to (direct messages go to shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


class ShardedKeryxBot(KeryxBot, discord.AutoShardedClient):
    """The bot serving some shards of many (`keryx run --shards 0-3 --shard-count 8`):
    Discord sends each shard's connection only the events of its own guilds, so this
    process answers only those; the others run in other processes on one PostgreSQL."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bots.serves = self.serves

    def serves(self, turn: BotTurn) -> bool:
        """Keryx's turns in this process's guilds: its runner plays only those."""
        count = self.shard_count or 1
        ours = self.shard_ids if self.shard_ids is not None else range(count)
        return shard_of(turn.guild_id, count) in ours

    def connected(self) -> bool:
        """Healthy only while every shard of this process is connected (a process
        missing one shard's guilds is not serving them)."""
        shards = self.shards.values()
        return self.is_ready() and bool(shards) and all(
            not s.is_closed() and s.latency == s.latency for s in shards)
