"""Ratings (Glicko-2 per player per ruleset), results per player, and profiles.

When a rated game ends, each player's rating is updated as one Glicko-2 rating period of
its own holding that game. Asynchronous games end at irregular times, so before the
update each player's deviation first grows for the time they went unrated (`idle`, one
rating period = `PERIOD_DAYS`): a player back after months moves a lot, a regular one
little.

Games of more than two players, and teams: a person's result is a win if a seat they
hold won. People whose seats are all on one team are allies; each person is rated against
every *other* team as one opponent (its rating the mean of its members', its deviation
their root mean square), scoring 1 against a team that lost while they won, 0 the other
way round, 0.5 when both won or both lost. Allies are never each other's opponents, and a
team of several counts once, so a lone player beaten by a pair of allies loses one game,
not two. With two people, one seat each, this is exactly the two-player Glicko-2 update
(docs/community.md, Ratings, says why we extend Glicko-2 rather than adopt a library).

Only complete games between distinct sides are rated: status 'finished' (a resignation
or a time forfeit ends a game as finished), at least two teams with a person each, nobody
holding seats on two teams, and the game or league marked as rated. Abandoned games,
self-play and results a moderator adjudicates are recorded for the profile but never
rated.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from .db import CommunityDB, fetch_one, parse_time, parse_ts, ts
from .glicko2 import DEFAULT_TAU, Glicko, idle, rate

PERIOD_DAYS = 7.0


@dataclass(frozen=True, slots=True)
class Rating:
    user_id: int
    ruleset: str
    rating: float
    rd: float
    volatility: float
    games: int
    updated_at: datetime | None

    @property
    def provisional(self) -> bool:
        """A deviation this wide means we barely know the player yet."""
        return self.rd > 110

    def glicko(self) -> Glicko:
        return Glicko(self.rating, self.rd, self.volatility)


def _rating(r: tuple) -> Rating:
    """A `ratings` row (user_id, ruleset, rating, rd, volatility, games, updated_at)."""
    return Rating(r[0], r[1], r[2], r[3], r[4], r[5], parse_ts(r[6]))


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


def seat_results(seats: Sequence[str], winners: Sequence[str]) -> dict[str, str]:
    """'win' / 'loss' / 'draw' per seat. No winner, or every seat winning, is a draw."""
    w = set(winners)
    if not w or w >= set(seats):
        return {s: "draw" for s in seats}
    return {s: ("win" if s in w else "loss") for s in seats}


def sides(players: Mapping[str, int | None], teams: Sequence[Sequence[str]] = ()
          ) -> list[list[int]] | None:
    """The rated sides of a game: each team's distinct people (team order, then seat
    order). None when the game cannot be rated as people against people: an empty seat,
    fewer than two teams with someone on them, or one person on two teams (self-play)."""
    team_of = {seat: i for i, team in enumerate(teams) for seat in team}
    out: dict[int, list[int]] = {}
    where: dict[int, int] = {}
    for n, (seat, user) in enumerate(players.items()):
        if user is None:
            return None
        t = team_of.get(seat, len(teams) + n)  # a seat in no team is a team of its own
        if where.setdefault(user, t) != t:
            return None
        if user not in out.setdefault(t, []):
            out[t].append(user)
    return list(out.values()) if len(out) >= 2 else None


def person_results(players: Mapping[str, int | None], winners: Sequence[str]) -> dict[int, str]:
    """'win' / 'loss' / 'draw' per person: a win when a seat they hold won."""
    by_seat = seat_results(list(players), winners)
    out: dict[int, str] = {}
    for seat, user in players.items():
        if user is not None and out.get(user) != "win":
            out[user] = by_seat[seat]
    return out


def team_opponent(members: Sequence[Glicko]) -> Glicko:
    """A team as one opponent: mean rating, root-mean-square deviation (a lone player is
    exactly themselves)."""
    if len(members) == 1:
        return members[0]
    n = len(members)
    return Glicko(sum(m.rating for m in members) / n,
                  math.sqrt(sum(m.rd * m.rd for m in members) / n),
                  sum(m.volatility for m in members) / n)


class RatingService:
    def __init__(self, db: CommunityDB, *, tau: float = DEFAULT_TAU,
                 period_days: float = PERIOD_DAYS):
        self.db = db
        self.tau = tau
        self.period_days = period_days

    async def get(self, user_id: int, ruleset: str) -> Rating:
        r = await self.db.one("SELECT user_id, ruleset, rating, rd, volatility, games, updated_at "
                              "FROM ratings WHERE user_id = ? AND ruleset = ?", (user_id, ruleset))
        if r is None:
            g = Glicko()
            return Rating(user_id, ruleset, g.rating, g.rd, g.volatility, 0, None)
        return _rating(r)

    async def leaderboard(self, ruleset: str, limit: int = 20,
                          include_provisional: bool = False) -> list[Rating]:
        rows = await self.db.all(
            "SELECT user_id, ruleset, rating, rd, volatility, games, updated_at FROM ratings "
            "WHERE ruleset = ? AND (? = 1 OR rd <= 110) ORDER BY rating DESC, user_id LIMIT ?",
            (ruleset, int(include_provisional), limit))
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
            "SELECT user_id, ruleset, rating, rd, volatility, games, updated_at FROM ratings "
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
                     players: Mapping[str, int | None], winners: Sequence[str], status: str,
                     late_seats: Sequence[str], rated: bool, league_id: int | None,
                     at: datetime, teams: Sequence[Sequence[str]] = ()) -> list[RatingChange]:
        """Write the players' results and, for a rated game, their new ratings. Called
        once per game inside the game-end transaction; a second call is a no-op. `teams`:
        the scenario's allied seats (empty: every seat alone)."""
        if await fetch_one(c, "SELECT 1 FROM player_games WHERE game_id = ? LIMIT 1", (game_id,)):
            return []
        seats = list(players)
        results = seat_results(seats, winners) if status == "finished" else {}
        rated_sides = sides(players, teams)
        counts = rated and status == "finished" and rated_sides is not None
        for s in seats:
            if players[s] is None:
                continue
            await c.execute(
                "INSERT INTO player_games (game_id, user_id, seat, ruleset, status, result, "
                "on_time, rated, league_id, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, players[s], s, ruleset, status, results.get(s), int(s not in late_seats),
                 int(counts), league_id, ts(at)))
        if not counts:
            return []
        assert rated_sides is not None
        people = [u for side in rated_sides for u in side]
        before: dict[int, Glicko] = {}
        for u in people:
            r = await fetch_one(c, "SELECT rating, rd, volatility, games, updated_at FROM ratings "
                                "WHERE user_id = ? AND ruleset = ?", (u, ruleset))
            if r is None:
                before[u] = Glicko()
            else:
                periods = (at - parse_time(r[4])).total_seconds() / (self.period_days * 86400)
                before[u] = idle(Glicko(r[0], r[1], r[2]), periods)
        result = person_results(players, winners)
        side_result = [result[side[0]] for side in rated_sides]
        score = {"win": 1.0, "draw": 0.5, "loss": 0.0}
        changes = []
        for t, side in enumerate(rated_sides):
            mine = side_result[t]
            opponents = [(team_opponent([before[u] for u in other]),
                          0.5 if mine == side_result[o] else score[mine])
                         for o, other in enumerate(rated_sides) if o != t]
            for u in side:
                new = rate(before[u], opponents, self.tau)
                await c.execute(
                    "INSERT INTO ratings (user_id, ruleset, rating, rd, volatility, games, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (user_id, ruleset) "
                    "DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
                    "volatility = excluded.volatility, games = ratings.games + 1, "
                    "updated_at = excluded.updated_at",
                    (u, ruleset, new.rating, new.rd, new.volatility, ts(at)))
                await c.execute(
                    "INSERT INTO rating_changes (game_id, user_id, ruleset, rating_before, "
                    "rd_before, rating_after, rd_after, vol_after, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, u, ruleset, before[u].rating, before[u].rd, new.rating,
                     new.rd, new.volatility, ts(at)))
                changes.append(RatingChange(u, before[u].rating, new.rating, new.rd))
        return changes
