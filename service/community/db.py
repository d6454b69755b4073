"""The community tables' connections: the game store's database, opened again.

`CommunityDB` is a `SqliteFile` like the game store: the same pragmas, transactions and
migration runner (so `migrations/0010_*.sql` applies exactly like the store's files). Two
writer connections in one process are safe: SQLite's write lock plus busy_timeout
serialises them, and aiosqlite runs each connection in its own thread."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import aiosqlite

from service.store.sqlite_file import SqliteFile, dumps, parse_time, parse_ts, ts  # noqa: F401
from service.store.target import is_postgres, require_asyncpg


def utcnow() -> datetime:
    return datetime.now(UTC)


class CommunityDB(SqliteFile):
    """The community tables' connections (SqliteFile), on the game store's file."""


def community_db(target: str | Path, *,
                 migrations: Traversable | Path | str | None = None) -> CommunityDB:
    """The community tables' database: the game store's SQLite file, or its PostgreSQL
    database for a postgresql:// URL. There the community's writes keep SQLite's one-writer
    rule across processes (`serial_writes`): its read-modify-write steps (a clock read,
    reconciled and saved) were written for it, and they are a few small writes per move."""
    if is_postgres(target):
        require_asyncpg()
        from service.store.pg import PgDatabase

        # Same interface as SqliteFile (tx, one, all, reader, lead): see service.store.pg.
        return PgDatabase(str(target), serial_writes=True,  # type: ignore[return-value]
                          migrations=migrations)
    return CommunityDB(target, migrations=migrations)


async def fetch_one(c: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> tuple | None:
    """A read inside a write transaction (on the writer connection)."""
    rows = list(await c.execute_fetchall(sql, params))
    return tuple(rows[0]) if rows else None


async def fetch_value(c: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    """The one value of a statement that always yields one row (an aggregate, a RETURNING)."""
    rows = await c.execute_fetchall(sql, params)
    return next(iter(rows))[0]


async def fetch_all(c: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
    return [tuple(r) for r in await c.execute_fetchall(sql, params)]
