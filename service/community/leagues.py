"""Leagues: a season of round-robin games between the players who joined.

The transport creates each pairing's game (in a thread of the league channel) when
`pending_games` lists it, then calls `Community.league_game_started`. Results arrive by
themselves from `Community.game_ended`; a moderator can also record an adjudicated
result, add a late player or remove one.
"""

from __future__ import annotations

import builtins
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

import aiosqlite

from .actions import AbandonGame, ApplyForfeit, Instruction
from .clocks import CommunityError
from .db import CommunityDB, dumps, fetch_all, fetch_one, fetch_value, parse_time, parse_ts, ts
from .pace import POLICIES, Pace, Policy
from .ratings import ranking, seat_places
from .roundrobin import (
    MAX_GAMES,
    Pairing,
    games_in_schedule,
    group_round_robin,
    late_entry,
    late_groups,
)
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
    seats: tuple[str, ...]
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
    holdings: tuple[tuple[str, ...], ...] = ()  # the seats each person holds, by place
    teams: tuple[tuple[str, ...], ...] = ()     # allied seats (empty: every seat alone)

    @property
    def size(self) -> int:
        """People per game."""
        return len(self.holdings)

    def team_of(self, seat: str) -> tuple[str, ...]:
        return next((t for t in self.teams if seat in t), (seat,))

    def place_of(self, seat: str) -> int:
        return next(i for i, held in enumerate(self.holdings) if seat in held)

    def place_title(self, place: int) -> str:
        return " & ".join(self.holdings[place])

    def winners_of(self, seats: Sequence[str]) -> set[str]:
        """The seats that win when `seats` win: allies win together."""
        unknown = set(seats) - set(self.seats)
        if unknown:
            raise CommunityError(f"{', '.join(sorted(unknown))} is not a seat of this league; "
                                 f"the seats are {', '.join(self.seats)}")
        return {t for s in seats for t in self.team_of(s)}

    def results_for(self, ranked: Sequence[Sequence[str]]) -> tuple[tuple[str, ...],
                                                                   tuple[int, ...]]:
        """Each person's result and finishing place when the seats finished as `ranked`
        (best first, `ratings.ranking`): a person finishes in the best place of the seats
        they hold; the first place wins; everyone sharing the first place is a draw."""
        seat_place = seat_places(ranked)
        places = tuple(min(seat_place[s] for s in held) for held in self.holdings)
        ranks = sorted(set(places))
        places = tuple(ranks.index(p) + 1 for p in places)  # no gaps among the people
        if len(ranks) == 1:
            return ("draw",) * self.size, places
        return tuple("win" if p == 1 else "loss" for p in places), places


_LCOLS = ("id, guild_id, channel_id, name, ruleset, scenario, seats, options, initial_s, "
          "increment_s, cap_s, policy, cycles, rounds_open, points_win, points_draw, "
          "points_loss, vacation_days, rated, digest_hour, status, created_by, created_at, "
          "started_at, finished_at, holdings, teams")


def _league(r: tuple) -> League:
    seats = tuple(json.loads(r[6]))
    holdings = tuple(tuple(h) for h in json.loads(r[25])) or tuple((s,) for s in seats)
    return League(
        id=r[0], guild_id=r[1], channel_id=r[2], name=r[3], ruleset=r[4], scenario=r[5],
        seats=seats, options=json.loads(r[7]),
        pace=Pace(r[8], r[9], r[10]) if r[8] is not None else None, policy=r[11], cycles=r[12],
        rounds_open=r[13], points=Points(r[14], r[15], r[16]), vacation_days=r[17],
        rated=bool(r[18]), digest_hour=r[19], status=r[20], created_by=r[21],
        created_at=parse_time(r[22]), started_at=parse_ts(r[23]), finished_at=parse_ts(r[24]),
        holdings=holdings, teams=tuple(tuple(t) for t in json.loads(r[26])))


