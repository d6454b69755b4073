"""Slash commands of community play: `/league …`, `/ratings`, `/profile`, `/vacation …`,
`/reminders`, and `/game history` (the public map at an earlier version).

Everything here goes through `CommunityHooks` (bot/community.py) and the services; user
mistakes become ephemeral answers through `Keryx.guard`."""

from __future__ import annotations

import asyncio
import io
from typing import cast

import discord
from discord import app_commands

import engine
import renders
from renders.pieces.table import TableRow, render_table
from service.bots import LEVELS as BOT_LEVELS
from service.community import Pace
from service.community.house_bot import add_house_bot
from service.community.leagues import League, LeagueGame, lineup, names_of
from service.community.pace import Policy
from service.errors import Refusal
from shared.errors import UserError
from shared.game_options import parse_options

from . import limits, text
from .choices import check_playable, matching_choices, ruleset_choices, scenario_choices
from .community import CommunityHooks, user_errors
from .controller import Keryx, here, png_file, render

NOT_ENABLED = "Community play (leagues, ratings, clocks) is not enabled on this bot."
POLICIES = [app_commands.Choice(name="tell the moderators (default)", value="notify"),
            app_commands.Choice(name="the late player loses", value="forfeit")]


def hooks_of(k: Keryx) -> CommunityHooks:
    h = k.hooks
    if not isinstance(h, CommunityHooks):
        raise UserError(NOT_ENABLED)
    return h


async def remember(h: CommunityHooks, user: discord.abc.User) -> None:
    await h.c.remember_name(user.id, getattr(user, "display_name", None) or user.name)


async def find_league(h: CommunityHooks, itx: discord.Interaction, name: str) -> League:
    league = await h.c.leagues.find(itx.guild_id, name)
    if league is None:
        raise UserError(f"There is no league called {name!r} here. `/league create` opens one.")
    return league


async def league_autocomplete(k: Keryx, itx: discord.Interaction, current: str,
                              status: str | None = None):
    h = k.hooks
    if not isinstance(h, CommunityHooks):
        return []
    leagues = await h.c.leagues.list(itx.guild_id, status)
    return matching_choices([(f"{lg.name} ({lg.status})", lg.name) for lg in leagues], current)


def place_title(league: League, place: int) -> str:
    return " & ".join(text.seat_title(s) for s in league.holdings[place])


def _result_line(lg: LeagueGame, league: League, names: dict[int, str]) -> str:
    def who(place: int) -> str:
        return names.get(lg.users[place], text.mention(lg.users[place]))

    where = f" <#{lg.thread_id}>" if lg.thread_id else ""
    if lg.status == "finished":
        state = "drawn" if lg.drawn else " & ".join(who(p) for p, r in enumerate(lg.results)
                                                  if r == "win") + " won"
        if lg.result_how and lg.result_how != "played":
            state += f" ({lg.result_how})"
    else:
        state = lg.status
    teams = lineup(lg, lambda p: f"{who(p)} ({place_title(league, p)})")
    return f"`#{lg.id}` R{lg.round}: {teams} — {state}{where}"


def result_choices(league: League, current: str) -> list[app_commands.Choice[str]]:
    """What a moderator may record: each side winning (allies together), a draw, void."""
    sides = list(dict.fromkeys(league.team_of(s) for s in league.seats))
    pairs = [(" & ".join(text.seat_title(s) for s in side)
              + (" win" if len(side) > 1 else " wins"), side[0]) for side in sides]
    pairs += [("draw", "draw"), ("void (no result)", "void")]
    return matching_choices(pairs, current)


def parse_result(league: League, value: str) -> list[str] | None:
    """The winning seats a `/league result` value names ([] a draw, None void)."""
    value = value.strip().lower()
    if value == "void":
        return None
    if value == "draw":
        return []
    seats = {s.lower(): s for s in league.seats}
    seats.update({text.seat_title(s).lower(): s for s in league.seats})
    if value not in seats:
        raise UserError(f"Say which side won ({', '.join(league.seats)}), draw or void.")
    return [seats[value]]


