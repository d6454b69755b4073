"""Slash commands: `/game …`, `/act`, `/hand`, `/rule`, `/undo`, `/turns`."""

from __future__ import annotations

import contextlib
import io

import discord
from discord import app_commands

import engine
import renders
from engine.core.game import PLAYERS
from service.bots import LEVELS as BOT_LEVELS
from service.errors import Refusal
from service.results import GameInfo
from shared.errors import UserError
from shared.game_options import parse_options

from . import limits, text, ui
from .choices import (
    check_playable,
    matching_choices,
    option_choices,
    ruleset_choices,
    scenario_choices,
    typed_ruleset,
)
from .controller import Keryx, here, png_file, render, speaking_channel
from .talks import open_talks


def place_title(place: tuple[str, ...] | list[str]) -> str:
    """"Athens", or "Athens & Plataea" for seats one person holds together."""
    return " & ".join(text.seat_title(s) for s in place)


def players_line(info: GameInfo, counts: tuple[int, ...]) -> str:
    """How many people the game seats and what each will hold, for a scenario that takes
    several counts: a count below the places (Pericles solitaire: 1 person, 4 places)
    leaves the other places to Keryx's bots, so say so rather than count the places."""
    if len(counts) <= 1:
        return ""
    people = int(info.options.get(PLAYERS) or info.players)
    places = len(info.places) or len(info.seat_names)
    line = (f"{people} player{'s' if people != 1 else ''} (this scenario takes "
            f"{' or '.join(map(str, counts))}: `players:`)")
    if people < places:
        each = "who holds" if people == 1 else "each holding"
        line += (f", {each} one of the {places} places; Keryx's bots hold the other "
                 f"{places - people}")
    return line + ". "


def check_opponent(ruleset_id: str, level: str) -> None:
    """A level Keryx can play this game at, or a clear refusal (engine/players)."""
    from engine.players import cannot_play

    reason = cannot_play(level, ruleset_id)
    if reason is not None:
        raise UserError(f"Keryx cannot play {engine.ruleset(ruleset_id).title} at the "
                        f"{level!r} level: {reason}.")


