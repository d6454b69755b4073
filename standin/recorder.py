"""Everything the bot does to messages, kept in memory (and optionally as JSON lines).

Waiters are futures checked on every event, so tests never poll.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .messages import WAIT_S, Message

MessagePredicate = Callable[[Message], bool]


@dataclass
class Event:
    seq: int
    kind: str  # "message_create" | "message_update" | "message_delete" | other notes
    at: float
    message: Message | None
    snapshot: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Waiter:
    predicate: MessagePredicate
    future: asyncio.Future[Message]


class Recorder:
    def __init__(self, path: str | Path | None = None) -> None:
        self.events: list[Event] = []
        self.messages: dict[int, Message] = {}
        self._waiters: list[_Waiter] = []
        self._path = Path(path) if path else None
        self._file = self._path.open("a", encoding="utf-8") if self._path else None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
        for waiter in self._waiters:
            if not waiter.future.done():
                waiter.future.cancel()
        self._waiters.clear()

    def mark(self) -> int:
        """A position in the event log; pass it as ``since`` to wait only for later changes."""
        return len(self.events)

    def record(self, kind: str, message: Message | None = None, **extra: Any) -> Event:
        snapshot = message.snapshot() if message is not None else {}
        snapshot.update(extra)
        event = Event(seq=len(self.events), kind=kind, at=time.time(), message=message, snapshot=snapshot)
        self.events.append(event)
        if message is not None:
            self.messages[message.id] = message
            message.history.append({"kind": kind, **snapshot})
        if self._file is not None:
            self._file.write(json.dumps({"seq": event.seq, "kind": kind, "at": event.at, **snapshot}) + "\n")
            self._file.flush()
        if message is not None and kind in ("message_create", "message_update"):
            self._wake(message)
        return event

    def _wake(self, message: Message) -> None:
        still_waiting = []
        for waiter in self._waiters:
            if waiter.future.done():
                continue
            try:
                matched = waiter.predicate(message)
            except Exception as exc:  # a broken predicate should fail the test, not hang it
                waiter.future.set_exception(exc)
                continue
            if matched:
                waiter.future.set_result(message)
            else:
                still_waiting.append(waiter)
        self._waiters = still_waiting

    async def wait_for_message(
        self, predicate: MessagePredicate, timeout: float = WAIT_S, *, since: int | None = None
    ) -> Message:
        """The first message (created or edited) matching ``predicate``.

        With ``since=None`` messages already present count too; with ``since=recorder.mark()``
        only messages created or changed after the mark do.
        """
        if since is None:
            candidates = [m for m in self.messages.values() if not m.deleted]
        else:
            seen: dict[int, Message] = {}
            for event in self.events[since:]:
                if event.message is not None and event.kind in ("message_create", "message_update"):
                    seen[event.message.id] = event.message
            candidates = [m for m in seen.values() if not m.deleted]
        for message in candidates:
            if predicate(message):
                return message
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiters.append(_Waiter(predicate, future))
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TimeoutError(f"no matching message within {timeout}s") from None