class LeagueGroup(app_commands.Group):
    def __init__(self, keryx: Keryx):
        super().__init__(name="league", description="Round-robin leagues played in threads",
                         guild_only=True)
        self.k = keryx

    # ------------------------------------------------------------- players
    @app_commands.command(name="create", description="Open a league in this channel; each "
                          "game gets its own thread")
    @app_commands.describe(name="The league's name", ruleset="Which game",
                           scenario="Which scenario (default: the first)",
                           options="Optional rules, e.g. 'mulligan=off'",
                           pace="Clock, e.g. '3d +24h max 5d' (default)",
                           digest_hour="Hour (UTC) of the daily digest",
                           policy="What happens when a clock runs out",
                           cycles="1: every pairing (or group) once; more: again, "
                                  "everyone moved on a seat (up to the player count)",
                           rounds_open="Rounds played at once (0: all games at once)",
                           rated="Whether the games count for ratings")
    @app_commands.choices(policy=POLICIES)
    async def create(self, itx: discord.Interaction, name: app_commands.Range[str, 1, 60],
                     ruleset: str, scenario: str | None = None, options: str | None = None,
                     pace: str | None = None,
                     digest_hour: app_commands.Range[int, 0, 23] = 18,
                     policy: str = "notify", cycles: app_commands.Range[int, 1, 6] = 1,
                     rounds_open: app_commands.Range[int, 0, 50] = 0,
                     rated: bool = True) -> None:
        async with self.k.guard(itx, "league create"):
            h = hooks_of(self.k)
            if isinstance(itx.channel, discord.Thread):
                raise UserError("Open leagues in a text channel, not a thread: each game of "
                                "the league gets a thread of its own.")
            check_playable(ruleset)
            rs = engine.ruleset(ruleset)
            scenario = scenario or next(iter(rs.scenarios))
            if scenario not in rs.scenarios:
                raise UserError(f"{rs.title} has no scenario {scenario!r}. Scenarios: "
                                + ", ".join(rs.scenarios))
            try:
                clock = Pace.parse(pace) if pace else Pace.default()
            except ValueError as exc:
                raise UserError(str(exc)) from None
            opts = parse_options(options, ruleset)
            with user_errors():
                league = await h.c.leagues.create(
                    channel_id=here(itx), guild_id=itx.guild_id, name=name,
                    ruleset=ruleset, scenario=scenario, options=opts, pace=clock,
                    policy=cast(Policy, policy), cycles=cycles, rounds_open=rounds_open, rated=rated,
                    digest_hour=digest_hour, created_by=itx.user.id, at=h.now())
            await remember(h, itx.user)
            await itx.response.send_message(
                f"🏟️ League **{league.name}** opened: {rs.title}, scenario "
                f"{rs.scenarios[scenario].title}. Clock: {clock.describe()}. Digest daily at "
                f"{digest_hour:02d}:00 UTC.\nJoin with `/league join league:{league.name}`; a "
                "moderator starts it with `/league start`.",
                allowed_mentions=discord.AllowedMentions.none())

    @create.autocomplete("ruleset")
    async def _create_ruleset_ac(self, itx: discord.Interaction, current: str):
        return ruleset_choices(current)

    @create.autocomplete("scenario")
    async def _create_scenario_ac(self, itx: discord.Interaction, current: str):
        return scenario_choices(itx, current)

    @app_commands.command(name="join", description="Join a league before it starts")
    @app_commands.describe(league="The league's name")
    async def join(self, itx: discord.Interaction, league: str) -> None:
        async with self.k.guard(itx, "league join"):
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            with user_errors():
                await h.c.leagues.join(lg.id, itx.user.id, h.now())
            await remember(h, itx.user)
            n = len(await h.c.leagues.players(lg.id))
            await itx.response.send_message(f"{itx.user.mention} joins **{lg.name}** "
                                            f"({n} player{'s' if n != 1 else ''}).",
                                            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leave", description="Leave a league before it starts")
    @app_commands.describe(league="The league's name")
    async def leave(self, itx: discord.Interaction, league: str) -> None:
        async with self.k.guard(itx, "league leave"):
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            with user_errors():
                await h.c.leagues.leave(lg.id, itx.user.id, h.now())
            await itx.response.send_message(f"{itx.user.mention} leaves **{lg.name}**.",
                                            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="table", description="The league table")
    @app_commands.describe(league="The league's name")
    async def table(self, itx: discord.Interaction, league: str) -> None:
        async with self.k.guard(itx, "league table"):
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            await itx.response.defer(thinking=True)
            rows = await h.c.leagues.table(lg.id)
            names = await names_of(h.c.db.reader, [s.user_id for s in rows])
            body = await h.c.leagues.table_text(lg.id)
            png = await asyncio.to_thread(render_table, f"{lg.name} — table", [
                TableRow(s.rank, names.get(s.user_id, str(s.user_id)), s.played, s.won,
                         s.drawn, s.lost, s.points, s.sb, s.active) for s in rows],
                "Tiebreaks: points, head-to-head, Sonneborn-Berger, wins.")
            await itx.followup.send(limits.clip(body, limits.MESSAGE_CHARS),
                                    file=discord.File(io.BytesIO(png), "table.png"),
                                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="games", description="The league's pairings, threads and "
                          "results (only you see it)")
    @app_commands.describe(league="The league's name", mine="Only your own games")
    async def games(self, itx: discord.Interaction, league: str, mine: bool = False) -> None:
        async with self.k.guard(itx, "league games"):
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            games = await h.c.leagues.games(lg.id, user_id=itx.user.id if mine else None)
            names = await names_of(h.c.db.reader,
                                   sorted({u for g in games for u in g.users}))
            lines = [f"**{lg.name}** — {lg.status}"] + [_result_line(g, lg, names)
                                                        for g in games]
            if not games:
                lines.append("No games yet: the league starts with `/league start`.")
            chunks = limits.split_message("\n".join(lines))
            await self.k.tell(itx, chunks[0])
            for chunk in chunks[1:4]:
                await itx.followup.send(chunk, ephemeral=True)

    # ------------------------------------------------------------- moderators
    @app_commands.command(name="start", description="Moderators: draw the round robin and "
                          "open each game in its own thread")
    @app_commands.describe(league="The league's name")
    async def start(self, itx: discord.Interaction, league: str) -> None:
        async with self.k.guard(itx, "league start"):
            self.k.require_moderator(itx)
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            with user_errors():  # refusals first, while the answer can still be private
                games = await h.c.leagues.start(lg.id, h.now())
            await itx.response.defer(thinking=True)
            threads = await h.open_pending_games(lg.id, by=itx.user.id)
            rounds = max((g.round for g in games), default=0)
            await itx.followup.send(
                f"⚔️ **{lg.name}** begins: {len(games)} games over {rounds} rounds; "
                f"{len(threads)} opened now, each in its own thread. `/league games` lists "
                "them.", allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="add", description="Moderators: add a player or Keryx (after "
                          "the start: one new game against each player)")
    @app_commands.describe(league="The league's name", user="The player to add",
                           bot="Or enter Keryx as a house player at this level")
    @app_commands.choices(bot=[app_commands.Choice(name=level, value=level)
                               for level in BOT_LEVELS])
    async def add(self, itx: discord.Interaction, league: str,
                  user: discord.Member | None = None, bot: str | None = None) -> None:
        async with self.k.guard(itx, "league add"):
            self.k.require_moderator(itx)
            if (user is None) == (bot is None):
                raise UserError("Name either a `user` or a `bot` level to add.")
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            with user_errors():
                if bot is not None:
                    who, new = await add_house_bot(h.c, lg.id, bot, h.now())
                else:
                    assert user is not None
                    who, new = user.id, await h.c.leagues.add_player(lg.id, user.id, h.now())
            await itx.response.defer(thinking=True)
            if user is not None:
                await remember(h, user)
            threads = await h.open_pending_games(lg.id, by=itx.user.id) if new else []
            await itx.followup.send(
                f"{text.mention(who)} joins **{lg.name}**"
                + (f" with {len(new)} new game(s) ({len(threads)} opened now)." if new else "."),
                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="remove", description="Moderators: withdraw a player; their "
                          "unplayed games are forfeited or voided")
    @app_commands.describe(league="The league's name", user="The player to withdraw",
                           void="Void their unfinished games instead of forfeiting them")
    async def remove(self, itx: discord.Interaction, league: str, user: discord.Member,
                     void: bool = False) -> None:
        async with self.k.guard(itx, "league remove"):
            self.k.require_moderator(itx)
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            with user_errors():
                todo = await h.c.leagues.remove_player(
                    lg.id, user.id, h.now(), by=itx.user.id,
                    unplayed="void" if void else "forfeit")
            await itx.response.defer(thinking=True)
            await h.run_instructions(todo, by=itx.user.id)
            await itx.followup.send(
                f"{user.mention} is withdrawn from **{lg.name}**; unfinished games "
                f"{'voided' if void else 'scored for the opponents'}.\n"
                + await h.c.leagues.table_text(lg.id),
                allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="result", description="Moderators: record a league game's "
                          "result (or void it)")
    @app_commands.describe(league="The league's name",
                           game="League game number from /league games (in a game's thread: "
                                "that game)",
                           result="Which side won (allies win together), draw or void",
                           note="Why (shown in the record)")
    async def result(self, itx: discord.Interaction, league: str, result: str,
                     game: app_commands.Range[int, 1] | None = None,
                     note: app_commands.Range[str, 1, 200] | None = None) -> None:
        async with self.k.guard(itx, "league result"):
            self.k.require_moderator(itx)
            h = hooks_of(self.k)
            lg = await find_league(h, itx, league)
            if game is None:
                try:
                    current = await self.k.svc.game_info(here(itx))
                except Refusal:
                    current = None
                pairing = await h.c.leagues.by_game(current.id) if current else None
                if pairing is None:
                    raise UserError("Say which game (`game:` number from `/league games`), "
                                    "or run this in the game's thread.")
                game = pairing.id
            with user_errors():
                pairing = await h.c.leagues.league_game(game)
            if pairing.league_id != lg.id:
                raise UserError(f"Game #{game} is not a game of {lg.name}.")
            winners = parse_result(lg, result)
            with user_errors():
                todo = await h.c.leagues.record_result(pairing.id, winners, h.now(),
                                                       by=itx.user.id, note=note)
            await itx.response.defer(thinking=True)
            await h.run_instructions(todo, by=itx.user.id)
            pairing = await h.c.leagues.league_game(pairing.id)
            names = await names_of(h.c.db.reader, list(pairing.users))
            await itx.followup.send(
                limits.clip(f"📝 {_result_line(pairing, lg, names)}\n"
                            + await h.c.leagues.table_text(lg.id), limits.MESSAGE_CHARS),
                allowed_mentions=discord.AllowedMentions.none())
            if not todo:  # a running game's end opens the next rounds itself
                await h.open_pending_games(lg.id, by=itx.user.id)

    @result.autocomplete("result")
    async def _result_ac(self, itx: discord.Interaction, current: str):
        h = self.k.hooks
        name = (itx.namespace.league or "") if itx.namespace else ""
        if not isinstance(h, CommunityHooks) or not name:
            return []
        league = await h.c.leagues.find(itx.guild_id, name)
        return result_choices(league, current) if league else []

    @join.autocomplete("league")
    @leave.autocomplete("league")
    async def _open_league_ac(self, itx: discord.Interaction, current: str):
        return await league_autocomplete(self.k, itx, current, "open")

    @table.autocomplete("league")
    @games.autocomplete("league")
    @start.autocomplete("league")
    @add.autocomplete("league")
    @remove.autocomplete("league")
    @result.autocomplete("league")
    async def _league_ac(self, itx: discord.Interaction, current: str):
        return await league_autocomplete(self.k, itx, current)


class VacationGroup(app_commands.Group):
    def __init__(self, keryx: Keryx):
        super().__init__(name="vacation", description="Stop your clocks in every game for a "
                         "while")
        self.k = keryx

    @app_commands.command(name="start", description="Stop all your clocks for some days")
    @app_commands.describe(days="How many days (leagues allow a number per season)")
    async def start(self, itx: discord.Interaction,
                    days: app_commands.Range[int, 1, 30]) -> None:
        async with self.k.guard(itx, "vacation start"):
            h = hooks_of(self.k)
            with user_errors():
                vac = await h.c.clocks.start_vacation(itx.user.id, days, h.now())
            left = await h.c.clocks.vacation_left(itx.user.id, h.now())
            await self.k.tell(itx, f"🏖️ Your clocks are stopped until "
                              f"{discord.utils.format_dt(vac.until, 'f')}."
                              + (f" Vacation days left this season: {left}." if left is not None
                                 else "") + " Back early? `/vacation end`.")

    @app_commands.command(name="end", description="Come back early (days not begun are "
                          "given back)")
    async def end(self, itx: discord.Interaction) -> None:
        async with self.k.guard(itx, "vacation end"):
            h = hooks_of(self.k)
            with user_errors():
                await h.c.clocks.end_vacation(itx.user.id, h.now())
            await self.k.tell(itx, "Welcome back: your clocks run again where you must move.")


def history_command(k: Keryx) -> app_commands.Command:
    @app_commands.command(name="history", description="The public map as it stood at an "
                          "earlier version (only you see it)")
    @app_commands.describe(phase_version="The version number (the 'v12' of a map post)")
    async def history(itx: discord.Interaction,
                      phase_version: app_commands.Range[int, 0]) -> None:
        async with k.guard(itx, "game history"):
            info = await k.svc.game_info(here(itx))
            if info.status == "open":
                raise UserError("The game has not started yet.")
            if phase_version > info.version:
                raise UserError(f"The game is at version {info.version}; pick 0 to "
                                f"{info.version}.")
            await itx.response.defer(ephemeral=True, thinking=True)
            view = await k.svc.public_view_at(info.id, phase_version)
            png = await render(renders.render_map, view)
            where = text.banner(view)
            await itx.followup.send(
                f"Public map at v{phase_version} of {info.version}"
                + (f" · {where}" if where else ""), ephemeral=True,
                file=png_file(png, f"map-v{phase_version}.png"))

    return history


def add_community_commands(tree: app_commands.CommandTree, keryx: Keryx) -> None:
    tree.add_command(LeagueGroup(keryx))
    tree.add_command(VacationGroup(keryx))
    game = tree.get_command("game")
    if isinstance(game, app_commands.Group) and game.get_command("history") is None:
        game.add_command(history_command(keryx))

    @tree.command(name="ratings", description="The rating list of a game")
    @app_commands.describe(ruleset="Which game (may be left out while only one is installed)")
    async def ratings(itx: discord.Interaction, ruleset: str | None = None) -> None:
        async with keryx.guard(itx, "ratings"):
            h = hooks_of(keryx)
            known = engine.ruleset_ids()
            if ruleset is None and len(known) > 1:
                raise UserError("Which game? Name it: " + ", ".join(known) + ".")
            rid = ruleset or known[0]
            if rid not in engine.ruleset_ids():
                raise UserError(f"There is no game called {rid!r}.")
            board = await h.c.ratings.leaderboard(rid, limit=25, include_provisional=True)
            names = await names_of(h.c.db.reader, [r.user_id for r in board])
            sure = [r for r in board if not r.provisional]
            unsure = [r for r in board if r.provisional]
            lines = [f"**Ratings — {engine.ruleset(rid).title}**"]
            for i, r in enumerate(sure, 1):
                lines.append(f"`{i:>2}` {names.get(r.user_id, text.mention(r.user_id))} "
                             f"**{r.rating:.0f}** ±{2 * r.rd:.0f} · {r.games} games")
            if unsure:
                lines.append("_Provisional (too few games to rank):_")
                lines += [f"• {names.get(r.user_id, text.mention(r.user_id))} {r.rating:.0f}? "
                          f"±{2 * r.rd:.0f} · {r.games} games" for r in unsure]
            if not board:
                lines.append("No rated games yet.")
            await itx.response.send_message(limits.clip("\n".join(lines), limits.MESSAGE_CHARS),
                                            allowed_mentions=discord.AllowedMentions.none())

    @ratings.autocomplete("ruleset")
    async def _ratings_ac(itx: discord.Interaction, current: str):
        return ruleset_choices(current)

    @tree.command(name="profile", description="A player's games, ratings and reliability")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(itx: discord.Interaction, user: discord.User | None = None) -> None:
        async with keryx.guard(itx, "profile"):
            h = hooks_of(keryx)
            who = user or itx.user
            await remember(h, who)
            prof = await h.c.ratings.profile(who.id)
            body = prof.text(getattr(who, "display_name", None) or who.name)
            if (vac := await h.c.clocks.on_vacation(who.id)) is not None:
                body += f"\n🏖️ On vacation until {discord.utils.format_dt(vac.until, 'f')}."
            await itx.response.send_message(limits.clip(body, limits.MESSAGE_CHARS),
                                            allowed_mentions=discord.AllowedMentions.none())

    @tree.command(name="reminders", description="Get turn reminders by DM instead of a "
                  "ping in the game's channel")
    @app_commands.describe(dm="True: by direct message; False: pinged in the channel")
    async def reminders(itx: discord.Interaction, dm: bool) -> None:
        async with keryx.guard(itx, "reminders"):
            h = hooks_of(keryx)
            await h.c.clocks.set_dm_reminders(itx.user.id, dm)
            await remember(h, itx.user)
            await keryx.tell(itx, "🔔 Reminders will come " + (
                "by direct message (in the game's channel if your DMs are closed)." if dm
                else "as a ping in the game's channel."))
