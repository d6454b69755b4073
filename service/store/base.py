"""The repository interface the service layer talks to (docs/storage.md).

All SQL lives in an implementation (`service.store.sqlite.SqliteStore` today; a
PostgreSQL one with asyncpg could sit behind the same protocol). Rows come back as plain
frozen dataclasses; times are timezone-aware UTC datetimes; JSON columns are decoded.

Write methods are transactional on their own: each either happens whole or raises one of
the `StoreConflict` subclasses below (or a database error) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, Protocol, runtime_checkable

GameStatus = Literal["open", "running", "finished", "abandoned"]
LIVE: tuple[GameStatus, ...] = ("open", "running")
OVER: tuple[GameStatus, ...] = ("finished", "abandoned")
ActionKind = Literal["act", "undo", "resign"]


# --------------------------------------------------------------------------- errors
class StoreConflict(Exception):
    """A write refused because the data moved on or a uniqueness rule forbids it."""


class StaleVersion(StoreConflict):
    def __init__(self, current: int | None):
        super().__init__(f"game version is now {current}")
        self.current = current


class DuplicateInteraction(StoreConflict):
    """The interaction id is already in the log: the action was applied before."""


class ChannelBusy(StoreConflict):
    """The channel already has a game in the lobby or running."""


class SeatTaken(StoreConflict):
    """The seat is held by someone else, or the user already holds a seat here."""


class LobbyFull(StoreConflict):
    """Every place of the lobby has a player (a join from another process came first)."""


class WrongStatus(StoreConflict):
    """The game is not in the status the write requires (e.g. joining a running game)."""


class NotFound(StoreConflict):
    pass


class AlreadyBid(StoreConflict):
    """The player's sealed bid for a side is in already (bids are final)."""


# --------------------------------------------------------------------------- rows
@dataclass(frozen=True, slots=True)
class NewGame:
    guild_id: int | None
    channel_id: int
    ruleset: str
    scenario: str
    options: dict[str, Any]
    created_by: int | None
    at: datetime
    position: dict[str, Any] | None = None  # start here instead of the scenario's set-up
    sides: str | None = None  # 'bid' or 'random': sides chosen at the start (service/sides.py)


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    scenario: str
    options: dict[str, Any]
    status: GameStatus
    created_by: int | None
    engine_version: str | None
    rules_version: str | None
    seed_hash: str | None
    seed: str | None  # revealed only once the game is over
    version: int
    outcome: dict[str, Any] | None
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    updated_at: datetime
    # The version the stored snapshot is of: the game's own, or older when the last
    # actions are only in the log (snapshots are written every few actions).
    snapshot_version: int = 0
    snapshot: str | None = None  # only filled when asked for (it can be large)
    # The record's latest digest (service/chain.py): at the start, after the last action,
    # or after the end; None for a game started before the digests were kept.
    chain: str | None = None

    @property
    def live(self) -> bool:
        return self.status in LIVE

    def moved_to(self, version: int, snapshot_version: int, chain: str | None) -> GameRow:
        """This row after a commit of `version`: `dataclasses.replace` spelt out, since
        every click of a cached game makes one and replace costs several times more."""
        return GameRow(self.id, self.guild_id, self.channel_id, self.ruleset, self.scenario,
                       self.options, self.status, self.created_by, self.engine_version,
                       self.rules_version, self.seed_hash, self.seed, version, self.outcome,
                       self.created_at, self.started_at, self.ended_at, self.updated_at,
                       snapshot_version, self.snapshot, chain)


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    user_id: int
    seat: str | None
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class SeatChange:
    id: int
    game_id: int
    seat: str | None
    kind: Literal["join", "leave", "assign", "replace"]
    old_user_id: int | None
    new_user_id: int | None
    by_user_id: int | None
    reason: str | None
    at: datetime


@dataclass(frozen=True, slots=True)
class ActionRow:
    game_id: int
    seq: int  # equals the game version after the action
    kind: ActionKind
    seat: str
    option_id: str | None
    secret: bool
    user_id: int | None
    interaction_id: str | None
    events: list[dict[str, Any]]
    at: datetime
    chain: str | None = None  # the record's digest after this action (service/chain.py)
    # commit_action only: its announcement was claimed for the committing process
    # (nothing older of the game was pending), so that process delivers it without a
    # claim write of its own.
    announcement_leased: bool = False


@dataclass(frozen=True, slots=True)
class ActReads:
    """What a click reads once it holds its game (`Store.act_reads`): an earlier action
    with the same interaction id, the game row, its seats."""

    prior: ActionRow | None
    game: GameRow | None
    seats: list[SeatRow]


