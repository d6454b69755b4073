"""Ratings (Weng-Lin per player per ruleset, `skill.py`), results per player, and profiles.

A finished game is a ranking: every seat by place, best first, seats sharing a place
grouped (the kernel's `Outcome.ranking`: the ruleset's places, or the winners first and
every other seat second). A person finishes in the best place of the seats they hold.
People are rated together as one *unit* when they are on the same team (the scenario's
allied seats) and finished in the same place: allies who won together, a city's two
factions that lost together. Everyone else is a unit of their own, so a winning faction
ranks above its city's other faction, and a free-for-all of three or four is one ranking.
Units are rated by their places in one Weng-Lin update; before it each person's
deviation grows for the time they went unrated (`idle`, one period = `PERIOD_DAYS`).

Only complete games between distinct sides are rated: status 'finished' (a resignation
or a time forfeit ends a game as finished), at least two units, nobody holding seats on
two teams, and the game or league marked as rated. Abandoned games, self-play and results
a moderator adjudicates are recorded for the profile but never rated. Keryx's bot seats
hold reserved user ids and are rated like anyone.

Every finished seat's place and team are stored (`player_games`), so `rebuild` can rate
every recorded game again, in order, when the model changes (`skill.MODEL_NAME`).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import aiosqlite

import engine
from engine import Outcome

from .db import CommunityDB, fetch_all, fetch_one, parse_time, parse_ts, ts
from .skill import MODEL_NAME, PROVISIONAL, Skill, idle, rate

PERIOD_DAYS = 7.0
MODEL_MIGRATION = 19  # migrations/0019_ratings_by_place.sql creates rating_model

Ranking = Sequence[Sequence[str]]


@dataclass(frozen=True, slots=True)
class Rating:
    user_id: int
    ruleset: str
    rating: float
    rd: float          # the deviation (Weng-Lin's sigma)
    games: int
    updated_at: datetime | None

    @property
    def provisional(self) -> bool:
        """A deviation this wide means we barely know the player yet."""
        return self.rd > PROVISIONAL

    def skill(self) -> Skill:
        return Skill(self.rating, self.rd)


def _rating(r: tuple) -> Rating:
    """A `ratings` row (user_id, ruleset, rating, rd, games, updated_at)."""
    return Rating(r[0], r[1], r[2], r[3], r[4], parse_ts(r[5]))


@dataclass(frozen=True, slots=True)
class RatingChange:
    user_id: int
    before: float
    after: float
    rd_after: float


@dataclass(frozen=True, slots=True)
class Profile:
    user_id: int
    games: int                   # finished + abandoned
    finished: int
    wins: int
    losses: int
    draws: int
    abandoned: int
    ratings: list[Rating]
    median_move_s: float | None  # typical clock time per turn, over the last 200 turns
    on_time: int                 # finished games in which this player's clock never ran out
    reliability: float | None    # on_time / finished

    def text(self, name: str | None = None) -> str:
        who = name or f"<@{self.user_id}>"
        lines = [f"**{who}** — {self.games} game(s): {self.wins} won, {self.losses} lost, "
                 f"{self.draws} drawn, {self.abandoned} abandoned"]
        for r in self.ratings:
            mark = "?" if r.provisional else ""
            lines.append(f"{r.ruleset}: {r.rating:.0f}{mark} (±{2 * r.rd:.0f}, {r.games} rated)")
        if self.median_move_s is not None:
            from .pace import format_duration
            lines.append(f"Typical move time: {format_duration(self.median_move_s)}")
        if self.reliability is not None:
            lines.append(f"Finished on time: {self.on_time}/{self.finished} "
                         f"({100 * self.reliability:.0f}%)")
        return "\n".join(lines)


def ranking(seats: Sequence[str], winners: Sequence[str], places: Ranking = ()
            ) -> tuple[tuple[str, ...], ...]:
    """Every seat of `seats` by place, best first: the kernel's reading of an outcome
    (`places` when the ruleset ranked the seats, else the winners first)."""
    return Outcome(tuple(winners), "", places=tuple(tuple(g) for g in places)
                   ).ranking(tuple(seats))


def seat_places(ranked: Ranking) -> dict[str, int]:
    """1 for the best place; seats sharing a place share its number."""
    return {seat: n for n, group in enumerate(ranked, 1) for seat in group}


def result_of(place: int, ranked: Ranking) -> str:
    """'win' for the first place, 'loss' below it; everyone sharing the first place
    (no winner, or every seat winning) is a draw."""
    return "draw" if len(ranked) == 1 else "win" if place == 1 else "loss"


def team_keys(seats: Sequence[str], teams: Sequence[Sequence[str]] = ()) -> dict[str, str]:
    """Each seat's team as stored: its allied seats joined by '+', or the seat alone."""
    return {s: "+".join(next((t for t in teams if s in t), (s,))) for s in seats}


