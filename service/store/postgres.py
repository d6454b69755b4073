"""The PostgreSQL implementation of the store (asyncpg).

The game store's SQL is portable, so `PostgresStore` runs exactly `SqliteStore`'s
statements over `PgDatabase`'s connections (placeholders and errors are adapted there)
instead of keeping a second copy of them. What differs on PostgreSQL:

* writes are not serialised by one writer: the version guard in `commit_action`'s UPDATE
  takes the game's row lock, so two processes committing to one game queue on that row
  and the second finds the version moved (StaleVersion); games do not wait on each other;
* `game_lock` (from PgDatabase) lets the game service hold a game across processes for a
  whole click, so a conflicting click waits and then sees the new state instead of being
  refused as stale.
"""

from __future__ import annotations

from .pg import PgDatabase
from .sqlite import SqliteStore


# mypy sees PgConn where SqliteStore's annotations say aiosqlite.Connection: PgConn answers
# the same calls by design (duck typing), which the type checker cannot know.
class PostgresStore(PgDatabase, SqliteStore):  # type: ignore[misc]
    """The game store on PostgreSQL; PgDatabase's connection layer comes first in the MRO,
    so SqliteStore's methods run their SQL through it."""

    _tx = PgDatabase.tx  # type: ignore[assignment]

    async def integrity_check(self) -> str:
        """SQLite's PRAGMA checks the file's pages; the server checks its own, so this
        checks Keryx's invariant instead: every game's action log has no gap and ends at
        the game's version."""
        row = await self.one(
            "SELECT count(*) FROM games g JOIN (SELECT game_id, min(seq) AS lo, "
            "max(seq) AS hi, count(*) AS n FROM actions GROUP BY game_id) a "
            "ON a.game_id = g.id WHERE a.hi <> g.version OR a.n <> a.hi - a.lo + 1")
        bad = row[0] if row else -1
        return "ok" if bad == 0 else f"{bad} games whose log does not match their version"
