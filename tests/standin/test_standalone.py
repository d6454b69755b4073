"""``python -m standin`` serves a usable stand-in, and the environment switch points discord.py at it."""

from __future__ import annotations

import asyncio
import sys

import aiohttp
import discord

from standin.connect import ENV_VAR, point_from_environment, restore_discord_py


async def test_module_entry_point_serves() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "standin", "--port", "0", "--token", "tok", "--members", "alice",
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 10)).decode().strip()
        assert line.startswith(f"{ENV_VAR}=http://127.0.0.1:")
        base = line.split("=", 1)[1]
        headers = {"Authorization": "Bot tok"}
        async with aiohttp.ClientSession() as session, session.get(
            f"{base}/api/v10/gateway/bot", headers=headers
        ) as r:
            body = await r.json()
            assert r.status == 200 and body["url"].startswith("ws://127.0.0.1:")
            assert "X-RateLimit-Remaining" in r.headers
    finally:
        process.terminate()
        await asyncio.wait_for(process.wait(), 10)


def test_point_from_environment(monkeypatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert point_from_environment() is None
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    monkeypatch.setenv(ENV_VAR, "http://127.0.0.1:9999/")
    try:
        assert point_from_environment() == "http://127.0.0.1:9999/"
        assert discord.http.Route.BASE == "http://127.0.0.1:9999/api/v10"
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == "ws://127.0.0.1:9999/gateway"
    finally:
        restore_discord_py()