def units(players: Mapping[str, int | None], places: Mapping[str, int],
          team: Mapping[str, str]) -> list[tuple[int, list[int]]] | None:
    """The rated units of a game, (place, people) in seat order: people on one team who
    finished in one place are rated together. None when the game cannot be rated as
    people against people: an empty seat, one person on two teams (self-play), or fewer
    than two units."""
    where: dict[int, str] = {}
    best: dict[int, int] = {}
    for seat, user in players.items():
        if user is None or where.setdefault(user, team[seat]) != team[seat]:
            return None
        best[user] = min(best.get(user, places[seat]), places[seat])
    grouped: dict[tuple[int, str], list[int]] = {}
    for user, t in where.items():
        grouped.setdefault((best[user], t), []).append(user)
    if len(grouped) < 2:
        return None
    return [(place, people) for (place, _), people in grouped.items()]


class RatingService:
    def __init__(self, db: CommunityDB, *, period_days: float = PERIOD_DAYS):
        self.db = db
        self.period_days = period_days

    async def get(self, user_id: int, ruleset: str) -> Rating:
        r = await self.db.one("SELECT user_id, ruleset, rating, rd, games, updated_at "
                              "FROM ratings WHERE user_id = ? AND ruleset = ?", (user_id, ruleset))
        if r is None:
            s = Skill()
            return Rating(user_id, ruleset, s.rating, s.rd, 0, None)
        return _rating(r)

    async def leaderboard(self, ruleset: str, limit: int = 20,
                          include_provisional: bool = False) -> list[Rating]:
        rows = await self.db.all(
            "SELECT user_id, ruleset, rating, rd, games, updated_at FROM ratings "
            "WHERE ruleset = ? AND (? = 1 OR rd <= ?) ORDER BY rating DESC, user_id LIMIT ?",
            (ruleset, int(include_provisional), PROVISIONAL, limit))
        return [_rating(r) for r in rows]

    async def profile(self, user_id: int) -> Profile:
        rows = await self.db.all("SELECT status, result, on_time FROM player_games "
                                 "WHERE user_id = ?", (user_id,))
        finished = [r for r in rows if r[0] == "finished"]
        wins = sum(1 for r in finished if r[1] == "win")
        losses = sum(1 for r in finished if r[1] == "loss")
        draws = sum(1 for r in finished if r[1] == "draw")
        on_time = sum(1 for r in finished if r[2])
        ratings = await self.db.all(
            "SELECT user_id, ruleset, rating, rd, games, updated_at FROM ratings "
            "WHERE user_id = ? ORDER BY games DESC, ruleset", (user_id,))
        times = await self.db.all("SELECT seconds FROM move_times WHERE user_id = ? "
                                  "ORDER BY id DESC LIMIT 200", (user_id,))
        return Profile(
            user_id=user_id, games=len(rows), finished=len(finished), wins=wins, losses=losses,
            draws=draws, abandoned=len(rows) - len(finished),
            ratings=[_rating(r) for r in ratings],
            median_move_s=statistics.median(t[0] for t in times) if times else None,
            on_time=on_time, reliability=on_time / len(finished) if finished else None)

    async def history(self, user_id: int, ruleset: str, limit: int = 20) -> list[tuple]:
        """(game_id, before, after, at), newest first."""
        rows = await self.db.all(
            "SELECT game_id, rating_before, rating_after, at FROM rating_changes "
            "WHERE user_id = ? AND ruleset = ? ORDER BY at DESC LIMIT ?",
            (user_id, ruleset, limit))
        return [(r[0], r[1], r[2], parse_ts(r[3])) for r in rows]

    # ------------------------------------------------------------------ recording
    async def record(self, c: aiosqlite.Connection, game_id: int, *, ruleset: str,
                     players: Mapping[str, int | None], ranked: Ranking, status: str,
                     late_seats: Sequence[str], rated: bool, league_id: int | None,
                     at: datetime, teams: Sequence[Sequence[str]] = ()) -> list[RatingChange]:
        """Write the players' results and, for a rated game, their new ratings. Called
        once per game inside the game-end transaction; a second call
        writes nothing and returns the changes the first made.
        `ranked`: every seat by place (`ranking`); `teams`: the scenario's allied seats
        (empty: every seat alone)."""
        if await fetch_one(c, "SELECT 1 FROM player_games WHERE game_id = ? LIMIT 1", (game_id,)):
            # a repeat (a retried final post) reports the changes made the first time
            rows = await fetch_all(c, "SELECT user_id, rating_before, rating_after, rd_after "
                                   "FROM rating_changes WHERE game_id = ? ORDER BY user_id",
                                   (game_id,))
            return [RatingChange(*r) for r in rows]
        finished = status == "finished"
        places = seat_places(ranked) if finished else {}
        team = team_keys(list(players), teams)
        rated_units = units(players, places, team) if finished else None
        counts = rated and rated_units is not None
        for s, user in players.items():
            if user is None:
                continue
            place = places.get(s)
            await c.execute(
                "INSERT INTO player_games (game_id, user_id, seat, ruleset, status, result, "
                "on_time, rated, league_id, ended_at, place, team) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, user, s, ruleset, status,
                 None if place is None else result_of(place, ranked),
                 int(s not in late_seats), int(counts), league_id, ts(at), place, team[s]))
        if not counts:
            return []
        assert rated_units is not None
        # the first rated game of a new database names the model its ratings follow
        await c.execute("INSERT INTO rating_model (model, rebuilt_at) VALUES (?, ?) "
                        "ON CONFLICT (model) DO NOTHING", (MODEL_NAME, ts(at)))
        return await self._rate(c, game_id, ruleset, rated_units, at)

    async def _rate(self, c: aiosqlite.Connection, game_id: int, ruleset: str,
                    rated_units: list[tuple[int, list[int]]], at: datetime) -> list[RatingChange]:
        """One game's rating update: every unit by its place, from each person's rating
        before the game (its deviation grown for the time since their last rated game)."""
        before: dict[int, Skill] = {}
        for _, people in rated_units:
            for u in people:
                r = await fetch_one(c, "SELECT rating, rd, updated_at FROM ratings "
                                    "WHERE user_id = ? AND ruleset = ?", (u, ruleset))
                if r is None:
                    before[u] = Skill()
                else:
                    away = (at - parse_time(r[2])).total_seconds() / (self.period_days * 86400)
                    before[u] = idle(Skill(r[0], r[1]), away)
        after = rate([[before[u] for u in people] for _, people in rated_units],
                     [place for place, _ in rated_units])
        changes = []
        for (_, people), skills in zip(rated_units, after):
            for u, new in zip(people, skills):
                await c.execute(
                    "INSERT INTO ratings (user_id, ruleset, rating, rd, games, updated_at) "
                    "VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT (user_id, ruleset) "
                    "DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
                    "games = ratings.games + 1, updated_at = excluded.updated_at",
                    (u, ruleset, new.rating, new.rd, ts(at)))
                await c.execute(
                    "INSERT INTO rating_changes (game_id, user_id, ruleset, rating_before, "
                    "rd_before, rating_after, rd_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, u, ruleset, before[u].rating, before[u].rd, new.rating,
                     new.rd, ts(at)))
                changes.append(RatingChange(u, before[u].rating, new.rating, new.rd))
        return changes

    # ------------------------------------------------------------------ rebuilding
    async def ensure_model(self, at: datetime) -> bool:
        """Rebuild every rating if the stored ones were computed by another model (or
        parameters); True if it did. Safe with several processes: the check is repeated
        inside the write transaction."""
        if not await self.db.one("SELECT 1 FROM schema_migrations WHERE version = ?",
                                 (MODEL_MIGRATION,)):
            return False  # a schema before rating_model (tests of earlier migrations)
        current = ("SELECT 1 FROM rating_model WHERE model = ? UNION ALL "
                   "SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM player_games WHERE rated = 1)")
        if await self.db.one(current, (MODEL_NAME,)):
            return False  # current, or nothing rated yet (a new database stays untouched)
        async with self.db.tx() as c:
            if await fetch_one(c, current, (MODEL_NAME,)):
                return False
            await self.rebuild(c, at)
        return True

    async def rebuild(self, c: aiosqlite.Connection, at: datetime) -> int:
        """Every rating again from the recorded results, game by game in the order they
        ended; returns how many games were rated. Rows recorded before teams were stored
        get them first (from the league, or the game's scenario)."""
        await c.execute("DELETE FROM rating_changes")
        await c.execute("DELETE FROM ratings")
        rows = await fetch_all(
            c, "SELECT game_id, ruleset, league_id, ended_at, seat, user_id, place, team "
            "FROM player_games WHERE status = 'finished' AND rated = 1 "
            "ORDER BY ended_at, game_id, seat")
        games: dict[int, list[tuple]] = {}
        for r in rows:
            games.setdefault(r[0], []).append(r)
        rated = 0
        for game_id, seats in games.items():
            _, ruleset, league_id, ended, *_ = seats[0]
            team = {r[4]: r[7] for r in seats}
            if None in team.values():
                team = team_keys(list(team), await _teams_of(c, game_id, ruleset, league_id))
                for seat, key in team.items():
                    await c.execute("UPDATE player_games SET team = ? WHERE game_id = ? "
                                    "AND seat = ?", (key, game_id, seat))
            found = units({r[4]: r[5] for r in seats}, {r[4]: r[6] for r in seats}, team)
            if found is not None:
                await self._rate(c, game_id, ruleset, found, parse_time(ended))
                rated += 1
        await c.execute("DELETE FROM rating_model")
        await c.execute("INSERT INTO rating_model (model, rebuilt_at) VALUES (?, ?)",
                        (MODEL_NAME, ts(at)))
        return rated


async def _teams_of(c: aiosqlite.Connection, game_id: int, ruleset: str,
                    league_id: int | None) -> Sequence[Sequence[str]]:
    """A recorded game's allied seats, as they were given when it was rated: its
    league's, else its scenario's (the game store's row), else none."""
    if league_id is not None:
        r = await fetch_one(c, "SELECT teams FROM leagues WHERE id = ?", (league_id,))
        return json.loads(r[0]) if r else ()
    r = await fetch_one(c, "SELECT scenario FROM games WHERE id = ?", (game_id,))
    if r is None:
        return ()
    try:
        return engine.ruleset(ruleset).scenarios[r[0]].teams
    except KeyError:
        return ()
