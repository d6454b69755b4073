"""An in-process bot on a temporary database, connected to the Discord stand-in."""

from __future__ import annotations

import asyncio
import contextlib
import random

import pytest

import renders
import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from bot.client import KeryxBot
from service import GameService
from standin.connect import point_discord_py_at, restore_discord_py
from standin.players import RandomPlayer
from standin.server import StandIn

renders.register("duel", "tests.fixtures.duel_render")


class Table:
    def __init__(self, standin, bot, guild, channel, alice, bob, mod):
        self.standin, self.bot, self.guild, self.channel = standin, bot, guild, channel
        self.alice, self.bob, self.mod = alice, bob, mod

    def players(self, seed=0):
        rng = random.Random(seed)
        return [RandomPlayer(self.standin, u, self.channel, random.Random(rng.random()))
                for u in (self.alice, self.bob)]

    def public(self):
        return self.standin.channel_messages(self.channel)


@pytest.fixture
async def table(tmp_path):
    async with open_table(tmp_path) as t:
        yield t


@contextlib.asynccontextmanager
async def open_table(tmp_path, bot_options=None, **standin_settings):
    standin = StandIn(heartbeat_interval=5.0, **standin_settings)
    await standin.start("127.0.0.1", 0)
    point_discord_py_at(standin.base_url)
    guild = standin.create_guild("Hellas")
    channel = standin.default_channel(guild)
    alice = standin.add_member(guild, "alice")
    bob = standin.add_member(guild, "bob")
    mod = standin.add_moderator(guild, "mod")
    service = await GameService.open_sqlite(tmp_path / "k.db")
    bot = KeryxBot(service, sync=True, health_file=tmp_path / "health", **(bot_options or {}))
    task = asyncio.create_task(bot.start(standin.token))
    try:
        await standin.wait_until_ready(timeout=10)
        await standin.wait_for_sync(timeout=10)
        yield Table(standin, bot, guild, channel, alice, bob, mod)
    finally:
        await bot.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 5)
        await standin.stop()
        restore_discord_py()
