"""`keryx db copy`: move an SQLite database to PostgreSQL, whole.

Every table is copied row for row with its ids (games, clocks, leagues, ratings, the
outbox...), in one PostgreSQL transaction, into a database migrated to the same version;
the identity counters then continue after the copied ids. Afterwards every game on the
target is replayed from its copied action log and compared with its copied snapshot, so
the copy is proven, not assumed. The source is only read (and migrated forward first,
exactly as `keryx run` would)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .guard import check_postgres, check_sqlite
from .migrate import MigrationError
from .pg import PgDatabase
from .sqlite_file import SqliteFile


class CopyRefused(RuntimeError):
    pass


@dataclass
class CopyReport:
    rows: dict[str, int] = field(default_factory=dict)
    games_checked: int = 0
    problems: list[str] = field(default_factory=list)


async def _tables_in_order(src: SqliteFile) -> list[str]:
    """User tables, each after the tables its foreign keys point to."""
    names = [r[0] for r in await src.all(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "AND name <> 'schema_migrations' ORDER BY name")]
    needs = {n: {r[2] for r in await src.all(f'PRAGMA foreign_key_list("{n}")')} - {n}
             for n in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and needs[n] <= set(ordered)]
        if not ready:
            raise CopyRefused(f"foreign keys form a cycle among {set(names) - set(ordered)}")
        ordered += ready
    return ordered


async def copy_sqlite_to_postgres(source: str | Path, url: str) -> CopyReport:
    check_sqlite(source, must_exist=True)  # NotKeryxDatabase: nothing read or written
    await check_postgres(url)
    report = CopyReport()
    async with SqliteFile(source) as src, PgDatabase(url) as dst:
        src_versions = [r[0] for r in await src.all(
            "SELECT version FROM schema_migrations ORDER BY version")]
        dst_versions = [r[0] for r in await dst.all(
            "SELECT version FROM schema_migrations ORDER BY version")]
        if src_versions != dst_versions:
            raise MigrationError(f"schemas differ: SQLite at {src_versions}, "
                                 f"PostgreSQL at {dst_versions}")
        if await dst.one("SELECT 1 FROM games LIMIT 1") is not None:
            raise CopyRefused("the PostgreSQL database already holds games; copy into an "
                              "empty one (or a new ?schema=)")
        tables = await _tables_in_order(src)
        async with dst.tx() as c:
            for table in tables:
                cols = [r[1] for r in await src.all(f'PRAGMA table_info("{table}")')]
                rows = await src.all(f'SELECT {", ".join(cols)} FROM "{table}"')
                if rows:
                    await c.raw.copy_records_to_table(table, records=rows, columns=cols,
                                                      schema_name=dst.schema)
                report.rows[table] = len(rows)
            # identity columns continue after the copied ids
            for table, col in await c.raw.fetch(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = $1 AND is_identity = 'YES'", dst.schema):
                await c.raw.execute(
                    f'SELECT setval(pg_get_serial_sequence($1, $2), max("{col}")) '
                    f'FROM "{table}" HAVING max("{col}") IS NOT NULL',
                    f'"{dst.schema}"."{table}"', col)
    report.problems, report.games_checked = await verify_games(url)
    return report


async def verify_games(target: str | Path) -> tuple[list[str], int]:
    """Replay every game's log on `target` and compare with its snapshot."""
    from service.games import GameService

    svc = await GameService.open(target)
    problems: list[str] = []
    try:
        store: Any = svc.store  # both stores answer `all` (SqliteFile, PgDatabase)
        ids = [r[0] for r in await store.all("SELECT id FROM games ORDER BY id")]
        for game_id in ids:
            problems += [f"game {game_id}: {p}" for p in await svc.check(game_id)]
    finally:
        await svc.close()
    return problems, len(ids)

