"""The one object the transport holds: hooks to call after GameService calls, and the
league, clock and rating services behind the slash commands.

Wiring (the bot does this; nothing here imports discord):
* game started            -> `game_started(...)` (or `league_game_started(...)`)
* after every act/undo    -> `turn(game_id, to_act)`   (to_act = seats of g.prompts())
* game finished/abandoned -> `game_ended(game_id, winners=..., places=..., status=...)`
* seat handed to another  -> `seat_replaced(game_id, seat, user_id)`
* whenever a user is seen -> `remember_name(user_id, display_name)` (tables, digests)
* background              -> `scheduler(sink).run()`; the sink posts, DMs and forfeits.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from importlib.abc import Traversable
from pathlib import Path

from .actions import Sink
from .chronicle import build_chronicle
from .clocks import ClockService, CommunityError
from .db import community_db, fetch_all, fetch_one, fetch_value, utcnow
from .leagues import LeagueGame, LeagueService
from .outbox import RETENTION
from .pace import Pace, Policy
from .ratings import RatingChange, RatingService, ranking
from .scheduler import Scheduler


@dataclass(frozen=True, slots=True)
class GameEndReport:
    game_id: int
    recorded: bool                          # False: already recorded before (a repeat call)
    rating_changes: list[RatingChange] = field(default_factory=list)
    league_game: LeagueGame | None = None
    league_finished: bool = False


class Community:
    def __init__(self, path: str | Path, *, now: Callable[[], datetime] = utcnow,
                 migrations: Traversable | Path | str | None = None):
        self.db = community_db(path, migrations=migrations)
        self.now = now
        self.retention = RETENTION  # how long delivered outbox rows are kept
        self.clocks = ClockService(self.db)
        self.leagues = LeagueService(self.db)
        self.ratings = RatingService(self.db)

    async def open(self) -> None:
        await self.db.open()
        await self.ratings.ensure_model(self.now())

    async def close(self) -> None:
        await self.db.close()

    async def __aenter__(self) -> Community:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def scheduler(self, sink: Sink) -> Scheduler:
        return Scheduler(self.db, self.clocks, sink, now=self.now, retention=self.retention)

    # ------------------------------------------------------------------ hooks
    async def game_started(self, game_id: int, *, channel_id: int, ruleset: str,
                           players: Mapping[str, int | None], to_act: Iterable[str],
                           at: datetime | None = None, pace: Pace | None = None,
                           policy: Policy = "notify", guild_id: int | None = None,
                           alert_channel_id: int | None = None) -> None:
        """A casual (non-league) game started. pace None: untimed (no reminders)."""
        await self.clocks.register_game(
            game_id, channel_id=channel_id, ruleset=ruleset, players=players, to_act=to_act,
            at=at or self.now(), pace=pace, policy=policy, guild_id=guild_id,
            alert_channel_id=alert_channel_id)

    async def league_game_started(self, league_game_id: int, *, game_id: int,
                                  channel_id: int, to_act: Iterable[str],
                                  at: datetime | None = None) -> LeagueGame:
        """The transport created and started the game of a pending pairing (in thread
        `channel_id`, each person in their place). Clock: the league's pace."""
        at = at or self.now()
        async with self.db.tx() as c:
            league, lg = await self.leagues.attach_game(c, league_game_id, game_id, channel_id)
            await self.clocks._register(
                c, game_id, channel_id=channel_id, ruleset=league.ruleset,
                players=lg.players(league), to_act=to_act, at=at, pace=league.pace,
                policy=league.policy, alert_channel_id=league.channel_id,
                guild_id=league.guild_id, league_game_id=lg.id)
        return lg

    async def turn(self, game_id: int, to_act: Iterable[str], at: datetime | None = None) -> None:
        await self.clocks.on_turn(game_id, to_act, at or self.now())

    async def seat_replaced(self, game_id: int, seat: str, user_id: int,
                            at: datetime | None = None) -> None:
        await self.clocks.replace_user(game_id, seat, user_id, at or self.now())

    async def game_ended(self, game_id: int, *, winners: Sequence[str],
                         status: str = "finished", at: datetime | None = None,
                         ruleset: str | None = None,
                         players: Mapping[str, int | None] | None = None,
                         rated: bool | None = None,
                         teams: Sequence[Sequence[str]] | None = None,
                         places: Sequence[Sequence[str]] = ()) -> GameEndReport:
        """Record the end of a game: stop its clocks, score it in its league, write each
        player's result and update ratings, all in one transaction. Safe to call twice.
        `winners` and `places` are the outcome's (`places` ranks the seats, best first;
        empty: the winners first). `ruleset`/`players` are needed only for games never
        registered here; `teams` (the scenario's allied seats) only for a casual game with
        allies (a league knows its own)."""
        if status not in ("finished", "abandoned"):
            raise CommunityError("a game ends as 'finished' or 'abandoned'")
        at = at or self.now()
        async with self.db.tx() as c:
            g = await fetch_one(c, "SELECT ruleset, league_game_id FROM community_games "
                                "WHERE game_id = ?", (game_id,))
            clock_rows = await fetch_all(c, "SELECT seat, user_id, expirations FROM seat_clocks "
                                         "WHERE game_id = ? ORDER BY seat", (game_id,))
            if g is None:
                if ruleset is None or players is None:
                    raise CommunityError(f"game {game_id} is unknown here: "
                                         "pass ruleset and players")
            else:
                ruleset = ruleset or g[0]
            assert ruleset is not None
            if players is None:
                players = {seat: uid for seat, uid, _ in clock_rows}
            late = [seat for seat, _, n in clock_rows if n > 0]
            await self.clocks.end_game(c, game_id, at)
            ranked = ranking(list(players), winners, places)
            league_info = await self.leagues.on_game_end(c, game_id, ranked=ranked,
                                                         status=status, late_seats=late, at=at)
            league_id = league_info[0].id if league_info else None
            if rated is None:
                rated = league_info[0].rated if league_info else True
            # an adjudicated (moderator-decided) league game is never rated
            if league_info and league_info[1].result_how == "adjudicated":
                rated = False
            already = await fetch_one(c, "SELECT 1 FROM player_games WHERE game_id = ? LIMIT 1",
                                      (game_id,))
            if teams is None:
                teams = league_info[0].teams if league_info else ()
            changes = await self.ratings.record(
                c, game_id, ruleset=ruleset, players=players, ranked=ranked, status=status,
                late_seats=late, rated=rated, league_id=league_id, at=at, teams=teams)
            finished = False
            if league_info:
                status = await fetch_value(c, "SELECT status FROM leagues WHERE id = ?",
                                           (league_id,))
                finished = status == "finished"
        return GameEndReport(game_id, already is None, changes,
                             league_info[1] if league_info else None, finished)

    async def remember_name(self, user_id: int, name: str) -> None:
        async with self.db.tx() as c:
            await c.execute("INSERT INTO community_users (user_id, display_name) VALUES (?, ?) "
                            "ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name",
                            (user_id, name[:40]))

    # ------------------------------------------------------------------ convenience
    @staticmethod
    def chronicle(events: Sequence[Mapping], **kw) -> str:
        """See chronicle.build_chronicle."""
        return build_chronicle(events, **kw)
