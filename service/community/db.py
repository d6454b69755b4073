"""The community tables' connection: one SQLite file shared with the game store.

The community service opens its own two connections to the game database (a writer used
only inside `BEGIN IMMEDIATE` behind an asyncio lock, and a read-only reader), with the
same pragmas as `service.store.sqlite.SqliteStore`, and runs the shared migration runner
(`service.store.migrate.migrate`) so that `migrations/0010_*.sql` is applied exactly like
the store's own files. Two writer connections in one process are safe: SQLite's write lock
plus busy_timeout serialises them, and aiosqlite runs each connection in its own thread
so a wait never blocks the event loop.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import aiosqlite

from service.store.migrate import migrate


# Same fixed-width format as the game store, so text order is time order in both.
def ts(dt: datetime) -> str:
    if dt.tzinfo is None:
        raise ValueError("naive datetime; community times are UTC-aware")
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_ts(text: str | None) -> datetime | None:
    if text is None:
        return None
    return datetime.fromisoformat(text)  # 3.11 reads the trailing "Z"


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def utcnow() -> datetime:
    return datetime.now(UTC)


class CommunityDB:
    def __init__(self, path: str | Path, *, busy_timeout_ms: int = 5000,
                 synchronous: str = "NORMAL",
                 migrations: Traversable | Path | str | None = None):
        if str(path) == ":memory:":
            raise ValueError("CommunityDB needs a file shared with the game store")
        self.path = Path(path)
        self.busy_timeout_ms = int(busy_timeout_ms)
        self.synchronous = synchronous
        self._migrations = migrations
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    async def _connect(self) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        await conn.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
        await conn.execute("PRAGMA foreign_keys = ON")
        return conn

    async def open(self) -> None:
        if self._writer is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = await self._connect()
        try:
            async with self._lock:
                await migrate(self._writer, self._migrations)
            self._reader = await self._connect()
            await self._reader.execute("PRAGMA query_only = ON")
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        for name in ("_reader", "_writer"):
            conn = getattr(self, name)
            setattr(self, name, None)
            if conn is not None:
                await conn.close()

    async def __aenter__(self) -> CommunityDB:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; everything inside commits together or not at all."""
        if self._writer is None:
            raise RuntimeError("the community database is not open")
        async with self._lock:
            conn = self._writer
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise
            else:
                await conn.execute("COMMIT")

    @property
    def reader(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise RuntimeError("the community database is not open")
        return self._reader

    async def one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        async with self.reader.execute(sql, params) as cur:
            return await cur.fetchone()

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        async with self.reader.execute(sql, params) as cur:
            return list(await cur.fetchall())


async def fetch_one(c: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> tuple | None:
    async with c.execute(sql, params) as cur:
        return await cur.fetchone()


async def fetch_all(c: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
    async with c.execute(sql, params) as cur:
        return list(await cur.fetchall())
