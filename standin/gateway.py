"""The websocket gateway: HELLO, IDENTIFY/READY, heartbeats, RESUME, and dispatches.

discord.py asks for ``?v=10&encoding=json&compress=zlib-stream`` (or ``zstd-stream`` when
the ``zstandard`` package is installed), so transport compression is supported.
Events are numbered per session and kept in a short backlog so a RESUME after a
dropped socket replays what the bot missed, as Discord does.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

log = logging.getLogger(__name__)

# Opcodes.
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 3, 6, 7, 9, 10, 11,
)

# Intents (only those the stand-in filters on).
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class _Compressor:
    """Per-connection transport compression; one stream for the socket's lifetime."""

    def __init__(self, kind: str | None) -> None:
        self.kind = kind
        self._zlib = zlib.compressobj() if kind == "zlib-stream" else None
        self._zstd: Any = None
        if kind == "zstd-stream":
            import zstandard  # optional: only present when discord.py would ask for it

            self._zstd = zstandard.ZstdCompressor().compressobj()
            self._zstd_flush = zstandard.COMPRESSOBJ_FLUSH_BLOCK

    async def send(self, ws: web.WebSocketResponse, text: str) -> None:
        if self._zlib is not None:
            raw = text.encode()
            await ws.send_bytes(self._zlib.compress(raw) + self._zlib.flush(zlib.Z_SYNC_FLUSH))
        elif self._zstd is not None:
            raw = text.encode()
            await ws.send_bytes(self._zstd.compress(raw) + self._zstd.flush(self._zstd_flush))
        else:
            await ws.send_str(text)


class Connection:
    """One websocket. Frames go through a queue drained by a single writer task, so
    dispatching is synchronous for callers and frames always leave in order."""

    def __init__(self, ws: web.WebSocketResponse, compressor: _Compressor) -> None:
        self.ws = ws
        self.compressor = compressor
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, payload: dict[str, Any]) -> None:
        self._queue.put_nowait(payload)

    async def flush(self) -> None:
        await self._queue.join()

    async def close(self, code: int, message: bytes) -> None:
        self._queue.put_nowait(None)
        await asyncio.wait([self._writer], timeout=2.0)
        if not self.ws.closed:
            await self.ws.close(code=code, message=message)

    def stop(self) -> None:
        self._writer.cancel()

    async def _write(self) -> None:
        while True:
            payload = await self._queue.get()
            try:
                if payload is None:
                    return
                if not self.ws.closed:
                    await self.compressor.send(self.ws, json.dumps(payload))
            except (ConnectionError, RuntimeError):
                log.debug("gateway socket went away while sending")
            finally:
                self._queue.task_done()


@dataclass
class Session:
    id: str
    intents: int
    seq: int = 0
    connection: Connection | None = None
    ready: bool = False
    backlog: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=2000))
    identifies: int = 0
    resumes: int = 0
    shard: tuple[int, int] | None = None  # (id, count) from IDENTIFY, if sharded

    def serves(self, guild_id: object) -> bool:
        """Whether this session's shard gets the guild's events: Discord's rule,
        (guild_id >> 22) % shard_count == shard_id. Events without a guild go to shard 0."""
        if self.shard is None or self.shard[1] <= 1:
            return True
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (int(str(guild_id)) >> 22) % count == shard_id


