"""Turn clocks, pauses, extensions, vacations and reminder preferences (SQL side).

Every public method is one transaction. Internal `_…(c, …)` helpers take an open
transaction's connection so that the facade (`Community`) and the scheduler can combine
them with other writes atomically.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import aiosqlite

from .clock import SeatClock, reconcile, settle
from .clock import extend as extend_clock
from .db import CommunityDB, fetch_all, fetch_one, parse_time, parse_ts, ts
from .pace import POLICIES, Pace, Policy


class CommunityError(ValueError):
    """A request the community service refuses; the message is shown to the user."""


_COLS = ("sc.game_id, sc.seat, sc.user_id, sc.bank_s, sc.since, sc.must_act, sc.turn_no, "
         "sc.turn_bank_s, sc.turn_used_s, sc.reminded, sc.expired, sc.expirations")


def clock_from_row(r: tuple) -> SeatClock:
    return SeatClock(game_id=r[0], seat=r[1], user_id=r[2], bank=r[3], since=parse_ts(r[4]),
                     must_act=bool(r[5]), turn_no=r[6], turn_bank=r[7], turn_used=r[8],
                     reminded=r[9], expired=bool(r[10]), expirations=r[11])


async def save_clock(c: aiosqlite.Connection, k: SeatClock) -> None:
    due, nxt = k.due_at, k.next_at
    await c.execute(
        "UPDATE seat_clocks SET user_id = ?, bank_s = ?, since = ?, must_act = ?, turn_no = ?, "
        "turn_bank_s = ?, turn_used_s = ?, reminded = ?, expired = ?, expirations = ?, "
        "due_at = ?, next_at = ? WHERE game_id = ? AND seat = ?",
        (k.user_id, k.bank, ts(k.since) if k.since else None, int(k.must_act), k.turn_no,
         k.turn_bank, k.turn_used, k.reminded, int(k.expired), k.expirations,
         ts(due) if due else None, ts(nxt) if nxt else None, k.game_id, k.seat))


@dataclass(frozen=True, slots=True)
class GameClock:
    game_id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    league_game_id: int | None
    pace: Pace | None
    policy: Policy
    alert_channel_id: int | None
    paused: bool
    status: str
    moves: int
    last_move_at: datetime | None


_GCOLS = ("game_id, guild_id, channel_id, ruleset, league_game_id, initial_s, increment_s, "
          "cap_s, policy, alert_channel_id, paused, status, moves, last_move_at")


def _game_clock(r: tuple) -> GameClock:
    pace = Pace(r[5], r[6], r[7]) if r[5] is not None else None
    return GameClock(r[0], r[1], r[2], r[3], r[4], pace, r[8], r[9], bool(r[10]), r[11], r[12],
                     parse_ts(r[13]))


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """One seat's clock as players see it (/clock)."""

    seat: str
    user_id: int | None
    must_act: bool
    running: bool
    remaining_s: float | None
    due_at: datetime | None
    expired: bool
    paused_by: str | None    # 'moderator' or 'vacation' when the seat must act but is stopped


@dataclass(frozen=True, slots=True)
class Vacation:
    user_id: int
    start_at: datetime
    until: datetime
    days: int


