"""What the community service asks the transport to do, and the sink that does it.

The scheduler never talks to Discord. It hands each action to a *sink* the transport
provides (`async def sink(action) -> None`); a sink that raises means "not delivered, try
again later". Every action carries `key`, unique for its purpose (e.g.
"remind:42:athens:7:2"); the transport may pass it as a message nonce to let Discord drop
a duplicate after a crash.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class ChannelMessage:
    """Post `text` in a channel or thread; `mentions` are the users to ping."""

    key: str
    channel_id: int
    text: str
    mentions: tuple[int, ...] = ()
    kind: str = "message"          # 'reminder', 'digest', 'expiry', ...
    game_id: int | None = None
    league_id: int | None = None


@dataclass(frozen=True, slots=True)
class DirectMessage:
    """DM a user; if their DMs are closed, post in `fallback_channel_id` instead."""

    key: str
    user_id: int
    text: str
    fallback_channel_id: int | None = None
    kind: str = "reminder"
    game_id: int | None = None


@dataclass(frozen=True, slots=True)
class ApplyForfeit:
    """The seat ran out of time under the forfeit policy: end the game with that seat
    losing (GameService's resignation path, by the system). If the game is already over
    the sink should simply return: the forfeit is moot."""

    key: str
    game_id: int
    seat: str
    user_id: int | None
    reason: str
    channel_id: int | None = None
    kind: str = "forfeit"


@dataclass(frozen=True, slots=True)
class ModeratorAlert:
    """Tell the moderators (in `channel_id`) that something needs a decision, such as a
    seat out of time under the notify policy (they may extend or substitute)."""

    key: str
    channel_id: int
    text: str
    game_id: int | None = None
    seat: str | None = None
    user_id: int | None = None
    kind: str = "alert"
    data: dict[str, Any] = field(default_factory=dict)


Action = ChannelMessage | DirectMessage | ApplyForfeit | ModeratorAlert
_TYPES: dict[str, type] = {t.__name__: t for t in (ChannelMessage, DirectMessage,
                                                    ApplyForfeit, ModeratorAlert)}


class Sink(Protocol):
    async def __call__(self, action: Action) -> None: ...


def encode(action: Action) -> dict[str, Any]:
    return {"type": type(action).__name__, **asdict(action)}


def decode(data: dict[str, Any]) -> Action:
    data = dict(data)
    cls = _TYPES[data.pop("type")]
    if "mentions" in data:
        data["mentions"] = tuple(data["mentions"])
    return cls(**data)


class RecordingSink:
    """A sink that keeps what it was given (tests, the console, the bench)."""

    def __init__(self, fail: bool = False):
        self.actions: list[Action] = []
        self.fail = fail

    async def __call__(self, action: Action) -> None:
        if self.fail:
            raise RuntimeError("sink refused (test)")
        self.actions.append(action)

    def of(self, cls: type) -> list[Any]:
        return [a for a in self.actions if isinstance(a, cls)]


@dataclass(frozen=True, slots=True)
class AbandonGame:
    """End a running game without a result (a moderator voided or adjudicated it)."""

    key: str
    game_id: int
    reason: str
    kind: str = "abandon"


_TYPES["AbandonGame"] = AbandonGame
Instruction = ApplyForfeit | AbandonGame
