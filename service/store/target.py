"""Which database a KERYX_DATABASE value names, and the store opened on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .base import Store
from .guard import check_postgres, check_sqlite

URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: object) -> bool:
    """A postgresql:// URL names a server; anything else is an SQLite file's path."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def require_asyncpg() -> None:
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        raise RuntimeError("a postgresql:// database needs the PostgreSQL driver: "
                           "pip install 'keryx[postgres]'") from None


async def check_target(target: str | Path, *, must_exist: bool = False) -> None:
    """Refuse a target that is not a Keryx database (service/store/guard.py):
    check_postgres for a postgresql:// URL, else check_sqlite."""
    if is_postgres(target):
        await check_postgres(str(target), must_exist=must_exist)
    else:
        check_sqlite(target, must_exist=must_exist)


async def open_store(target: str | Path, **kwargs: Any) -> Store:
    """The game store on `target`, opened (connected and migrated)."""
    store: Any
    if is_postgres(target):
        require_asyncpg()
        from .postgres import PostgresStore

        await check_postgres(str(target))  # refused before it is migrated into

        store = PostgresStore(str(target), **kwargs)
    else:
        from .sqlite import SqliteStore

        store = SqliteStore(target, **kwargs)
    await store.open()
    return store