@dataclass(frozen=True, slots=True)
class LeagueGame:
    id: int
    league_id: int
    round: int
    board: int
    game_id: int | None
    thread_id: int | None
    status: str            # pending, running, finished, void
    result_how: str | None  # played, time, forfeit, adjudicated
    ended_at: datetime | None
    users: tuple[int, ...] = ()            # who takes each place of the league
    results: tuple[str | None, ...] = ()   # each person's 'win' / 'loss' / 'draw'
    places: tuple[int | None, ...] = ()    # each person's finishing place (1 = best)

    def players(self, league: League) -> dict[str, int]:
        """seat -> user, for every seat of the game."""
        return {seat: self.users[place] for place, held in enumerate(league.holdings)
                for seat in held}

    def place_of(self, user_id: int) -> int | None:
        return self.users.index(user_id) if user_id in self.users else None

    @property
    def drawn(self) -> bool:
        return bool(self.results) and all(r == "draw" for r in self.results)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(u for u, r in zip(self.users, self.results) if r == "win")

    @property
    def losers(self) -> tuple[int, ...]:
        return tuple(u for u, r in zip(self.users, self.results) if r == "loss")

    def result_row(self) -> Result:
        score = {"win": 1.0, "draw": 0.5, "loss": 0.0}
        return Result(self.users, tuple(score[r or "loss"] for r in self.results),
                      tuple(p or (1 if r in ("win", "draw") else 2)
                            for p, r in zip(self.places, self.results)))


_GCOLS = "id, league_id, round, board, game_id, thread_id, status, result_how, ended_at"


def _lgame(r: tuple, people: Sequence[tuple] = ()) -> LeagueGame:
    """A league game from its row and its (slot, user, result, place) rows."""
    ordered = sorted(people)
    return LeagueGame(id=r[0], league_id=r[1], round=r[2], board=r[3], game_id=r[4],
                      thread_id=r[5], status=r[6], result_how=r[7], ended_at=parse_ts(r[8]),
                      users=tuple(p[1] for p in ordered), results=tuple(p[2] for p in ordered),
                      places=tuple(p[3] for p in ordered))


async def _with_people(c: aiosqlite.Connection, rows: Sequence[tuple]) -> list[LeagueGame]:
    """League games from their rows, with their people (one more query)."""
    if not rows:
        return []
    ids = [r[0] for r in rows]
    marks = ",".join("?" * len(ids))
    people: dict[int, list[tuple]] = {}
    for gid, slot, user, result, place in await fetch_all(
            c, f"SELECT league_game_id, slot, user_id, result, place FROM league_game_players "
            f"WHERE league_game_id IN ({marks})", ids):
        people.setdefault(gid, []).append((slot, user, result, place))
    return [_lgame(r, people.get(r[0], ())) for r in rows]


async def _one_game(c: aiosqlite.Connection, where: str, param: int) -> LeagueGame | None:
    r = await fetch_one(c, f"SELECT {_GCOLS} FROM league_games WHERE {where} = ?", (param,))
    return (await _with_people(c, [r]))[0] if r else None


async def _insert_pairing(c: aiosqlite.Connection, league_id: int, p: Pairing) -> int:
    lg_id = await fetch_value(c, "INSERT INTO league_games (league_id, round, board) "
                              "VALUES (?, ?, ?) RETURNING id", (league_id, p.round, p.board))
    for place, user in enumerate(p.users):
        await c.execute("INSERT INTO league_game_players (league_game_id, slot, user_id) "
                        "VALUES (?, ?, ?)", (lg_id, place, user))
    return lg_id


