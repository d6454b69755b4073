"""Plain values the service hands back to transports (bot, console, stand-in)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine import Event, Outcome, Prompt

from .store.base import ActionKind, GameStatus


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: str | None  # None: in the lobby without a chosen seat
    user_id: int


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    scenario: str
    options: dict[str, Any]
    status: GameStatus
    version: int
    seats: tuple[SeatInfo, ...]  # seated and lobby players, in joining order; one entry
    #                              per seat (a person holding several seats has several)
    seat_names: tuple[str, ...]  # every seat of the scenario, in the ruleset's order
    created_by: int | None
    engine_version: str | None
    rules_version: str | None
    seed_hash: str | None
    seed: str | None  # only once the game is over
    outcome: dict[str, Any] | None
    created_at: datetime
    started_at: datetime | None
    ended_at: datetime | None

    places: tuple[tuple[str, ...], ...] = ()  # the seats one person holds, per person
    sides: str | None = None  # in the lobby: 'bid' or 'random' (sides chosen at the start)
    # The record's digest at `version` (after the end, once over; service/chain.py)
    record: str | None = None

    @property
    def players(self) -> int:
        """How many people the game seats."""
        return len(self.places) or len(self.seat_names)

    @property
    def joined(self) -> int:
        """How many people have joined (or hold seats)."""
        return len({s.user_id for s in self.seats})

    def seats_of(self, user_id: int) -> tuple[str, ...]:
        return tuple(s.seat for s in self.seats if s.user_id == user_id and s.seat)

    def user_of(self, seat: str) -> int | None:
        return next((s.user_id for s in self.seats if s.seat == seat), None)

    def seat_of(self, user_id: int) -> str | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class OpenPrompt:
    """A decision a seat must make now, and who holds that seat (to ping)."""

    seat: str
    user_id: int | None
    prompt: Prompt
    version: int  # put it in the buttons' custom ids


@dataclass(frozen=True, slots=True)
class ActionResult:
    game_id: int
    channel_id: int
    guild_id: int | None
    seq: int  # position in the action log; equals `version`
    version: int  # the game version after the action
    kind: ActionKind
    seat: str
    user_id: int
    seat_names: tuple[str, ...]
    # Every event, private ones included, in the order they happened. Never post this
    # list as is: use `public_events` for the channel and `events_for(seat)` per player.
    events: tuple[Event, ...]
    prompts: tuple[OpenPrompt, ...]  # every prompt open now
    to_ping: tuple[OpenPrompt, ...]  # prompts newly open for someone other than the actor
    phase_ended: bool  # a public map post is due
    battle_ended: bool
    game_ended: bool
    outcome: Outcome | None
    seed: str | None  # revealed when the game ended
    can_undo: bool  # whether the actor may take this back now
    duplicate: bool = False  # True: applied before under this interaction id; nothing new
    record: str | None = None  # the record's digest after it (after the end, if it ended)

    @property
    def public_events(self) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.public)

    @property
    def private_events(self) -> dict[str, tuple[Event, ...]]:
        """seat -> the non-public events that seat may see (empty seats left out)."""
        out: dict[str, tuple[Event, ...]] = {}
        for seat in self.seat_names:
            mine = tuple(e for e in self.events if not e.public and e.visible_to(seat))
            if mine:
                out[seat] = mine
        return out

    def events_for(self, seat: str | None) -> tuple[Event, ...]:
        """What `seat` (None: the public) may see, in the order it happened."""
        return tuple(e for e in self.events if e.visible_to(seat))


@dataclass(frozen=True, slots=True)
class StartResult:
    game: GameInfo
    seed_hash: str
    prompts: tuple[OpenPrompt, ...]
    public_view: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Bidding:
    """Where a lobby's bid for sides stands. Amounts stay sealed: only who has bid."""

    game: GameInfo
    unit: str  # what is bid ("Prestige")
    most: int  # bids run from 0 to this
    rule: str
    sides: tuple[str, ...]  # the places bid for (their first seats)
    bid: tuple[int, ...]  # users whose bids are in
    waiting: tuple[int, ...]  # users still to bid
    opened: bool  # the bids are open (`/game start` with every seat taken)
    just_opened: bool = False


@dataclass(frozen=True, slots=True)
class BidResult:
    """A bid sealed; `started` when it was the last one and the game began here;
    `begun_elsewhere` when the last bids came at once through two processes on one
    SQLite file and the other one began the game (and owes its opening post)."""

    bidding: Bidding
    side: str
    amount: int
    started: StartResult | None = None
    begun_elsewhere: bool = False


@dataclass(frozen=True, slots=True)
class SeatView:
    game_id: int
    seat: str | None  # None: the public/spectator view
    version: int
    status: GameStatus
    view: dict[str, Any]  # engine view: everything this seat may know
    prompt: OpenPrompt | None
    can_undo: bool
    held: tuple[str, ...] = ()  # every seat the viewer holds (several: one person, allies)


@dataclass(frozen=True, slots=True)
class PendingPrompt:
    """Something a user must decide, in some channel."""

    game_id: int
    guild_id: int | None
    channel_id: int
    ruleset: str
    seat: str
    version: int
    prompt: Prompt
    waiting_since: datetime  # when the game last moved


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    kind: ActionKind
    seat: str
    option_id: str | None  # None unless the viewer made this choice or the game is over
    user_id: int | None
    at: datetime
    events: tuple[Event, ...]  # the ones the viewer may see


@dataclass(frozen=True, slots=True)
class ImportedGame:
    ok: bool
    problems: tuple[str, ...]
    actions: int
    dice: tuple[int, ...]
    data: dict[str, Any]
    game: Any = None  # engine.Game rebuilt from the log when ok
    game_id: int | None = None  # as the record states it: compare with the channel's
    seed_hash: str | None = None  # ... and with the hash posted when the game began
    status: str | None = None
    chain: Any = None  # service.chain.Chain: the record's digests, recomputed

    def digest_problem(self, claim: str) -> str | None:
        """Why the record does not pass through a digest the channel showed (`HEX@N`,
        as posts show it), in one line; None if it does."""
        from . import chain

        digest, n = chain.parse_claim(claim)  # BadClaim (a ValueError) if malformed
        if self.chain is None:
            return "the record's digests cannot be recomputed"
        return chain.claim_problem(self.chain, digest, n)


@dataclass(frozen=True, slots=True)
class PublicPost:
    """Everything one announcement shows, all taken from one game version: the public
    events of the action that made it, the public view, who must act, who to ping."""

    game_id: int
    channel_id: int
    version: int
    seat: str | None  # who acted (None for the opening post)
    events: tuple[Event, ...]  # public events of that action only
    view: dict[str, Any]  # the public view at `version`
    waiting: dict[str, int | None]  # seat -> user, every seat that must act at `version`
    to_ping: dict[str, int | None]  # the seats among them newly called on
    phase_ended: bool
    battle_ended: bool
    game_ended: bool
    attempts: int  # delivery attempts so far, this one included
    opening: bool = False  # the first map of the game, posted at start
    intro: str = ""  # a line above the opening map (a league game's pairing)
    sides: dict[str, Any] | None = None  # opening: how the sides were chosen (service/sides.py)
    record: str | None = None  # the record's digest at `version` (service/chain.py)
    # Messages of this post sent by an earlier attempt, by their place in the post:
    # part -> message id (a retry skips them).
    parts: dict[int, int] = field(default_factory=dict)
