"""The two databases the store contract suite runs on.

SQLite always. PostgreSQL where a server answers at KERYX_TEST_POSTGRES (default
postgresql://postgres@127.0.0.1:5432/test, trust auth): every test gets a schema of its own,
created by opening the store and dropped after the test. Where no server answers, the
PostgreSQL cases are skipped with the reason, and the run's summary says so (conftest).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import uuid
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest

PG_URL = os.environ.get("KERYX_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ("sqlite", "postgres")


@cache
def pg_unavailable() -> str | None:
    """None when the test server answers, else why not (asked once per run)."""
    try:
        import asyncpg
    except ImportError:
        return "asyncpg is not installed (pip install -e '.[dev]')"

    async def probe() -> None:
        conn = await asyncpg.connect(PG_URL, timeout=3)
        await conn.close()

    try:  # in a thread of its own: callers may already be inside an event loop
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, probe()).result()
    except Exception as exc:  # any failure to connect means: no server for these tests
        return f"no PostgreSQL server at {PG_URL} ({type(exc).__name__}: {exc})"
    return None


def require_pg() -> None:
    why = pg_unavailable()
    if why is not None:
        pytest.skip(f"PostgreSQL tests skipped: {why}")


def new_schema_url() -> str:
    sep = "&" if "?" in PG_URL else "?"
    return f"{PG_URL}{sep}schema=t_{uuid.uuid4().hex[:16]}"


async def drop_schema(url: str) -> None:
    import asyncpg

    from service.store.pg import split_url

    dsn, schema = split_url(url)
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@contextlib.asynccontextmanager
async def database(kind: str, tmp_path: Path) -> AsyncIterator[str | Path]:
    """A fresh database target of `kind` (a file path or a URL), removed afterwards."""
    if kind == "sqlite":
        yield tmp_path / "keryx.db"
        return
    require_pg()
    url = new_schema_url()
    try:
        yield url
    finally:
        await drop_schema(url)