@dataclass(frozen=True, slots=True)
class AsSeen:
    """What a commit made without reading the game first also checks (GameService's
    click on a game it holds current, see `_act_known`): the game is still in this
    channel and its seats are held exactly as `holders` says (see `holders_key`). With
    the version guard, the commit is then made on the very row and seats the click was
    judged on, as if it had read them."""

    channel_id: int
    holders: str


def holders_key(seats: Iterable[SeatRow]) -> str:
    """A game's seat rows as one text, `user:seat` by user id, comma-joined; the stores
    build the same text from their seats table in SQL (seat names never hold , or :)."""
    return ",".join(f"{s.user_id}:{s.seat or ''}"
                    for s in sorted(seats, key=lambda s: s.user_id))


@dataclass(frozen=True, slots=True)
class GameEnd:
    """Written together with the action that ends a game, or by `end_game`."""

    status: Literal["finished", "abandoned"]
    seed: str | None
    outcome: dict[str, Any] | None
    chain: str | None = None  # the record's final digest (service/chain.py)


@dataclass(frozen=True, slots=True)
class MessageRow:
    message_id: int
    game_id: int
    channel_id: int
    kind: str
    seat: str | None
    version: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Announcement:
    """A public post an action owes its channel (the announcement outbox)."""

    game_id: int
    version: int
    channel_id: int
    payload: dict[str, Any]
    state: Literal["pending", "sent", "failed"]
    attempts: int
    next_try_at: datetime
    last_error: str | None


@dataclass(frozen=True, slots=True)
class SideBidRow:
    user_id: int
    side: str
    amount: int
    at: datetime


@dataclass(frozen=True, slots=True)
class LobbySides:
    """How a game's sides are chosen at the start, and where that stands."""

    mode: Literal["bid", "random"]
    bidding_since: datetime | None
    bids: tuple[SideBidRow, ...]
    result: dict[str, Any] | None  # once started


@dataclass(frozen=True, slots=True)
class UserSeat:
    """A running game in which a user holds a seat."""

    game: GameRow
    seat: str