class Gateway:
    """One bot: one live session per shard (a single session when it does not shard)."""

    def __init__(
        self,
        *,
        token: str,
        ready_payload: Callable[[Session], dict[str, Any]],
        guild_payloads: Callable[[Session], list[dict[str, Any]]],
        heartbeat_interval: float = 41.25,
        allowed_privileged_intents: int = 0,
    ) -> None:
        self._token = token
        self._ready_payload = ready_payload
        self._guild_payloads = guild_payloads
        self.heartbeat_interval = heartbeat_interval
        self.allowed_privileged_intents = allowed_privileged_intents
        self.sessions: dict[str, Session] = {}
        self.connections: set[Connection] = set()
        self.heartbeats = 0
        self.identify_count = 0
        self.resume_count = 0
        self.close_codes: list[int] = []  # codes the stand-in closed sockets with, for tests
        self.connect_queries: list[dict[str, str]] = []  # what each client asked for (v, encoding, compress)
        self._ready_changed = asyncio.Event()

    # -- public ---------------------------------------------------------------
    @property
    def live_sessions(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.ready]

    @property
    def connected(self) -> bool:
        return any(s.connection is not None for s in self.live_sessions)

    def ready_count(self) -> int:
        """How many READY or RESUMED have been sent so far."""
        return self.identify_count + self.resume_count

    async def wait_ready(self, timeout: float, *, after: int = 0) -> Session:
        """Wait until more than ``after`` READY/RESUMED have been sent and a session is connected."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.ready_count() <= after or not self.connected:
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError("the bot did not (re)connect to the gateway in time")
            self._ready_changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._ready_changed.wait(), remaining)
        return self.live_sessions[-1]

    def dispatch(self, event: str, data: dict[str, Any], *, intent: int | None = None) -> int:
        """Queue an event for the live session if it subscribed to ``intent``.

        A session whose socket dropped still numbers and keeps the event, so a RESUME
        replays it. Returns how many sessions took it (one per shard at most).
        """
        taken = 0
        guild_id = data.get("id" if event == "GUILD_CREATE" else "guild_id")
        for session in self.live_sessions:
            if intent is not None and not session.intents & intent:
                continue
            if not session.serves(guild_id):
                continue
            self._send_dispatch(session, event, data)
            taken += 1
        return taken

    async def drop(self, code: int = 4000) -> None:
        """Close every socket as if the network failed; the session stays resumable."""
        for connection in list(self.connections):
            self.close_codes.append(code)
            await connection.close(code, b"stand-in dropped the connection")

    def send_reconnect(self) -> None:
        """Opcode 7: ask the bot to reconnect and resume."""
        for connection in list(self.connections):
            connection.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    def invalidate_sessions(self) -> None:
        """Opcode 9 (not resumable): the bot must IDENTIFY again."""
        for session in list(self.sessions.values()):
            if session.connection is not None:
                session.connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            session.ready = False
        self.sessions.clear()

    async def close(self) -> None:
        for connection in list(self.connections):
            await connection.close(1001, b"stand-in shutting down")
            connection.stop()

    # -- websocket handler ------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        encoding = request.query.get("encoding", "json")
        self.connect_queries.append(dict(request.query))
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        if encoding != "json":
            await ws.close(code=4002, message=b"only encoding=json is supported")
            return ws
        try:
            compressor = _Compressor(request.query.get("compress"))
        except ImportError:
            await ws.close(code=4000, message=b"zstd-stream needs the zstandard package")
            return ws
        connection = Connection(ws, compressor)
        self.connections.add(connection)
        session: Session | None = None
        try:
            connection.send(
                {"op": HELLO, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}, "s": None, "t": None}
            )
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    break
                try:
                    payload = json.loads(msg.data)
                except ValueError:
                    await connection.close(4002, b"decode error")
                    break
                session = await self._on_payload(connection, session, payload)
        finally:
            self.connections.discard(connection)
            connection.stop()
            if session is not None and session.connection is connection:
                session.connection = None
        return ws

    async def _on_payload(
        self, connection: Connection, session: Session | None, payload: dict[str, Any]
    ) -> Session | None:
        op = payload.get("op")
        data = payload.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            return await self._identify(connection, data or {})
        elif op == RESUME:
            return await self._resume(connection, data or {})
        elif op in (PRESENCE, 4, 8, 31):
            pass  # presence, voice state, member requests, soundboard: accepted and ignored
        else:
            await connection.close(4001, b"unknown opcode")
        return session

    async def _identify(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        if data.get("token") != self._token:
            self.close_codes.append(4004)
            await connection.close(4004, b"Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED & ~self.allowed_privileged_intents:
            # Exactly what Discord does when an app asks for intents it was not granted.
            self.close_codes.append(4014)
            await connection.close(4014, b"Disallowed intent(s).")
            return None
        shard = data.get("shard")
        session = Session(id=secrets.token_hex(16), intents=intents, connection=connection,
                          shard=(int(shard[0]), int(shard[1])) if shard else None)
        # A fresh IDENTIFY replaces any earlier session of the same shard.
        for sid, old in list(self.sessions.items()):
            if old.shard is None or session.shard is None or old.shard == session.shard:
                old.ready = False
                del self.sessions[sid]
        self.sessions[session.id] = session
        self._send_dispatch(session, "READY", self._ready_payload(session))
        session.ready = True
        for guild in self._guild_payloads(session):
            self._send_dispatch(session, "GUILD_CREATE", guild)
        self.identify_count += 1
        self._ready_changed.set()
        return session

    async def _resume(self, connection: Connection, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != self._token or session is None or not session.ready:
            # Not resumable: the client must IDENTIFY afresh.
            connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        last_seen = int(data.get("seq") or 0)
        session.connection = connection
        session.resumes += 1
        for frame in list(session.backlog):
            if frame["s"] > last_seen:
                connection.send(frame)
        self._send_dispatch(session, "RESUMED", {})
        self.resume_count += 1
        self._ready_changed.set()
        return session

    def _send_dispatch(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.backlog.append(frame)
        if session.connection is not None:
            session.connection.send(frame)
