"""Leagues: a season of round-robin games between the players who joined.

The transport creates each pairing's game (in a thread of the league channel) when
`pending_games` lists it, then calls `Community.league_game_started`. Results arrive by
themselves from `Community.game_ended`; a moderator can also record an adjudicated
result, add a late player or remove one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

import aiosqlite

from .actions import AbandonGame, ApplyForfeit, Instruction
from .clocks import CommunityError
from .db import CommunityDB, dumps, fetch_all, fetch_one, parse_ts, ts
from .pace import POLICIES, Pace, Policy
from .roundrobin import late_entry, round_robin
from .standings import Points, Result, Standing, compute_table, format_table

LeagueStatus = Literal["open", "running", "finished"]


@dataclass(frozen=True, slots=True)
class League:
    id: int
    guild_id: int | None
    channel_id: int
    name: str
    ruleset: str
    scenario: str
    seats: tuple[str, str]
    options: dict[str, Any]
    pace: Pace | None
    policy: Policy
    cycles: int
    rounds_open: int
    points: Points
    vacation_days: int
    rated: bool
    digest_hour: int
    status: LeagueStatus
    created_by: int | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


_LCOLS = ("id, guild_id, channel_id, name, ruleset, scenario, seats, options, initial_s, "
          "increment_s, cap_s, policy, cycles, rounds_open, points_win, points_draw, "
          "points_loss, vacation_days, rated, digest_hour, status, created_by, created_at, "
          "started_at, finished_at")


def _league(r: tuple) -> League:
    return League(
        id=r[0], guild_id=r[1], channel_id=r[2], name=r[3], ruleset=r[4], scenario=r[5],
        seats=tuple(json.loads(r[6])), options=json.loads(r[7]),
        pace=Pace(r[8], r[9], r[10]) if r[8] is not None else None, policy=r[11], cycles=r[12],
        rounds_open=r[13], points=Points(r[14], r[15], r[16]), vacation_days=r[17],
        rated=bool(r[18]), digest_hour=r[19], status=r[20], created_by=r[21],
        created_at=parse_ts(r[22]), started_at=parse_ts(r[23]), finished_at=parse_ts(r[24]))


@dataclass(frozen=True, slots=True)
class LeagueGame:
    id: int
    league_id: int
    round: int
    board: int
    user_a: int            # plays the league's first seat
    user_b: int            # plays the second seat
    game_id: int | None
    thread_id: int | None
    status: str            # pending, running, finished, void
    result: str | None     # 'a', 'b', 'draw'
    result_how: str | None  # played, time, forfeit, adjudicated
    ended_at: datetime | None

    def players(self, seats: Sequence[str]) -> dict[str, int]:
        return {seats[0]: self.user_a, seats[1]: self.user_b}

    @property
    def score_a(self) -> float | None:
        return {"a": 1.0, "b": 0.0, "draw": 0.5}.get(self.result or "")


_GCOLS = ("id, league_id, round, board, user_a, user_b, game_id, thread_id, status, result, "
          "result_how, ended_at")


def _lgame(r: tuple) -> LeagueGame:
    return LeagueGame(*r[:11], ended_at=parse_ts(r[11]))


def next_slot(after: datetime, hour: int) -> datetime:
    """The first `hour`:00 UTC strictly after `after`."""
    slot = after.replace(hour=hour, minute=0, second=0, microsecond=0)
    if slot <= after:
        slot += timedelta(days=1)
    return slot


class LeagueService:
    def __init__(self, db: CommunityDB):
        self.db = db

    # ------------------------------------------------------------------ reading
    async def get(self, league_id: int) -> League:
        r = await self.db.one(f"SELECT {_LCOLS} FROM leagues WHERE id = ?", (league_id,))
        if r is None:
            raise CommunityError(f"no league {league_id}")
        return _league(r)

    async def find(self, guild_id: int | None, name: str) -> League | None:
        r = await self.db.one(f"SELECT {_LCOLS} FROM leagues WHERE coalesce(guild_id, 0) = ? "
                              "AND lower(name) = lower(?)", (guild_id or 0, name))
        return _league(r) if r else None

    async def list(self, guild_id: int | None, status: str | None = None) -> list[League]:
        sql = f"SELECT {_LCOLS} FROM leagues WHERE coalesce(guild_id, 0) = ?"
        params: list[Any] = [guild_id or 0]
        if status:
            sql += " AND status = ?"
            params.append(status)
        return [_league(r) for r in await self.db.all(sql + " ORDER BY id", params)]

    async def players(self, league_id: int, *, include_removed: bool = False) -> list[int]:
        rows = await self.db.all(
            "SELECT user_id FROM league_players WHERE league_id = ? AND (? = 1 OR status = 'active') "
            "ORDER BY joined_at, user_id", (league_id, int(include_removed)))
        return [r[0] for r in rows]

    async def games(self, league_id: int, *, user_id: int | None = None,
                    status: str | None = None) -> list[LeagueGame]:
        sql = f"SELECT {_GCOLS} FROM league_games WHERE league_id = ?"
        params: list[Any] = [league_id]
        if user_id is not None:
            sql += " AND (user_a = ? OR user_b = ?)"
            params += [user_id, user_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        return [_lgame(r) for r in await self.db.all(sql + " ORDER BY round, board", params)]

    async def league_game(self, league_game_id: int) -> LeagueGame:
        r = await self.db.one(f"SELECT {_GCOLS} FROM league_games WHERE id = ?", (league_game_id,))
        if r is None:
            raise CommunityError(f"no league game {league_game_id}")
        return _lgame(r)

    async def by_game(self, game_id: int) -> LeagueGame | None:
        r = await self.db.one(f"SELECT {_GCOLS} FROM league_games WHERE game_id = ?", (game_id,))
        return _lgame(r) if r else None

    async def pending_games(self, league_id: int | None = None) -> list[LeagueGame]:
        """Pairings whose game the transport should create now (all rounds at once, or
        the first `rounds_open` unfinished rounds)."""
        cols = ", ".join(f"g.{col.strip()}" for col in _GCOLS.split(","))
        sql = (f"SELECT {cols} FROM league_games g "
               "JOIN leagues l ON l.id = g.league_id WHERE g.status = 'pending' "
               "AND l.status = 'running' AND (l.rounds_open = 0 OR g.round < l.rounds_open + "
               "(SELECT min(round) FROM league_games u WHERE u.league_id = l.id "
               "AND u.status IN ('pending', 'running')))")
        params: list[Any] = []
        if league_id is not None:
            sql += " AND g.league_id = ?"
            params.append(league_id)
        rows = await self.db.all(sql + " ORDER BY g.league_id, g.round, g.board", params)
        return [_lgame(r) for r in rows]

    async def table(self, league_id: int) -> list[Standing]:
        return await table_in(self.db.reader, league_id)

    async def table_text(self, league_id: int, names: Mapping[int, str] | None = None) -> str:
        league = await self.get(league_id)
        rows = await self.table(league_id)
        known = await names_of(self.db.reader, [s.user_id for s in rows])
        return format_table(rows, {**known, **(names or {})}, title=f"{league.name} — table")

    # ------------------------------------------------------------------ organiser
    async def create(self, *, channel_id: int, name: str, ruleset: str, scenario: str,
                     at: datetime, guild_id: int | None = None,
                     seats: Sequence[str] | None = None, options: Mapping[str, Any] | None = None,
                     pace: Pace | None = None, policy: Policy = "notify", cycles: int = 1,
                     rounds_open: int = 0, points: Points | None = None, vacation_days: int = 14,
                     rated: bool = True, digest_hour: int = 18,
                     created_by: int | None = None) -> League:
        name = name.strip()
        if not name or len(name) > 60:
            raise CommunityError("a league needs a name of 1 to 60 characters")
        if seats is None:
            import engine
            seats = engine.ruleset(ruleset).seats(scenario)
        if len(seats) != 2:
            raise CommunityError("leagues are for two-seat games (round-robin pairings)")
        if policy not in POLICIES or cycles not in (1, 2) or not 0 <= digest_hour <= 23:
            raise CommunityError("bad policy, cycles or digest hour")
        if rounds_open < 0 or vacation_days < 0:
            raise CommunityError("rounds_open and vacation_days cannot be negative")
        pace = pace if pace is not None else Pace.default()
        points = points or Points()
        try:
            async with self.db.tx() as c:
                cur = await c.execute(
                    "INSERT INTO leagues (guild_id, channel_id, name, ruleset, scenario, seats, "
                    "options, initial_s, increment_s, cap_s, policy, cycles, rounds_open, "
                    "points_win, points_draw, points_loss, vacation_days, rated, digest_hour, "
                    "created_by, created_at) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (guild_id, channel_id, name, ruleset, scenario, dumps(list(seats)),
                     dumps(dict(options or {})), pace.initial_s, pace.increment_s, pace.cap_s,
                     policy, cycles, rounds_open, points.win, points.draw, points.loss,
                     vacation_days, int(rated), digest_hour, created_by, ts(at)))
                (league_id,) = await cur.fetchone()
                await cur.close()
        except aiosqlite.IntegrityError as exc:
            raise CommunityError(f"there is already a league called {name!r}") from exc
        return await self.get(league_id)

    async def join(self, league_id: int, user_id: int, at: datetime) -> None:
        async with self.db.tx() as c:
            league = await self._league(c, league_id)
            if league.status != "open":
                raise CommunityError("the league has started; ask a moderator to add you")
            r = await fetch_one(c, "SELECT status FROM league_players WHERE league_id = ? "
                                "AND user_id = ?", (league_id, user_id))
            if r is not None and r[0] == "active":
                raise CommunityError("you are already in this league")
            await c.execute(
                "INSERT INTO league_players (league_id, user_id, joined_at) VALUES (?, ?, ?) "
                "ON CONFLICT (league_id, user_id) DO UPDATE SET status = 'active', "
                "removed_at = NULL", (league_id, user_id, ts(at)))

    async def leave(self, league_id: int, user_id: int, at: datetime) -> None:
        async with self.db.tx() as c:
            league = await self._league(c, league_id)
            if league.status != "open":
                raise CommunityError("the league has started; ask a moderator to withdraw you")
            cur = await c.execute("DELETE FROM league_players WHERE league_id = ? AND user_id = ?",
                                  (league_id, user_id))
            if cur.rowcount != 1:
                raise CommunityError("you are not in this league")

    async def start(self, league_id: int, at: datetime, *,
                    shuffle_seed: int | None = None) -> list[LeagueGame]:
        """Draw up the round robin. Players are seeded in join order, or shuffled with
        `shuffle_seed` (reproducible, so the draw can be re-checked)."""
        async with self.db.tx() as c:
            league = await self._league(c, league_id)
            if league.status != "open":
                raise CommunityError("the league has already started")
            rows = await fetch_all(c, "SELECT user_id FROM league_players WHERE league_id = ? "
                                   "AND status = 'active' ORDER BY joined_at, user_id", (league_id,))
            players = [r[0] for r in rows]
            if len(players) < 2:
                raise CommunityError("a league needs at least two players")
            if shuffle_seed is not None:
                random.Random(shuffle_seed).shuffle(players)
            for p in round_robin(players, league.cycles):
                await c.execute("INSERT INTO league_games (league_id, round, board, user_a, user_b) "
                                "VALUES (?, ?, ?, ?, ?)",
                                (league_id, p.round, p.board, p.first, p.second))
            await c.execute("UPDATE leagues SET status = 'running', started_at = ?, "
                            "next_digest_at = ?, last_digest_at = ? WHERE id = ?",
                            (ts(at), ts(next_slot(at, league.digest_hour)), ts(at), league_id))
        return await self.games(league_id)

    async def attach_game(self, c: aiosqlite.Connection, league_game_id: int, game_id: int,
                          thread_id: int | None) -> tuple[League, LeagueGame]:
        r = await fetch_one(c, f"SELECT {_GCOLS} FROM league_games WHERE id = ?",
                            (league_game_id,))
        if r is None:
            raise CommunityError(f"no league game {league_game_id}")
        lg = _lgame(r)
        if lg.status != "pending":
            raise CommunityError(f"league game {league_game_id} is {lg.status}, not pending")
        await c.execute("UPDATE league_games SET game_id = ?, thread_id = ?, status = 'running' "
                        "WHERE id = ?", (game_id, thread_id, league_game_id))
        league = await self._league(c, lg.league_id)
        r = await fetch_one(c, f"SELECT {_GCOLS} FROM league_games WHERE id = ?",
                            (league_game_id,))
        return league, _lgame(r)

    # ------------------------------------------------------------------ moderators
    async def add_player(self, league_id: int, user_id: int, at: datetime) -> list[LeagueGame]:
        """Add a player; after the start they get one game against each active player,
        each in a new round of its own. Returns the new pairings."""
        async with self.db.tx() as c:
            league = await self._league(c, league_id)
            if league.status == "finished":
                raise CommunityError("the league is over")
            r = await fetch_one(c, "SELECT status FROM league_players WHERE league_id = ? "
                                "AND user_id = ?", (league_id, user_id))
            if r is not None and r[0] == "active":
                raise CommunityError("that player is already in the league")
            opponents = [x[0] for x in await fetch_all(
                c, "SELECT user_id FROM league_players WHERE league_id = ? AND status = 'active' "
                "ORDER BY joined_at, user_id", (league_id,))]
            await c.execute(
                "INSERT INTO league_players (league_id, user_id, joined_at) VALUES (?, ?, ?) "
                "ON CONFLICT (league_id, user_id) DO UPDATE SET status = 'active', "
                "removed_at = NULL", (league_id, user_id, ts(at)))
            if league.status == "open":
                return []
            counts: dict[int, tuple[int, int]] = {}
            for u in opponents:
                a = await fetch_one(c, "SELECT count(*) FROM league_games WHERE league_id = ? "
                                    "AND user_a = ? AND status != 'void'", (league_id, u))
                b = await fetch_one(c, "SELECT count(*) FROM league_games WHERE league_id = ? "
                                    "AND user_b = ? AND status != 'void'", (league_id, u))
                counts[u] = (a[0], b[0])
            last = await fetch_one(c, "SELECT coalesce(max(round), 0) FROM league_games "
                                   "WHERE league_id = ?", (league_id,))
            new_ids = []
            for p in late_entry(user_id, opponents, counts, last[0] + 1):
                cur = await c.execute(
                    "INSERT INTO league_games (league_id, round, board, user_a, user_b) "
                    "VALUES (?, ?, ?, ?, ?) RETURNING id",
                    (league_id, p.round, p.board, p.first, p.second))
                new_ids.append((await cur.fetchone())[0])
                await cur.close()
        return [await self.league_game(i) for i in new_ids]

    async def remove_player(self, league_id: int, user_id: int, at: datetime, *,
                            by: int | None = None,
                            unplayed: Literal["void", "forfeit"] = "forfeit") -> list[Instruction]:
        """Withdraw a player. Their games not yet finished are voided or scored as
        forfeits (the opponent wins); games already running must then be ended by the
        transport: the returned instructions say how."""
        if unplayed not in ("void", "forfeit"):
            raise CommunityError("unplayed games are either voided or forfeited")
        out: list[Instruction] = []
        async with self.db.tx() as c:
            league = await self._league(c, league_id)
            cur = await c.execute("UPDATE league_players SET status = 'removed', removed_at = ? "
                                  "WHERE league_id = ? AND user_id = ? AND status = 'active'",
                                  (ts(at), league_id, user_id))
            if cur.rowcount != 1:
                raise CommunityError("that player is not in the league")
            rows = await fetch_all(c, f"SELECT {_GCOLS} FROM league_games WHERE league_id = ? "
                                   "AND (user_a = ? OR user_b = ?) AND status IN "
                                   "('pending', 'running')", (league_id, user_id, user_id))
            for lg in map(_lgame, rows):
                if unplayed == "void":
                    await self._set_result(c, lg.id, None, "adjudicated", by, at,
                                           "player withdrawn")
                    if lg.status == "running" and lg.game_id is not None:
                        out.append(AbandonGame(f"void:{lg.id}", lg.game_id,
                                               "the player withdrew from the league"))
                else:
                    result = "b" if lg.user_a == user_id else "a"
                    await self._set_result(c, lg.id, result, "forfeit", by, at, "player withdrawn")
                    if lg.status == "running" and lg.game_id is not None:
                        seat = league.seats[0] if lg.user_a == user_id else league.seats[1]
                        out.append(ApplyForfeit(f"withdraw:{lg.id}", lg.game_id, seat, user_id,
                                                "withdrawn from the league"))
            await self._maybe_finish(c, league_id, at)
        return out

    async def record_result(self, league_game_id: int, result: str | None, at: datetime, *,
                            by: int | None = None, note: str | None = None) -> list[Instruction]:
        """A moderator's adjudication: result 'a' (first seat wins), 'b', 'draw', or None
        to void the game. A running game is then abandoned by the transport (not rated)."""
        if result not in ("a", "b", "draw", None):
            raise CommunityError("the result is 'a', 'b', 'draw' or void")
        async with self.db.tx() as c:
            r = await fetch_one(c, f"SELECT {_GCOLS} FROM league_games WHERE id = ?",
                                (league_game_id,))
            if r is None:
                raise CommunityError(f"no league game {league_game_id}")
            lg = _lgame(r)
            await self._set_result(c, lg.id, result, "adjudicated", by, at, note)
            await self._maybe_finish(c, lg.league_id, at)
        if lg.status == "running" and lg.game_id is not None:
            return [AbandonGame(f"adjudicated:{lg.id}:{at.timestamp():.0f}", lg.game_id,
                                "result adjudicated by a moderator")]
        return []

    # ------------------------------------------------------------------ internals
    async def _league(self, c: aiosqlite.Connection, league_id: int) -> League:
        r = await fetch_one(c, f"SELECT {_LCOLS} FROM leagues WHERE id = ?", (league_id,))
        if r is None:
            raise CommunityError(f"no league {league_id}")
        return _league(r)

    async def _set_result(self, c: aiosqlite.Connection, lg_id: int, result: str | None,
                          how: str, by: int | None, at: datetime, note: str | None) -> None:
        await c.execute(
            "UPDATE league_games SET status = ?, result = ?, result_how = ?, result_by = ?, "
            "note = ?, ended_at = ? WHERE id = ?",
            ("void" if result is None else "finished", result, how, by, note, ts(at), lg_id))

    async def on_game_end(self, c: aiosqlite.Connection, game_id: int, *, winners: Sequence[str],
                          status: str, late_seats: Sequence[str],
                          at: datetime) -> tuple[League, LeagueGame] | None:
        """Score a league game from its outcome, unless a moderator already did."""
        r = await fetch_one(c, f"SELECT {_GCOLS} FROM league_games WHERE game_id = ?", (game_id,))
        if r is None:
            return None
        lg = _lgame(r)
        league = await self._league(c, lg.league_id)
        if lg.status != "running":
            return league, lg
        if status != "finished":
            await self._set_result(c, lg.id, None, "abandoned", None, at, "game abandoned")
        else:
            a, b = league.seats
            w = set(winners)
            if not w or w >= {a, b}:
                result = "draw"
            else:
                result = "a" if a in w else "b"
            loser = b if result == "a" else a if result == "b" else None
            how = "time" if loser is not None and loser in late_seats else "played"
            await self._set_result(c, lg.id, result, how, None, at, None)
        await self._maybe_finish(c, lg.league_id, at)
        r = await fetch_one(c, f"SELECT {_GCOLS} FROM league_games WHERE id = ?", (lg.id,))
        return league, _lgame(r)

    async def _maybe_finish(self, c: aiosqlite.Connection, league_id: int, at: datetime) -> None:
        left = await fetch_one(c, "SELECT count(*) FROM league_games WHERE league_id = ? "
                               "AND status IN ('pending', 'running')", (league_id,))
        if left[0] == 0:
            await c.execute("UPDATE leagues SET status = 'finished', finished_at = ? "
                            "WHERE id = ? AND status = 'running'", (ts(at), league_id))


async def table_in(c: aiosqlite.Connection, league_id: int) -> list[Standing]:
    r = await fetch_one(c, "SELECT points_win, points_draw, points_loss FROM leagues WHERE id = ?",
                        (league_id,))
    if r is None:
        raise CommunityError(f"no league {league_id}")
    points = Points(*r)
    players = await fetch_all(c, "SELECT user_id, status FROM league_players WHERE league_id = ? "
                              "ORDER BY joined_at, user_id", (league_id,))
    games = await fetch_all(c, "SELECT user_a, user_b, result FROM league_games "
                            "WHERE league_id = ? AND status = 'finished'", (league_id,))
    score = {"a": 1.0, "b": 0.0, "draw": 0.5}
    results = [Result(a, b, score[res]) for a, b, res in games]
    played = {u for r in results for u in (r.first, r.second)}
    # a withdrawn player who never finished a game is left out of the table
    players = [p for p in players if p[1] == "active" or p[0] in played]
    return compute_table([p[0] for p in players], results, points,
                         inactive=[p[0] for p in players if p[1] != "active"])


async def names_of(c: aiosqlite.Connection, user_ids: Sequence[int]) -> dict[int, str]:
    if not user_ids:
        return {}
    marks = ",".join("?" * len(user_ids))
    rows = await fetch_all(c, f"SELECT user_id, display_name FROM community_users WHERE user_id "
                           f"IN ({marks}) AND display_name IS NOT NULL", list(user_ids))
    return {r[0]: r[1] for r in rows}
