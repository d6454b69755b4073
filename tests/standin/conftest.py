"""Fixtures: a stand-in on loopback and a real discord.py bot connected to it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import pytest

from standin.connect import point_discord_py_at, restore_discord_py
from standin.server import StandIn


@pytest.fixture
async def make_standin() -> AsyncIterator[Callable[..., Awaitable[StandIn]]]:
    """Start stand-ins with custom settings; all are stopped and discord.py restored after."""
    started: list[StandIn] = []

    async def make(**settings: Any) -> StandIn:
        settings.setdefault("heartbeat_interval", 5.0)
        server = StandIn(**settings)
        await server.start("127.0.0.1", 0)
        point_discord_py_at(server.base_url)
        started.append(server)
        return server

    try:
        yield make
    finally:
        for server in started:
            await server.stop()
        restore_discord_py()


@pytest.fixture
async def standin(make_standin: Callable[..., Awaitable[StandIn]]) -> StandIn:
    return await make_standin()


class BotRunner:
    """Runs a discord.py client against the stand-in and stops it afterwards."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.client: discord.Client | None = None
        self.task: asyncio.Task[None] | None = None

    async def run(self, client: discord.Client, *, sync: bool = True, standin: StandIn | None = None) -> discord.Client:
        if standin is not None:
            self.standin = standin
        self.client = client
        self.task = asyncio.create_task(client.start(self.standin.token))
        await self.standin.wait_until_ready(timeout=10)
        await asyncio.wait_for(client.wait_until_ready(), timeout=10)
        if sync:
            await self.standin.wait_for_sync(timeout=10)
        return client

    async def stop(self) -> None:
        if self.client is not None:
            await self.client.close()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self.task, timeout=5)


@pytest.fixture
async def bot_runner(standin: StandIn) -> AsyncIterator[BotRunner]:
    runner = BotRunner(standin)
    try:
        yield runner
    finally:
        await runner.stop()


def make_client(setup: Callable[[discord.Client, discord.app_commands.CommandTree], None] | None = None,
                *, guild_sync: discord.abc.Snowflake | None = None) -> discord.Client:
    """A client with default (non-privileged) intents whose setup_hook syncs its tree."""

    class TestClient(discord.Client):
        def __init__(self) -> None:
            # A short guild_ready_timeout keeps on_ready from waiting 2 s for more guilds.
            super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.1)
            self.tree = discord.app_commands.CommandTree(self)
            if setup is not None:
                setup(self, self.tree)

        async def setup_hook(self) -> None:
            await self.tree.sync(guild=guild_sync)

        async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
            # discord.py sleeps 5 s before every re-IDENTIFY (Discord's identify rate limit);
            # the stand-in has no such limit, so tests skip the wait.
            return None

    return TestClient()
