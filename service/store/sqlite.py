"""The SQLite implementation of the store (aiosqlite).

Two connections: a writer, used only under `self._write_lock` and only inside
`BEGIN IMMEDIATE ... COMMIT`, and a reader for plain selects. WAL lets the reader see the
last committed state without waiting for the writer. Both connections are in autocommit
mode (isolation_level=None) so that the transactions written here are the only ones.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from .base import (
    LIVE,
    ActionKind,
    ActionRow,
    ActReads,
    AlreadyBid,
    Announcement,
    AsSeen,
    ChannelBusy,
    DuplicateInteraction,
    GameEnd,
    GameRow,
    LobbyFull,
    LobbySides,
    MessageRow,
    NewGame,
    NotFound,
    SeatChange,
    SeatRow,
    SeatTaken,
    SideBidRow,
    StaleVersion,
    UserSeat,
    WrongStatus,
)
from .leases import LeaseStore
from .sqlite_file import SqliteFile, dumps, parse_time, parse_ts, ts

_GAME_COLS = ("id, guild_id, channel_id, ruleset, scenario, options, status, created_by, "
              "engine_version, rules_version, seed_hash, seed, version, outcome, created_at, "
              "started_at, ended_at, updated_at, snapshot_version, chain")
_ACTION_COLS = ("game_id, seq, kind, seat, option_id, secret, user_id, interaction_id, "
                "events, at, chain")
# A game's seats as `holders_key` writes them (the subquery fixes the order).
_HOLDERS_SQL = ("(SELECT group_concat(user_id || ':' || coalesce(seat, ''), ',') FROM "
                "(SELECT user_id, seat FROM seats WHERE game_id = ? ORDER BY user_id))")
_N = len(_GAME_COLS.split(","))  # the index of the first column after a game's
_LIVE_SQL = "('open', 'running')"
assert LIVE == ("open", "running")


_dumps = dumps


def _game(row: sqlite3.Row | tuple, snapshot: str | None = None) -> GameRow:
    return GameRow(
        id=row[0], guild_id=row[1], channel_id=row[2], ruleset=row[3], scenario=row[4],
        options=json.loads(row[5]), status=row[6], created_by=row[7], engine_version=row[8],
        rules_version=row[9], seed_hash=row[10], seed=row[11], version=row[12],
        outcome=json.loads(row[13]) if row[13] is not None else None,
        created_at=parse_time(row[14]), started_at=parse_ts(row[15]),
        ended_at=parse_ts(row[16]), updated_at=parse_time(row[17]),
        snapshot_version=row[18] if row[18] is not None else row[12], snapshot=snapshot,
        chain=row[19])


def _action(row: tuple) -> ActionRow:
    return ActionRow(game_id=row[0], seq=row[1], kind=row[2], seat=row[3], option_id=row[4],
                     secret=bool(row[5]), user_id=row[6], interaction_id=row[7],
                     events=json.loads(row[8]), at=parse_time(row[9]), chain=row[10])


class SqliteStore(SqliteFile, LeaseStore):
    """The game store on one SQLite file (connections and transactions: SqliteFile;
    announcement leases and the parts of a delivery: LeaseStore)."""

    _tx = SqliteFile.tx

    @property
    def _r(self):
        return self.reader

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> tuple | None:
        return await self.one(sql, params)

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        return await self.all(sql, params)

    # ------------------------------------------------------------------ games
    async def create_game(self, new: NewGame) -> GameRow:
        at = ts(new.at)
        try:
            async with self._tx() as c:
                cur = await c.execute(
                    "INSERT INTO games (guild_id, channel_id, ruleset, scenario, options, "
                    "position, status, created_by, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?, ?) RETURNING id",
                    (new.guild_id, new.channel_id, new.ruleset, new.scenario,
                     _dumps(new.options),
                     None if new.position is None else _dumps(new.position),
                     new.created_by, at, at))
                row = await cur.fetchone()
                await cur.close()
                assert row is not None  # RETURNING always yields the new row
                game_id = row[0]
                if new.sides is not None:
                    await c.execute("INSERT INTO lobby_sides (game_id, mode) VALUES (?, ?)",
                                    (game_id, new.sides))
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def get_game(self, game_id: int, *, snapshot: bool = False) -> GameRow | None:
        cols = _GAME_COLS + (", snapshot" if snapshot else "")
        row = await self._one(f"SELECT {cols} FROM games WHERE id = ?", (game_id,))
        if row is None:
            return None
        return _game(row, row[_N] if snapshot else None)

    async def game_position(self, game_id: int) -> dict[str, Any] | None:
        row = await self._one("SELECT position FROM games WHERE id = ?", (game_id,))
        return json.loads(row[0]) if row is not None and row[0] is not None else None

    async def live_game(self, channel_id: int, *, snapshot: bool = False) -> GameRow | None:
        cols = _GAME_COLS + (", snapshot" if snapshot else "")
        row = await self._one(
            f"SELECT {cols} FROM games WHERE channel_id = ? AND status IN {_LIVE_SQL}",
            (channel_id,))
        if row is None:
            return None
        return _game(row, row[_N] if snapshot else None)

    async def games_in_channel(self, channel_id: int) -> list[GameRow]:
        rows = await self._all(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? ORDER BY id DESC",
            (channel_id,))
        return [_game(r) for r in rows]

    async def start_game(self, game_id: int, seats: dict[int, str], *, snapshot: str,
                         version: int, seed_hash: str, engine_version: str,
                         rules_version: str, at: datetime,
                         announce: dict[str, Any] | None = None,
                         options: dict[str, Any] | None = None,
                         sides: dict[str, Any] | None = None,
                         chain: str | None = None) -> GameRow:
        t = ts(at)
        async with self._tx() as c:
            cur = await c.execute(
                "UPDATE games SET status = 'running', snapshot = ?, version = ?, "
                "snapshot_version = ?, chain = ?, "
                "seed_hash = ?, engine_version = ?, rules_version = ?, started_at = ?, "
                "updated_at = ? WHERE id = ? AND status = 'open'",
                (snapshot, version, version, chain, seed_hash, engine_version, rules_version,
                 t, t, game_id))
            if cur.rowcount != 1:
                raise WrongStatus("the game is not in the lobby")
            if options is not None:
                await c.execute("UPDATE games SET options = ? WHERE id = ?",
                                (_dumps(options), game_id))
            if sides is not None:
                await c.execute("UPDATE lobby_sides SET result = ? WHERE game_id = ?",
                                (_dumps(sides), game_id))
            for user_id, seat in seats.items():
                old = await (await c.execute(
                    "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?",
                    (game_id, user_id))).fetchone()
                if old is None:
                    raise NotFound(f"user {user_id} has not joined")
                if old[0] == seat:
                    continue
                # Clear first so the one-user-per-seat index never sees a transient clash.
                await c.execute("UPDATE seats SET seat = NULL WHERE game_id = ? AND user_id = ?",
                                (game_id, user_id))
            for user_id, seat in seats.items():
                await c.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND user_id = ?",
                                (seat, game_id, user_id))
                await c.execute(
                    "INSERT INTO seat_changes (game_id, seat, kind, new_user_id, at) "
                    "VALUES (?, ?, 'assign', ?, ?)", (game_id, seat, user_id, t))
            if announce is not None:
                await self._add_announcement(c, game_id, version, announce, t)
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def commit_action(self, game_id: int, *, expected_version: int, kind: ActionKind,
                            seat: str, option_id: str | None, secret: bool,
                            user_id: int | None, interaction_id: str | None,
                            events: Sequence[dict[str, Any]], snapshot: str | None,
                            at: datetime, end: GameEnd | None = None,
                            announce: dict[str, Any] | None = None,
                            lease_until: datetime | None = None,
                            seen: AsSeen | None = None,
                            chain: str | None = None) -> ActionRow:
        t = ts(at)
        leased = False
        head = end.chain if end is not None and end.chain is not None else chain
        # Without a snapshot the stored one stays, of an older version (the log has the rest).
        snap_sql, snap_args = ("", ()) if snapshot is None else (
            "snapshot = ?, snapshot_version = ?, ", (snapshot, expected_version + 1))
        seq = expected_version + 1
        events_json = _dumps(list(events))
        end_sql, end_args = ("", ()) if end is None else (
            ", status = ?, seed = ?, outcome = ?, ended_at = ?",
            (end.status, end.seed, _dumps(end.outcome) if end.outcome is not None else None, t))
        seen_sql, seen_args = ("", ()) if seen is None else (
            f" AND channel_id = ? AND {_HOLDERS_SQL} = ?",
            (seen.channel_id, game_id, seen.holders))
        try:
            async with self._tx() as c:
                # The version guard in the WHERE clause is the real concurrency check:
                # it holds across processes, not only under this process's locks.
                cur = await c.execute(
                    f"UPDATE games SET {snap_sql}version = ?, chain = ?, updated_at = ?{end_sql} "
                    f"WHERE id = ? AND version = ? AND status = 'running'{seen_sql}",
                    (*snap_args, seq, head, t, *end_args, game_id, expected_version,
                     *seen_args))
                if cur.rowcount != 1:
                    if seen is not None:  # the caller reads the game itself
                        raise StaleVersion(None)
                    now = await (await c.execute("SELECT version FROM games WHERE id = ?",
                                                 (game_id,))).fetchone()
                    raise StaleVersion(now[0] if now else None)
                await c.execute(
                    f"INSERT INTO actions ({_ACTION_COLS}) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, kind, seat, option_id, int(secret), user_id,
                     interaction_id, events_json, t, chain))
                if announce is not None:
                    leased = await self._add_announcement(c, game_id, seq, announce, t,
                                                          lease_until, self.holder)
        except sqlite3.IntegrityError as exc:
            if interaction_id is not None and "interaction_id" in str(exc):
                raise DuplicateInteraction(interaction_id) from exc
            raise
        return ActionRow(game_id, seq, kind, seat, option_id, secret, user_id, interaction_id,
                         json.loads(events_json), parse_time(t), chain,
                         announcement_leased=leased)

    async def end_game(self, game_id: int, end: GameEnd, at: datetime) -> GameRow:
        t = ts(at)
        async with self._tx() as c:
            cur = await c.execute(
                f"UPDATE games SET status = ?, seed = ?, outcome = ?, ended_at = ?, "
                f"updated_at = ?, chain = coalesce(?, chain) "
                f"WHERE id = ? AND status IN {_LIVE_SQL}",
                (end.status, end.seed, _dumps(end.outcome) if end.outcome is not None else None,
                 t, t, end.chain, game_id))
            if cur.rowcount != 1:
                raise WrongStatus("the game is already over")
        game = await self.get_game(game_id)
        assert game is not None
        return game

    async def fill_chain(self, game_id: int, version: int, digests: Sequence[str]) -> None:
        async with self._tx() as c:
            cur = await c.execute("UPDATE games SET chain = ? WHERE id = ? AND version = ? "
                                  "AND status = 'running' AND chain IS NULL",
                                  (digests[-1], game_id, version))
            if cur.rowcount != 1:
                return  # moved on or filled meanwhile: the next need computes it again
            for seq, digest in enumerate(digests[1:], 1):
                await c.execute("UPDATE actions SET chain = ? WHERE game_id = ? AND seq = ? "
                                "AND chain IS NULL", (digest, game_id, seq))

    # ------------------------------------------------------------------ seats
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._all("SELECT game_id, user_id, seat, joined_at FROM seats "
                               "WHERE game_id = ? ORDER BY joined_at, user_id", (game_id,))
        return [SeatRow(r[0], r[1], r[2], parse_time(r[3])) for r in rows]

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None:
        r = await self._one("SELECT game_id, user_id, seat, joined_at FROM seats "
                            "WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return SeatRow(r[0], r[1], r[2], parse_time(r[3])) if r else None

    async def _require_status(self, c: aiosqlite.Connection, game_id: int,
                              statuses: tuple[str, ...]) -> None:
        row = await (await c.execute("SELECT status FROM games WHERE id = ?",
                                     (game_id,))).fetchone()
        if row is None:
            raise NotFound(f"no game {game_id}")
        if row[0] not in statuses:
            raise WrongStatus(f"the game is {row[0]}")

    async def join(self, game_id: int, user_id: int, seat: str | None,
                   at: datetime, places: int | None = None) -> SeatRow:
        t = ts(at)
        try:
            async with self._tx() as c:
                await self._require_status(c, game_id, ("open",))
                if places is not None:
                    # Counted in the write: the service's count was read under its own
                    # process's lock only, and another process may have seated someone.
                    joined = await (await c.execute(
                        "SELECT count(*) FROM seats WHERE game_id = ?", (game_id,))).fetchone()
                    if joined is not None and joined[0] >= places:
                        raise LobbyFull(f"{joined[0]} of {places} places taken")
                await c.execute("INSERT INTO seats (game_id, user_id, seat, joined_at) "
                                "VALUES (?, ?, ?, ?)", (game_id, user_id, seat, t))
                await c.execute("INSERT INTO seat_changes (game_id, seat, kind, new_user_id, "
                                "by_user_id, at) VALUES (?, ?, 'join', ?, ?, ?)",
                                (game_id, seat, user_id, user_id, t))
        except sqlite3.IntegrityError as exc:
            raise SeatTaken(str(exc)) from exc
        return SeatRow(game_id, user_id, seat, parse_time(t))

    async def leave(self, game_id: int, user_id: int, at: datetime) -> None:
        async with self._tx() as c:
            await self._require_status(c, game_id, ("open",))
            row = await (await c.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ? "
                                         "RETURNING seat", (game_id, user_id))).fetchone()
            if row is None:
                raise NotFound("not seated")
            await c.execute("INSERT INTO seat_changes (game_id, seat, kind, old_user_id, "
                            "by_user_id, at) VALUES (?, ?, 'leave', ?, ?, ?)",
                            (game_id, row[0], user_id, user_id, ts(at)))

    async def replace_seat(self, game_id: int, seat: str, new_user_id: int, *,
                           by_user_id: int | None, reason: str | None,
                           at: datetime) -> SeatRow:
        t = ts(at)
        try:
            async with self._tx() as c:
                await self._require_status(c, game_id, LIVE)
                row = await (await c.execute(
                    "SELECT user_id FROM seats WHERE game_id = ? AND seat = ?",
                    (game_id, seat))).fetchone()
                if row is None:
                    raise NotFound(f"nobody holds seat {seat!r}")
                old_user = row[0]
                if old_user == new_user_id:
                    raise SeatTaken("that user already holds this seat")
                await c.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?",
                                (game_id, old_user))
                # After the delete (on PostgreSQL it waited for any commit that had read
                # the seat): the change is dated after every action logged before it, so
                # the seat history and the log agree on who held the seat for each one
                # (the export audit), whichever process's clock dated them.
                last = await (await c.execute("SELECT max(at) FROM actions WHERE game_id = ?",
                                              (game_id,))).fetchone()
                if last is not None and last[0] is not None and last[0] >= t:
                    t = ts(parse_time(last[0]) + timedelta(microseconds=1))
                await c.execute("INSERT INTO seats (game_id, user_id, seat, joined_at) "
                                "VALUES (?, ?, ?, ?)", (game_id, new_user_id, seat, t))
                await c.execute(
                    "INSERT INTO seat_changes (game_id, seat, kind, old_user_id, new_user_id, "
                    "by_user_id, reason, at) VALUES (?, ?, 'replace', ?, ?, ?, ?, ?)",
                    (game_id, seat, old_user, new_user_id, by_user_id, reason, t))
        except sqlite3.IntegrityError as exc:
            raise SeatTaken(str(exc)) from exc
        return SeatRow(game_id, new_user_id, seat, parse_time(t))

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        rows = await self._all(
            "SELECT id, game_id, seat, kind, old_user_id, new_user_id, by_user_id, reason, at "
            "FROM seat_changes WHERE game_id = ? ORDER BY id", (game_id,))
        return [SeatChange(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], parse_time(r[8]))
                for r in rows]

    async def user_games(self, user_id: int) -> list[UserSeat]:
        cols = ", ".join(f"g.{c.strip()}" for c in _GAME_COLS.split(","))
        rows = await self._all(
            f"SELECT {cols}, s.seat FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.user_id = ? AND g.status = 'running' AND s.seat IS NOT NULL "
            "ORDER BY g.updated_at", (user_id,))
        return [UserSeat(_game(r), r[_N]) for r in rows]

    async def users_games(self, lo: int, hi: int) -> list[tuple[int, UserSeat]]:
        cols = ", ".join(f"g.{c.strip()}" for c in _GAME_COLS.split(","))
        rows = await self._all(
            f"SELECT {cols}, s.seat, s.user_id FROM seats s JOIN games g ON g.id = s.game_id "
            "WHERE s.user_id >= ? AND s.user_id < ? AND g.status = 'running' "
            "AND s.seat IS NOT NULL ORDER BY g.updated_at", (lo, hi))
        return [(r[_N + 1], UserSeat(_game(r), r[_N])) for r in rows]

    # ------------------------------------------------------------------ sides
    async def lobby_sides(self, game_id: int) -> LobbySides | None:
        row = await self._one("SELECT mode, bidding_since, result FROM lobby_sides "
                              "WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        bids = await self._all("SELECT user_id, side, amount, at FROM side_bids "
                               "WHERE game_id = ? ORDER BY at, user_id", (game_id,))
        return LobbySides(row[0], parse_ts(row[1]),
                          tuple(SideBidRow(b[0], b[1], b[2], parse_time(b[3])) for b in bids),
                          json.loads(row[2]) if row[2] is not None else None)

    async def open_bidding(self, game_id: int, at: datetime) -> None:
        async with self._tx() as c:
            await self._require_status(c, game_id, ("open",))
            cur = await c.execute("UPDATE lobby_sides SET bidding_since = "
                                  "COALESCE(bidding_since, ?) WHERE game_id = ? AND mode = 'bid'",
                                  (ts(at), game_id))
            if cur.rowcount != 1:
                raise NotFound("this game takes no bids for sides")

    async def place_bid(self, game_id: int, user_id: int, side: str, amount: int,
                        at: datetime) -> None:
        try:
            async with self._tx() as c:
                await self._require_status(c, game_id, ("open",))
                await c.execute("INSERT INTO side_bids (game_id, user_id, side, amount, at) "
                                "VALUES (?, ?, ?, ?, ?)", (game_id, user_id, side, amount, ts(at)))
        except sqlite3.IntegrityError as exc:
            raise AlreadyBid(str(exc)) from exc

    # ------------------------------------------------------------------ actions
    async def actions(self, game_id: int, after_seq: int = 0) -> list[ActionRow]:
        rows = await self._all(f"SELECT {_ACTION_COLS} FROM actions WHERE game_id = ? "
                               "AND seq > ? ORDER BY seq", (game_id, after_seq))
        return [_action(r) for r in rows]

    async def action_by_interaction(self, interaction_id: str) -> ActionRow | None:
        r = await self._one(f"SELECT {_ACTION_COLS} FROM actions WHERE interaction_id = ?",
                            (interaction_id,))
        return _action(r) if r else None

    async def act_reads(self, game_id: int, interaction_id: str) -> ActReads:
        # Three local reads: on SQLite a read costs no round trip worth saving.
        return ActReads(await self.action_by_interaction(interaction_id),
                        await self.get_game(game_id), await self.seats(game_id))

    # ------------------------------------------------------------------ announcements
    @staticmethod
    async def _add_announcement(c: Any, game_id: int, version: int, payload: dict[str, Any],
                                t: str, lease_until: datetime | None = None,
                                holder: str | None = None) -> bool:
        """Into the outbox, inside the caller's transaction. With `lease_until` it is claimed
        for the caller at once when nothing older of the game is pending (so it is next in
        order): no claim write later, in the name of `holder`. Returns whether it was
        claimed."""
        leased = lease_until is not None and await (await c.execute(
            "SELECT 1 FROM announcements WHERE game_id = ? AND state = 'pending' LIMIT 1",
            (game_id,))).fetchone() is None
        await c.execute(
            "INSERT INTO announcements (game_id, version, channel_id, payload, "
            "next_try_at, attempts, created_at, leased_by) SELECT id, ?, channel_id, ?, ?, ?, "
            "?, ? FROM games WHERE id = ?",
            (version, _dumps(payload),
             ts(lease_until) if leased and lease_until is not None else t,
             int(leased), t, holder if leased else None, game_id))
        return leased

    _ANN_COLS = ("game_id, version, channel_id, payload, state, attempts, next_try_at, "
                 "last_error")

    @staticmethod
    def _announcement(r: Sequence[Any]) -> Announcement:
        return Announcement(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], parse_time(r[6]),
                            r[7])

    # PostgreSQL adds FOR UPDATE SKIP LOCKED: a deliverer passes over a row another one is
    # claiming instead of waiting for it. SQLite has one writer and needs nothing.
    _SKIP_LOCKED = ""

    def _claim_sql(self) -> str:
        """Claim the game's oldest pending announcement if it is due: one UPDATE returning
        it. The NOT EXISTS keeps version order when SKIP LOCKED passed over an older row."""
        return ("UPDATE announcements SET next_try_at = ?, attempts = attempts + 1, "
                "leased_by = ? "
                "WHERE (game_id, version) IN (SELECT game_id, version FROM announcements "
                "WHERE game_id = ? AND state = 'pending' ORDER BY version LIMIT 1"
                f"{self._SKIP_LOCKED}) AND next_try_at <= ? AND NOT EXISTS (SELECT 1 FROM "
                "announcements o WHERE o.game_id = announcements.game_id AND "
                f"o.state = 'pending' AND o.version < announcements.version) "
                f"RETURNING {self._ANN_COLS}")

    async def claim_announcement(self, game_id: int, now: datetime,
                                 lease_until: datetime) -> Announcement | None:
        # The bot asks after every action, and most actions owe the channel nothing (or
        # their post was claimed with the action): a read answers "nothing due" without a
        # write transaction, which on SQLite would queue behind the process's one writer
        # with every commit (about 1,200 empty claims in a `keryx bench` bot run, the
        # writer busy all along). The claim below takes only the game's oldest pending
        # post, and only when it is due: without one, it has nothing to take. A post
        # committed after this read is its committer's (leased with the action) or the
        # retry loop's, as if this claim had run a moment earlier.
        if await self._one("SELECT 1 FROM announcements a WHERE a.game_id = ? AND "
                           "a.state = 'pending' AND a.next_try_at <= ? AND NOT EXISTS "
                           "(SELECT 1 FROM announcements o WHERE o.game_id = a.game_id AND "
                           "o.state = 'pending' AND o.version < a.version) LIMIT 1",
                           (game_id, ts(now))) is None:
            return None
        async with self._tx() as c:
            r = await (await c.execute(self._claim_sql(), (ts(lease_until), self.holder,
                                                           game_id, ts(now)))).fetchone()
            return self._announcement(r) if r else None

    async def announcement_sent(self, game_id: int, version: int, at: datetime,
                                lease_until: datetime) -> tuple[Announcement | None, bool]:
        async with self._tx() as c:
            await c.execute("UPDATE announcements SET state = 'sent', last_error = NULL, "
                            "done_at = ?, leased_by = NULL WHERE game_id = ? AND version = ?",
                            (ts(at), game_id, version))
            await c.execute("DELETE FROM announcement_parts WHERE game_id = ? AND version = ?",
                            (game_id, version))
            r = await (await c.execute(self._claim_sql(), (ts(lease_until), self.holder,
                                                           game_id, ts(at)))).fetchone()
            if r is not None:
                return self._announcement(r), False
            left = await (await c.execute(
                "SELECT 1 FROM announcements WHERE game_id = ? AND state = 'pending' LIMIT 1",
                (game_id,))).fetchone()
            return None, left is None

    async def finish_announcement(self, game_id: int, version: int, at: datetime, *,
                                  error: str,
                                  retry_at: datetime | None = None) -> None:
        state = "pending" if retry_at is not None else "failed"
        async with self._tx() as c:
            await c.execute(
                "UPDATE announcements SET state = ?, last_error = ?, next_try_at = ?, "
                "done_at = ?, leased_by = NULL WHERE game_id = ? AND version = ? "
                "AND (leased_by IS NULL OR leased_by = ?)",  # not another process's lease
                (state, error, ts(retry_at or at), None if state == "pending" else ts(at),
                 game_id, version, self.holder))

    async def due_announcements(self, now: datetime) -> list[int]:
        rows = await self._all("SELECT DISTINCT game_id FROM announcements "
                               "WHERE state = 'pending' AND next_try_at <= ?", (ts(now),))
        return [r[0] for r in rows]

    async def undelivered(self, game_id: int) -> list[Announcement]:
        rows = await self._all(f"SELECT {self._ANN_COLS} FROM announcements WHERE game_id = ? "
                               "AND state != 'sent' ORDER BY version", (game_id,))
        return [self._announcement(r) for r in rows]

    # ------------------------------------------------------------------ messages
    async def add_message(self, row: MessageRow) -> None:
        try:
            await self._add_message(row)
        except sqlite3.IntegrityError as exc:  # no such game
            raise NotFound(str(exc)) from exc

    async def _add_message(self, row: MessageRow) -> None:
        async with self._tx() as c:
            await c.execute(
                "INSERT INTO messages (message_id, game_id, channel_id, kind, seat, version, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO UPDATE "
                "SET kind = excluded.kind, seat = excluded.seat, version = excluded.version",
                (row.message_id, row.game_id, row.channel_id, row.kind, row.seat, row.version,
                 ts(row.created_at)))

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRow]:
        sql = ("SELECT message_id, game_id, channel_id, kind, seat, version, created_at "
               "FROM messages WHERE game_id = ?")
        params: list[Any] = [game_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        rows = await self._all(sql + " ORDER BY created_at, message_id", params)
        return [MessageRow(r[0], r[1], r[2], r[3], r[4], r[5], parse_time(r[6])) for r in rows]

    async def remove_message(self, message_id: int) -> None:
        async with self._tx() as c:
            await c.execute("DELETE FROM messages WHERE message_id = ?", (message_id,))

    # ------------------------------------------------------------------ maintenance
    async def integrity_check(self) -> str:
        row = await self._one("PRAGMA integrity_check")
        return row[0] if row else "no answer"

    async def schema_versions(self) -> list[int]:
        rows = await self._all("SELECT version FROM schema_migrations ORDER BY version")
        return [r[0] for r in rows]
