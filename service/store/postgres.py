"""The PostgreSQL implementation of the store (asyncpg).

The game store's SQL is portable, so `PostgresStore` runs exactly `SqliteStore`'s
statements over `PgDatabase`'s connections (placeholders and errors are adapted there)
instead of keeping a second copy of them. What differs on PostgreSQL:

* writes are not serialised by one writer: the version guard in `commit_action`'s UPDATE
  takes the game's row lock, so two processes committing to one game queue on that row
  and the second finds the version moved (StaleVersion); games do not wait on each other;
* `commit_action` is one statement (the guarded UPDATE, the log row and the outbox row
  chained in a WITH): one round trip, atomic on its own, instead of BEGIN, three
  statements and COMMIT;
* `game_lock` (from PgDatabase) lets the game service hold a game across processes for a
  whole click, so a conflicting click waits and then sees the new state instead of being
  refused as stale.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import orjson

from .base import (
    ActionKind,
    ActionRow,
    ActReads,
    AsSeen,
    DuplicateInteraction,
    GameEnd,
    SeatRow,
    StaleVersion,
)
from .leases import gone_here
from .pg import PgConn, PgDatabase
from .pg_keys import lock_key
from .sqlite import _ACTION_COLS, _GAME_COLS, SqliteStore, _action, _game
from .sqlite_file import dumps, parse_time, ts

# A click's reads under its game lock, taking the lock first when given its key (see
# PgDatabase.locked_read). A function of the session (pg_temp), created on each new
# connection: no migration, and always the one the running code expects. VOLATILE, so
# the reads after the lock see what was committed before it was granted.
_ACT_READS = f"""
CREATE FUNCTION pg_temp.keryx_act_reads(k BIGINT, gid BIGINT, itx TEXT) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    IF k IS NOT NULL THEN
        PERFORM pg_advisory_lock(k);
    END IF;
    RETURN json_build_array(
        (SELECT json_build_array({_ACTION_COLS}) FROM actions WHERE interaction_id = itx),
        (SELECT json_build_array({_GAME_COLS}) FROM games WHERE id = gid),
        (SELECT coalesce(json_agg(json_build_array(game_id, user_id, seat, joined_at)
                                  ORDER BY joined_at, user_id), '[]'::json)
         FROM seats WHERE game_id = gid));
