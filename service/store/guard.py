"""Refuse what is not a Keryx database before anything is written to it.

Opening a store migrates it, so a wrong `--db`/`KERYX_DATABASE` (a text file, another
application's SQLite file, a truncated copy, a directory, an unreachable server) must be
turned away first, in one sentence, and left exactly as it was (issue 39.5). A path that
does not exist yet, or an empty file, is a new database and may be created, unless the
caller reads an existing one (`must_exist`: `keryx export`, the source of `db copy`)."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path
from urllib.parse import quote, urlsplit

MAGIC = b"SQLite format 3\x00"
HEADER = 100
# Seconds to wait for a PostgreSQL server: an address that swallows packets would
# otherwise hold a command for asyncpg's default minute.
CONNECT_TIMEOUT_S = 5.0


class NotKeryxDatabase(ValueError):
    """A database target Keryx refuses to open; the message is one line for people."""


def check_sqlite(path: str | Path, *, must_exist: bool = False) -> None:
    """Raise NotKeryxDatabase unless `path` is a Keryx SQLite file (or, unless
    `must_exist`, a place where a new one may be created). Only reads."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        if must_exist:
            raise NotKeryxDatabase(f"No database at {p}.") from None
        _check_new_place(p)
        return
    except OSError as exc:  # e.g. a file where a folder of the path should be
        raise NotKeryxDatabase(f"Cannot use {p} as a database: {exc.strerror}.") from None
    if stat.S_ISDIR(st.st_mode):
        raise NotKeryxDatabase(f"{p} is a folder, not a database file.")
    if not stat.S_ISREG(st.st_mode):  # a pipe or a device would block or never end
        raise NotKeryxDatabase(f"{p} is not a regular file, so not a database.")
    try:
        with p.open("rb") as f:
            head = f.read(HEADER)
    except OSError as exc:
        raise NotKeryxDatabase(f"Cannot read {p}: {exc.strerror}.") from None
    if not os.access(p, os.W_OK) and not must_exist:
        raise NotKeryxDatabase(f"Cannot write to {p}: permission denied.")
    wal = Path(f"{p}-wal")
    if not head and not wal.exists():
        if must_exist:
            raise NotKeryxDatabase(f"{p} is empty: it holds no Keryx database.")
        return  # SQLite reads an empty file as a new database
    if head:
        _check_header(p, head, st.st_size)
    _check_schema(p, must_exist, wal_present=wal.exists())


def _check_new_place(p: Path) -> None:
    """A new file may be made at `p` if its nearest existing ancestor is a folder."""
    for parent in p.absolute().parents:
        if parent.exists():
            if not parent.is_dir():
                raise NotKeryxDatabase(f"Cannot create {p}: {parent} is not a folder.")
            return


def _check_header(p: Path, head: bytes, size: int) -> None:
    """The file header (sqlite.org/fileformat.html, 1.3): the magic string, the page size,
    and the size in pages, which a truncated copy no longer reaches."""
    if len(head) < HEADER or not head.startswith(MAGIC):
        raise NotKeryxDatabase(f"{p} is not a database file (it is not SQLite).")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    counter_valid = head[24:28] == head[92:96]  # else the page count is not kept
    if page < 512 or page & (page - 1) or size % page or (
            counter_valid and pages and size < pages * page):
        raise NotKeryxDatabase(f"{p} is a damaged or truncated SQLite file "
                               f"({size} bytes).")


def _check_schema(p: Path, must_exist: bool, *, wal_present: bool) -> None:
    """Read the table list read-only. Without a -wal file the file is opened immutable,
    so not even a -shm file is left beside it; with one (a bot running, or killed) the
    -wal's pages are part of the database and are read through it."""
    uri = f"file:{quote(str(p.absolute()))}?mode=ro" + ("" if wal_present else "&immutable=1")
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=5)
        try:
            tables = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            # Keryx's migration table, by its columns (other tools have one of that name)
            keryx = {"version", "name", "applied_at"} <= {r[1] for r in conn.execute(
                "PRAGMA table_info(schema_migrations)")}
        finally:
            conn.close()
    except sqlite3.Error as exc:
        raise NotKeryxDatabase(f"{p} is not a usable SQLite database ({exc}).") from None
    if (keryx or not tables) and not (must_exist and tables <= {"schema_migrations"}):
        return  # a Keryx database, or one with no tables yet (a first run cut short)
    if keryx or not tables:
        raise NotKeryxDatabase(f"{p} holds no Keryx database yet (no tables).")
    others = ", ".join(sorted(tables)[:4]) + (", ..." if len(tables) > 4 else "")
    raise NotKeryxDatabase(f"{p} is not a Keryx database: it holds another application's "
                           f"tables ({others}).")


async def check_postgres(url: str, *, must_exist: bool = False) -> None:
    """Raise NotKeryxDatabase unless the server answers and the URL's schema is empty or
    holds Keryx's tables (a schema of another application is not migrated into)."""
    import asyncpg

    from .pg import split_url

    shown = shown_url(url)
    try:
        dsn, schema = split_url(url)
        urlsplit(dsn).port  # noqa: B018 - raises ValueError for a port that is no number
    except ValueError as exc:
        raise NotKeryxDatabase(f"Malformed database URL {shown}: {exc}.") from None
    try:
        conn = await asyncpg.connect(dsn, timeout=CONNECT_TIMEOUT_S)
    except TimeoutError:
        raise NotKeryxDatabase(f"Cannot reach {shown}: no answer within "
                               f"{CONNECT_TIMEOUT_S:g} s.") from None
    except Exception as exc:  # noqa: BLE001 - any failure to connect: say it in a line
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise NotKeryxDatabase(f"Cannot connect to {shown}: {reason}.") from None
    try:
        tables = {r[0] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
            schema)}
    finally:
        await conn.close()
    if "schema_migrations" in tables or (not tables and not must_exist):
        return
    if not tables:
        raise NotKeryxDatabase(f"{shown} holds no Keryx database (schema {schema} is "
                               "empty).")
    others = ", ".join(sorted(tables)[:4]) + (", ..." if len(tables) > 4 else "")
    raise NotKeryxDatabase(f"{shown} is not a Keryx database: schema {schema} holds "
                           f"another application's tables ({others}); name another with "
                           "?schema=.")


def shown_url(url: str) -> str:
    """A URL without its password, for messages."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        return parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@",
                                                          1)).geturl()
    except ValueError:
        return url.split("@")[-1]
