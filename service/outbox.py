"""The public posts a game owes its channel (the announcement outbox, docs/storage.md):
claimed under a lease, delivered in version order message by message, retried with a
back-off, pruned after the retention window; and the record of messages posted."""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime, timedelta
from typing import Any

from engine import Event

from . import seating
from . import validate as v
from .context import ServiceContext
from .errors import Refusal
from .replay import replay_log
from .results import PublicPost
from .store.base import Announcement, MessageRow, NotFound

# A delivery in progress holds its announcement this long (another process skips it),
# and renews the lease every ANNOUNCE_RENEW_S while it works (and with every message it
# sends): a process that dies leaves its posts to others within seconds.
ANNOUNCE_LEASE_S = 15
ANNOUNCE_RENEW_S = 5
# Delivered posts are kept this long (for /game status and inquiries), then pruned.
ANNOUNCE_RETENTION = timedelta(days=30)
# Public views kept for posts not yet delivered (see Outbox.public_post).
POST_VIEWS_KEPT = 256
# Waits before each retry of a public post that failed; after the last it is given up.
ANNOUNCE_BACKOFF_S = (5, 15, 60, 300, 900, 3600)


class Outbox:
    def __init__(self, ctx: ServiceContext, retention: timedelta):
        self.ctx = ctx
        self.store = ctx.store
        self.retention = retention
        # Announcements this process claimed and will deliver next, by game (see
        # claim_announcement); each entry is the claim with its lease's end.
        self.claimed: dict[int, Announcement] = {}
        # The public view each post of this process's own commits needs, taken when the
        # action was applied: building it later would mean replaying the game back to
        # that version whenever a player acted before the post went out.
        self.post_views: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()

    async def claim_announcement(self, game_id: int) -> PublicPost | None:
        """The game's next public post, if it is due and nobody else is delivering it.
        Posts go out in version order: a later one waits while an earlier one is pending.
        A post this process claimed already (with its action, or with the previous
        post's "sent") costs no database write here."""
        game_id = v.snowflake(game_id, "game")
        now = self.ctx.clock()
        held = self.claimed.pop(game_id, None)
        if held is not None and held.next_try_at > now:
            return await self._post_for(held)
        ann = await self.store.claim_announcement(game_id, now, self.lease(now))
        return None if ann is None else await self._post_for(ann)

    async def announcement_sent(self, game_id: int,
                                version: int) -> tuple[PublicPost | None, bool]:
        """Record a post as sent and claim the game's next due one in the same write:
        (that next post or None, whether nothing of the game is pending any more)."""
        ann, clear = await self._sent(game_id, version)
        return (None if ann is None else await self._post_for(ann)), clear

    async def _sent(self, game_id: int, version: int) -> tuple[Announcement | None, bool]:
        now = self.ctx.clock()
        self.claimed.pop(game_id, None)
        return await self.store.announcement_sent(game_id, version, now, self.lease(now))

    async def announcement_done(self, game_id: int, version: int, attempts: int,
                                error: str | None = None) -> None:
        """Record a delivery: sent (no error; the next due post is claimed with it and
        kept for the next `claim_announcement`), or retried later with a growing
        back-off, or given up after ANNOUNCE_BACKOFF_S is spent (`/game status`)."""
        if error is None:
            ann, _ = await self._sent(game_id, version)
            if ann is not None:
                self.claimed[game_id] = ann
            return
        now = self.ctx.clock()
        retry = None
        if attempts <= len(ANNOUNCE_BACKOFF_S):
            retry = now + timedelta(seconds=ANNOUNCE_BACKOFF_S[attempts - 1])
        await self.store.finish_announcement(game_id, version, now, error=error[:500],
                                             retry_at=retry)

    def lease(self, now: datetime) -> datetime:
        return now + timedelta(seconds=ANNOUNCE_LEASE_S)

    async def _post_for(self, ann: Announcement) -> PublicPost:
        """Build a claimed announcement's post; a failure is recorded as an attempt."""
        try:
            return await self.public_post(ann)
        except Exception as exc:
            await self.announcement_done(ann.game_id, ann.version, ann.attempts,
                                         error=f"{type(exc).__name__}: {exc}")
            raise

    async def due_announcements(self) -> list[int]:
        """Games with a public post waiting to be (re)tried now."""
        return await self.store.due_announcements(self.ctx.clock())

    async def part_sent(self, post: PublicPost, part: int, channel_id: int,
                        message_id: int) -> bool:
        """Record message `part` of a post as sent (a retry skips it) and renew the
        lease; False when another process has taken the post over meanwhile (this one
        must stop: the rest is that process's to send)."""
        now = self.ctx.clock()
        return await self.store.announcement_part_sent(
            post.game_id, post.version, part, channel_id, message_id, now, self.lease(now))

    async def renew_lease(self, post: PublicPost) -> bool:
        """Keep delivering a post (False: another process has taken it over)."""
        return await self.store.renew_announcement(post.game_id, post.version,
                                                   self.lease(self.ctx.clock()))

    async def take_over_leases(self) -> int:
        """Make due at once the posts leased by processes that are gone (a process that
        starts, and the retry loop, call this), instead of waiting for their leases to
        run out; how many."""
        return await self.store.take_over_leases(self.ctx.clock())

    async def prune_delivered(self) -> int:
        """Delete posts delivered longer ago than the retention window; how many."""
        return await self.store.prune_announcements(self.ctx.clock() - self.retention)

    async def undelivered(self, game_id: int) -> list[Announcement]:
        """Posts of a game not delivered yet (pending) or given up (failed)."""
        return await self.store.undelivered(v.snowflake(game_id, "game"))

    def claimed_with_action(self, game_id: int, version: int, channel_id: int,
                            payload: dict[str, Any], now: datetime) -> None:
        """A post the store leased to this process with the commit of its action: the
        next `claim_announcement` delivers it without a claim write of its own."""
        self.claimed[game_id] = Announcement(game_id, version, channel_id, payload,
                                             "pending", 1, self.lease(now), None)

    def keep_post_view(self, game_id: int, version: int, view: dict[str, Any]) -> None:
        self.post_views[(game_id, version)] = view
        while len(self.post_views) > POST_VIEWS_KEPT:
            self.post_views.popitem(last=False)

    async def public_post(self, ann: Announcement) -> PublicPost:
        row = await self.ctx.require(ann.game_id)
        p = ann.payload
        view = self.post_views.pop((row.id, ann.version), None)
        seats: list[str] | None = p.get("waiting")
        needs_view = bool(p.get("opening") or p.get("phase_ended") or p.get("game_ended"))
        if seats is None or (needs_view and view is None):
            g = await self.ctx.game(row)
            if g.version != ann.version:  # the game moved on: rebuild it as it stood then
                snap = await self.store.get_game(row.id, snapshot=True)
                assert snap is not None and snap.snapshot is not None
                actions = await self.store.actions(row.id)
                g = replay_log(snap.snapshot, actions[:ann.version])
            seats = [q.seat for q in g.prompts()]
            view = g.view(None) if needs_view else None
        # The opening post (at the starting version) follows no action.
        action = None if p.get("opening") else (
            await self.store.actions(row.id, ann.version - 1))[0]
        users = seating.seat_users(await self.store.seats(row.id), self.ctx.places(row))
        waiting = {s: users.get(s) for s in seats}
        # Only an attempt after another can find messages sent already (each claim counts).
        parts = (await self.store.announcement_parts(row.id, ann.version)
                 if ann.attempts > 1 else {})
        return PublicPost(
            game_id=row.id, channel_id=ann.channel_id, version=ann.version,
            seat=action.seat if action else None,
            events=tuple(e for e in map(Event.from_dict, action.events if action else ())
                         if e.public),
            view=view or {"game": {"ruleset": row.ruleset, "version": ann.version}},
            waiting=waiting,
            to_ping={s: users.get(s) for s in p.get("to_ping", ()) if s in waiting},
            phase_ended=bool(p.get("phase_ended")), battle_ended=bool(p.get("battle_ended")),
            game_ended=bool(p.get("game_ended")), attempts=ann.attempts,
            opening=bool(p.get("opening")), intro=str(p.get("intro") or ""),
            sides=p.get("sides"), parts=parts,
            # written with the post (a post owed before digests were kept: its action's)
            record=p.get("chain") or (action.chain if action else None))

    async def record_post(self, game_id: int, channel_id: int, message_id: int, kind: str,
                          seat: str | None = None, version: int | None = None) -> None:
        """Remember a message posted for a game (posting it again updates the record)."""
        row = MessageRow(
            v.snowflake(message_id, "message"), v.snowflake(game_id, "game"),
            v.snowflake(channel_id, "channel"), v.text(kind, "kind"),
            v.opt_text(seat, "seat"), None if version is None else v.version(version),
            self.ctx.clock())
        try:
            await self.store.add_message(row)
        except NotFound:
            raise Refusal("no_game", "No such game.") from None

    async def posts(self, game_id: int, kind: str | None = None) -> list[MessageRow]:
        return await self.store.messages(v.snowflake(game_id, "game"),
                                         v.opt_text(kind, "kind"))

    async def forget_post(self, message_id: int) -> None:
        await self.store.remove_message(v.snowflake(message_id, "message"))
