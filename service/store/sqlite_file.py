"""One SQLite file opened the Keryx way, shared by the game store and the community tables.

Two connections: a writer used only inside `BEGIN IMMEDIATE` behind an asyncio lock (so
this process's writes go in single file and another process waits on busy_timeout rather
than failing half-way), and a read-only reader. WAL lets reads run beside the writer.
Opening applies pending migrations with the shared runner."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import aiosqlite

from .guard import check_sqlite
from .migrate import migrate


def ts(dt: datetime) -> str:
    """Fixed-width UTC text, so that text order is time order in SQL."""
    if dt.tzinfo is None:
        raise ValueError("naive datetime; store times are UTC-aware")
    # isoformat is the strftime pattern "%Y-%m-%dT%H:%M:%S.%fZ" written out, at a
    # fraction of its cost (times are formatted with every commit)
    return dt.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def parse_ts(text: str | None) -> datetime | None:
    """A nullable column's time."""
    return None if text is None else parse_time(text)


def parse_time(text: str) -> datetime:
    """A NOT NULL column's time."""
    return datetime.fromisoformat(text)  # 3.11 reads the trailing "Z"; C-fast


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


async def _roll_back(conn: aiosqlite.Connection) -> None:
    """End whatever a failed or cancelled transaction left open on the writer. A task
    cancelled while its BEGIN waits for the file (another process writing) or while its
    COMMIT runs stops waiting, but the statement goes on in the connection's thread; a
    COMMIT that fails (the disk, a busy checkpoint) leaves the transaction open. Left so,
    every later BEGIN of this process would fail and the file would stay locked for the
    other processes. The thread runs statements in the order sent, so this ROLLBACK comes
    after the one still under way; none left to end (the BEGIN failed, the COMMIT went
    through) is fine."""
    with contextlib.suppress(sqlite3.Error, ValueError):  # ValueError: connection closed
        await conn.execute("ROLLBACK")


class SqliteFile:
    def __init__(self, path: str | Path, *, synchronous: str = "NORMAL",
                 busy_timeout_ms: int = 5000,
                 migrations: Traversable | Path | str | None = None):
        if str(path) == ":memory:":
            # Two connections to ":memory:" are two different databases.
            raise ValueError(f"{type(self).__name__} needs a file; use a temporary folder "
                             "in tests")
        if synchronous.upper() not in ("NORMAL", "FULL", "EXTRA"):
            raise ValueError("synchronous must be NORMAL, FULL or EXTRA")
        self.path = Path(path)
        self.synchronous = synchronous.upper()
        self.busy_timeout_ms = int(busy_timeout_ms)
        self._migrations = migrations
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()

    async def _connect(self) -> aiosqlite.Connection:
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await conn.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            # aiosqlite's thread is not a daemon: left open, it keeps the process alive
            # after the error is reported (issue 39.5: the hangs)
            await conn.close()
            raise
        return conn

    async def open(self) -> None:
        if self._writer is not None:
            return
        check_sqlite(self.path)  # nothing is written to what is not a Keryx database
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._writer = await self._connect()
        try:
            async with self._write_lock:
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

    async def __aenter__(self):
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; everything inside commits together or not at all."""
        if self._writer is None:
            raise RuntimeError(f"the {type(self).__name__} is not open")
        async with self._write_lock:
            conn = self._writer
            try:
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                await _roll_back(conn)
                raise

    async def lead(self, name: str = "scheduler") -> bool:
        """Always this process: an SQLite file is served by one bot process (on
        PostgreSQL, PgDatabase.lead elects one among several)."""
        return True

    @property
    def reader(self) -> aiosqlite.Connection:
        if self._reader is None:
            raise RuntimeError(f"the {type(self).__name__} is not open")
        return self._reader

    # execute_fetchall runs the query and fetches in one trip to the connection's thread
    # (a cursor would take three: execute, fetch, close), which matters at ~1 ms a commit.
    async def one(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> tuple | None:
        rows = list(await self.reader.execute_fetchall(sql, params))
        return tuple(rows[0]) if rows else None

    async def all(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> list[tuple]:
        return [tuple(r) for r in await self.reader.execute_fetchall(sql, params)]
