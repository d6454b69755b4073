"""Community play wired to Discord: clocks, reminders, leagues, ratings and chronicles.

`community_hooks(settings)` gives `KeryxBot` a factory that opens the community service
(`service.community.Community`, same SQLite file as the games) and starts its scheduler.
The controller and the commands call the hooks below after each game-service call; the
scheduler hands its work to `CommunityHooks.deliver` (the *sink*), which posts channel
messages, sends DMs (falling back to the game's channel), alerts moderators and applies
forfeits through the game service like any other resignation.

Every decision and every text of a reminder, digest or table is made in the service
layer; this module only carries them to Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime, timedelta
from typing import Any

import discord

import engine
from service.community import (
    AbandonGame,
    ApplyForfeit,
    ChannelMessage,
    Community,
    CommunityError,
    DirectMessage,
    GameEndReport,
    ModeratorAlert,
    Pace,
    TickReport,
    format_duration,
)
from service.community.chronicle import game_chronicle
from service.community.db import utcnow
from service.community.leagues import League, LeagueGame, lineup, names_of, result_text
from service.errors import Refusal
from service.results import ActionResult, GameInfo, OpenPrompt
from shared.errors import UserError

from . import limits, text

log = logging.getLogger("keryx.community")

DEFAULT_INTERVAL_S = 30.0
DEFAULT_CAP_S = 5 * 86400
NO_MENTIONS = discord.AllowedMentions.none()
LEAGUE_POST = "league"  # the kind of the recorded message that tells a league of a result

def pace_for_hours(hours: float) -> Pace:
    """`/game new pace_hours:24` -> +24h per move, at most 5 days banked, 3 moves' worth
    to start with (the community default shape)."""
    inc = float(hours) * 3600
    cap = max(DEFAULT_CAP_S, inc)
    return Pace(min(3 * inc, cap), inc, cap)


@contextlib.contextmanager
def user_errors() -> Iterator[None]:
    """The community service's refusals are the user's problem: say them ephemerally."""
    try:
        yield
    except CommunityError as exc:
        msg = str(exc)
        raise UserError(msg[:1].upper() + msg[1:] + ("" if msg.endswith(".") else ".")) from None


def mentions(users: Iterable[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(users=[discord.Object(u) for u in users if u],
                                   everyone=False, roles=False)


class CommunityHooks:
    """What the controller and commands call (`after_action`, `game_started`,
    `game_ended`, `set_pace`, `moderate_clock`, `game_abandoned`, `seat_replaced`,
    `close`), the scheduler's sink (`deliver`) and the league plumbing the `/league`
    commands use (`open_pending_games`, `run_instructions`)."""

    def __init__(self, bot: discord.Client, community: Community, *,
                 interval_s: float | None = DEFAULT_INTERVAL_S):
        self.bot = bot
        self.k = bot.keryx  # type: ignore[attr-defined]
        self.svc = self.k.svc
        self.c = community
        self.interval_s = interval_s
        self.scheduler = community.scheduler(self.deliver)
        self._task: asyncio.Task | None = None
        self._league_locks: dict[int, asyncio.Lock] = {}

    # ------------------------------------------------------------------ lifecycle
    async def open(self) -> None:
        await self.c.open()
        if self.interval_s:
            self._task = asyncio.create_task(self._run(), name="keryx-community-scheduler")

    async def _run(self) -> None:
        # Post nothing before the gateway is up (the first tick may hold a backlog).
        await self.bot.wait_until_ready()
        await self.scheduler.run(interval_s=self.interval_s or DEFAULT_INTERVAL_S)

    async def tick(self, now: datetime | None = None) -> TickReport:
        """One scheduler pass now (tests drive this with a controlled clock)."""
        return await self.scheduler.tick(now)

    async def close(self) -> None:
        self.scheduler.stop()
        if self._task is not None:
            try:
                await asyncio.wait_for(self._task, 5)
            except (TimeoutError, asyncio.CancelledError):
                self._task.cancel()
            except Exception:
                log.exception("community scheduler ended with an error")
            self._task = None
        await self.c.close()

    def now(self) -> datetime:
        return self.c.now()

    # ------------------------------------------------------------------ controller hooks
    async def after_action(self, result: ActionResult) -> None:
        """After every act/undo/resign: restart the clocks of whoever must act now."""
        await self.c.turn(result.game_id, {p.seat for p in result.prompts})
        if result.game_ended:
            # game_ended(channel, info) normally ran already (post_end); this is safe to
            # repeat and covers a game whose final post failed.
            await self.record_end(await self.svc.game_info_by_id(result.game_id))

    async def game_started(self, info: GameInfo, prompts: Iterable[OpenPrompt]) -> None:
        """A casual game started with `/game start` (league games start in open_pending_games)."""
        pace = await self._take_lobby_pace(info.id)
        with user_errors():
            await self.c.game_started(
                info.id, channel_id=info.channel_id, ruleset=info.ruleset,
                players={s.seat: s.user_id for s in info.seats if s.seat},
                to_act={p.seat for p in prompts}, pace=pace, guild_id=info.guild_id)

    async def set_pace(self, game_id: int, hours: float) -> None:
        await self.c.clocks.set_lobby_pace(game_id, pace_for_hours(hours))

    async def _take_lobby_pace(self, game_id: int) -> Pace | None:
        return await self.c.clocks.take_lobby_pace(game_id)

    async def game_ended(self, channel: discord.abc.Messageable, info: GameInfo) -> None:
        """After the controller's final post: record the result (league, ratings), post
        the chronicle and the rating changes, and the league table when it changed."""
        report = await self.record_end(info)
        await self._post_chronicle(channel, info)
        if report is not None and report.rating_changes:
            names = await self._names(c.user_id for c in report.rating_changes)
            parts = [f"{names.get(c.user_id, text.mention(c.user_id))} {c.before:.0f} → "
                     f"{c.after:.0f}" for c in report.rating_changes]
            await channel.send(limits.clip("📈 Ratings (" + info.ruleset + "): "
                                           + ", ".join(parts), limits.MESSAGE_CHARS),
                               allowed_mentions=NO_MENTIONS)
        await self._league_result_once(info.id, report)

    async def game_abandoned(self, info: GameInfo) -> None:
        """`/game abandon` (or an adjudication): no winner, not rated; a league game is
        voided unless a moderator already recorded its result."""
        await self._league_result_once(info.id, await self.record_end(info))

    async def seat_replaced(self, info: GameInfo, seat: str, user_id: int) -> None:
        # a person holding several seats is replaced in all of them (their place)
        place = next((p for p in info.places if seat in p), (seat,))
        with contextlib.suppress(CommunityError):  # a game the community never saw
            for held in place:
                await self.c.seat_replaced(info.id, held, user_id)

    async def record_end(self, info: GameInfo) -> GameEndReport | None:
        if info.status not in ("finished", "abandoned"):
            return None
        outcome = (info.outcome or {}) if info.status == "finished" else {}
        players = {s.seat: s.user_id for s in info.seats if s.seat}
        with user_errors():
            return await self.c.game_ended(info.id, winners=list(outcome.get("winners") or []),
                                           places=outcome.get("places") or (),
                                           status=info.status, ruleset=info.ruleset,
                                           players=players, teams=_teams(info))

    async def moderate_clock(self, info: GameInfo, *, hours: int | None = None,
                             extend: int | None = None, pause: bool | None = None,
                             by: int | None = None) -> str:
        """`/game deadline`: in the lobby, set the pace; in a running game, pause, resume
        or extend the clock. Answers with the clocks as they now stand."""
        said: list[str] = []
        if info.status == "open":
            if extend is not None or pause is not None:
                raise UserError("The clock starts with the game; set the pace with `hours`.")
            if hours is None:
                pace = await self.c.clocks.lobby_pace(info.id)
                return f"⏱️ Pace: {pace.describe() if pace else 'no clock'}."
            if hours == 0:
                await self._take_lobby_pace(info.id)
                return "⏱️ This game will have no clock."
            await self.set_pace(info.id, hours)
            return f"⏱️ Pace set: {pace_for_hours(hours).describe()}."
        if info.status != "running":
            raise UserError("The game is over; its clock has stopped.")
        at = self.now()
        with user_errors():
            if hours is not None:
                raise UserError("The pace is fixed once the game has started. Give time with "
                                "`extend_hours`, or pause the clock with `pause:True`.")
            if pause is True:
                await self.c.clocks.pause(info.id, by=by, at=at)
                said.append("⏸️ Clock paused.")
            elif pause is False:
                await self.c.clocks.resume(info.id, by=by, at=at)
                said.append("▶️ Clock running again.")
            if extend is not None:
                status = await self.c.clocks.status(info.id, at)
                seats: list[str | None] = [s.seat for s in status if s.must_act] or [None]
                for seat in seats:
                    await self.c.clocks.extend(info.id, extend * 3600, at=at, seat=seat, by=by)
                who = ", ".join(text.seat_title(s) for s in seats if s) or "every seat"
                said.append(f"⏱️ {extend}h added for {who}.")
        said.append(await self.clock_text(info))
        return "\n".join(said)

    async def clock_text(self, info: GameInfo) -> str:
        at = self.now()
        game = await self.c.clocks.game(info.id)
        if game is None or game.pace is None:
            return "This game has no clock."
        lines = [f"Pace: {game.pace.describe()}" + (" · **paused**" if game.paused else "")]
        status = await self.c.clocks.status(info.id, at)
        names = await self._names(s.user_id for s in status if s.user_id)
        for s in status:
            left = "out of time" if s.expired else format_duration(s.remaining_s or 0)
            state = ("to move" if s.must_act else "waiting") + (
                f", stopped ({s.paused_by})" if s.paused_by else "")
            who = (names.get(s.user_id) if s.user_id is not None else None) or text.mention(
                s.user_id)
            lines.append(f"{text.seat_title(s.seat)} ({who}): {left} "
                         f"— {state}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ the sink
    async def deliver(self, action: Any) -> None:
        """The scheduler's sink. Raising means "not delivered": the outbox retries later."""
        if isinstance(action, ChannelMessage):
            channel = await self.k.channel(action.channel_id)
            await channel.send(limits.clip(action.text, limits.MESSAGE_CHARS),
                               allowed_mentions=mentions(action.mentions))
        elif isinstance(action, DirectMessage):
            await self._direct(action)
        elif isinstance(action, ModeratorAlert):
            channel = await self.k.channel(action.channel_id)
            await channel.send(limits.clip(f"🛡️ **Moderators:** {action.text}",
                                           limits.MESSAGE_CHARS), allowed_mentions=NO_MENTIONS)
        elif isinstance(action, ApplyForfeit):
            await self.apply_forfeit(action)
        elif isinstance(action, AbandonGame):
            await self.apply_abandon(action)
        else:  # pragma: no cover - a new action type the bot does not know yet
            raise TypeError(f"unknown community action {type(action).__name__}")

    async def _direct(self, action: DirectMessage) -> None:
        try:
            user = self.bot.get_user(action.user_id) or await self.bot.fetch_user(action.user_id)
            await user.send(limits.clip(action.text, limits.MESSAGE_CHARS))
        except discord.Forbidden:  # DMs closed: say it where the game is
            if action.fallback_channel_id is None:
                raise
            channel = await self.k.channel(action.fallback_channel_id)
            await channel.send(limits.clip(action.text, limits.MESSAGE_CHARS),
                               allowed_mentions=mentions([action.user_id]))

    async def apply_forfeit(self, action: ApplyForfeit, by: int | None = None) -> None:
        """A seat lost on time (or was withdrawn): resign for it through the game service,
        keyed by the action's key so that a repeat is a harmless duplicate, then post the
        end like any other."""
        info = await self.svc.game_info_by_id(action.game_id)
        if info.status != "running":
            await self.record_end(info)  # moot; make sure the result is recorded
            return
        user_id = info.user_of(action.seat) or action.user_id
        try:
            result = await self.svc.resign(info.channel_id, user_id, interaction_id=action.key)
        except Refusal as refusal:
            if refusal.code in ("wrong_status", "no_game", "not_seated"):
                return
            raise
        channel = await self.k.channel(info.channel_id)
        if result.duplicate:
            await self.record_end(await self.svc.game_info_by_id(action.game_id))
            return
        await channel.send(text.with_footer(
            f"⌛ {action.reason}: {text.seat_title(action.seat)} forfeits.",
            text.record_line(result.record, result.version)),
            allowed_mentions=NO_MENTIONS)
        await self.k.announce(channel, result)

    async def apply_abandon(self, action: AbandonGame, by: int | None = None) -> None:
        info = await self.svc.game_info_by_id(action.game_id)
        if info.status in ("open", "running"):
            moderator = by or (self.bot.user.id if self.bot.user else None)
            info = await self.svc.abandon(info.channel_id, moderator, action.reason)
            channel = await self.k.channel(info.channel_id)
            final = text.final_record_text(info.record, info.version)
            await channel.send(limits.clip("\n".join(x for x in (
                f"The game was ended without a winner: {action.reason}.", final) if x),
                limits.MESSAGE_CHARS), allowed_mentions=NO_MENTIONS)
        await self.game_abandoned(info)

    async def run_instructions(self, instructions: Iterable[Any], by: int | None = None) -> None:
        """Carry out what a moderator's league operation asks for running games."""
        for ins in instructions:
            if isinstance(ins, ApplyForfeit):
                await self.apply_forfeit(ins, by=by)
            elif isinstance(ins, AbandonGame):
                await self.apply_abandon(ins, by=by)

    # ------------------------------------------------------------------ posts
    async def _names(self, user_ids: Iterable[int]) -> dict[int, str]:
        return await names_of(self.c.db.reader, sorted(set(user_ids)))

    async def _post_chronicle(self, channel: discord.abc.Messageable, info: GameInfo) -> None:
        names = await self._names(s.user_id for s in info.seats)
        players = {text.seat_title(s.seat): names.get(s.user_id, text.mention(s.user_id))
                   for s in info.seats if s.seat}
        try:
            title = f"Chronicle of the war — {engine.ruleset(info.ruleset).title}, game {info.id}"
        except KeyError:
            title = f"Chronicle of game {info.id}"
        # one replay of the log dates each public entry with the ruleset's turn banner
        chronicle = await game_chronicle(self.svc, info.id, title=title, outcome=info.outcome,
                                         players=players)
        await channel.send(text.with_footer(chronicle, text.record_line(info.record,
                                                                       info.version)),
                           allowed_mentions=NO_MENTIONS)

    async def _league_result_once(self, game_id: int, report: GameEndReport | None) -> None:
        """The league channel hears of a result once: a retry of the final post (after a
        chronicle that failed, say) still tells it if the first attempt did not."""
        if report is None or report.league_game is None \
                or report.league_game.status in ("pending", "running"):
            return
        if not await self.svc.posts(game_id, LEAGUE_POST):
            await self._league_game_over(game_id, report)

    async def _league_game_over(self, game_id: int, report: GameEndReport) -> None:
        lg = report.league_game
        assert lg is not None
        league = await self.c.leagues.get(lg.league_id)
        channel = await self.k.channel(league.channel_id)
        names = await self._names(lg.users)

        def who(place: int) -> str:
            return names.get(lg.users[place], text.mention(lg.users[place]))

        if lg.status == "finished":
            how = {"time": " (on time)", "forfeit": " (forfeit)",
                   "adjudicated": " (adjudicated)"}.get(lg.result_how or "", "")
            body = f"🏁 **{league.name}**, round {lg.round}: {result_text(lg, who)}{how}.\n"
            body += await self.c.leagues.table_text(league.id)  # a result changes the table
        else:
            body = f"🏁 **{league.name}**, round {lg.round}: {lineup(lg, who)} was voided."
        msg = await channel.send(limits.clip(body, limits.MESSAGE_CHARS),
                                 allowed_mentions=NO_MENTIONS)
        await self.svc.record_post(game_id, msg.channel.id, msg.id, LEAGUE_POST)
        if report.league_finished:
            await channel.send(f"🏆 **{league.name}** is over. Thanks for playing!",
                               allowed_mentions=NO_MENTIONS)
        else:
            await self.open_pending_games(league.id)

    # ------------------------------------------------------------------ league games
    def _league_lock(self, league_id: int) -> asyncio.Lock:
        return self._league_locks.setdefault(league_id, asyncio.Lock())

    async def open_pending_games(self, league_id: int, by: int | None = None) -> list[int]:
        """Create, in a thread of the league channel each, the games whose pairings are
        due now; returns the new threads' ids."""
        async with self._league_lock(league_id):
            league = await self.c.leagues.get(league_id)
            pending = await self.c.leagues.pending_games(league_id)
            if not pending:
                return []
            parent = await self.k.channel(league.channel_id)
            names = await self._names(u for lg in pending for u in lg.users)
            threads = []
            for lg in pending:
                threads.append(await self._start_league_game(parent, league, lg, names, by))
            return threads

    async def _start_league_game(self, parent: Any, league: League, lg: LeagueGame,
                                 names: dict[int, str], by: int | None) -> int:
        title = limits.clip(f"{league.name} R{lg.round}: "
                            + lineup(lg, lambda p: names.get(lg.users[p], str(lg.users[p]))), 100)
        thread = await parent.create_thread(name=title, type=discord.ChannelType.public_thread,
                                            auto_archive_duration=10080)
        creator = by or (self.bot.user.id if self.bot.user else lg.users[0])
        info = await self.svc.create_game(
            guild_id=league.guild_id, channel_id=thread.id, user_id=creator,
            ruleset_id=league.ruleset, scenario=league.scenario, options=league.options)
        for place, user in enumerate(lg.users):
            await self.svc.join(thread.id, user, league.holdings[place][0])
        pace = f" Clock: {league.pace.describe()}." if league.pace else ""
        seated = ", ".join(f"{text.mention(u)} plays **"
                           + " & ".join(text.seat_title(s) for s in league.holdings[p]) + "**"
                           for p, u in enumerate(lg.users))
        intro = f"🏟️ **{league.name}**, round {lg.round}: {seated}.{pace}"
        started = await self.svc.start(thread.id, creator, moderator=True, intro=intro)
        await self.c.league_game_started(lg.id, game_id=info.id, channel_id=thread.id,
                                         to_act={p.seat for p in started.prompts})
        await self.k.deliver(info.id)  # the opening post, from the outbox
        return thread.id


def _teams(info: GameInfo) -> tuple[tuple[str, ...], ...]:
    """The game's allied seats (for ratings), from its ruleset's scenario."""
    try:
        return engine.ruleset(info.ruleset).scenarios[info.scenario].teams
    except KeyError:
        return ()


def community_hooks(settings: Any, *, now: Callable[[], datetime] | None = None,
                    interval_s: float | None = None, run_scheduler: bool = True):
    """The factory `KeryxBot` calls in `setup_hook`: `(bot) -> CommunityHooks`.
    interval: `interval_s`, else `settings.scheduler_interval_s` if the settings have it,
    else 30 s. `run_scheduler=False` leaves ticking to the caller (tests)."""
    interval = interval_s or getattr(settings, "scheduler_interval_s", None) or DEFAULT_INTERVAL_S

    async def factory(bot: discord.Client) -> CommunityHooks:
        community = Community(settings.database, now=now or utcnow)
        days = getattr(settings, "outbox_retention_days", None)
        if days is not None:
            community.retention = timedelta(days=days)
        hooks = CommunityHooks(bot, community, interval_s=interval if run_scheduler else None)
        await hooks.open()
        return hooks

    return factory