def joined(words: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def lineup(lg: LeagueGame, label: Callable[[int], str]) -> str:
    """"A v B v C", each place labelled by `label(place)`."""
    return " v ".join(label(place) for place in range(len(lg.users)))


def result_text(lg: LeagueGame, label: Callable[[int], str]) -> str:
    """A finished game's result in words: "A beat B", "A and B beat C", "A drew with B",
    or by place when it ranked three or more: "1st A · 2nd B · 3rd C and D"."""
    places = range(len(lg.users))
    ranks = sorted({p for p in lg.places if p is not None})
    if len(ranks) > 2:
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}
        return " · ".join(
            f"{ordinal.get(n, f'{n}th')} {joined([label(p) for p in places if lg.places[p] == n])}"
            for n in ranks)
    if lg.drawn:
        if len(lg.users) == 2:
            return f"{label(0)} drew with {label(1)}"
        return f"{joined([label(p) for p in places])} drew"
    return (f"{joined([label(p) for p in places if lg.results[p] == 'win'])} beat "
            f"{joined([label(p) for p in places if lg.results[p] != 'win'])}")


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

    async def players(self, league_id: int, *, include_removed: bool = False) -> builtins.list[int]:
        rows = await self.db.all(
            "SELECT user_id FROM league_players WHERE league_id = ? AND (? = 1 OR status = 'active') "
            "ORDER BY joined_at, user_id", (league_id, int(include_removed)))
        return [r[0] for r in rows]

    async def games(self, league_id: int, *, user_id: int | None = None,
                    status: str | None = None) -> builtins.list[LeagueGame]:
        sql = f"SELECT {_GCOLS} FROM league_games WHERE league_id = ?"
        params: list[Any] = [league_id]
        if user_id is not None:
            sql += (" AND id IN (SELECT league_game_id FROM league_game_players "
                    "WHERE user_id = ?)")
            params.append(user_id)
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        c = self.db.reader
        rows = await fetch_all(c, sql + " ORDER BY round, board", params)
        return await _with_people(c, rows)

    async def league_game(self, league_game_id: int) -> LeagueGame:
        lg = await _one_game(self.db.reader, "id", league_game_id)
        if lg is None:
            raise CommunityError(f"no league game {league_game_id}")
        return lg

    async def by_game(self, game_id: int) -> LeagueGame | None:
        return await _one_game(self.db.reader, "game_id", game_id)

    async def pending_games(self, league_id: int | None = None) -> builtins.list[LeagueGame]:
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
        c = self.db.reader
        rows = await fetch_all(c, sql + " ORDER BY g.league_id, g.round, g.board", params)
        return await _with_people(c, rows)

    async def table(self, league_id: int) -> builtins.list[Standing]:
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
                     created_by: int | None = None,
                     holdings: Sequence[Sequence[str]] | None = None,
                     teams: Sequence[Sequence[str]] | None = None) -> League:
        """A league for `scenario`. Seats, teams and who holds what come from the
        ruleset (at the player count `options["players"]`, if the scenario allows
        several), unless `seats` are given (then one person each unless `holdings` say
        otherwise, and teams only if given)."""
        name = name.strip()
        if not name or len(name) > 60:
            raise CommunityError("a league needs a name of 1 to 60 characters")
        if seats is None:  # from the ruleset; given seats mean one person each, no teams
            import engine
            from engine.core.types import IllegalAction
            try:
                sc = engine.ruleset(ruleset).scenarios[scenario]
                held = sc.holdings((options or {}).get("players"))
            except (KeyError, IllegalAction) as exc:
                raise CommunityError(f"no such game to play: {exc}") from None
            seats = sc.seats
            holdings = holdings if holdings is not None else held
            teams = teams if teams is not None else sc.teams
        holdings = [list(h) for h in holdings or ()] or [[s] for s in seats]
        teams = teams or ()
        if sorted(s for h in holdings for s in h) != sorted(seats):
            raise CommunityError("every seat must be held by exactly one person")
        if not 2 <= len(holdings) <= 6:
            raise CommunityError("leagues are for games of 2 to 6 players")
        if policy not in POLICIES or not 0 <= digest_hour <= 23:
            raise CommunityError("bad policy or digest hour")
        if not 1 <= cycles <= max(2, len(holdings)):
            raise CommunityError(f"a league of {len(holdings)}-player games plays 1 to "
                                 f"{max(2, len(holdings))} cycles")
        if rounds_open < 0 or vacation_days < 0:
            raise CommunityError("rounds_open and vacation_days cannot be negative")
        pace = pace if pace is not None else Pace.default()
        points = points or Points()
        try:
            async with self.db.tx() as c:
                league_id = await fetch_value(
                    c, "INSERT INTO leagues (guild_id, channel_id, name, ruleset, scenario, seats, "
                    "options, initial_s, increment_s, cap_s, policy, cycles, rounds_open, "
                    "points_win, points_draw, points_loss, vacation_days, rated, digest_hour, "
                    "created_by, created_at, holdings, teams) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "RETURNING id",
                    (guild_id, channel_id, name, ruleset, scenario, dumps(list(seats)),
                     dumps(dict(options or {})), pace.initial_s, pace.increment_s, pace.cap_s,
                     policy, cycles, rounds_open, points.win, points.draw, points.loss,
                     vacation_days, int(rated), digest_hour, created_by, ts(at),
                     dumps(holdings), dumps([list(t) for t in teams])))
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
                    shuffle_seed: int | None = None) -> builtins.list[LeagueGame]:
        """Draw up the round robin. Players are seeded in join order, or shuffled with
        `shuffle_seed` (reproducible, so the draw can be re-checked)."""
        async with self.db.tx() as c:
            league = await self._league(c, league_id)
            if league.status != "open":
                raise CommunityError("the league has already started")
            rows = await fetch_all(c, "SELECT user_id FROM league_players WHERE league_id = ? "
                                   "AND status = 'active' ORDER BY joined_at, user_id", (league_id,))
            players = [r[0] for r in rows]
            if len(players) < league.size:
                raise CommunityError(f"a league of {league.size}-player games needs at least "
                                     f"{league.size} players")
            if games_in_schedule(len(players), league.size, league.cycles) > MAX_GAMES:
                raise CommunityError(f"that would be more than {MAX_GAMES} games; play fewer "
                                     "cycles or split the players into two leagues")
            if shuffle_seed is not None:
                random.Random(shuffle_seed).shuffle(players)
            for p in group_round_robin(players, league.size, league.cycles):
                await _insert_pairing(c, league_id, p)
            await c.execute("UPDATE leagues SET status = 'running', started_at = ?, "
                            "next_digest_at = ?, last_digest_at = ? WHERE id = ?",
                            (ts(at), ts(next_slot(at, league.digest_hour)), ts(at), league_id))
        return await self.games(league_id)

    async def attach_game(self, c: aiosqlite.Connection, league_game_id: int, game_id: int,
                          thread_id: int | None) -> tuple[League, LeagueGame]:
        lg = await _one_game(c, "id", league_game_id)
        if lg is None:
            raise CommunityError(f"no league game {league_game_id}")
        if lg.status != "pending":
            raise CommunityError(f"league game {league_game_id} is {lg.status}, not pending")
        await c.execute("UPDATE league_games SET game_id = ?, thread_id = ?, status = 'running' "
                        "WHERE id = ?", (game_id, thread_id, league_game_id))
        league = await self._league(c, lg.league_id)
        lg = await _one_game(c, "id", league_game_id)
        assert lg is not None
        return league, lg

    # ------------------------------------------------------------------ moderators
    async def add_player(self, league_id: int, user_id: int, at: datetime) -> builtins.list[LeagueGame]:
        """Add a player; after the start they get the games they would have had from the
        start (one against each player; with k-player games, one with each group of k-1
        players), each in a new round of its own. Returns the new pairings."""
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
            counts: dict[int, list[int]] = {u: [0] * league.size for u in opponents}
            for u, place, n in await fetch_all(
                    c, "SELECT p.user_id, p.slot, count(*) FROM league_game_players p "
                    "JOIN league_games g ON g.id = p.league_game_id WHERE g.league_id = ? "
                    "AND g.status != 'void' GROUP BY p.user_id, p.slot", (league_id,)):
                if u in counts:
                    counts[u][place] = n
            last = await fetch_value(c, "SELECT coalesce(max(round), 0) FROM league_games "
                                     "WHERE league_id = ?", (league_id,))
            if league.size == 2:
                new = late_entry(user_id, opponents, {u: (a, b) for u, (a, b) in counts.items()},
                                 last + 1)
            else:
                new = late_groups(user_id, opponents, counts, last + 1, league.size)
            new_ids = [await _insert_pairing(c, league_id, p) for p in new]
        return [await self.league_game(i) for i in new_ids]

    async def remove_player(self, league_id: int, user_id: int, at: datetime, *,
                            by: int | None = None,
                            unplayed: Literal["void", "forfeit"] = "forfeit") -> builtins.list[Instruction]:
        """Withdraw a player. Their games not yet finished are voided or scored as
        forfeits (they lose, everyone else in the game wins); games already running must
        then be ended by the transport: the returned instructions say how."""
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
                                   "AND id IN (SELECT league_game_id FROM league_game_players "
                                   "WHERE user_id = ?) AND status IN ('pending', 'running')",
                                   (league_id, user_id))
            for lg in await _with_people(c, rows):
                if unplayed == "void":
                    await self._set_result(c, lg, None, "adjudicated", by, at,
                                           "player withdrawn")
                    if lg.status == "running" and lg.game_id is not None:
                        out.append(AbandonGame(f"void:{lg.id}", lg.game_id,
                                               "the player withdrew from the league"))
                else:
                    results = (tuple("loss" if u == user_id else "win" for u in lg.users),
                               tuple(2 if u == user_id else 1 for u in lg.users))
                    await self._set_result(c, lg, results, "forfeit", by, at, "player withdrawn")
                    place = lg.place_of(user_id)
                    if lg.status == "running" and lg.game_id is not None and place is not None:
                        seat = league.holdings[place][0]
                        out.append(ApplyForfeit(f"withdraw:{lg.id}", lg.game_id, seat, user_id,
                                                "withdrawn from the league"))
            await self._maybe_finish(c, league_id, at)
        return out

    async def record_result(self, league_game_id: int, winners: Sequence[str] | None,
                            at: datetime, *, by: int | None = None,
                            note: str | None = None) -> builtins.list[Instruction]:
        """A moderator's adjudication: the seats that won (their allies win with them),
        no seat for a draw, or None to void the game. A running game is then abandoned
        by the transport (not rated)."""
        if isinstance(winners, str):
            raise CommunityError("name the winning seats as a list")
        async with self.db.tx() as c:
            lg = await _one_game(c, "id", league_game_id)
            if lg is None:
                raise CommunityError(f"no league game {league_game_id}")
            league = await self._league(c, lg.league_id)
            results = None if winners is None else league.results_for(
                ranking(league.seats, sorted(league.winners_of(winners))))
            await self._set_result(c, lg, results, "adjudicated", by, at, note)
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

    async def _set_result(self, c: aiosqlite.Connection, lg: LeagueGame,
                          results: tuple[Sequence[str], Sequence[int]] | None, how: str,
                          by: int | None, at: datetime, note: str | None) -> None:
        """Each person's result and finishing place (`League.results_for`), or None to
        void the game."""
        await c.execute(
            "UPDATE league_games SET status = ?, result_how = ?, result_by = ?, note = ?, "
            "ended_at = ? WHERE id = ?",
            ("void" if results is None else "finished", how, by, note, ts(at), lg.id))
        for slot in range(len(lg.users)):
            await c.execute("UPDATE league_game_players SET result = ?, place = ? "
                            "WHERE league_game_id = ? AND slot = ?",
                            (None if results is None else results[0][slot],
                             None if results is None else results[1][slot], lg.id, slot))

    async def on_game_end(self, c: aiosqlite.Connection, game_id: int, *,
                          ranked: Sequence[Sequence[str]], status: str,
                          late_seats: Sequence[str],
                          at: datetime) -> tuple[League, LeagueGame] | None:
        """Score a league game from its outcome (`ranked`: every seat by place, best
        first), unless a moderator already did."""
        lg = await _one_game(c, "game_id", game_id)
        if lg is None:
            return None
        league = await self._league(c, lg.league_id)
        if lg.status != "running":
            return league, lg
        if status != "finished":
            await self._set_result(c, lg, None, "abandoned", None, at, "game abandoned")
        else:
            results = league.results_for(ranked)
            late = set(late_seats)
            lost_on_time = any(r == "loss" and late & set(league.holdings[slot])
                               for slot, r in enumerate(results[0]))
            await self._set_result(c, lg, results, "time" if lost_on_time else "played",
                                   None, at, None)
        await self._maybe_finish(c, lg.league_id, at)
        lg = await _one_game(c, "id", lg.id)
        assert lg is not None
        return league, lg

    async def _maybe_finish(self, c: aiosqlite.Connection, league_id: int, at: datetime) -> None:
        left = await fetch_value(c, "SELECT count(*) FROM league_games WHERE league_id = ? "
                                 "AND status IN ('pending', 'running')", (league_id,))
        if left == 0:
            await c.execute("UPDATE leagues SET status = 'finished', finished_at = ? "
                            "WHERE id = ? AND status = 'running'", (ts(at), league_id))


async def games_in(c: aiosqlite.Connection, league_id: int,
                   status: str | None = None) -> list[LeagueGame]:
    """A league's games with their people, read on `c` (inside a transaction, or not)."""
    sql = f"SELECT {_GCOLS} FROM league_games WHERE league_id = ?"
    params: list[Any] = [league_id]
    if status is not None:
        sql += " AND status = ?"
        params.append(status)
    rows = await fetch_all(c, sql + " ORDER BY round, board", params)
    return await _with_people(c, rows)


async def table_in(c: aiosqlite.Connection, league_id: int) -> list[Standing]:
    r = await fetch_one(c, "SELECT points_win, points_draw, points_loss FROM leagues WHERE id = ?",
                        (league_id,))
    if r is None:
        raise CommunityError(f"no league {league_id}")
    points = Points(*r)
    players = await fetch_all(c, "SELECT user_id, status FROM league_players WHERE league_id = ? "
                              "ORDER BY joined_at, user_id", (league_id,))
    results = [lg.result_row() for lg in await games_in(c, league_id, 'finished')]
    played = {u for res in results for u in res.players}
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