# --------------------------------------------------------------------------- protocol
@runtime_checkable
class Store(Protocol):
    # lifecycle
    async def open(self) -> None:
        """Connect and apply pending migrations."""

    async def close(self) -> None: ...

    # games
    async def create_game(self, new: NewGame) -> GameRow:
        """Raises ChannelBusy if the channel has a live game."""

    async def get_game(self, game_id: int, *, snapshot: bool = False) -> GameRow | None: ...

    async def game_position(self, game_id: int) -> dict[str, Any] | None:
        """The position the game starts from, if it was created from one."""

    async def live_game(self, channel_id: int, *, snapshot: bool = False) -> GameRow | None:
        """The game in the lobby or running in this channel, if any."""

    async def games_in_channel(self, channel_id: int) -> list[GameRow]:
        """Every game ever held in the channel, newest first (no snapshots)."""

    async def start_game(self, game_id: int, seats: dict[int, str], *, snapshot: str,
                         version: int, seed_hash: str, engine_version: str,
                         rules_version: str, at: datetime,
                         announce: dict[str, Any] | None = None,
                         options: dict[str, Any] | None = None,
                         sides: dict[str, Any] | None = None,
                         chain: str | None = None) -> GameRow:
        """Lobby -> running: give each user (id -> seat) a seat and store the first
        snapshot, with the opening post (`announce`, the payload) in the outbox. Raises
        WrongStatus if the game is not in the lobby. `options`: the game's options when
        the start changed them (a side bid's cost); `sides`: the record of how the sides
        were chosen (lobby_sides.result); `chain`: the record's first digest."""

    async def commit_action(self, game_id: int, *, expected_version: int, kind: ActionKind,
                            seat: str, option_id: str | None, secret: bool,
                            user_id: int | None, interaction_id: str | None,
                            events: Sequence[dict[str, Any]], snapshot: str | None,
                            at: datetime, end: GameEnd | None = None,
                            announce: dict[str, Any] | None = None,
                            lease_until: datetime | None = None,
                            seen: AsSeen | None = None,
                            chain: str | None = None) -> ActionRow:
        """Append one action (seq = expected_version + 1) and the new snapshot (None:
        keep the stored one, which then lags behind the log) in one transaction, with
        the record's digest after it (`chain`, kept with the action and as the game's,
        or the end's `chain` when it ends the game), with its announcement (`announce`,
        the payload) in the outbox; with `lease_until`, claimed there for the caller if
        it is next in order (the row's `announcement_leased` says whether). Raises
        StaleVersion if the game's version is not expected_version or it is not running
        (or, with `seen`, its channel or seats are not those; `current` is then None),
        DuplicateInteraction if interaction_id is already logged."""

    async def end_game(self, game_id: int, end: GameEnd, at: datetime) -> GameRow:
        """Close a live game without an action (abandon), keeping the end's digest.
        Raises WrongStatus if over."""

    async def fill_chain(self, game_id: int, version: int, digests: Sequence[str]) -> None:
        """Keep the digests of a game started before they were kept (`digests[n]`
        after n actions, the last one as the game's) if it is still at `version` and
        running; actions that have one keep theirs."""

    # seats
    async def seats(self, game_id: int) -> list[SeatRow]: ...

    async def seat_of(self, game_id: int, user_id: int) -> SeatRow | None: ...

    async def join(self, game_id: int, user_id: int, seat: str | None,
                   at: datetime, places: int | None = None) -> SeatRow:
        """Raises WrongStatus unless in the lobby, SeatTaken if taken or already seated,
        LobbyFull if `places` players have joined already (counted in the write, so a
        join from another process is counted too)."""

    async def leave(self, game_id: int, user_id: int, at: datetime) -> None:
        """Raises WrongStatus unless in the lobby, NotFound if the user is not seated."""

    async def replace_seat(self, game_id: int, seat: str, new_user_id: int, *,
                           by_user_id: int | None, reason: str | None,
                           at: datetime) -> SeatRow:
        """Hand a seat of a live game to another user. Raises NotFound, SeatTaken,
        WrongStatus."""

    async def seat_changes(self, game_id: int) -> list[SeatChange]: ...

    async def user_games(self, user_id: int) -> list[UserSeat]:
        """Running games in which the user holds a seat."""

    async def users_games(self, lo: int, hi: int) -> list[tuple[int, UserSeat]]:
        """(user id, seat) for every seat of a running game held by a user id in
        [lo, hi): Keryx's own seats (service/bots.py), in one indexed read."""

    # sides chosen at the start (service/sides.py)
    async def lobby_sides(self, game_id: int) -> LobbySides | None:
        """None for a game whose players named their seats on joining."""

    async def open_bidding(self, game_id: int, at: datetime) -> None:
        """Open the bids (once; later calls change nothing). Raises WrongStatus unless in
        the lobby, NotFound without a `bid` row."""

    async def place_bid(self, game_id: int, user_id: int, side: str, amount: int,
                        at: datetime) -> None:
        """Seal a player's bid. Raises AlreadyBid if theirs is in, WrongStatus unless the
        game is in the lobby."""

    # the action log
    async def actions(self, game_id: int, after_seq: int = 0) -> list[ActionRow]: ...

    async def action_by_interaction(self, interaction_id: str) -> ActionRow | None: ...

    async def act_reads(self, game_id: int, interaction_id: str) -> ActReads:
        """`action_by_interaction`, `get_game` (no snapshot) and `seats` at once: what a
        click reads under its game lock (one round trip on PostgreSQL, see
        PostgresStore.act_reads)."""

    # the announcement outbox
    async def claim_announcement(self, game_id: int, now: datetime,
                                 lease_until: datetime) -> Announcement | None:
        """Take the game's oldest pending announcement for delivery until `lease_until`
        if it is due (another process then skips it); None if there is none, it is not
        due, or someone else holds it. Posts go out in version order."""

    async def announcement_sent(self, game_id: int, version: int, at: datetime,
                                lease_until: datetime) -> tuple[Announcement | None, bool]:
        """Mark it sent and, in the same transaction, claim the game's next due one:
        (the next claimed, or None; whether nothing of the game is pending any more)."""

    async def finish_announcement(self, game_id: int, version: int, at: datetime, *,
                                  error: str,
                                  retry_at: datetime | None = None) -> None:
        """A failed delivery: pending again until `retry_at`, or failed for good."""

    async def due_announcements(self, now: datetime) -> list[int]:
        """Games with a pending announcement due by `now`."""

    async def undelivered(self, game_id: int) -> list[Announcement]:
        """Pending and failed announcements of a game, oldest first."""

    # a delivery, message by message, under a lease (service/store/leases.py)
    async def announcement_part_sent(self, game_id: int, version: int, part: int,
                                     channel_id: int, message_id: int, at: datetime,
                                     lease_until: datetime) -> bool:
        """Record message `part` of a post as sent and renew this process's lease; False
        when the lease is not this process's any more."""

    async def renew_announcement(self, game_id: int, version: int,
                                 lease_until: datetime) -> bool:
        """Extend this process's lease on a post; False when it is not this process's."""

    async def announcement_parts(self, game_id: int, version: int) -> dict[int, int]:
        """The messages of a post sent so far: part -> message id."""

    async def take_over_leases(self, now: datetime) -> int:
        """Make the posts leased by processes that are gone due at `now`; how many."""

    async def prune_announcements(self, before: datetime) -> int:
        """Delete the posts delivered before `before`; how many."""

    # posted messages
    async def add_message(self, row: MessageRow) -> None: ...

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRow]: ...

    async def remove_message(self, message_id: int) -> None: ...