class GameGroup(app_commands.Group):
    def __init__(self, keryx: Keryx):
        super().__init__(name="game", description="Play a board wargame in this channel",
                         guild_only=True)
        self.k = keryx

    # ------------------------------------------------------------- lobby
    @app_commands.command(name="new", description="Open a new game in this channel or thread")
    @app_commands.describe(ruleset="Which game", scenario="Which scenario (default: the first)",
                           options="Optional rules, e.g. 'mulligan=off tourney_bidding=on'",
                           pace_hours="Hours added to a player's clock per move (0: no clock)",
                           players="How many people play, where the scenario allows several "
                                   "counts (default: one per seat)",
                           opponent="Play against Keryx: it takes every other place at "
                                    "this level, and the game starts at once",
                           seat="With an opponent: your side (empty: drawn)",
                           sides="Sides chosen at the start: sealed bids or dice (default: "
                                 "seats named on joining)")
    @app_commands.choices(opponent=[app_commands.Choice(name=level, value=level)
                                    for level in BOT_LEVELS],
                          sides=[app_commands.Choice(name=name, value=value) for name, value in
                                 (("bid for sides (sealed bids)", "bid"),
                                  ("random sides (a dice roll)", "random"))])
    async def new(self, itx: discord.Interaction, ruleset: str, scenario: str | None = None,
                  options: str | None = None,
                  pace_hours: app_commands.Range[int, 0, 240] = 0,
                  players: app_commands.Range[int, 1, 6] | None = None,
                  opponent: str | None = None, seat: str | None = None,
                  sides: str | None = None) -> None:
        async with self.k.guard(itx, "game new"):
            check_playable(ruleset)
            if opponent is not None and sides is not None:
                raise UserError("`sides` is for games between people; against Keryx, "
                                "name your `seat` or leave it to be drawn.")
            if opponent is not None:
                check_opponent(ruleset, opponent)
            elif seat is not None:
                raise UserError("Choose your seat with `/game join`; `seat` here goes with "
                                "`opponent`.")
            chosen = parse_options(options, ruleset)
            if players is not None:
                chosen[PLAYERS] = players
            info = await self.k.svc.create_game(
                guild_id=itx.guild_id, channel_id=here(itx), user_id=itx.user.id,
                ruleset_id=ruleset, scenario=scenario, options=chosen, sides_mode=sides)
            if pace_hours and self.k.hooks is not None:
                await self.k.hooks.set_pace(info.id, pace_hours)
            rs = engine.ruleset(ruleset)
            seats = ", ".join(place_title(p) for p in info.places)
            # an option left empty (Pericles' `phormio`, set at the start) says nothing
            opts = ", ".join(f"{k}={v}" for k, v in info.options.items()
                             if k != PLAYERS and v not in ("", None)) or "none"
            who = players_line(info, rs.scenarios[info.scenario].counts)
            head = (f"🏺 **{rs.title}** — scenario {rs.scenarios[info.scenario].title}.\n"
                    f"{who}Seats: {seats}. Options: {opts}.\n")
            if sides == "bid":
                sb = rs.side_bidding
                assert sb is not None  # the service refused a game that takes no bids
                head += (f"Sides: sealed bids of 0 to {sb.most} {sb.unit} at the start "
                         f"(how they work: `/rule {sb.rule}`).\n")
            elif sides == "random":
                head += "Sides: drawn by a dice roll at the start.\n"
            if opponent is None:
                await itx.response.send_message(
                    head + ("Join with `/game join` (no seat: the sides are chosen at the "
                            "start), then `/game start`." if sides else
                            "Take a seat with `/game join`, then `/game start`."))
                return
            await itx.response.defer(thinking=True)
            try:
                await self.k.svc.join(here(itx), itx.user.id, seat)
                await self.k.svc.seat_bots(here(itx), opponent)
            except Refusal:
                # Nothing half-made stays behind: the lobby goes with the refusal.
                await self.k.svc.abandon(here(itx), itx.user.id, "opponent refused")
                raise
            await itx.followup.send(head + f"🤖 Keryx plays every other place at the "
                                    f"**{opponent}** level.",
                                    allowed_mentions=discord.AllowedMentions.none())
            await self._begin(itx, moderator=False)

    @new.autocomplete("ruleset")
    async def _ruleset_ac(self, itx: discord.Interaction, current: str):
        return ruleset_choices(current)

    @new.autocomplete("scenario")
    async def _scenario_ac(self, itx: discord.Interaction, current: str):
        return scenario_choices(itx, current)

    @new.autocomplete("seat")
    async def _new_seat_ac(self, itx: discord.Interaction, current: str):
        rs = typed_ruleset(itx)
        if rs is None:
            return []
        try:
            names = rs.seats(getattr(itx.namespace, "scenario", None) or rs.default_scenario)
        except KeyError:
            return []
        return matching_choices([(text.seat_title(s), s) for s in names], current)

    @new.autocomplete("options")
    async def _options_ac(self, itx: discord.Interaction, current: str):
        return option_choices(itx, current)

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(seat="The side you want (empty: drawn at start)")
    async def join(self, itx: discord.Interaction, seat: str | None = None) -> None:
        async with self.k.guard(itx, "game join"):
            info = await self.k.svc.join(here(itx), itx.user.id, seat)
            # Free seats are named only while players are missing: once every player
            # is in, the seats nobody chose are drawn at start, not free. A person takes
            # a whole place (several seats where one person holds them together).
            full = info.joined >= info.players
            # With sides chosen at the start (`sides:`) no seat is free or taken yet.
            free = [] if full or info.sides else [p for p in info.places
                                                  if info.user_of(p[0]) is None]
            mine = info.seats_of(itx.user.id)
            where = f" as **{place_title(mine)}**" if seat and mine else ""
            await itx.response.send_message(
                f"{itx.user.mention} joins{where}. "
                + (f"{info.players - info.joined} seat(s) left."
                   if not full else "All seats taken: `/game start` when ready"
                   + (" (it opens the sealed bids for sides)." if info.sides == "bid"
                      else "."))
                + (f" Free: {', '.join(map(place_title, free))}." if free else ""),
                allowed_mentions=discord.AllowedMentions.none())

    @join.autocomplete("seat")
    async def _seat_ac(self, itx: discord.Interaction, current: str):
        try:
            info = await self.k.svc.game_info(here(itx))
        except Refusal:
            return []
        return matching_choices([(place_title(p), p[0]) for p in info.places
                         if info.user_of(p[0]) is None], current)

    @app_commands.command(name="leave", description="Leave the game before it starts")
    async def leave(self, itx: discord.Interaction) -> None:
        async with self.k.guard(itx, "game leave"):
            await self.k.svc.leave(here(itx), itx.user.id)
            await itx.response.send_message(f"{itx.user.mention} leaves the table.",
                                            allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="start", description="Start the game once every seat is taken")
    @app_commands.describe(bots="Keryx takes every place still free at this level first "
                                "(Pericles with fewer than four people: phormio)")
    @app_commands.choices(bots=[app_commands.Choice(name=level, value=level)
                                for level in BOT_LEVELS])
    async def start(self, itx: discord.Interaction, bots: str | None = None) -> None:
        async with self.k.guard(itx, "game start"):
            if bots is not None:
                check_opponent((await self.k.svc.game_info(here(itx))).ruleset, bots)
            await itx.response.defer(thinking=True)
            if bots is not None:
                await self.k.svc.seat_bots(here(itx), bots)
            await self._begin(itx, moderator=self.k.is_moderator(itx))

    async def _begin(self, itx: discord.Interaction, *, moderator: bool) -> None:
        """Start the channel's full lobby (the interaction is deferred already); a lobby
        whose sides are bid for opens its sealed bids instead (the last bid starts it)."""
        lobby = await self.k.svc.game_info(here(itx))
        if lobby.status == "open" and lobby.sides == "bid":
            b = await self.k.svc.open_bidding(here(itx), itx.user.id, moderator=moderator)
            names = b.game.seat_names
            await itx.followup.send(
                limits.clip(text.bidding_text(b.unit, b.most, b.sides, b.waiting),
                            limits.MESSAGE_CHARS),
                view=ui.bid_view(b.game.id, [(names.index(s), text.seat_title(s))
                                             for s in b.sides]),
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(u) for u in b.waiting] if b.just_opened else []))
            return
        started = await self.k.svc.start(here(itx), itx.user.id, moderator=moderator)
        info = started.game
        seats = ", ".join(f"{text.seat_title(s.seat)}: {text.mention(s.user_id)}"
                          for s in info.seats)
        await itx.followup.send(
            # The hash itself is published once, in the opening post (the outbox's).
            text.with_footer(f"⚔️ The game begins. {seats}.\nThe opening map below publishes "
                             "the dice seed hash (the seed is revealed at the end).",
                             text.record_line(info.record, info.version)),
            allowed_mentions=discord.AllowedMentions.none())
        await self.k.game_begun(itx, started)

    @app_commands.command(name="bid", description="Your sealed bid for a side, in a game "
                          "whose sides are bid for (only you see it)")
    @app_commands.describe(side="The side you want", amount="What you offer for it")
    async def bid(self, itx: discord.Interaction, side: str,
                  amount: app_commands.Range[int, 0, 100]) -> None:
        async with self.k.guard(itx, "game bid"):
            await itx.response.defer(ephemeral=True, thinking=True)
            await self.k.bid_placed(itx, await self.k.svc.place_bid(here(itx), itx.user.id,
                                                                     side, amount))

    @bid.autocomplete("side")
    async def _bid_side_ac(self, itx: discord.Interaction, current: str):
        try:
            b = await self.k.svc.bidding(here(itx))
        except Refusal:
            return []
        return matching_choices([(text.seat_title(s), s) for s in b.sides], current)

    # ------------------------------------------------------------- reading
    @app_commands.command(name="status", description="Who plays, where the game stands")
    async def status(self, itx: discord.Interaction) -> None:
        async with self.k.guard(itx, "game status"):
            info = await self.k.svc.game_info(here(itx))
            rs = engine.ruleset(info.ruleset)
            lines = [f"**{rs.title}** · game {info.id} · {info.status}"]
            for seat in info.seat_names:
                lines.append(f"{text.seat_title(seat)}: {text.mention(info.user_of(seat))}")
            if info.status == "open" and info.sides is not None:
                lines.append(f"Sides are chosen at the start ({info.sides}).")
            if info.status == "open" and info.sides == "bid":
                b = await self.k.svc.bidding(here(itx))
                if b.opened:
                    lines.append("Sealed bids in from: "
                                 f"{', '.join(map(text.mention, b.bid)) or 'nobody yet'}; "
                                 f"waiting for {', '.join(map(text.mention, b.waiting))}.")
            if info.status != "open":
                sv = await self.k.svc.view(here(itx), None)
                if where := text.banner(sv.view):
                    lines.append(where)
                waiting = sv.view.get("game", {}).get("waiting_for") or []
                if waiting and info.status == "running":
                    lines.append(text.waiting_line({s: info.user_of(s) for s in waiting}))
            for ann in await self.k.svc.undelivered(info.id):
                lines.append(f"⚠️ Post for v{ann.version} not delivered ({ann.state}, "
                             f"{ann.attempts} attempt(s)"
                             + (f": {ann.last_error}" if ann.last_error else "") + ")")
            if info.seed_hash:
                lines.append(f"Seed hash: `{info.seed_hash}`")
            if info.seed:
                lines.append(f"Seed: `{info.seed}`")
            if info.record:
                lines.append(text.record_line(info.record, info.version).removeprefix("-# "))
            await itx.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="map", description="The map: public, or your own seat's")
    @app_commands.describe(mine="Show your own seat's map (only you see it)")
    async def map(self, itx: discord.Interaction, mine: bool = False) -> None:
        async with self.k.guard(itx, "game map"):
            await itx.response.defer(ephemeral=mine, thinking=True)
            sv = await self.k.svc.view(here(itx), itx.user.id if mine else None)
            png = await render(renders.render_map, sv.view)
            title = (f"{text.seat_title(sv.seat)}'s map" if mine and sv.seat else "Public map")
            info = await self.k.svc.game_info(here(itx))
            shown = "" if mine or info.version != sv.version else text.record_line(
                info.record, info.version)  # a public post shows the record's digest
            await itx.followup.send(text.with_footer(f"{title} · v{sv.version}", shown),
                                    ephemeral=mine, file=png_file(png, "map.png"))

    @app_commands.command(name="log", description="What happened lately (only you see it)")
    async def log(self, itx: discord.Interaction) -> None:
        async with self.k.guard(itx, "game log"):
            entries = await self.k.svc.history(here(itx), itx.user.id)
            lines = [f"`{e.seq:>4}` {'🔒 ' if not ev.public else ''}{ev.text}"
                     for e in entries for ev in e.events if ev.text]
            body = "\n".join(lines[-40:]) or "Nothing has happened yet."
            await itx.response.send_message(limits.split_message(body)[-1], ephemeral=True)

    @app_commands.command(name="export", description="The finished game's record (log, seed, "
                          "outcome) to replay and re-check the dice")
    async def export(self, itx: discord.Interaction) -> None:
        async with self.k.guard(itx, "game export"):
            info = await self.k.svc.game_info(here(itx))
            data = await self.k.svc.export_game(info.id)
            await itx.response.send_message(
                f"Game {info.id}: check it with `keryx verify FILE --digest HEX@N`, "
                "giving the final record digest the closing post showed.",
                file=discord.File(io.BytesIO(data.encode()), f"keryx-game-{info.id}.json"))

    # ------------------------------------------------------------- leaving play
    @app_commands.command(name="resign", description="Concede the game")
    @app_commands.describe(confirm="Set to True to really resign")
    async def resign(self, itx: discord.Interaction, confirm: bool = False) -> None:
        async with self.k.guard(itx, "game resign"):
            if not confirm:
                raise UserError("To resign, run `/game resign confirm:True`.")
            await itx.response.defer(thinking=True)
            result = await self.k.svc.resign(here(itx), itx.user.id, itx.id)
            await itx.followup.send(text.with_footer(
                f"🏳️ {text.seat_title(result.seat)} resigns.",
                text.record_line(result.record, result.version)))
            await self.k.announce(speaking_channel(itx), result)

    @app_commands.command(name="talks", description="A private thread for you and another "
                          "player of this game (diplomacy)")
    @app_commands.describe(player="The player to talk with")
    async def talks(self, itx: discord.Interaction, player: discord.Member) -> None:
        async with self.k.guard(itx, "game talks"):
            info = await self.k.svc.game_info(here(itx))
            thread, new = await open_talks(itx.channel, info, itx.user, player)
            await self.k.tell(itx, f"{'Opened' if new else 'Your'} private talks: "
                                   f"{thread.mention}")

    # ------------------------------------------------------------- moderators
    @app_commands.command(name="abandon", description="Moderators: end this game without "
                          "a winner")
    async def abandon(self, itx: discord.Interaction, reason: str | None = None) -> None:
        async with self.k.guard(itx, "game abandon"):
            self.k.require_moderator(itx)
            info = await self.k.svc.abandon(here(itx), itx.user.id, reason)
            msg = f"The game was abandoned by a moderator ({reason or 'no reason given'})."
            if info.seed:
                msg += f" Dice seed: `{info.seed}`."
            if final := text.final_record_text(info.record, info.version):
                msg += "\n" + final
            await itx.response.send_message(limits.clip(msg, limits.MESSAGE_CHARS))
            if self.k.hooks is not None:  # community: clocks stop, a league game is voided
                await self.k.hooks.game_abandoned(info)

    @app_commands.command(name="replace", description="Moderators: give a seat to a substitute "
                          "or to Keryx")
    @app_commands.describe(seat="The seat to hand over", user="The substitute",
                           bot="Or hand the seat to Keryx at this level")
    @app_commands.choices(bot=[app_commands.Choice(name=level, value=level)
                               for level in BOT_LEVELS])
    async def replace(self, itx: discord.Interaction, seat: str,
                      user: discord.Member | None = None, bot: str | None = None,
                      reason: str | None = None) -> None:
        async with self.k.guard(itx, "game replace"):
            self.k.require_moderator(itx)
            if (user is None) == (bot is None):
                raise UserError("Name either a `user` or a `bot` level to take the seat.")
            if bot is not None:
                check_opponent((await self.k.svc.game_info(here(itx))).ruleset, bot)
                info = await self.k.svc.replace_seat_with_bot(here(itx), itx.user.id,
                                                              seat, bot, reason)
                new_id = info.user_of(seat)
            else:
                assert user is not None
                info = await self.k.svc.replace_seat(here(itx), itx.user.id, seat,
                                                     user.id, reason)
                new_id = user.id
            if self.k.hooks is not None:  # community: the seat's clock follows the player
                await self.k.hooks.seat_replaced(info, seat, new_id)
            await itx.response.send_message(
                f"{text.mention(new_id)} now plays {text.seat_title(seat)}.",
                allowed_mentions=discord.AllowedMentions(
                    users=[user] if user is not None else []))

    @replace.autocomplete("seat")
    async def _taken_seat_ac(self, itx: discord.Interaction, current: str):
        try:
            info = await self.k.svc.game_info(here(itx))
        except Refusal:
            return []
        return matching_choices([(text.seat_title(s), s) for s in info.seat_names], current)

    @app_commands.command(name="deadline", description="Moderators: set the move clock "
                          "(hours per move) or pause/resume it")
    @app_commands.describe(hours="Hours added per move (0 stops the clock)",
                           extend_hours="Give the player(s) to move this many extra hours",
                           pause="Pause (True) or resume (False) the clock")
    async def deadline(self, itx: discord.Interaction,
                       hours: app_commands.Range[int, 0, 240] | None = None,
                       extend_hours: app_commands.Range[int, 1, 720] | None = None,
                       pause: bool | None = None) -> None:
        async with self.k.guard(itx, "game deadline"):
            self.k.require_moderator(itx)
            if self.k.hooks is None:
                raise UserError("Move clocks are not enabled on this bot.")
            info = await self.k.svc.game_info(here(itx))
            said = await self.k.hooks.moderate_clock(info, hours=hours, extend=extend_hours,
                                                     pause=pause, by=itx.user.id)
            await itx.response.send_message(said, allowed_mentions=discord.AllowedMentions.none())


