"""Forward-only SQL migrations for the SQLite store.

Migrations are files named `NNNN_name.sql` in the `migrations` package (read through
importlib.resources, so an installed wheel works) or in a folder given by tests. Each file
is applied in its own `BEGIN IMMEDIATE` transaction together with its row in
`schema_migrations`; a failure rolls the whole file back and stops the run, so the schema
is always at a version some file left it in.

A migration renumbered after release (to keep the files in the order they were written)
is listed in `RENUMBERED`: a database holding the old (number, name) row has applied it.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import aiosqlite

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""


# new number -> (old number, name) it was applied under in existing databases
RENUMBERED: dict[int, tuple[int, str]] = {13: (3, "drop_store_deadlines")}


class MigrationError(RuntimeError):
    """A migration could not be applied; the database is left as it was before it."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(source: Traversable | Path | str | None = None) -> list[Migration]:
    """The migrations in `source` (default: the `migrations` package), in order."""
    root: Traversable | Path
    if source is None:
        root = resources.files("migrations")
    elif isinstance(source, str):
        root = Path(source)
    else:
        root = source
    found: dict[int, Migration] = {}
    for entry in root.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        m = _NAME.match(entry.name)
        if m is None:
            raise MigrationError(f"migration file {entry.name!r} is not named NNNN_name.sql")
        version = int(m.group(1))
        if version in found:
            raise MigrationError(f"two migrations share number {version:04d}")
        found[version] = Migration(version, m.group(2), entry.read_text(encoding="utf-8"))
    return [found[v] for v in sorted(found)]


def split_statements(sql: str) -> list[str]:
    """Split a script into complete statements. sqlite3.complete_statement understands
    string literals, comments and CREATE TRIGGER ... END, so a ';' inside them does not
    cut a statement. (executescript would do this too, but it commits any open
    transaction first, which would break the one-transaction-per-file rule.)"""
    statements: list[str] = []
    buf = ""
    for piece in sql.split(";"):
        buf = f"{buf};{piece}" if buf else piece
        if sqlite3.complete_statement(buf + ";"):
            text = buf.strip()
            if _has_code(text):
                statements.append(text)
            buf = ""
    if _has_code(buf):
        raise MigrationError(f"incomplete statement at the end of a migration: {buf.strip()[:80]!r}")
    return statements


def _has_code(text: str) -> bool:
    """Whether text holds more than comments (only used to drop empty pieces)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    for line in text.splitlines():
        line = line.split("--", 1)[0].strip()
        if line:
            return True
    return False


async def applied_versions(conn: aiosqlite.Connection) -> set[int]:
    await conn.execute(_CREATE_TABLE)
    async with conn.execute("SELECT version FROM schema_migrations") as cur:
        return {row[0] for row in await cur.fetchall()}


async def migrate(conn: aiosqlite.Connection,
                  source: Traversable | Path | str | None = None) -> list[int]:
    """Apply every migration not yet applied; return the versions applied now.

    `conn` must be in autocommit mode (isolation_level=None) so that the transactions
    here are the only ones. Safe to run from several processes at once: the applied set
    is re-read after taking the write lock.
    """
    migrations = discover(source)
    await applied_versions(conn)
    done: list[int] = []
    for mig in migrations:
        statements = split_statements(mig.sql)
        await conn.execute("BEGIN IMMEDIATE")
        try:
            old, old_name = RENUMBERED.get(mig.version, (mig.version, mig.name))
            async with conn.execute("SELECT 1 FROM schema_migrations WHERE version = ? OR "
                                    "(version = ? AND name = ?)",
                                    (mig.version, old, old_name)) as cur:
                if await cur.fetchone() is not None:
                    await conn.execute("ROLLBACK")
                    continue
            for stmt in statements:
                await conn.execute(stmt)
            await conn.execute("INSERT INTO schema_migrations (version, name) VALUES (?, ?)",
                               (mig.version, mig.name))
            await conn.execute("COMMIT")
        except Exception as exc:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise MigrationError(f"migration {mig.version:04d}_{mig.name} failed: {exc}") from exc
        done.append(mig.version)
    return done
