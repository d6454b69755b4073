"""Ratings (Glicko-2 per player per ruleset), results per player, and profiles.

When a rated game ends, each player's rating is updated as one Glicko-2 rating period of
its own holding that game. Asynchronous games end at irregular times, so before the
update each player's deviation first grows for the time they went unrated (`idle`, one
rating period = `PERIOD_DAYS`): a player back after months moves a lot, a regular one
little. Multi-seat games are rated as a round of pairwise results (a winner beats every
loser; winners draw with winners, losers with losers).

Only complete games between distinct people are rated: status 'finished' (a resignation
or a time forfeit ends a game as finished), every seat held by a different user, and the
game or league marked as rated. Abandoned games, self-play and results a moderator
adjudicates are recorded for the profile but never rated.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import aiosqlite

from .db import CommunityDB, fetch_one, parse_ts, ts
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
        return Rating(*r[:6], parse_ts(r[6]))

    async def leaderboard(self, ruleset: str, limit: int = 20,
                          include_provisional: bool = False) -> list[Rating]:
        rows = await self.db.all(
            "SELECT user_id, ruleset, rating, rd, volatility, games, updated_at FROM ratings "
            "WHERE ruleset = ? AND (? = 1 OR rd <= 110) ORDER BY rating DESC, user_id LIMIT ?",
            (ruleset, int(include_provisional), limit))
        return [Rating(*r[:6], parse_ts(r[6])) for r in rows]

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
            ratings=[Rating(*r[:6], parse_ts(r[6])) for r in ratings],
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
                     at: datetime) -> list[RatingChange]:
        """Write the players' results and, for a rated game, their new ratings. Called
        once per game inside the game-end transaction; a second call is a no-op."""
        if await fetch_one(c, "SELECT 1 FROM player_games WHERE game_id = ? LIMIT 1", (game_id,)):
            return []
        seats = list(players)
        results = seat_results(seats, winners) if status == "finished" else {}
        users = [players[s] for s in seats]
        distinct = None not in users and len(set(users)) == len(users) and len(users) >= 2
        counts = rated and status == "finished" and distinct
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
        before: dict[str, Glicko] = {}
        games: dict[str, int] = {}
        for s in seats:
            r = await fetch_one(c, "SELECT rating, rd, volatility, games, updated_at FROM ratings "
                                "WHERE user_id = ? AND ruleset = ?", (players[s], ruleset))
            if r is None:
                before[s], games[s] = Glicko(), 0
            else:
                g = Glicko(r[0], r[1], r[2])
                periods = (at - parse_ts(r[4])).total_seconds() / (self.period_days * 86400)
                before[s], games[s] = idle(g, periods), r[3]
        score = {"win": 1.0, "draw": 0.5, "loss": 0.0}
        changes = []
        for s in seats:
            opp = [(before[o], 0.5 if results[s] == results[o] else score[results[s]])
                   for o in seats if o != s]
            new = rate(before[s], opp, self.tau)
            await c.execute(
                "INSERT INTO ratings (user_id, ruleset, rating, rd, volatility, games, updated_at) "
                "VALUES (?, ?, ?, ?, ?, 1, ?) ON CONFLICT (user_id, ruleset) DO UPDATE SET "
                "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
                "games = ratings.games + 1, updated_at = excluded.updated_at",
                (players[s], ruleset, new.rating, new.rd, new.volatility, ts(at)))
            await c.execute(
                "INSERT INTO rating_changes (game_id, user_id, ruleset, rating_before, rd_before, "
                "rating_after, rd_after, vol_after, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, players[s], ruleset, before[s].rating, before[s].rd, new.rating,
                 new.rd, new.volatility, ts(at)))
            changes.append(RatingChange(players[s], before[s].rating, new.rating, new.rd))
        return changes
