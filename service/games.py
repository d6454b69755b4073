"""GameService: where a click becomes an action (docs/storage.md). No Discord here.

Every method takes plain ids and returns plain values (service.results) or raises
`Refusal` with a message for the user; a refusal never changes anything. Moderator
permission is the transport's business: methods named for moderators trust their caller.

The service is composed of parts with one job each, sharing one context (context.py:
the store, the clock, the per-game locks and the games kept in play):

- `lobby` (lobby.py): open, join, leave, sides, start, a game's facts, substitutes;
- `play` (play.py): clicks, undo, resignation, what a seat sees and has waiting;
- `bot_seats` (bot_seats.py): Keryx's own seats;
- `records` (history.py): the log, earlier views, checks, export and import;
- `outbox` (outbox.py): the public posts a game owes its channel, and posted messages.

The methods below are theirs, named here so that callers keep one object to talk to.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from .bot_seats import BotSeats
from .cache import CACHE_BYTES
from .context import ServiceContext
from .history import History, import_game
from .lobby import Lobby
from .outbox import ANNOUNCE_RETENTION, Outbox
from .play import Play
from .store.base import Store

# Actions between stored snapshots: the commits in between skip encoding and writing the
# whole game (most of a commit's cost on PostgreSQL), and a load replays at most
# SNAPSHOT_EVERY - 1 actions, a few milliseconds (docs/storage.md, Snapshots).
SNAPSHOT_EVERY = 8


def _utcnow() -> datetime:
    return datetime.now(UTC)


class GameService:
    def __init__(self, store: Store, *, clock: Callable[[], datetime] = _utcnow,
                 seat_rng: random.Random | None = None, cache_size: int = 512,
                 cache_bytes: int = CACHE_BYTES, snapshot_every: int = SNAPSHOT_EVERY,
                 retention: timedelta = ANNOUNCE_RETENTION):
        self.ctx = ctx = ServiceContext(store, clock, cache_size=cache_size,
                                        cache_bytes=cache_bytes,
                                        snapshot_every=snapshot_every)
        self.store = store
        self.lobby = lobby = Lobby(ctx, seat_rng or random.SystemRandom())
        self.outbox = outbox = Outbox(ctx, retention)
        self.play = play = Play(ctx, outbox)
        self.bot_seats = bots = BotSeats(ctx, lobby, play)
        self.records = history = History(ctx)

        self.create_game = lobby.create_game
        self.join = lobby.join
        self.leave = lobby.leave
        self.start = lobby.start
        self.open_bidding = lobby.open_bidding
        self.sides_record = lobby.sides_record
        self.bidding = lobby.bidding
        self.place_bid = lobby.place_bid
        self.abandon = lobby.abandon
        self.replace_seat = lobby.replace_seat
        self.game_info = lobby.game_info
        self.game_info_by_id = lobby.game_info_by_id

        self.submit = play.submit
        self.undo = play.undo
        self.resign = play.resign
        self.view = play.view
        self.pending = play.pending

        self.seat_bots = bots.seat_bots
        self.replace_seat_with_bot = bots.replace_seat_with_bot
        self.bot_turns = bots.bot_turns
        self.bot_player = bots.bot_player
        self.bot_answer = bots.bot_answer
        self.bot_act = bots.bot_act

        self.history = history.history
        self.interactions = history.interactions
        self.public_view_at = history.public_view_at
        self.public_views_at = history.public_views_at
        self.check = history.check
        self.export_game = history.export_game

        self.claim_announcement = outbox.claim_announcement
        self.announcement_sent = outbox.announcement_sent
        self.announcement_done = outbox.announcement_done
        self.due_announcements = outbox.due_announcements
        self.part_sent = outbox.part_sent
        self.renew_lease = outbox.renew_lease
        self.take_over_leases = outbox.take_over_leases
        self.prune_delivered = outbox.prune_delivered
        self.undelivered = outbox.undelivered
        self.record_post = outbox.record_post
        self.posts = outbox.posts
        self.forget_post = outbox.forget_post

    import_game = staticmethod(import_game)

    @classmethod
    async def open(cls, target: str | Path, *, synchronous: str = "NORMAL",
                   **kwargs: Any) -> GameService:
        """A service on an SQLite file, or on PostgreSQL for a postgresql:// URL;
        `synchronous` FULL fsyncs every SQLite commit (see docs/storage.md, Durability)."""
        from .store import open_store
        from .store.target import is_postgres

        store_options = {} if is_postgres(target) else {"synchronous": synchronous}
        return cls(await open_store(target, **store_options), **kwargs)

    @classmethod
    async def open_sqlite(cls, path: str | Path, *, synchronous: str = "NORMAL",
                          **kwargs: Any) -> GameService:
        """A service on an SQLite file (created and migrated if needed); `synchronous`
        FULL fsyncs every commit (see docs/storage.md, Durability)."""
        from .store.sqlite import SqliteStore

        store = SqliteStore(path, synchronous=synchronous)
        await store.open()
        return cls(store, **kwargs)

    async def close(self) -> None:
        await self.store.close()

    def now(self) -> datetime:
        return self.ctx.clock()