def add_commands(tree: app_commands.CommandTree, keryx: Keryx) -> None:
    tree.add_command(GameGroup(keryx))

    @tree.command(name="act", description="Your open decision in this channel's game "
                  "(only you see it)")
    @app_commands.guild_only()
    async def act(itx: discord.Interaction) -> None:
        async with keryx.guard(itx, "act"):
            await keryx.show_prompt(itx)

    @tree.command(name="hand", description="Your cards (only you see them)")
    @app_commands.guild_only()
    async def hand(itx: discord.Interaction) -> None:
        async with keryx.guard(itx, "hand"):
            await itx.response.defer(ephemeral=True, thinking=True)
            sv = await keryx.svc.view(here(itx), itx.user.id)
            if sv.seat is None:
                raise UserError("You hold no seat in this game, so you have no hand.")
            png = await render(renders.render_hand, sv.view)
            await itx.followup.send(limits.clip(text.hand_listing(sv.view),
                                                limits.MESSAGE_CHARS),
                                    ephemeral=True,
                                    file=png_file(png, "hand.png"))

    @tree.command(name="rule", description="Keryx's summary of a rule section and its "
                  "rulings (only you see it)")
    @app_commands.describe(number="A rule section such as 4.4 or 5.41, or 'intro'",
                           ruleset="Which game's rules (default: this channel's game; "
                                   "needed outside a game)")
    async def rule(itx: discord.Interaction, number: str, ruleset: str | None = None) -> None:
        async with keryx.guard(itx, "rule"):
            if ruleset is not None and ruleset not in engine.ruleset_ids():
                raise UserError(f"No game {ruleset!r}; Keryx knows "
                                f"{', '.join(engine.ruleset_ids())}.")
            ruleset_id = ruleset
            if ruleset_id is None:  # the channel's game's rules
                with contextlib.suppress(Refusal):
                    ruleset_id = (await keryx.svc.game_info(here(itx))).ruleset
            if ruleset_id is None:  # no game here: ask which game's rules are meant
                await itx.response.send_message(text.rule_needs_game(number), ephemeral=True)
                return
            # A section with many rulings runs past one message: send it in parts.
            chunks = limits.split_message(text.rule_text(ruleset_id, number))
            await itx.response.send_message(chunks[0], ephemeral=True)
            for chunk in chunks[1:4]:
                await itx.followup.send(chunk, ephemeral=True)

    @rule.autocomplete("ruleset")
    async def _rule_ruleset_ac(itx: discord.Interaction, current: str):
        return matching_choices([(engine.ruleset(r).title, r) for r in text.summary_rulesets()],
                        current)

    @tree.command(name="undo", description="Take back your last choice, if nothing new was "
                  "revealed since")
    @app_commands.guild_only()
    async def undo(itx: discord.Interaction) -> None:
        async with keryx.guard(itx, "undo"):
            await itx.response.defer(ephemeral=True, thinking=True)
            sv = await keryx.svc.view(here(itx), itx.user.id)
            result = await keryx.svc.undo(here(itx), itx.user.id, sv.version, itx.id)
            sv = await keryx.svc.view(here(itx), itx.user.id)
            content, view = keryx.prompt_message(sv, note="↩️ Your last choice was taken back.")
            await itx.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True)
            await keryx.announce(speaking_channel(itx), result)

    @tree.command(name="turns", description="Every game, in every channel, waiting for you")
    async def turns(itx: discord.Interaction) -> None:
        async with keryx.guard(itx, "turns"):
            pending = await keryx.svc.pending(itx.user.id)
            lines = [f"<#{p.channel_id}> — {text.seat_title(p.seat)}: {p.prompt.text}"
                     for p in pending]
            await itx.response.send_message(
                limits.clip("\n".join(lines) or "Nothing is waiting for you. 🎉",
                            limits.MESSAGE_CHARS), ephemeral=True)