class ClockService:
    def __init__(self, db: CommunityDB):
        self.db = db

    # ------------------------------------------------------------------ lobby
    async def set_lobby_pace(self, game_id: int, pace: Pace) -> None:
        """Remember the pace chosen for a game still gathering players."""
        async with self.db.tx() as c:
            await c.execute("INSERT INTO lobby_paces VALUES (?, ?, ?, ?) ON CONFLICT "
                            "(game_id) DO UPDATE SET initial_s = excluded.initial_s, "
                            "increment_s = excluded.increment_s, cap_s = excluded.cap_s",
                            (game_id, pace.initial_s, pace.increment_s, pace.cap_s))

    async def lobby_pace(self, game_id: int) -> Pace | None:
        row = await self.db.one("SELECT initial_s, increment_s, cap_s FROM lobby_paces "
                                "WHERE game_id = ?", (game_id,))
        return Pace(*row) if row else None

    async def take_lobby_pace(self, game_id: int) -> Pace | None:
        """The pace chosen in the lobby, forgotten as it is handed over at the start."""
        async with self.db.tx() as c:
            row = await fetch_one(c, "SELECT initial_s, increment_s, cap_s FROM lobby_paces "
                                  "WHERE game_id = ?", (game_id,))
            await c.execute("DELETE FROM lobby_paces WHERE game_id = ?", (game_id,))
        return Pace(*row) if row else None

    # ------------------------------------------------------------------ registration
    async def register_game(self, game_id: int, *, channel_id: int, ruleset: str,
                            players: Mapping[str, int | None], to_act: Iterable[str],
                            at: datetime, pace: Pace | None = None, policy: Policy = "notify",
                            alert_channel_id: int | None = None, guild_id: int | None = None,
                            league_game_id: int | None = None) -> None:
        """A game started: create its clocks (pace None = untimed, still tracked)."""
        async with self.db.tx() as c:
            await self._register(c, game_id, channel_id=channel_id, ruleset=ruleset,
                                 players=players, to_act=to_act, at=at, pace=pace,
                                 policy=policy, alert_channel_id=alert_channel_id,
                                 guild_id=guild_id, league_game_id=league_game_id)

    async def _register(self, c: aiosqlite.Connection, game_id: int, *, channel_id: int,
                        ruleset: str, players: Mapping[str, int | None], to_act: Iterable[str],
                        at: datetime, pace: Pace | None, policy: Policy,
                        alert_channel_id: int | None, guild_id: int | None,
                        league_game_id: int | None) -> None:
        if policy not in POLICIES:
            raise CommunityError(f"unknown expiry policy {policy!r}")
        t = ts(at)
        await c.execute(
            "INSERT INTO community_games (game_id, guild_id, channel_id, ruleset, league_game_id, "
            "initial_s, increment_s, cap_s, policy, alert_channel_id, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
            (game_id, guild_id, channel_id, ruleset, league_game_id,
             pace.initial_s if pace else None, pace.increment_s if pace else None,
             pace.cap_s if pace else None, policy, alert_channel_id, t))
        for seat, user in players.items():
            await c.execute(
                "INSERT INTO seat_clocks (game_id, seat, user_id, bank_s) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO NOTHING",
                (game_id, seat, user, pace.initial_s if pace else None))
        await self._apply_turn(c, game_id, set(to_act), at, count_move=False)

    # ------------------------------------------------------------------ turns
    async def on_turn(self, game_id: int, to_act: Iterable[str], at: datetime) -> None:
        """After every action (or undo) in the game: `to_act` is the set of seats that
        must decide now. Unknown games are ignored (not every game is registered)."""
        seats = set(to_act)
        # Most moves change no clock (an untimed game, or the seat that moved keeps the
        # move): a read says so without a write transaction. Those took the file's one
        # writer after every action, a few round trips each, and the game store's commits
        # waited behind them. What the read finds unchanged is as if this turn had run
        # just before whatever is written next.
        if not await self._turn_writes(self.db.reader, game_id, seats, at):
            return
        async with self.db.tx() as c:
            await self._apply_turn(c, game_id, seats, at, count_move=True)

    async def _turn_writes(self, c: aiosqlite.Connection, game_id: int, to_act: set[str],
                           at: datetime) -> bool:
        """Whether `_apply_turn` would write anything: a vacation to end, a clock that
        changes, or a turn that ends (its move time is recorded)."""
        g = await self._game(c, game_id)
        if g is None or g.status != "running":
            return False
        if await self._due_vacations(c, at, game_id):
            return True
        inc = g.pace.increment_s if g.pace else None
        cap = g.pace.cap_s if g.pace else None
        for k, on_vacation in await self._clocks(c, game_id):
            r = reconcile(k, at, must_act=k.seat in to_act, blocked=g.paused or on_vacation,
                          increment=inc, cap=cap)
            if r.move_seconds is not None or r.clock != k:
                return True
        return False

    async def _game(self, c: aiosqlite.Connection, game_id: int) -> GameClock | None:
        r = await fetch_one(c, f"SELECT {_GCOLS} FROM community_games WHERE game_id = ?",
                            (game_id,))
        return _game_clock(r) if r else None

    async def _clocks(self, c: aiosqlite.Connection, game_id: int) -> list[tuple[SeatClock, bool]]:
        """The game's clocks, each with 'its player is on vacation'."""
        rows = await fetch_all(
            c, f"SELECT {_COLS}, u.vacation_until FROM seat_clocks sc "
            "LEFT JOIN community_users u ON u.user_id = sc.user_id "
            "WHERE sc.game_id = ? ORDER BY sc.seat", (game_id,))
        return [(clock_from_row(r), r[12] is not None) for r in rows]

    async def _apply_turn(self, c: aiosqlite.Connection, game_id: int, to_act: set[str],
                          at: datetime, *, count_move: bool) -> None:
        g = await self._game(c, game_id)
        if g is None or g.status != "running":
            return
        await self._end_due_vacations(c, at, game_id=game_id)
        handed_over = False
        inc = g.pace.increment_s if g.pace else None
        cap = g.pace.cap_s if g.pace else None
        for k, on_vacation in await self._clocks(c, game_id):
            r = reconcile(k, at, must_act=k.seat in to_act, blocked=g.paused or on_vacation,
                          increment=inc, cap=cap)
            if r.move_seconds is not None:
                handed_over = True
                if k.user_id is not None:
                    await c.execute("INSERT INTO move_times (user_id, game_id, seconds, at) "
                                    "VALUES (?, ?, ?, ?)",
                                    (k.user_id, game_id, r.move_seconds, ts(at)))
            if r.clock != k:
                await save_clock(c, r.clock)
        if count_move and handed_over:
            await c.execute("UPDATE community_games SET moves = moves + 1, last_move_at = ? "
                            "WHERE game_id = ?", (ts(at), game_id))

    async def _refresh_game(self, c: aiosqlite.Connection, game_id: int, at: datetime) -> None:
        """Re-decide which clocks run after a pause, resume or vacation change."""
        g = await self._game(c, game_id)
        if g is None or g.status != "running":
            return
        for k, on_vacation in await self._clocks(c, game_id):
            r = reconcile(k, at, must_act=k.must_act, blocked=g.paused or on_vacation,
                          increment=None, cap=None)
            if r.clock != k:
                await save_clock(c, r.clock)

    async def end_game(self, c: aiosqlite.Connection, game_id: int, at: datetime) -> bool:
        """Stop every clock of a game that ended. False if unknown or already ended."""
        g = await self._game(c, game_id)
        if g is None or g.status != "running":
            return False
        for k, _ in await self._clocks(c, game_id):
            await save_clock(c, replace(settle(k, at), since=None))
        await c.execute("UPDATE community_games SET status = 'ended', ended_at = ? "
                        "WHERE game_id = ?", (ts(at), game_id))
        return True

    async def replace_user(self, game_id: int, seat: str, user_id: int, at: datetime) -> None:
        """A substitute took the seat (after GameService.replace_seat). The seat's clock
        keeps its bank; a moderator usually extends it too."""
        async with self.db.tx() as c:
            cur = await c.execute("UPDATE seat_clocks SET user_id = ? WHERE game_id = ? AND seat = ?",
                                  (user_id, game_id, seat))
            if cur.rowcount != 1:
                raise CommunityError(f"game {game_id} has no clock for seat {seat!r}")
            await self._refresh_game(c, game_id, at)

    # ------------------------------------------------------------------ moderator
    async def pause(self, game_id: int, *, by: int | None, at: datetime) -> None:
        async with self.db.tx() as c:
            g = await self._game(c, game_id)
            if g is None or g.status != "running":
                raise CommunityError("that game has no running clock")
            if g.paused:
                raise CommunityError("the clock is already paused")
            await c.execute("UPDATE community_games SET paused = 1, paused_by = ? "
                            "WHERE game_id = ?", (by, game_id))
            await self._refresh_game(c, game_id, at)

    async def resume(self, game_id: int, *, by: int | None, at: datetime) -> None:
        async with self.db.tx() as c:
            g = await self._game(c, game_id)
            if g is None or g.status != "running":
                raise CommunityError("that game has no running clock")
            if not g.paused:
                raise CommunityError("the clock is not paused")
            await c.execute("UPDATE community_games SET paused = 0, paused_by = NULL "
                            "WHERE game_id = ?", (game_id,))
            await self._refresh_game(c, game_id, at)

    async def extend(self, game_id: int, seconds: float, *, at: datetime,
                     seat: str | None = None, by: int | None = None) -> None:
        """Add time to one seat's clock, or to every seat's (seat None)."""
        if seconds <= 0:
            raise CommunityError("an extension must be positive")
        async with self.db.tx() as c:
            g = await self._game(c, game_id)
            if g is None or g.status != "running" or g.pace is None:
                raise CommunityError("that game has no running timed clock")
            found = False
            for k, _ in await self._clocks(c, game_id):
                if seat is None or k.seat == seat:
                    found = True
                    await save_clock(c, extend_clock(k, at, seconds))
            if not found:
                raise CommunityError(f"no seat {seat!r} in game {game_id}")
            await self._refresh_game(c, game_id, at)

    # ------------------------------------------------------------------ players
    async def set_dm_reminders(self, user_id: int, on: bool) -> None:
        async with self.db.tx() as c:
            await c.execute("INSERT INTO community_users (user_id, dm_reminders) VALUES (?, ?) "
                            "ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders",
                            (user_id, int(on)))

    async def dm_reminders(self, user_id: int) -> bool:
        r = await self.db.one("SELECT dm_reminders FROM community_users WHERE user_id = ?",
                              (user_id,))
        return bool(r and r[0])

    async def vacation_left(self, user_id: int, at: datetime) -> int | None:
        """Vacation days the user may still take: the smallest allowance left over the
        running leagues they play in (None: in no running league, so no limit applies
        beyond `max_days` of start_vacation)."""
        leagues = await self.db.all(
            "SELECT l.id, l.vacation_days, l.started_at FROM leagues l JOIN league_players p "
            "ON p.league_id = l.id WHERE p.user_id = ? AND p.status = 'active' "
            "AND l.status = 'running'", (user_id,))
        if not leagues:
            return None
        left = []
        for _lid, allowance, started in leagues:
            used = await self.db.one("SELECT coalesce(sum(days), 0) FROM vacations "
                                     "WHERE user_id = ? AND start_at >= ?", (user_id, started))
            assert used is not None  # an aggregate always yields a row
            left.append(allowance - used[0])
        return max(0, min(left))

    async def start_vacation(self, user_id: int, days: int, at: datetime,
                             max_days: int = 30) -> Vacation:
        """Stop all the user's clocks for `days` days (counted against every running
        league the user plays in; each league allows `vacation_days` per season)."""
        if days < 1:
            raise CommunityError("a vacation lasts at least one day")
        left = await self.vacation_left(user_id, at)
        limit = max_days if left is None else min(left, max_days)
        if days > limit:
            raise CommunityError(f"you can take at most {limit} more vacation day(s)")
        until = at + timedelta(days=days)
        async with self.db.tx() as c:
            r = await fetch_one(c, "SELECT vacation_until FROM community_users WHERE user_id = ?",
                                (user_id,))
            if r and r[0] is not None and parse_time(r[0]) > at:
                raise CommunityError("you are already on vacation")
            if r and r[0] is not None:
                await self._end_vacation(c, user_id, parse_time(r[0]))
            await c.execute(
                "INSERT INTO community_users (user_id, vacation_start, vacation_until) "
                "VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "vacation_start = excluded.vacation_start, vacation_until = excluded.vacation_until",
                (user_id, ts(at), ts(until)))
            await c.execute("INSERT INTO vacations (user_id, start_at, until_at, days) "
                            "VALUES (?, ?, ?, ?)", (user_id, ts(at), ts(until), days))
            for gid in await self._user_games(c, user_id):
                await self._refresh_game(c, gid, at)
        return Vacation(user_id, at, until, days)

    async def end_vacation(self, user_id: int, at: datetime) -> None:
        """Come back early; days not begun are given back."""
        async with self.db.tx() as c:
            r = await fetch_one(c, "SELECT vacation_start, vacation_until FROM community_users "
                                "WHERE user_id = ?", (user_id,))
            if not r or r[1] is None:
                raise CommunityError("you are not on vacation")
            start, until = parse_time(r[0]), parse_time(r[1])
            end = min(at, until)
            used = max(1, math.ceil((end - start).total_seconds() / 86400))
            # (CASE, not SQLite's two-argument min: the same SQL runs on PostgreSQL)
            await c.execute("UPDATE vacations SET days = CASE WHEN days < ? THEN days "
                            "ELSE ? END WHERE user_id = ? AND start_at = ?",
                            (used, used, user_id, ts(start)))
            await self._end_vacation(c, user_id, end)

    async def on_vacation(self, user_id: int) -> Vacation | None:
        r = await self.db.one(
            "SELECT u.vacation_start, u.vacation_until, v.days FROM community_users u "
            "JOIN vacations v ON v.user_id = u.user_id AND v.start_at = u.vacation_start "
            "WHERE u.user_id = ? AND u.vacation_until IS NOT NULL", (user_id,))
        return Vacation(user_id, parse_time(r[0]), parse_time(r[1]), r[2]) if r else None

    async def _user_games(self, c: aiosqlite.Connection, user_id: int) -> list[int]:
        rows = await fetch_all(c, "SELECT sc.game_id FROM seat_clocks sc JOIN community_games g "
                               "ON g.game_id = sc.game_id WHERE sc.user_id = ? "
                               "AND g.status = 'running'", (user_id,))
        return sorted({r[0] for r in rows})

    async def _end_vacation(self, c: aiosqlite.Connection, user_id: int, at: datetime) -> None:
        """Clear the vacation and restart the user's clocks from `at` (the planned end,
        even if noticed later: clocks were stopped meanwhile, so nothing is charged twice)."""
        await c.execute("UPDATE community_users SET vacation_start = NULL, vacation_until = NULL "
                        "WHERE user_id = ?", (user_id,))
        await c.execute("UPDATE vacations SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL",
                        (ts(at), user_id))
        for gid in await self._user_games(c, user_id):
            await self._refresh_game(c, gid, at)

    async def _end_due_vacations(self, c: aiosqlite.Connection, now: datetime,
                                 game_id: int | None = None) -> int:
        """End vacations whose time is up (all, or those of one game's players)."""
        rows = await self._due_vacations(c, now, game_id)
        for user_id, until in rows:
            await self._end_vacation(c, user_id, parse_time(until))
        return len(rows)

    @staticmethod
    async def _due_vacations(c: aiosqlite.Connection, now: datetime,
                             game_id: int | None = None) -> list[tuple]:
        """(user, vacation end) of vacations whose time is up (all, or one game's)."""
        if game_id is None:
            return await fetch_all(c, "SELECT user_id, vacation_until FROM community_users "
                                   "WHERE vacation_until <= ? ORDER BY vacation_until",
                                   (ts(now),))
        return await fetch_all(
            c, "SELECT u.user_id, u.vacation_until FROM community_users u JOIN seat_clocks sc "
            "ON sc.user_id = u.user_id WHERE sc.game_id = ? AND u.vacation_until <= ?",
            (game_id, ts(now)))

    # ------------------------------------------------------------------ reading
    async def status(self, game_id: int, at: datetime) -> list[ClockStatus]:
        g = await self.db.one(f"SELECT {_GCOLS} FROM community_games WHERE game_id = ?",
                              (game_id,))
        if g is None:
            return []
        game = _game_clock(g)
        rows = await self.db.all(
            f"SELECT {_COLS}, u.vacation_until FROM seat_clocks sc LEFT JOIN community_users u "
            "ON u.user_id = sc.user_id WHERE sc.game_id = ? ORDER BY sc.seat", (game_id,))
        out = []
        for r in rows:
            k = clock_from_row(r)
            why = None
            if k.must_act and not k.running and not k.expired and game.status == "running":
                why = "moderator" if game.paused else ("vacation" if r[12] else None)
            out.append(ClockStatus(k.seat, k.user_id, k.must_act, k.running, k.remaining(at),
                                   k.due_at, k.expired, why))
        return out

    async def game(self, game_id: int) -> GameClock | None:
        r = await self.db.one(f"SELECT {_GCOLS} FROM community_games WHERE game_id = ?",
                              (game_id,))
        return _game_clock(r) if r else None
