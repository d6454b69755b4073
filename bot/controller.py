"""The bot's side of a game: answers clicks and commands through the service, and posts
what happened. Everything here talks to Discord through discord.py objects; everything
about the game itself comes from the service layer."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord

import engine
import renders
from engine import IllegalAction
from engine.core import decisions
from engine.core.view import BATTLE_END
from service import GameService
from service.cache import GameLocks
from service.errors import Refusal
from service.results import ActionResult, BidResult, PublicPost, SeatView, StartResult
from shared.errors import UserError

from . import limits, text, ui
from .parts import LeaseLost, PostChannel, lease_kept

log = logging.getLogger("keryx.bot")

STALE = "The game moved on since these buttons were drawn; here is where it stands now."
NOT_SEATED = ("You do not hold a seat in this game, so you cannot choose for it. "
              "Use `/game join` in a game that is still gathering players.")
WENT_WRONG = "Something went wrong on our side; it has been logged. Please try again."
NOT_POSTED_START = ("The first map could not be posted yet; Keryx keeps retrying, and "
                    "moderators see it in `/game status`.")
NOT_POSTED = ("✅ Your move is saved. The channel post about it could not be sent yet; "
              "Keryx keeps retrying, and moderators see it in `/game status`.")


async def render(fn, *args: Any) -> bytes | None:
    """Draw in a worker thread (Pillow releases the GIL while encoding); None when the
    game has no renderer, so the post goes out as text."""
    try:
        return await asyncio.to_thread(fn, *args)
    except renders.NoRenderer:
        return None


def png_file(png: bytes | None, name: str) -> discord.File | Any:
    return discord.File(io.BytesIO(png), name) if png is not None else discord.utils.MISSING


def _bid_unit(ruleset: str) -> str:
    sb = engine.ruleset(ruleset).side_bidding
    return sb.unit if sb is not None else ""


def here(itx: discord.Interaction) -> int:
    """The channel a game command speaks of: games live in server channels."""
    if itx.channel_id is None:
        raise UserError("Games are played in a server's text channel.")
    return itx.channel_id


def speaking_channel(itx: discord.Interaction) -> discord.abc.Messageable | None:
    """Where announcements of the interaction's game go (None: found again by id)."""
    ch = itx.channel
    return ch if isinstance(ch, discord.abc.Messageable) else None


