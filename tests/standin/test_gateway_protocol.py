"""The gateway at the protocol level, with a raw websocket client (no discord.py)."""

from __future__ import annotations

import json
import zlib

import aiohttp

from standin.server import StandIn


class RawClient:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse, *, zlib_stream: bool) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj() if zlib_stream else None

    async def recv(self) -> dict:
        msg = await self.ws.receive(timeout=5)
        if msg.type == aiohttp.WSMsgType.BINARY:
            assert self.inflate is not None and msg.data.endswith(b"\x00\x00\xff\xff")
            return json.loads(self.inflate.decompress(msg.data))
        assert msg.type == aiohttp.WSMsgType.TEXT, msg
        return json.loads(msg.data)

    async def send(self, op: int, d: object) -> None:
        await self.ws.send_str(json.dumps({"op": op, "d": d}))


async def test_identify_heartbeat_drop_and_resume_replays(standin: StandIn) -> None:
    guild = standin.create_guild("Agora")
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(f"{standin.gateway_url}?v=10&encoding=json&compress=zlib-stream")
        client = RawClient(ws, zlib_stream=True)
        hello = await client.recv()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] == 5000
        await client.send(1, None)
        assert (await client.recv())["op"] == 11
        await client.send(2, {"token": standin.token, "intents": 1, "properties": {}})
        ready = await client.recv()
        assert ready["t"] == "READY" and ready["s"] == 1
        assert ready["d"]["guilds"] == [{"id": str(guild.id), "unavailable": True}]
        created = await client.recv()
        assert created["t"] == "GUILD_CREATE" and created["d"]["id"] == str(guild.id)
        session_id, last_seq = ready["d"]["session_id"], created["s"]
        await ws.close()

        # Events while the bot is away are kept and replayed on RESUME, in order.
        standin.create_channel(guild, "while-away")
        ws2 = await session.ws_connect(f"{standin.gateway_url}?v=10&encoding=json")
        client2 = RawClient(ws2, zlib_stream=False)
        assert (await client2.recv())["op"] == 10
        await client2.send(6, {"token": standin.token, "session_id": session_id, "seq": last_seq})
        missed = await client2.recv()
        assert missed["t"] == "CHANNEL_CREATE" and missed["d"]["name"] == "while-away"
        assert missed["s"] == last_seq + 1
        resumed = await client2.recv()
        assert resumed["t"] == "RESUMED"
        await ws2.close()

        # An unknown session cannot be resumed: INVALID_SESSION (d=false).
        ws3 = await session.ws_connect(f"{standin.gateway_url}?v=10&encoding=json")
        client3 = RawClient(ws3, zlib_stream=False)
        await client3.recv()
        await client3.send(6, {"token": standin.token, "session_id": "nope", "seq": 1})
        invalid = await client3.recv()
        assert invalid["op"] == 9 and invalid["d"] is False
        await ws3.close()


async def test_bad_token_closes_4004(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as session:
        ws = await session.ws_connect(f"{standin.gateway_url}?v=10&encoding=json")
        client = RawClient(ws, zlib_stream=False)
        await client.recv()
        await client.send(2, {"token": "wrong", "intents": 1, "properties": {}})
        msg = await ws.receive(timeout=5)
        assert msg.type == aiohttp.WSMsgType.CLOSE and msg.data == 4004
        await ws.close()
