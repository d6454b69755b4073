"""Interactions in flight: what was dispatched to the bot and what it answered.

An :class:`InteractionResult` is what a simulated user gets back from ``slash``,
``click``, ``select``... It fills in as the bot responds (callback, follow-ups,
edits) and offers waiters for the later parts.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .messages import WAIT_S, Message

if TYPE_CHECKING:
    from .server import StandIn
    from .users import SimUser

# Interaction types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Callback (response) types.
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

TOKEN_LIFETIME = 15 * 60.0


@dataclass
class InteractionResult:
    """One interaction a simulated user made, and everything the bot did in reply."""

    standin: StandIn
    id: int
    token: str
    type: int
    user: SimUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    source_message: Message | None = None  # the message a component/modal was on
    dispatched_at: float = field(default_factory=time.monotonic)
    dispatched_wall: float = field(default_factory=time.time)
    response_type: int | None = None
    responded_at: float | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    rejected_callbacks: list[str] = field(default_factory=list)
    _responded: asyncio.Event = field(default_factory=asyncio.Event)

    # -- state ----------------------------------------------------------------
    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def response_time(self) -> float | None:
        """Seconds from dispatching INTERACTION_CREATE to the bot's first callback."""
        if self.responded_at is None:
            return None
        return self.responded_at - self.dispatched_at

    @property
    def deferred(self) -> bool:
        return self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE_MESSAGE)

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def expired(self) -> bool:
        return time.monotonic() - self.dispatched_at > TOKEN_LIFETIME

    @property
    def messages(self) -> list[Message]:
        """What the user was shown for this interaction, in order (deleted ones left out)."""
        shown = [self.original] if self.original is not None else []
        shown += self.followups
        return [m for m in shown if not m.deleted]

    @property
    def text(self) -> str:
        return "\n".join(m.text() for m in self.messages if not m.loading)

    @property
    def response_message(self) -> Message | None:
        """The message the initial response created or updated (None for modals/autocomplete)."""
        return self.original

    # -- waiting ----------------------------------------------------------------
    async def wait_for_response(self, timeout: float = WAIT_S) -> InteractionResult:
        """Wait for the initial callback (any type)."""
        try:
            await asyncio.wait_for(self._responded.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not respond to interaction {self.id} within {timeout}s"
                + (f" (rejected callbacks: {self.rejected_callbacks})" if self.rejected_callbacks else "")
            ) from None
        return self

    async def wait_for_message(
        self, predicate: Callable[[Message], bool] | None = None, timeout: float = WAIT_S
    ) -> Message:
        """A filled-in (not "thinking") message of this interaction matching ``predicate``:
        the original response after an edit, or a follow-up."""
        mine = self._belongs

        def check(message: Message) -> bool:
            return mine(message) and not message.loading and not message.deleted and (
                predicate is None or predicate(message)
            )

        return await self.standin.recorder.wait_for_message(check, timeout)

    async def wait_for_followup(self, count: int = 1, timeout: float = WAIT_S) -> Message:
        """The ``count``-th follow-up message (1-based)."""

        def check(message: Message) -> bool:
            return len(self.followups) >= count and message is self.followups[count - 1]

        with contextlib.suppress(IndexError):
            if len(self.followups) >= count:
                return self.followups[count - 1]
        return await self.standin.recorder.wait_for_message(check, timeout)

    def _belongs(self, message: Message) -> bool:
        # A component's deferred/updated original is the clicked message, made by an earlier interaction.
        return message is self.original or message.interaction_id == self.id

    def __repr__(self) -> str:
        return (
            f"<InteractionResult id={self.id} type={self.type} response_type={self.response_type} "
            f"messages={len(self.messages)}>"
        )


class InteractionBook:
    """Interactions by id (for callbacks) and token (for webhooks)."""

    def __init__(self) -> None:
        self.by_id: dict[int, InteractionResult] = {}
        self.by_token: dict[str, InteractionResult] = {}
        self.all: list[InteractionResult] = []

    def add(self, result: InteractionResult) -> None:
        self.by_id[result.id] = result
        self.by_token[result.token] = result
        self.all.append(result)