class Keryx:
    """Interaction handlers and the public announcer, shared by commands and components."""

    def __init__(self, client: discord.Client, service: GameService,
                 moderator_role: str | None = None, hooks: Any = None):
        self.client = client
        self.svc = service
        self.moderator_role = moderator_role
        self.hooks = hooks  # community play: clocks and leagues (optional)
        self._post_locks = GameLocks()  # weak: no lock outlives its last waiter
        self._inflight: set[asyncio.Task] = set()  # handlers running now (drained on stop)

    # ----------------------------------------------------------------- errors
    @contextlib.asynccontextmanager
    async def guard(self, itx: discord.Interaction, what: str) -> AsyncIterator[None]:
        """Turn refusals into clear ephemeral replies and every other failure into a
        logged error plus an apology: never a silent failure."""
        task = asyncio.current_task()
        if task is not None:
            self._inflight.add(task)
        try:
            yield
        except (Refusal, UserError) as exc:
            await self.tell(itx, getattr(exc, "message", None) or str(exc))
        except Exception:
            log.exception("error in %s (guild %s, channel %s, user %s)", what,
                          itx.guild_id, itx.channel_id, itx.user.id)
            with contextlib.suppress(Exception):
                await self.tell(itx, WENT_WRONG)
        finally:
            self._inflight.discard(task)

    async def drain(self, timeout: float) -> None:
        """Wait (up to `timeout` s) for the interaction handlers still running."""
        others = self._inflight - {asyncio.current_task()}
        if others:
            log.info("waiting for %d interaction(s) in flight", len(others))
            await asyncio.wait(others, timeout=timeout)

    async def tell(self, itx: discord.Interaction, message: str, **kwargs: Any) -> None:
        """An ephemeral reply, whether or not the interaction was answered already."""
        message = limits.clip(message, limits.MESSAGE_CHARS)
        if itx.response.is_done():
            await itx.followup.send(message, ephemeral=True, **kwargs)
        else:
            await itx.response.send_message(message, ephemeral=True, **kwargs)

    def is_moderator(self, itx: discord.Interaction) -> bool:
        member = itx.user
        perms = getattr(member, "guild_permissions", None)
        if perms is not None and (perms.manage_guild or perms.administrator):
            return True
        roles = getattr(member, "roles", ())
        return bool(self.moderator_role) and any(r.name == self.moderator_role for r in roles)

    def require_moderator(self, itx: discord.Interaction) -> None:
        if not self.is_moderator(itx):
            raise UserError("Only moderators (Manage Server"
                            + (f" or the {self.moderator_role} role" if self.moderator_role
                               else "") + ") can do that.")

    # ----------------------------------------------------------------- prompts
    def prompt_message(self, sv: SeatView, page: int = 0, note: str = "",
                       chosen: list[int] | None = None) -> tuple[str, discord.ui.View | None]:
        head = f"You play **{text.seat_title(sv.seat)}**." if sv.seat else "You are watching."
        drawn = ui.Drawn(sv.version)
        if sv.seat and len(sv.held) > 1:
            # one person, several seats: name the seat this prompt is for, and draw the
            # components for it, so a click answers this seat's prompt only
            others = [text.seat_title(s) for s in sv.held if s != sv.seat]
            head = (f"You play **{text.seat_title(sv.seat)}** (you also hold "
                    f"{', '.join(others)}).")
            seats = list(sv.view.get("game", {}).get("seats") or sv.held)
            if sv.seat in seats:
                drawn = ui.Drawn(sv.version, seats.index(sv.seat))
        where = text.banner(sv.view)
        parts = [head + (f"  {where}" if where else "")]
        if note:
            parts.append(note)
        view = None
        line = ""  # a selection too long for custom ids rides in the message (bot/ui.py)
        if sv.status != "running":
            parts.append("The game is over.")
        elif sv.prompt is None:
            waiting = sv.view.get("game", {}).get("waiting_for") or []
            parts.append("Nothing to decide right now" + (
                f"; waiting for {', '.join(map(text.seat_title, waiting))}." if waiting else "."))
            if sv.can_undo:
                view = discord.ui.View(timeout=None)
                view.add_item(ui.UndoButton(sv.game_id, drawn))
        else:
            prompt = sv.prompt.prompt.to_dict()
            parts.append(ui.prompt_text(prompt, page, chosen))
            view = ui.prompt_view(sv.game_id, drawn, prompt, page, sv.can_undo, chosen)
            line = ui.selection_line(sv.game_id, drawn, prompt, chosen or [])
        return ui.with_selection("\n".join(parts), line), view

    async def seat_view(self, itx: discord.Interaction, game: int | None = None,
                        version: int | None = None) -> SeatView:
        """The user's view; for the seat a component was drawn for, if it says."""
        sv = await self.svc.view(here(itx), itx.user.id,
                                 await self.drawn_seat(itx, version))
        if game is not None and sv.game_id != game:
            raise UserError("Those buttons belong to an earlier game in this channel.")
        return sv

    async def drawn_seat(self, itx: discord.Interaction, version: int | None) -> str | None:
        """The seat a component was drawn for (people holding several seats), else None."""
        index = ui.seat_index(version) if version is not None else None
        if index is None:
            return None
        names = (await self.svc.game_info(here(itx))).seat_names
        return names[index] if 0 <= index < len(names) else None

    async def show_prompt(self, itx: discord.Interaction, game: int | None = None,
                          note: str = "") -> None:
        """A new ephemeral message with the user's open prompt (deferred first)."""
        await itx.response.defer(ephemeral=True, thinking=True)
        sv = await self.seat_view(itx, game)
        if sv.seat is None:
            raise UserError(NOT_SEATED)
        content, view = self.prompt_message(sv, note=note or await self.news_for(itx, sv))
        await itx.followup.send(content, view=view or discord.utils.MISSING, ephemeral=True)

    async def news_for(self, itx: discord.Interaction, sv: SeatView) -> str:
        """Private events the seat learned since its own last action (e.g. a card the
        opponent was forced to show): delivered only here, ephemerally."""
        entries = await self.svc.history(here(itx), itx.user.id,
                                         after_seq=max(0, sv.version - 30))
        news: list[str] = []
        for entry in reversed(entries):
            if entry.seat == sv.seat and entry.kind == "act":
                break
            news[:0] = [e.text for e in entry.events if not e.public and e.text]
        return "\n".join(f"🔒 {n}" for n in news[-8:])

    async def on_open(self, itx: discord.Interaction, game: int, version: int) -> None:
        async with self.guard(itx, "open"):
            await self.show_prompt(itx, game)

    async def defer_private(self, itx: discord.Interaction) -> None:
        """Acknowledge a component click. Our prompt messages are ephemeral and are
        updated in place; a click arriving on a public message (forged, or an old id)
        gets a new private reply instead, so a private prompt never overwrites a public
        post; so does a click on a private message made for someone else (forged: only
        its owner sees it), whose update would write the clicker's prompt, hidden
        pieces and all, into the other player's message."""
        message = itx.message
        meta = message.interaction_metadata if message is not None else None
        if (message is not None and message.flags.ephemeral and meta is not None
                and meta.user.id == itx.user.id):
            await itx.response.defer()
        else:
            await itx.response.defer(ephemeral=True, thinking=True)

    async def on_page(self, itx: discord.Interaction, game: int, version: int, page: int) -> None:
        async with self.guard(itx, "page"):
            await self.defer_private(itx)
            sv = await self.seat_view(itx, game, version)
            note = STALE if sv.version != version else ""
            content, view = self.prompt_message(sv, page=page if not note else 0, note=note)
            await itx.edit_original_response(content=content, view=view)

    async def on_choose(self, itx: discord.Interaction, game: int, version: int,
                        option: str) -> None:
        async with self.guard(itx, "choose"):
            await self.defer_private(itx)
            await self.seat_view(itx, game)  # the buttons belong to this channel's game
            await self._submit(itx, option, version)

    async def _submit(self, itx: discord.Interaction, answer: str, version: int) -> None:
        try:
            result = await self.svc.submit(here(itx), itx.user.id, answer, int(version),
                                           itx.id, seat=await self.drawn_seat(itx, version))
        except Refusal as refusal:
            await self.refused(itx, refusal)
            return
        await self.acted(itx, result)

    async def on_positions(self, itx: discord.Interaction, game: int, version: int,
                           positions: list[int]) -> None:
        """A multi-select or a built selection: positions in the listed entries, turned
        into the answer for the prompt the user still has open (engine/core/decisions)."""
        async with self.guard(itx, "choose"):
            await self.defer_private(itx)
            sv = await self.seat_view(itx, game, version)
            answer = ""
            if sv.prompt is not None:
                try:
                    answer = decisions.from_positions(sv.prompt.prompt, positions)
                except IllegalAction as exc:
                    if sv.version == version:
                        await self.refused(itx, Refusal("illegal", str(exc)))
                        return
            await self._submit(itx, answer, version)

    async def on_build(self, itx: discord.Interaction, game: int, version: int, page: int,
                       chosen: list[int]) -> None:
        """One more entry in a selection being built: redraw the message with it."""
        async with self.guard(itx, "build"):
            await self.defer_private(itx)
            sv = await self.seat_view(itx, game, version)
            stale = sv.version != version
            content, view = self.prompt_message(sv, page=0 if stale else page,
                                                note=STALE if stale else "",
                                                chosen=[] if stale else chosen)
            await itx.edit_original_response(content=content, view=view)

    async def on_amount_open(self, itx: discord.Interaction, game: int, version: int) -> None:
        """Open the amount modal for the prompt the user has now (a modal must be the
        first answer to the click, so nothing is deferred before it)."""
        async with self.guard(itx, "amount"):
            sv = await self.seat_view(itx, game, version)
            prompt = sv.prompt.prompt.to_dict() if sv.prompt is not None else None
            if prompt is None or sv.version != version or not ui.by_modal(prompt):
                await self.defer_private(itx)
                content, view = self.prompt_message(sv, note=STALE)
                await itx.edit_original_response(content=content, view=view)
                return
            modal = ui.amount_modal(game, version, prompt)  # `version` keeps its seat
            await itx.response.send_modal(modal)
            # Submits are answered by custom id (ui.amount_submit), not by this object,
            # so that a modal left open across a restart still works.
            modal.stop()

    async def on_amount(self, itx: discord.Interaction, game: int, version: int,
                        typed: str) -> None:
        """The amount modal was submitted: a valid number is the answer; anything else
        gets a private note and changes nothing."""
        async with self.guard(itx, "amount"):
            sv = await self.seat_view(itx, game, version)
            prompt = sv.prompt.prompt.to_dict() if sv.prompt is not None else None
            if prompt is not None and prompt.get("form") == decisions.AMOUNT:
                amount = ui.parse_amount(typed, prompt["lo"], prompt["hi"])
                if amount is None:
                    await itx.response.send_message(
                        f"⚠️ {limits.clip(typed, 40)!r} is not an amount you can choose: enter "
                        f"a whole number from {prompt['lo']} to {prompt['hi']}. Nothing was "
                        "chosen.", ephemeral=True)
                    return
                typed = str(amount)
            await self.defer_private(itx)
            await self._submit(itx, typed.strip(), version)

    # ----------------------------------------------------------------- bids for sides
    async def _bid_side(self, itx: discord.Interaction, game: int, side: int):
        """The channel's bidding, and the side a bid button or modal names."""
        b = await self.svc.bidding(here(itx))
        if b.game.id != game:
            raise UserError("Those buttons belong to an earlier game in this channel.")
        names = b.game.seat_names
        if not (0 <= side < len(names) and names[side] in b.sides):
            raise UserError("That is not a side of this game.")
        return b, names[side]

    async def on_bid_open(self, itx: discord.Interaction, game: int, side: int) -> None:
        """A side's bid button: open the modal for the amount (a modal must be the first
        answer to the click). Refused at once if the player cannot bid."""
        async with self.guard(itx, "bid"):
            b, name = await self._bid_side(itx, game, side)
            if itx.user.id in b.bid:
                raise UserError("Your sealed bid is in already; bids are final.")
            if itx.user.id not in b.waiting:
                raise UserError(NOT_SEATED)
            modal = ui.bid_modal(game, side, text.seat_title(name), b.unit, b.most)
            await itx.response.send_modal(modal)
            modal.stop()  # the submit is answered by custom id (ui.bid_submit)

    async def on_bid(self, itx: discord.Interaction, game: int, side: int, typed: str) -> None:
        """A bid modal was submitted: a whole number in range is sealed; anything else
        gets a private note and changes nothing."""
        async with self.guard(itx, "bid"):
            b, name = await self._bid_side(itx, game, side)
            amount = ui.parse_amount(typed, 0, b.most)
            if amount is None:
                await itx.response.send_message(
                    f"⚠️ {limits.clip(typed, 40)!r} is not a bid: enter a whole number from 0 "
                    f"to {b.most}. Nothing was sealed.", ephemeral=True)
                return
            await itx.response.defer(ephemeral=True, thinking=True)
            await self.bid_placed(itx, await self.svc.place_bid(here(itx), itx.user.id,
                                                                 name, amount))

    async def bid_placed(self, itx: discord.Interaction, result: BidResult) -> None:
        """Tell the bidder (privately) what they sealed; the last bid starts the game,
        whose opening post reveals every bid (the outbox, like any post)."""
        b = result.bidding
        mine = (f"🔒 Your sealed bid: {result.amount} {b.unit} for "
                f"**{text.seat_title(result.side)}**.")
        if result.started is None and not result.begun_elsewhere:
            await self.tell(itx, f"{mine} It stays secret until every bid is in.")
            return
        await self.tell(itx, f"{mine} Every bid is in: the game begins, and the bids are "
                             "shown in the channel.")
        if result.started is not None:  # else the process that began it posts it
            await self.game_begun(itx, result.started)

    async def game_begun(self, itx: discord.Interaction, started: StartResult) -> None:
        if self.hooks is not None:
            await self.hooks.game_started(started.game, started.prompts)
        if not await self.deliver(started.game.id):  # the first map waits in the outbox
            await self.tell(itx, NOT_POSTED_START)

    async def on_undo(self, itx: discord.Interaction, game: int, version: int) -> None:
        async with self.guard(itx, "undo"):
            await self.defer_private(itx)
            await self.seat_view(itx, game)
            try:
                result = await self.svc.undo(here(itx), itx.user.id, int(version), itx.id,
                                             seat=await self.drawn_seat(itx, version))
            except Refusal as refusal:
                await self.refused(itx, refusal)
                return
            await self.acted(itx, result, note="↩️ Your last choice was taken back.")

    async def on_my_map(self, itx: discord.Interaction, game: int) -> None:
        async with self.guard(itx, "my map"):
            await itx.response.defer(ephemeral=True, thinking=True)
            sv = await self.seat_view(itx, game)
            png = await render(renders.render_map, sv.view)
            who = f"{text.seat_title(sv.seat)}'s map" if sv.seat else "Public map"
            await itx.followup.send(f"{who} · v{sv.version}", ephemeral=True,
                                    file=png_file(png, "my-map.png"))

    async def refused(self, itx: discord.Interaction, refusal: Refusal) -> None:
        if refusal.code == "not_seated":
            await self.tell(itx, NOT_SEATED)
            return
        note = STALE if refusal.code == "stale" else f"⚠️ {refusal.message}"
        try:
            sv = await self.seat_view(itx)
        except Refusal:
            await self.tell(itx, refusal.message)
            return
        content, view = self.prompt_message(sv, note=note)
        await itx.edit_original_response(content=content, view=view)

    async def acted(self, itx: discord.Interaction, result: ActionResult, note: str = "") -> None:
        """After the user's choice: refresh their ephemeral message with what comes next
        for them, then deliver the channel's post. The move is saved whatever happens to
        the post, and the player is told so."""
        delivered = True
        if not result.duplicate:
            delivered = await self.announce(None, result)
        private = [e.text for e in result.events_for(result.seat) if not e.public and e.text]
        notes = [n for n in [note, *(f"🔒 {p}" for p in private[-8:])] if n]
        if not delivered:
            notes.append(NOT_POSTED)
        sv = await self.svc.view(result.channel_id, result.user_id)
        content, view = self.prompt_message(sv, note="\n".join(notes))
        await itx.edit_original_response(content=content, view=view)

    # ----------------------------------------------------------------- public posts
    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        ch = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        if not isinstance(ch, discord.abc.Messageable):
            raise UserError(f"<#{channel_id}> is not a channel Keryx can post in.")
        return ch

    async def announce(self, channel: discord.abc.Messageable | None,
                       result: ActionResult) -> bool:
        """Deliver the posts the action owes its channel (they were written to the
        outbox with the action); True when nothing is left undelivered for the game."""
        delivered = await self.deliver(result.game_id)
        if self.hooks is not None:
            await self.hooks.after_action(result)
        return delivered

    async def deliver(self, game_id: int) -> bool:
        """Post a game's pending announcements in version order. A failure (Discord down,
        a missing permission) leaves the post pending with a back-off; the bot's retry
        loop and the next action try again. True when none is pending any more."""
        async with self._post_locks(game_id):
            try:
                post = await self.svc.claim_announcement(game_id)
            except Exception:
                log.exception("game %s: an announcement cannot be built", game_id)
                return False
            clear = None
            while post is not None:
                try:
                    async with lease_kept(self.svc, post):
                        await self.post(post)
                except LeaseLost as exc:  # another process delivers the rest
                    log.warning("%s", exc)
                    return False
                except Exception as exc:  # noqa: BLE001 - the failure is recorded, retried
                    log.warning("game %s: post of v%s failed (attempt %s): %r", game_id,
                                post.version, post.attempts, exc)
                    await self.svc.announcement_done(game_id, post.version, post.attempts,
                                                     error=f"{type(exc).__name__}: {exc}")
                    return False
                try:
                    # "sent" and the claim of the next post are one write
                    post, clear = await self.svc.announcement_sent(game_id, post.version)
                except Exception:
                    log.exception("game %s: an announcement cannot be built", game_id)
                    return False
            if clear is not None:
                return clear
            return not any(a.state == "pending" for a in await self.svc.undelivered(game_id))

    async def post(self, post: PublicPost) -> None:
        """One announcement: the battle displays, then the map, the ping or the final post,
        all drawn from the same version. Each message is recorded as it is sent, and a
        retry skips those sent before (bot/parts.py)."""
        channel = PostChannel(await self.channel(post.channel_id), self.svc,
                              post).messageable()
        for event in post.events:
            if event.kind == BATTLE_END and event.data.get("battle"):
                png = await render(renders.render_combat, event.data["battle"],
                                   {"ruleset": post.view["game"]["ruleset"]})
                msg = await channel.send(
                    text.with_footer(f"⚔️ {event.text} · v{post.version}",
                                     text.record_line(post.record, post.version)),
                    file=png_file(png, f"battle-v{post.version}.png"))
                await self.svc.record_post(post.game_id, msg.channel.id, msg.id, "battle",
                                           version=post.version)
        if post.game_ended:
            await self.post_end(channel, post.game_id, post.view, post.record)
            await self.drop_waiting(channel, post.game_id)
            return
        if post.opening or post.phase_ended:
            # The map post says who is waiting and has the buttons: it stands in for the
            # "waiting for" message until that changes again.
            await self.drop_waiting(channel, post.game_id)
        if post.opening:
            info = await self.svc.game_info_by_id(post.game_id)
            chosen = text.sides_text(post.sides, _bid_unit(info.ruleset)) if post.sides else ""
            intro = "\n".join(x for x in (post.intro, chosen,
                                          f"Dice seed hash: `{info.seed_hash}`") if x)
            await self.post_phase(channel, post.game_id, post.version, post.view,
                                  post.waiting, post.to_ping, intro=intro, record=post.record)
        elif post.phase_ended:
            await self.post_phase(channel, post.game_id, post.version, post.view,
                                  post.waiting, post.to_ping, record=post.record)
        else:
            await self.post_waiting(channel, post.game_id, post.version, post.waiting,
                                    post.to_ping, post.record)

    async def post_phase(self, channel: discord.abc.Messageable, game_id: int, version: int,
                         public_view: dict[str, Any], waiting: dict[str, int | None],
                         to_ping: dict[str, int | None], intro: str = "",
                         record: str | None = None) -> None:
        """The map post: image, what happened since the last map, who acts now, all at
        `version`, and the record's digest there."""
        info = await self.svc.game_info_by_id(game_id)
        last = max((p.version or 0 for p in await self.svc.posts(game_id, "map")
                    if (p.version or 0) < version), default=0)
        events = [e for entry in await self.svc.history(info.channel_id, None, after_seq=last)
                  if entry.seq <= version for e in entry.events if e.public]
        png = await render(renders.render_map, public_view)
        lines = [intro] if intro else []
        if summary := text.summary(events):
            lines += ["📜 **What happened**", summary]
        where = text.banner(public_view)
        now = " — ".join(x for x in (where, text.waiting_line(waiting)) if x)
        if now:
            lines.append(f"**Now:** {now}")
        msg = await channel.send(
            text.with_footer("\n".join(x for x in lines if x),
                             text.footer(game_id, version, record)),
            file=png_file(png, f"map-v{version}.png"),
            view=ui.open_view(game_id, version) if waiting else discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in sorted({u for u in to_ping.values() if u})],
                everyone=False, roles=False))
        await self.svc.record_post(game_id, msg.channel.id, msg.id, "map", version=version)

    async def post_waiting(self, channel: discord.abc.Messageable, game_id: int,
                           version: int, waiting: dict[str, int | None],
                           to_ping: dict[str, int | None], record: str | None = None) -> None:
        """The one standing "waiting for" message: edited in place while the same people
        are called on; posted again (the old one deleted) only when play passes to a
        person, since Discord notifies a mention only in a new message. The decision
        itself stays ephemeral: it may name the seat's hidden blocks."""
        content = text.with_footer(
            f"⏳ {text.waiting_line(waiting) or 'Nobody to wait for now.'}",
            "\n".join(x for x in (f"-# game {game_id} · waiting at v{version}",
                                   text.record_line(record, version)) if x))
        buttons = ui.open_view(game_id, version) if waiting else None
        standing = await self._standing(game_id)
        if standing is not None and not to_ping:
            try:
                await self._message(channel, standing.message_id).edit(
                    content=content, view=buttons, allowed_mentions=discord.AllowedMentions.none())
                await self.svc.record_post(game_id, standing.channel_id, standing.message_id,
                                           "waiting", version=version)
                return
            except discord.NotFound:  # deleted by a moderator: post it again
                await self.svc.forget_post(standing.message_id)
        elif standing is not None:
            await self.drop_waiting(channel, game_id)
        msg = await channel.send(
            content, view=buttons or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in sorted({u for u in to_ping.values() if u})],
                everyone=False, roles=False))
        await self.svc.record_post(game_id, msg.channel.id, msg.id, "waiting", version=version)

    async def drop_waiting(self, channel: discord.abc.Messageable, game_id: int) -> None:
        """Delete the standing "waiting for" message (a newer post says it now)."""
        standing = await self._standing(game_id)
        if standing is None:
            return
        with contextlib.suppress(discord.NotFound):
            await self._message(channel, standing.message_id).delete()
        await self.svc.forget_post(standing.message_id)

    async def _standing(self, game_id: int):
        rows = await self.svc.posts(game_id, "waiting")
        return max(rows, key=lambda r: r.created_at) if rows else None

    @staticmethod
    def _message(channel: discord.abc.Messageable, message_id: int) -> discord.PartialMessage:
        get = getattr(channel, "get_partial_message", None)
        if get is None:
            raise UserError("Keryx cannot edit messages in this kind of channel.")
        return get(message_id)

    async def post_end(self, channel: discord.abc.Messageable, game_id: int,
                       public_view: dict[str, Any], record: str | None = None) -> None:
        info = await self.svc.game_info_by_id(game_id)
        version = public_view.get("game", {}).get("version", info.version)
        png = await render(renders.render_map, public_view)
        content = text.outcome_text(info.outcome, info.seed, info.seed_hash)
        # the final digest goes beside the revealed seed (clipping cuts the outcome first)
        final = text.final_record_text(record, version)
        msg = await channel.send(
            text.with_footer(content, "\n".join(x for x in (final, text.footer(
                game_id, version, None)) if x)),
            file=png_file(png, f"final-v{version}.png"))
        await self.svc.record_post(game_id, msg.channel.id, msg.id, "final", version=version)
        if self.hooks is not None:
            await self.hooks.game_ended(channel, info)
