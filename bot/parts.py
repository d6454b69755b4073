"""One announcement's messages, sent once each (docs/storage.md, Announcements).

An announcement is several messages: battle displays, the map or the ping, the final
post, the chronicle and the ratings. `PostChannel` stands for the channel while one
announcement is delivered: it numbers the messages in the order they are sent, records
each one as sent (with the lease renewed) before the next goes out, and on a retry skips
those an earlier attempt sent. Each message carries a nonce made of its place in the
game's posts, which Discord enforces (discord.py sends it with `enforce_nonce`): a
process killed after Discord took a message and before it was recorded does not post
it twice when the retry comes within a few minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any, cast

import discord

from service import GameService
from service.outbox import ANNOUNCE_RENEW_S
from service.results import PublicPost


class LeaseLost(Exception):
    """Another process took the announcement over (this one's lease ran out): the rest
    of it is that process's to send."""


@dataclass(frozen=True, slots=True)
class SentMessage:
    """What the delivery keeps of a message an earlier attempt sent (its callers only
    record the message's ids)."""

    id: int
    channel: Any


def nonce(post: PublicPost, part: int) -> str:
    """The same for every attempt at the same message (at most 25 characters)."""
    return f"k{post.game_id}.{post.version}.{part}"[:25]


class PostChannel:
    """The channel as one announcement's delivery sees it (see the module)."""

    def __init__(self, channel: discord.abc.Messageable, svc: GameService,
                 post: PublicPost):
        self._channel = channel
        self._svc = svc
        self._post = post
        self._next = 0

    async def send(self, *args: Any, **kwargs: Any) -> Any:
        part = self._next
        self._next += 1
        sent = self._post.parts.get(part)
        if sent is not None:
            return SentMessage(sent, self._channel)
        kwargs.setdefault("nonce", nonce(self._post, part))
        msg = await self._channel.send(*args, **kwargs)
        if not await self._svc.part_sent(self._post, part, msg.channel.id, msg.id):
            raise LeaseLost(f"game {self._post.game_id}: the post of v{self._post.version} "
                            "was taken over by another process")
        return msg

    def __getattr__(self, name: str) -> Any:
        return getattr(self._channel, name)

    def messageable(self) -> discord.abc.Messageable:
        """This, as the announcement's code expects a channel."""
        return cast(discord.abc.Messageable, self)


@contextlib.asynccontextmanager
async def lease_kept(svc: GameService, post: PublicPost) -> AsyncIterator[None]:
    """Renew the post's lease every ANNOUNCE_RENEW_S while the block delivers it (a
    render or a rate limit may take longer than the lease)."""

    async def renew() -> None:
        while True:
            await asyncio.sleep(ANNOUNCE_RENEW_S)
            if not await svc.renew_lease(post):
                return  # taken over: the next message sent finds it out and stops

    task = asyncio.create_task(renew())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