END $$
"""


# A game's seats as `holders_key` writes them, each row locked FOR SHARE until the commit
# ends: a seat replaced by a transaction not yet committed is waited for and then read
# as it is after it (a deleted holder drops out, so the guard fails), and a replacement
# that starts later waits for this commit. A plain read would see the seats as of the
# statement's start, and a replacement committed in between would go unnoticed.
_HOLDERS_SQL = ("(SELECT string_agg(user_id || ':' || coalesce(seat, ''), ',' ORDER BY user_id) "
                "FROM (SELECT user_id, seat FROM seats WHERE game_id = :id FOR SHARE) s)")


# mypy sees PgConn where SqliteStore's annotations say aiosqlite.Connection: PgConn answers
# the same calls by design (duck typing), which the type checker cannot know.
class PostgresStore(PgDatabase, SqliteStore):  # type: ignore[misc]
    """The game store on PostgreSQL; PgDatabase's connection layer comes first in the MRO,
    so SqliteStore's methods run their SQL through it."""

    _tx = PgDatabase.tx  # type: ignore[assignment]
    _SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"
    SESSION_SQL = PgDatabase.SESSION_SQL + _ACT_READS

    async def open(self) -> None:
        await PgDatabase.open(self)
        # Held as long as this process's session lives: while the server holds it for
        # us, the posts we lease are ours (see holder_gone).
        await self.lead(self._liveness())

    def _liveness(self, holder: str | None = None) -> str:
        return f"holder:{holder or self.holder}"

    async def holder_gone(self, holder: str) -> bool:
        """A lease holder is gone when the server has freed its liveness lock (it frees
        a session's locks when the session ends: at once for a killed process, within
        about 25 s for a vanished machine), or when it was a process of this machine
        that no longer runs."""
        if gone_here(holder):
            return True
        key = lock_key(self.schema, "lead", self._liveness(holder))
        async with self.connection() as conn:
            free = await conn.fetchval("SELECT pg_try_advisory_lock($1)", key)
            if free:
                await conn.execute("SELECT pg_advisory_unlock($1)", key)
        return bool(free)

    async def act_reads(self, game_id: int, interaction_id: str) -> ActReads:
        """One round trip, which also takes the game lock when the caller holds it
        lazily (GameService does): see PgDatabase.locked_read."""
        prior, game, seats = orjson.loads(await self.locked_read(
            "pg_temp.keryx_act_reads", game_id, interaction_id))
        return ActReads(_action(prior) if prior is not None else None,
                        _game(game) if game is not None else None,
                        [SeatRow(r[0], r[1], r[2], parse_time(r[3])) for r in seats])

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

    async def commit_action(self, game_id: int, *, expected_version: int, kind: ActionKind,
                            seat: str, option_id: str | None, secret: bool,
                            user_id: int | None, interaction_id: str | None,
                            events: Sequence[dict[str, Any]], snapshot: str | None,
                            at: datetime, end: GameEnd | None = None,
                            announce: dict[str, Any] | None = None,
                            lease_until: datetime | None = None,
                            seen: AsSeen | None = None,
                            chain: str | None = None) -> ActionRow:
        """SqliteStore.commit_action's writes as one statement. The inserts select
        from the UPDATE's RETURNING, so when the version guard fails nothing is written;
        a unique violation (a twin's interaction id) undoes the whole statement."""
        t = ts(at)
        seq = expected_version + 1
        # orjson writes what `dumps` does (keys sorted, no spaces), except that it keeps
        # non-ASCII text as it is instead of escaping it: both read back the same.
        events_json = orjson.dumps(list(events), option=orjson.OPT_SORT_KEYS
                                   | orjson.OPT_NON_STR_KEYS).decode()
        sets = ":seq, :head, :t" if end is None else (
            ":seq, :head, :t, :status, :seed, :outcome, :t")
        cols = "version, chain, updated_at" if end is None else (
            "version, chain, updated_at, status, seed, outcome, ended_at")
        if snapshot is not None:  # else the stored one stays, older (the log has the rest)
            sets, cols = f":snapshot, :seq, {sets}", f"snapshot, snapshot_version, {cols}"
        # The outbox row is claimed for the caller (lease, one attempt) when nothing older
        # of the game is pending; `leased` reports it. The EXISTS reads the statement's
        # snapshot, which is right: a commit racing this one fails the version guard.
        outbox = ", n AS (SELECT 0 AS attempts WHERE false)" if announce is None else (
            ", p AS (SELECT EXISTS (SELECT 1 FROM announcements WHERE game_id = :id "
            "AND state = 'pending') OR :lease::text IS NULL AS busy), "
            "n AS (INSERT INTO announcements (game_id, version, channel_id, payload, "
            "next_try_at, attempts, created_at, leased_by) SELECT id, :seq, channel_id, "
            ":announce, CASE WHEN p.busy THEN :t ELSE :lease END, "
            "CASE WHEN p.busy THEN 0 ELSE 1 END, :t, "
            "CASE WHEN p.busy THEN NULL ELSE :holder END FROM g, p RETURNING attempts)")
        guard = "" if seen is None else f" AND channel_id = :channel AND {_HOLDERS_SQL} = :holders"
        params: dict[str, Any] = {
            "seq": seq, "snapshot": snapshot, "t": t, "id": game_id, "v": expected_version,
            "kind": kind, "seat": seat, "option": option_id, "secret": int(secret),
            "user": user_id, "itx": interaction_id, "events": events_json, "chain": chain,
            "head": end.chain if end is not None and end.chain is not None else chain}
        if end is not None:
            params.update(status=end.status, seed=end.seed,
                          outcome=dumps(end.outcome) if end.outcome is not None else None)
        if seen is not None:
            params.update(channel=seen.channel_id, holders=seen.holders)
        if announce is not None:
            params.update(announce=dumps(announce),
                          lease=None if lease_until is None else ts(lease_until),
                          holder=self.holder)
        try:
            async with self.connection() as conn:
                cur = await PgConn(conn).execute(
                    f"WITH g AS (UPDATE games SET ({cols}) = ROW({sets}) "
                    f"WHERE id = :id AND version = :v AND status = 'running'{guard} "
                    "RETURNING id, channel_id), "
                    f"a AS (INSERT INTO actions ({_ACTION_COLS}) SELECT id, :seq, :kind, "
                    ":seat, :option, :secret, :user, :itx, :events, :t, :chain FROM g)"
                    f"{outbox} SELECT (SELECT count(*) FROM g), "
                    "(SELECT count(*) FROM n WHERE attempts = 1)", params)
                done, leased = await cur.fetchone() or (0, 0)
                if done != 1:
                    if seen is not None:  # the caller reads the game itself
                        raise StaleVersion(None)
                    now = await PgConn(conn).execute("SELECT version FROM games WHERE id = ?",
                                                     (game_id,))
                    row = await now.fetchone()
                    raise StaleVersion(row[0] if row else None)
        except sqlite3.IntegrityError as exc:
            if interaction_id is not None and "interaction_id" in str(exc):
                raise DuplicateInteraction(interaction_id) from exc
            raise
        return ActionRow(game_id, seq, kind, seat, option_id, secret, user_id, interaction_id,
                         orjson.loads(events_json), at, chain,
                         announcement_leased=leased == 1)
