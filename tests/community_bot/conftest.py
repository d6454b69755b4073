"""An in-process bot with community play (clocks, leagues, ratings) on a temporary
database, connected to the Discord stand-in, with a controlled clock: the scheduler does
not run by itself; tests call `world.tick()` after moving `world.clock`."""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

import renders
import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from bot.client import KeryxBot
from bot.community import CommunityHooks, community_hooks
from service import GameService
from standin.connect import point_discord_py_at, restore_discord_py
from standin.server import StandIn

renders.register("duel", "tests.fixtures.duel_render")

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self, t: datetime = T0):
        self.t = t

    def __call__(self) -> datetime:
        return self.t

    def set(self, t: datetime) -> datetime:
        self.t = t
        return t

    def advance(self, **kw: float) -> datetime:
        self.t += timedelta(**kw)
        return self.t


class World:
    def __init__(self, standin, bot, guild, channel, players, mod, clock, factory):
        self.standin, self.bot, self.guild, self.channel = standin, bot, guild, channel
        self.players, self.mod, self.clock, self._factory = players, mod, clock, factory

    @property
    def hooks(self) -> CommunityHooks:
        return self.bot.keryx.hooks

    @property
    def community(self):
        return self.hooks.c

    @property
    def svc(self) -> GameService:
        return self.bot.keryx.svc

    async def tick(self):
        """One scheduler pass at the controlled clock's time."""
        return await self.hooks.tick(self.clock())

    async def restart_community(self) -> None:
        """Close the community service (and its scheduler) and open it afresh, as a bot
        restart does."""
        await self.hooks.close()
        self.bot.keryx.hooks = await self._factory(self.bot)

    def public(self, channel=None):
        return self.standin.channel_messages(channel or self.channel)

    def thread(self, thread_id: int):
        return self.standin.channels[thread_id]

    def user(self, user_id: int):
        return self.standin.sim_users[user_id]


async def _world(tmp_path, n_players: int, loop_interval: float | None = None):
    clock = FakeClock()
    standin = StandIn(heartbeat_interval=5.0)
    await standin.start("127.0.0.1", 0)
    point_discord_py_at(standin.base_url)
    guild = standin.create_guild("Hellas")
    channel = standin.default_channel(guild)
    players = [standin.add_member(guild, f"p{i + 1}") for i in range(n_players)]
    mod = standin.add_moderator(guild, "archon")
    service = await GameService.open_sqlite(tmp_path / "k.db")
    factory = community_hooks(SimpleNamespace(database=tmp_path / "k.db"), now=clock,
                              interval_s=loop_interval, run_scheduler=bool(loop_interval))
    bot = KeryxBot(service, sync=True, hooks_factory=factory, bot_delay_s=0.05,
                   search_budget_s=0.05)  # Keryx's seats answer at once in tests
    task = asyncio.create_task(bot.start(standin.token))
    world = World(standin, bot, guild, channel, players, mod, clock, factory)
    return world, task


@contextlib.asynccontextmanager
async def running(tmp_path, n_players: int, loop_interval: float | None = None):
    world, task = await _world(tmp_path, n_players, loop_interval)
    try:
        await world.standin.wait_until_ready(timeout=10)
        await world.standin.wait_for_sync(timeout=10)
        yield world
    finally:
        await world.bot.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 5)
        await world.standin.stop()
        restore_discord_py()


@pytest.fixture
async def league_world(tmp_path):
    async with running(tmp_path, 6) as world:
        yield world


@pytest.fixture
async def duo(tmp_path):
    async with running(tmp_path, 2) as world:
        yield world
