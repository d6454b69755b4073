"""GameService: where a click becomes an action (docs/storage.md). No Discord here.

Every method takes plain ids and returns plain values (service.results) or raises
`Refusal` with a message for the user; a refusal never changes anything. Moderator
permission is the transport's business: methods named for moderators trust their caller.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import random
from collections import OrderedDict
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import engine
from engine import Event, Game, IllegalAction

# Not engine.rulesets: importing the package engine.rulesets.<game> rebinds that name on
# the engine package to the subpackage, shadowing the function (reported to the kernel).
from engine.core.registry import rulesets as known_rulesets
from engine.players import Player, cannot_play, decide
from engine.players import player as make_player

from . import chain, seating, sides
from . import validate as v
from .audit import EXPORT_FORMAT, audit_export, undo_event
from .bots import BotTurn, bot_id, bot_id_range, free_bot_id
from .cache import CACHE_BYTES, GameCache, GameLocks
from .errors import Refusal
from .replay import apply_action, check_snapshot, fresh_game, replay_log
from .results import (
    ActionResult,
    Bidding,
    BidResult,
    GameInfo,
    ImportedGame,
    LogEntry,
    OpenPrompt,
    PendingPrompt,
    PublicPost,
    SeatInfo,
    SeatView,
    StartResult,
)
from .store.base import (
    OVER,
    ActionKind,
    ActionRow,
    AlreadyBid,
    Announcement,
    AsSeen,
    ChannelBusy,
    DuplicateInteraction,
    GameEnd,
    GameRow,
    LobbySides,
    MessageRow,
    NewGame,
    NotFound,
    SeatRow,
    SeatTaken,
    StaleVersion,
    Store,
    WrongStatus,
    holders_key,
)

log = logging.getLogger(__name__)

# A delivery in progress holds its announcement this long (another process skips it),
# and renews the lease every ANNOUNCE_RENEW_S while it works (and with every message it
# sends): a process that dies leaves its posts to others within seconds.
ANNOUNCE_LEASE_S = 15
ANNOUNCE_RENEW_S = 5
# Delivered posts are kept this long (for /game status and inquiries), then pruned.
ANNOUNCE_RETENTION = timedelta(days=30)
# Attempts of a click that another process's commits keep overtaking (GameService._act).
CONTENDED_ATTEMPTS = 4
# Channels whose live game a process remembers (see GameService._act).
CHANNELS_REMEMBERED = 4096
# Public views kept for posts not yet delivered (see GameService._post_views).
POST_VIEWS_KEPT = 256
# Waits before each retry of a public post that failed; after the last it is given up.
ANNOUNCE_BACKOFF_S = (5, 15, 60, 300, 900, 3600)


class _Contended(Exception):
    """Another process committed to the game a click was working on without holding it
    against other processes (GameService._act): the click is done again, holding it."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Known:
    """What this process knows of a cached game from its last read or commit here: the
    row (at the game's version) and the seats, with the seat -> user map and the seats'
    `holders_key` (GameService._act_known)."""

    row: GameRow
    seats: list[SeatRow]
    users: dict[str, int]
    holders: str


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
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.store = store
        # A game's snapshot is written on every `snapshot_every`-th action (and on every
        # undo, resignation and end); a load applies the logged actions after it.
        self._snapshot_every = snapshot_every
        self._clock = clock
        self.retention = retention
        # Drawing seats for players who did not choose; not the game's dice, which come
        # only from the engine's seeded generator.
        self._seat_rng = seat_rng or random.SystemRandom()
        # Across processes (PostgreSQL), lazily: every block under it starts by reading
        # the game, and the first read takes the lock (one round trip, see act_reads).
        across = getattr(store, "game_lock", None)
        self._locks = GameLocks(None if across is None
                                else lambda game_id: across(game_id, lazy=True))
        self._cache: GameCache[_Known] = GameCache(cache_size, cache_bytes)
        # channel -> the game last seen live there (checked under the game's lock before
        # use, see _act), so a click does not look its game up by channel every time.
        self._channel_games: OrderedDict[int, int] = OrderedDict()
        # Announcements this process claimed and will deliver next, by game (see
        # claim_announcement); each entry is the claim with its lease's end.
        self._claimed: dict[int, Announcement] = {}
        # The public view each post of this process's own commits needs, taken when the
        # action was applied: building it later would mean replaying the game back to
        # that version whenever a player acted before the post went out.
        self._post_views: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()

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

    # ================================================================== lobby
    async def create_game(self, *, guild_id: int | None, channel_id: int, user_id: int,
                          ruleset_id: str, scenario: str | None = None,
                          options: dict[str, Any] | None = None,
                          position: dict[str, Any] | None = None,
                          sides_mode: str | None = None) -> GameInfo:
        """Open a lobby in a channel or thread (one live game per channel). The creator
        does not take a seat by this; they `join` like everyone else. With `position`, the
        game starts from that described position (checked now) instead of the set-up.
        `sides_mode` 'bid' or 'random': players join without naming a seat, and the sides
        are bid for or drawn at the start (service/sides.py)."""
        guild_id = v.opt_snowflake(guild_id, "guild")
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        ruleset_id = v.text(ruleset_id, "ruleset")
        scenario = v.opt_text(scenario, "scenario")
        options = v.options(options)
        sides_mode = v.opt_text(sides_mode, "sides")
        if sides_mode is not None and sides_mode not in sides.MODES:
            raise Refusal("bad_input", f"Sides are chosen by {' or '.join(sides.MODES)}, "
                          f"not {sides_mode!r}.")
        try:
            rules = engine.ruleset(ruleset_id)
        except KeyError:
            raise Refusal("unknown_ruleset", f"There is no game called {ruleset_id!r}. "
                          f"Known games: {', '.join(known_rulesets())}.") from None
        try:
            # Setting up a throwaway game checks the scenario and options now, in the
            # lobby, rather than at start when everyone has gathered.
            if position is not None:
                if not isinstance(position, dict):
                    raise Refusal("bad_input", "A position must be a JSON object.")
                try:
                    probe = rules.from_position(position, seed="probe", options=options)
                except (KeyError, TypeError, AttributeError) as exc:
                    raise Refusal("bad_input", f"That position is malformed: {exc!r}") from None
            else:
                probe = engine.new_game(ruleset_id, scenario=scenario, seed="probe",
                                        options=options)
        except IllegalAction as exc:
            raise Refusal("bad_input", str(exc)) from None
        if sides_mode == sides.BID:
            self._check_biddable(rules, probe.holdings, options)
        try:
            row = await self.store.create_game(NewGame(
                guild_id=guild_id, channel_id=channel_id, ruleset=rules.id,
                scenario=probe.scenario, options=probe.options, created_by=user_id,
                at=self._clock(), position=position, sides=sides_mode))
        except ChannelBusy:
            raise Refusal("channel_busy", "This channel already has a game. Finish or "
                          "abandon it first, or start a thread for a new one.") from None
        return await self._info(row)

    async def join(self, channel_id: int, user_id: int, seat: str | None = None) -> GameInfo:
        """Take a seat in the lobby; `seat=None` means any seat, drawn at start."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        seat = v.opt_text(seat, "seat")
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id, "open")
            names = self._seat_names(row)
            if seat is not None and seat not in names:
                raise Refusal("bad_input", f"There is no seat {seat!r}; the seats are "
                              f"{', '.join(names)}.")
            places = self._places(row)
            if seat is not None and await self.store.lobby_sides(row.id) is not None:
                raise Refusal("bad_input", "In this game the sides are chosen at the start; "
                              "join without naming a seat.")
            if seat is not None:  # any seat of a place takes the whole place
                seat = (seating.place_of(places, seat) or (seat,))[0]
            seats = await self.store.seats(row.id)
            if any(s.user_id == user_id for s in seats):
                raise Refusal("seat_taken", "You have already joined this game.")
            if len(seats) >= len(places):
                raise Refusal("full", "Every seat of this game is taken.")
            if seat is not None and any(s.seat == seat for s in seats):
                raise Refusal("seat_taken", f"Someone already holds {seat}.")
            try:
                await self.store.join(row.id, user_id, seat, self._clock())
            except SeatTaken:
                raise Refusal("seat_taken", "That seat was just taken.") from None
            except WrongStatus:
                raise Refusal("wrong_status", "The game has already started.") from None
            return await self._info(await self._require(row.id))

    async def leave(self, channel_id: int, user_id: int) -> GameInfo:
        """Leave the lobby (once a game runs, a moderator replaces the seat instead)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id, "open")
            ls = await self.store.lobby_sides(row.id)
            if ls is not None and ls.bidding_since is not None:
                raise Refusal("wrong_status", "The bids for sides are open; a moderator can "
                              "abandon the game if a player cannot go on.")
            try:
                await self.store.leave(row.id, user_id, self._clock())
            except NotFound:
                raise Refusal("not_seated", "You have not joined this game.") from None
            except WrongStatus:
                raise Refusal("wrong_status", "The game has already started; ask a "
                              "moderator to find a substitute.") from None
            return await self._info(await self._require(row.id))

    async def start(self, channel_id: int, user_id: int, *,
                    moderator: bool = False, intro: str = "") -> StartResult:
        """Draw the remaining seats, roll a fresh 128-bit seed and set the game up. Any
        player in the lobby, the creator or a moderator may start a full lobby. The
        opening post (the first map, `intro` above it, pinging every seat that acts
        first) goes into the outbox with the start, like every other announcement."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id, "open")
            seats = await self.store.seats(row.id)
            _may_start(row, seats, user_id, moderator)
            leads = [p[0] for p in self._places(row)]
            if len(seats) != len(leads):
                raise Refusal("wrong_status", f"This game needs {len(leads)} players; "
                              f"{len(seats)} joined.")
            ls = await self.store.lobby_sides(row.id)
            seed = engine.new_seed()
            drawn = None
            if ls is not None and ls.mode == sides.BID:
                raise Refusal("bidding", "The sides of this game are bid for: the bids "
                              "open with the start, and the game begins once all are in.")
            if ls is not None:
                drawn = sides.draw_random(leads, [s.user_id for s in seats], seed)
                assignment = drawn.assignment
            else:
                assignment = {s.user_id: s.seat for s in seats if s.seat is not None}
                free = [n for n in leads if n not in assignment.values()]
                self._seat_rng.shuffle(free)
                for s in seats:
                    if s.seat is None:
                        assignment[s.user_id] = free.pop()
            return await self._start_locked(row, assignment, seed, drawn, intro)

    async def _start_locked(self, row: GameRow, assignment: dict[int, str], seed: str,
                            drawn: sides.Sides | None, intro: str = "") -> StartResult:
        """Set the game up and store its start (under the game's lock, lobby checked).
        `drawn`: how the sides were chosen at the start, with the options a bid adds."""
        options = dict(row.options)
        if drawn is not None:
            options.update(drawn.options)
        position = await self.store.game_position(row.id)
        try:
            if position is not None:
                g = engine.ruleset(row.ruleset).from_position(position, seed=seed,
                                                               options=options)
            else:
                g = engine.new_game(row.ruleset, scenario=row.scenario, seed=seed,
                                    options=options)
        except IllegalAction as exc:  # a bid's cost the ruleset refuses: nothing stored
            raise Refusal("bad_input", str(exc)) from None
        announce: dict[str, Any] = {"opening": True, "intro": intro,
                                    "to_ping": sorted(p.seat for p in g.prompts())}
        if drawn is not None:
            announce["sides"] = drawn.record
        # The record's first digest, shown in the opening post beside the seed's hash.
        announce["chain"] = start = _genesis(row.id, g, g.rules_version,
                                             drawn.record if drawn is not None else None)
        snapshot = g.to_json()
        try:
            row = await self.store.start_game(
                row.id, assignment, snapshot=snapshot, version=g.version,
                seed_hash=g.seed_hash, engine_version=g.engine_version,
                rules_version=g.rules_version, at=self._clock(), announce=announce,
                options=g.options if drawn is not None and drawn.options else None,
                sides=drawn.record if drawn is not None else None, chain=start)
        except (WrongStatus, NotFound):
            raise Refusal("wrong_status", "The lobby changed; try again.") from None
        self._cache.weigh(row.id, len(snapshot))
        self._cache.put(row.id, g)
        info = await self._info(row)
        users = {s.seat: s.user_id for s in info.seats if s.seat is not None}
        return StartResult(info, g.seed_hash, self._open_prompts(g, users), g.view(None))

    # ================================================================== sides
    @staticmethod
    def _check_biddable(rules: engine.Ruleset, places: seating.Places,
                        options: dict[str, Any]) -> None:
        """A bid for sides needs a ruleset that takes one and exactly two places, and
        leaves the options the bid sets to the bid."""
        if rules.side_bidding is None:
            raise Refusal("bad_input", f"{rules.title} takes no bids for sides; "
                          "choose `sides: random` or name your seats.")
        if len(places) != 2:
            raise Refusal("bad_input", "Bidding for sides needs exactly two players.")
        set_by_bid = set(rules.side_bid_options(places[0][0], rules.side_bidding.most))
        if clash := sorted(set_by_bid & set(options)):
            raise Refusal("bad_input", f"The bid for sides sets {', '.join(clash)}; leave "
                          "it out of the options.")

    async def open_bidding(self, channel_id: int, user_id: int, *,
                           moderator: bool = False) -> Bidding:
        """`/game start` in a lobby whose sides are bid for: open the sealed bids once
        every seat is taken (calling it again only says who has bid)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id, "open")
            seats = await self.store.seats(row.id)
            _may_start(row, seats, user_id, moderator)
            ls = await self.store.lobby_sides(row.id)
            if ls is None or ls.mode != sides.BID:
                raise Refusal("bad_input", "This game's sides are not bid for.")
            if len(seats) != len(self._places(row)):
                raise Refusal("wrong_status", f"This game needs {len(self._places(row))} "
                              f"players; {len(seats)} joined.")
            if ls.bidding_since is None:
                await self.store.open_bidding(row.id, self._clock())
            return await self._bidding(row, just_opened=ls.bidding_since is None)

    async def sides_record(self, channel_id: int) -> dict[str, Any] | None:
        """How the channel's game chose its sides at the start (bids revealed, rolls,
        who pays; service/sides.py); None before the start or for named seats."""
        row = await self._latest(v.snowflake(channel_id, "channel"))
        ls = await self.store.lobby_sides(row.id)
        return ls.result if ls is not None else None

    async def bidding(self, channel_id: int) -> Bidding:
        """Where the channel's bid for sides stands (amounts stay sealed)."""
        row = await self._live(v.snowflake(channel_id, "channel"))
        return await self._bidding(await self._require(row.id, "open"))

    async def _bidding(self, row: GameRow, *, just_opened: bool = False,
                       ls: LobbySides | None = None) -> Bidding:
        ls = ls or await self.store.lobby_sides(row.id)
        rules = engine.ruleset(row.ruleset)
        if ls is None or ls.mode != sides.BID or rules.side_bidding is None:
            raise Refusal("bad_input", "This game's sides are not bid for.")
        bid = tuple(b.user_id for b in ls.bids)
        seats = await self.store.seats(row.id)
        sb = rules.side_bidding
        return Bidding(await self._info(row), sb.unit, sb.most, sb.rule,
                       tuple(p[0] for p in self._places(row)), bid,
                       tuple(s.user_id for s in seats if s.user_id not in bid),
                       ls.bidding_since is not None or just_opened, just_opened)

    async def place_bid(self, channel_id: int, user_id: int, side: str,
                        amount: int) -> BidResult:
        """Seal a player's bid for a side. Bids are final (a second one is refused, so a
        double click applies once) and secret until all are in; the last one starts the
        game with the sides and the cost the bids decide (service/sides.py)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        side = v.text(side, "side")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise Refusal("bad_input", "A bid is a whole number.")
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id, "open")
            ls = await self.store.lobby_sides(row.id)
            rules = engine.ruleset(row.ruleset)
            if ls is None or ls.mode != sides.BID or rules.side_bidding is None:
                raise Refusal("bad_input", "This game's sides are not bid for.")
            if ls.bidding_since is None:
                raise Refusal("wrong_status", "The bids open with `/game start` once every "
                              "seat is taken.")
            seats = await self.store.seats(row.id)
            if not any(s.user_id == user_id for s in seats):
                raise Refusal("not_seated", "You have not joined this game.")
            places = self._places(row)
            place = seating.place_of(places, side)
            if place is None:
                raise Refusal("bad_input", f"There is no side {side!r}; the sides are "
                              f"{', '.join(p[0] for p in places)}.")
            most = rules.side_bidding.most
            if not 0 <= amount <= most:
                raise Refusal("bad_input", f"A bid runs from 0 to {most} "
                              f"{rules.side_bidding.unit}.")
            mine = next((b for b in ls.bids if b.user_id == user_id), None)
            if mine is None:
                try:
                    await self.store.place_bid(row.id, user_id, place[0], amount,
                                               self._clock())
                except WrongStatus:
                    raise Refusal("wrong_status", "The game has already started.") from None
                except AlreadyBid:
                    mine = next(b for b in (await self.store.lobby_sides(row.id) or ls).bids
                                if b.user_id == user_id)
            if mine is not None:
                raise Refusal("already_bid", f"Your sealed bid is in already: {mine.amount} "
                              f"{rules.side_bidding.unit} for {mine.side}. Bids are final.")
            ls = await self.store.lobby_sides(row.id)
            assert ls is not None
            if len(ls.bids) < len(seats):
                return BidResult(await self._bidding(row, ls=ls), place[0], amount)
            seed = engine.new_seed()
            drawn = sides.resolve_bids(rules, [p[0] for p in places],
                                       [sides.Bid(b.user_id, b.side, b.amount) for b in ls.bids],
                                       seed)
            started = await self._start_locked(row, drawn.assignment, seed, drawn)
            return BidResult(await self._bidding(row, ls=ls), place[0], amount, started)

    # ================================================================== play
    async def submit(self, channel_id: int, user_id: int, option_id: str,
                     expected_version: int, interaction_id: str | int,
                     seat: str | None = None) -> ActionResult:
        """Apply the user's choice for their seat. Refusals: no_game, wrong_status,
        not_seated, stale (details: version), illegal, duplicate, bad_input.

        The same interaction id applies once: submitting it again returns the first
        result with `duplicate=True` (even if the game has moved on since). `seat`: which
        of the user's seats the choice is for, when they hold several (else the first
        of theirs with an open decision)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        option_id = v.answer(option_id)
        expected_version = v.version(expected_version)
        interaction_id = v.interaction(interaction_id)
        return await self._act(channel_id, user_id, "act", option_id, expected_version,
                               interaction_id, seat)

    async def undo(self, channel_id: int, user_id: int, expected_version: int,
                   interaction_id: str | int, seat: str | None = None) -> ActionResult:
        """Take back the user's last choice, if no new information came out since."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        expected_version = v.version(expected_version)
        interaction_id = v.interaction(interaction_id)
        return await self._act(channel_id, user_id, "undo", None, expected_version,
                               interaction_id, seat)

    async def resign(self, channel_id: int, user_id: int,
                     interaction_id: str | int, seat: str | None = None) -> ActionResult:
        """Concede for the user's seat (valid whatever the version)."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.snowflake(user_id, "user")
        interaction_id = v.interaction(interaction_id)
        return await self._act(channel_id, user_id, "resign", None, None, interaction_id,
                               seat)

    async def _act(self, channel_id: int, user_id: int, kind: ActionKind,
                   option_id: str | None, expected_version: int | None,
                   interaction_id: str, seat: str | None = None) -> ActionResult:
        args = (channel_id, user_id, kind, option_id, expected_version, interaction_id, seat)
        # Several processes may share the database: first without holding the game
        # against other processes. The commit's guard (version, status, channel and seat
        # holders, checked inside its transaction) still serialises every action; only if
        # another process changed the game since this click read it (rare: guilds are
        # split by shard) is the click done again, on PostgreSQL holding the game this
        # time, so it waits for the other process and is judged on the new state exactly
        # as if it had held the game from the start: a seat handed to a substitute
        # meanwhile is refused as not seated. Uncontended, this saves the lock's round
        # trips (2 statements a click instead of 3). Holding the game does not stop
        # another process's first, unheld attempt from committing in between, so a held
        # attempt can lose too; it is then done again (each loss is another click's
        # commit, so the game moves on), and only after CONTENDED_ATTEMPTS is the click
        # refused as stale. (SQLite has no lock across processes: `across` is moot.)
        across = self._locks.across is not None
        for attempt in range(CONTENDED_ATTEMPTS - 1):
            try:
                return await self._act_once(*args, across=across and attempt > 0,
                                            retry=True)
            except _Contended:
                continue
        return await self._act_once(*args, across=across, retry=False)

    async def _act_once(self, channel_id: int, user_id: int, kind: ActionKind,
                        option_id: str | None, expected_version: int | None,
                        interaction_id: str, seat: str | None, *,
                        across: bool, retry: bool) -> ActionResult:
        # The channel's game as this process last saw it live: its row is read under the
        # lock anyway, and a game that is open or running in this channel is the
        # channel's live game (one per channel, by the unique index), so the lookup by
        # channel is needed only when the remembered game is no longer that.
        remembered = self._channel_games.get(channel_id)
        if remembered is not None and kind == "act" and not across:
            result = await self._act_known(remembered, channel_id, user_id, option_id,
                                           expected_version, interaction_id, seat, retry)
            if result is not None:
                return result
        if remembered is not None:
            result = await self._act_on(remembered, True, channel_id, user_id, kind,
                                        option_id, expected_version, interaction_id, seat,
                                        across, retry)
            if result is not None:
                return result
            if self._channel_games.get(channel_id) == remembered:
                del self._channel_games[channel_id]
        row = await self.store.live_game(channel_id)
        if row is None:
            # A repeat of the click that ended the game still gets its first answer.
            prior = await self.store.action_by_interaction(interaction_id)
            if prior is not None:
                return await self._repeat(prior, channel_id, user_id)
            raise Refusal("no_game", "There is no game in this channel.")
        result = await self._act_on(row.id, False, channel_id, user_id, kind, option_id,
                                    expected_version, interaction_id, seat, across, retry)
        assert result is not None  # only a remembered game can turn out to be gone
        return result

    async def _act_on(self, game_id: int, remembered: bool, channel_id: int, user_id: int,
                      kind: ActionKind, option_id: str | None, expected_version: int | None,
                      interaction_id: str, seat: str | None,
                      across: bool, retry: bool) -> ActionResult | None:
        """`_act` on the game `game_id`, held against other processes too if `across`;
        None when it was `remembered` as the channel's live game and is not that any
        more (nothing was done). With `retry`, raises _Contended instead of a stale
        refusal when another process committed to the game meanwhile."""
        async with self._locks(game_id) if across else self._locks.local(game_id):
            # Under the lock, so that a twin of this request applied a moment ago is seen;
            # the game row is re-read there: the channel's game may have moved or ended.
            reads = await self.store.act_reads(game_id, interaction_id)
            if reads.prior is not None:
                return await self._repeat(reads.prior, channel_id, user_id)
            row = reads.game
            if remembered and (row is None or row.channel_id != channel_id or (
                    not row.live and self._channel_games.get(channel_id) == game_id)):
                # Not the channel's game any more, and it did not end in this process
                # while this click waited for it (that one is told the game is over,
                # as it would be had it looked the game up by channel on arrival).
                return None
            if row is None:
                raise Refusal("no_game", "That game no longer exists.")
            if row.status != "running":
                raise Refusal("wrong_status", "The game has not started yet."
                              if row.status == "open" else "The game is over.")
            self._remember_channel(channel_id, row.id)
            users = seating.seat_users(reads.seats, self._places(row))
            held = seating.seats_of(users, user_id, self._seat_names(row))
            if not held:
                raise Refusal("not_seated", "You do not hold a seat in this game.")
            if seat is not None and seat not in held:
                raise Refusal("not_seated", f"You do not hold {seat} in this game.")
            if expected_version is not None and expected_version > row.version:
                raise Refusal("stale", "The game has moved on since that was shown; "
                              "here is the current state.", version=row.version)
            # The game object is ours alone from here: taken out of the cache (or loaded
            # without caching it) and put back only once its commit succeeded. On any
            # failure it is dropped, so nothing uncommitted is ever served from the cache,
            # in this process or after another process committed the same version.
            g = self._cache.pop(row.id, row.version) or await self._load(row.id, cache=False)
            if seat is None:
                seat = seating.acting_seat(held, (p.seat for p in g.prompts()))
            assert seat is not None
            try:
                # The seats it was judged on are part of the commit's guard: a seat
                # handed over by another process since the read makes it fail.
                result = await self._apply_and_commit(
                    row, g, seat, users, kind, option_id, expected_version, interaction_id,
                    user_id, contended=_Contended() if retry else None,
                    seen=AsSeen(row.channel_id, holders_key(reads.seats)))
            except Refusal:
                if g.version == row.version:
                    # Refused before the engine changed anything (stale, illegal): the
                    # game is still the committed one and may stay.
                    self._cache.put(row.id, g, _Known(row, reads.seats, users,
                                                      holders_key(reads.seats)))
                else:
                    self._cache.drop(row.id)
                raise
            except BaseException:
                self._cache.drop(row.id)
                raise
            if result is not None:
                self._keep(row, g, kind, reads.seats, users, result.record)
            else:
                self._cache.drop(row.id)
            if result is None:  # the interaction id was committed by a twin meanwhile
                prior = await self.store.action_by_interaction(interaction_id)
                if prior is None:  # pragma: no cover - the row cannot vanish
                    raise RuntimeError("duplicate interaction id without its action")
                return await self._repeat(prior, channel_id, user_id)
            return result

    async def _act_known(self, game_id: int, channel_id: int, user_id: int,
                         option_id: str | None, expected_version: int | None,
                         interaction_id: str, seat: str | None,
                         retry: bool) -> ActionResult | None:
        """A click on a game this process has in its cache with the row and seats its
        last read or commit here left: judged on those, and committed by one statement
        whose guard also checks that the store still holds them so (version, status,
        channel, seat holders; `AsSeen`). The click's read is saved, one statement of
        two on PostgreSQL, and the answer is the one a click that had read them would
        get. None when the click cannot be done so, nothing written (nothing known, a
        refusal, a conflict): the caller then does it the ordinary way, reading first,
        which gives refusals, repeats and conflicts their usual answers. With `retry`,
        a commit that finds the store changed raises _Contended instead, as the ordinary
        first attempt does (the store changed: another process committed, most likely)."""
        async with self._locks.local(game_id):
            entry = self._cache.pop_known(game_id)
            if entry is None:
                return None
            g, known = entry
            row = known.row
            held = seating.seats_of(known.users, user_id, self._seat_names(row))
            if (row.channel_id != channel_id or not held or (seat is not None and seat not in held)
                    or (expected_version is not None and expected_version > row.version)):
                self._cache.put(game_id, g, known)
                return None
            if seat is None:
                seat = seating.acting_seat(held, (p.seat for p in g.prompts()))
            assert seat is not None
            self._remember_channel(channel_id, game_id)  # (forgotten again if it ends)
            try:
                result = await self._apply_and_commit(
                    row, g, seat, known.users, "act", option_id, expected_version,
                    interaction_id, user_id, contended=_Contended(),
                    seen=AsSeen(channel_id, known.holders))
            except Refusal:
                if g.version == row.version:  # refused before the engine changed anything
                    self._cache.put(game_id, g, known)
                else:
                    self._cache.drop(game_id)
                return None
            except _Contended:  # the store does not hold the game as known: nothing written
                self._cache.drop(game_id)
                if retry:
                    raise
                return None
            except BaseException:
                self._cache.drop(game_id)
                raise
            if result is None:  # the interaction id was committed by a twin meanwhile
                self._cache.drop(game_id)
                prior = await self.store.action_by_interaction(interaction_id)
                if prior is None:  # pragma: no cover - the row cannot vanish
                    raise RuntimeError("duplicate interaction id without its action")
                return await self._repeat(prior, channel_id, user_id)
            self._keep(row, g, "act", known.seats, known.users, result.record, known.holders)
            return result

    def _keep(self, row: GameRow, g: Game, kind: ActionKind, seats: list[SeatRow],
              users: dict[str, int], head: str | None, holders: str | None = None) -> None:
        """Put a game back in the cache after its commit of the action after `row`, with
        its row as that commit left it (for the next click's `_act_known`), unless the
        game ended."""
        if g.outcome is not None:  # over: the cache keeps only games in play
            self._cache.drop(row.id)
            return
        after = row.moved_to(g.version, g.version if self._snapshot_due(row, kind, None)
                             else row.snapshot_version, head)
        self._cache.put(row.id, g, _Known(after, seats, users,
                                          holders_key(seats) if holders is None else holders))

    async def _apply_and_commit(self, row: GameRow, g: Game, seat: str,
                                users: dict[str, int], kind: ActionKind,
                                option_id: str | None, expected_version: int | None,
                                interaction_id: str, user_id: int,
                                contended: _Contended | None = None,
                                seen: AsSeen | None = None) -> ActionResult | None:
        """Act on `g` (at the row's version) and commit; None if the interaction id was
        already committed by a twin request (in another process). With `contended`,
        that is raised instead of a stale refusal when another process committed to
        the game since its row was read (the click is then done again, see _act)."""
        if g.version != row.version:
            # Another process committed between our read of the row and of the snapshot:
            # the game this click was drawn for is gone.
            if contended is not None:
                raise contended
            raise Refusal("stale", "The game has moved on since that was shown; "
                          "here is the current state.", version=g.version)
        if expected_version is not None and expected_version != row.version and (
                kind != "act" or expected_version < g.prompt_version(seat)):
            # An older click still counts while the clicker's own prompt is unchanged
            # since it was drawn (the other seat committing its card in the meantime).
            raise Refusal("stale", "The game has moved on since that was shown; "
                          "here is the current state.", version=row.version)
        # The record's digest so far (a game started before digests were kept has its
        # chain computed from its log now, once).
        before = row.chain or await self._fill_chain(row, g)
        waiting_before = {p.seat for p in g.prompts()}
        prompt = g.prompt_for(seat)
        secret = bool(prompt and prompt.secret and kind == "act")
        try:
            if kind == "act":
                assert option_id is not None
                events = g.act(seat, option_id)
            elif kind == "undo":
                g.undo(seat)
                events = [undo_event(seat)]
            else:
                events = g.resign(seat)
        except IllegalAction as exc:
            # The engine leaves the game unchanged on IllegalAction.
            raise Refusal("illegal", str(exc)) from None
        k = chain.key(str(g.seed))
        digest = chain.link(k, before, row.version + 1, kind, seat, option_id, user_id)
        end = None
        if g.outcome is not None:
            end = GameEnd("finished", str(g.seed), g.outcome.to_dict(),
                          chain.end(k, digest, "finished", None))
        record = end.chain if end is not None else digest
        kinds = {e.kind for e in events}
        # What the channel must be told, decided now from this version and written with
        # the action: a ping only when play passes to a person (never the one who acted,
        # nor one who was already waiting), and an edit of the standing "waiting for"
        # message whenever who is waiting changes.
        waiting = sorted(p.seat for p in g.prompts())
        announce: dict[str, Any] | None = {
            "to_ping": seating.newly_called(waiting, waiting_before, users, seat, user_id),
            "waiting": waiting,
            "phase_ended": "phase_end" in kinds, "battle_ended": "battle_end" in kinds,
            "game_ended": g.outcome is not None, "chain": record}
        assert announce is not None
        if not (announce["to_ping"] or announce["phase_ended"] or announce["battle_ended"]
                or announce["game_ended"] or set(waiting) != waiting_before):
            announce = None  # nothing to tell the channel: no outbox row, no delivery
        # Kept only once committed: a refused commit's view is of a version that never was.
        post_view = (g.view(None) if announce is not None and (
            announce["phase_ended"] or announce["game_ended"]) else None)
        now = self._clock()
        snapshot = g.to_json() if self._snapshot_due(row, kind, end) else None
        try:
            # The post is claimed with the action (when it is next in order), so the
            # caller's delivery needs no claim write of its own.
            action = await self.store.commit_action(
                row.id, expected_version=row.version, kind=kind, seat=seat,
                option_id=option_id, secret=secret, user_id=user_id,
                interaction_id=interaction_id, events=[e.to_dict() for e in events],
                snapshot=snapshot,
                at=now, end=end, announce=announce,
                lease_until=self._lease(now), seen=seen, chain=digest)
        except StaleVersion as exc:
            # Another process moved the game (a second bot process, say).
            if contended is not None:
                raise contended from None
            current = exc.current
            if current is None:  # the guard with `seen` does not read the version
                now_row = await self.store.get_game(row.id)
                current = now_row.version if now_row is not None else None
            raise Refusal("stale", "The game has moved on; here is the current state.",
                          version=current) from None
        except DuplicateInteraction:
            return None
        if snapshot is not None:
            self._cache.weigh(row.id, len(snapshot))
        if post_view is not None:
            self._keep_post_view(row.id, action.seq, post_view)
        if end is not None:
            self._channel_games.pop(row.channel_id, None)
        if action.announcement_leased and announce is not None:
            self._claimed[row.id] = Announcement(row.id, action.seq, row.channel_id, announce,
                                                 "pending", 1, self._lease(now), None)
        return self._result(row, action, g, users, events, waiting_before, user_id,
                            record=record)

    def _remember_channel(self, channel_id: int, game_id: int) -> None:
        self._channel_games[channel_id] = game_id
        self._channel_games.move_to_end(channel_id)
        while len(self._channel_games) > CHANNELS_REMEMBERED:
            self._channel_games.popitem(last=False)

    def _result(self, row: GameRow, action: ActionRow, g: Game, users: dict[str, int],
                events: list[Event], waiting_before: set[str], user_id: int,
                duplicate: bool = False, record: str | None = None) -> ActionResult:
        prompts = self._open_prompts(g, users)  # as the game stands now
        called = seating.newly_called([p.seat for p in prompts], waiting_before, users, action.seat,
                              user_id)
        to_ping = tuple(p for p in prompts if p.seat in called)
        kinds = {e.kind for e in events}
        return ActionResult(
            game_id=row.id, channel_id=row.channel_id, guild_id=row.guild_id,
            seq=action.seq, version=action.seq, kind=action.kind, seat=action.seat,
            user_id=user_id, seat_names=tuple(g.seats), events=tuple(events),
            prompts=prompts, to_ping=() if duplicate else to_ping,
            phase_ended="phase_end" in kinds, battle_ended="battle_end" in kinds,
            game_ended="game_end" in kinds, outcome=g.outcome,
            seed=str(g.seed) if g.outcome is not None else None,
            can_undo=g.version == action.seq and g.can_undo(action.seat),
            duplicate=duplicate, record=record)

    async def _repeat(self, prior: ActionRow, channel_id: int, user_id: int) -> ActionResult:
        """The answer to an interaction id already in the log."""
        row = await self.store.get_game(prior.game_id)
        if row is None or row.channel_id != channel_id or prior.user_id != user_id:
            raise Refusal("duplicate", "That request was already used for something else.")
        g = await self._game(row)
        users = seating.seat_users(await self.store.seats(row.id), self._places(row))
        events = [Event.from_dict(e) for e in prior.events]
        # the game's digest is the end's when this action ended it
        record = row.chain if row.version == prior.seq and row.chain else prior.chain
        return self._result(row, prior, g, users, events, set(), user_id, duplicate=True,
                            record=record)

    # ================================================================== moderators
    async def abandon(self, channel_id: int, moderator_id: int,
                      reason: str | None = None) -> GameInfo:
        """End the channel's live game without a winner; the seed is revealed."""
        channel_id = v.snowflake(channel_id, "channel")
        moderator_id = v.snowflake(moderator_id, "moderator")
        reason = v.opt_text(reason, "reason", limit=500)
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id)
            seed = final = None
            if row.status == "running":
                g = await self._game(row)
                seed = str(g.seed)
                # the final digest names the moderator who ended the game
                final = chain.end(chain.key(seed), row.chain or await self._fill_chain(row, g),
                                  "abandoned", moderator_id)
            outcome: dict[str, Any] = {"winners": [], "reason": reason or "abandoned by a moderator",
                       "rule": None, "abandoned_by": moderator_id}
            try:
                row = await self.store.end_game(row.id, GameEnd("abandoned", seed, outcome, final),
                                                self._clock())
            except WrongStatus:
                raise Refusal("wrong_status", "The game is already over.") from None
            self._cache.drop(row.id)
            self._channel_games.pop(row.channel_id, None)
            return await self._info(row)

    async def replace_seat(self, channel_id: int, moderator_id: int, seat: str,
                           new_user_id: int, reason: str | None = None) -> GameInfo:
        """Hand a seat to a substitute (recorded in the seat history)."""
        channel_id = v.snowflake(channel_id, "channel")
        moderator_id = v.snowflake(moderator_id, "moderator")
        seat = v.text(seat, "seat")
        new_user_id = v.snowflake(new_user_id, "user")
        reason = v.opt_text(reason, "reason", limit=500)
        row = await self._live(channel_id)
        async with self._locks(row.id):
            row = await self._require(row.id)
            seats = await self.store.seats(row.id)
            seat = (seating.place_of(self._places(row), seat) or (seat,))[0]  # the whole place
            if not any(s.seat == seat for s in seats):
                raise Refusal("bad_input", f"Nobody holds a seat {seat!r} in this game.")
            if any(s.user_id == new_user_id for s in seats):
                raise Refusal("seat_taken", "That user already plays in this game.")
            try:
                await self.store.replace_seat(row.id, seat, new_user_id,
                                              by_user_id=moderator_id, reason=reason,
                                              at=self._clock())
            except (SeatTaken, NotFound):
                raise Refusal("seat_taken", "The seats changed; try again.") from None
            except WrongStatus:
                raise Refusal("wrong_status", "The game is over.") from None
            self._cache.drop(row.id)  # what it knew of the seats is out of date
            return await self._info(await self._require(row.id))

    # ================================================================== bot seats
    def now(self) -> datetime:
        return self._clock()

    async def seat_bots(self, channel_id: int, level: str) -> GameInfo:
        """Keryx takes every free place of the lobby (the seats one person would hold)
        with a player of `level` (service/bots.py); the places nobody chose are drawn
        at start as usual."""
        channel_id = v.snowflake(channel_id, "channel")
        level = v.text(level, "level")
        row = await self._live(channel_id)
        self._check_level(row, level)
        ls = await self.store.lobby_sides(row.id)
        if ls is not None and ls.mode == sides.BID:
            raise Refusal("bad_input", "Keryx does not bid for sides; open the game without "
                          "`sides: bid` to play against it.")
        places = self._places(row)
        seats = await self.store.seats(row.id)
        if len(seats) >= len(places):
            raise Refusal("full", "Every seat of this game is taken.")
        info = None
        for _ in range(len(places) - len(seats)):
            taken = {s.user_id for s in await self.store.seats(row.id)}
            info = await self.join(channel_id, free_bot_id(level, taken))
        assert info is not None
        return info

    async def replace_seat_with_bot(self, channel_id: int, moderator_id: int, seat: str,
                                    level: str, reason: str | None = None) -> GameInfo:
        """A moderator hands a running game's seat to Keryx (recorded like any
        substitution); the bot runner plays it from its next decision on."""
        level = v.text(level, "level")
        row = await self._live(v.snowflake(channel_id, "channel"))
        self._check_level(row, level)
        taken = {s.user_id for s in await self.store.seats(row.id)}
        return await self.replace_seat(channel_id, moderator_id, seat,
                                       free_bot_id(level, taken),
                                       reason or f"handed to Keryx ({level})")

    @staticmethod
    def _check_level(row: GameRow, level: str) -> None:
        bot_id(level)  # an unknown level is refused before anything changes
        reason = cannot_play(level, row.ruleset)
        if reason is not None:
            raise Refusal("bad_input", f"Keryx cannot take a seat at the {level} level "
                          f"here: {reason}.")

    async def bot_turns(self) -> list[BotTurn]:
        """Every bot seat of a running game with a decision open now (each seat of a
        place Keryx holds: a bot may hold two allied seats, as a person may)."""
        out: list[BotTurn] = []
        for uid, us in await self.store.users_games(*bot_id_range()):
            try:
                g = await self._game(us.game)
            except Refusal:
                continue  # a game that cannot be loaded is a moderator's problem
            if g.outcome is not None:
                continue
            for seat in seating.place_of(self._places(us.game), us.seat) or (us.seat,):
                if g.prompt_for(seat) is not None:
                    out.append(BotTurn(us.game.id, us.game.channel_id, seat, uid,
                                       us.game.version, us.game.updated_at,
                                       us.game.guild_id))
        return out

    async def bot_player(self, turn: BotTurn, **options: Any) -> Player:
        """The player for a bot seat. Its stream is seeded from the game's secret seed
        through a hash of its own (never the dice stream itself), so its choices replay
        and cannot be foreseen by the other seats while the game runs."""
        row = await self._require(turn.game_id, "running")
        g = await self._game(row)
        seed = hashlib.sha256(f"keryx-bot/1:{g.seed}:{turn.seat}".encode()).hexdigest()
        return make_player(turn.level, seed, **options)

    async def bot_answer(self, turn: BotTurn, player: Player) -> str:
        """The player's answer to the seat's open decision, thought out in a worker
        thread on a private copy of the game (the player sees only the seat's view,
        prompt and lookahead: engine/players/lookahead.py)."""
        import asyncio

        row = await self._require(turn.game_id, "running")
        if row.version != turn.version:
            raise Refusal("stale", "The game has moved on.", version=row.version)
        g = await self._game(row)
        copy = Game.from_dict(g.to_dict(), g.rules)
        return await asyncio.to_thread(decide, copy, turn.seat, player)

    async def bot_act(self, turn: BotTurn, answer: str) -> ActionResult:
        """Submit a bot seat's answer like a click; the interaction id makes a second
        process's twin answer for the same version apply once."""
        return await self._act(turn.channel_id, turn.user_id, "act", answer, turn.version,
                               f"bot:{turn.game_id}:{turn.seat}:{turn.version}",
                               seat=turn.seat)

    # ================================================================== reading
    async def game_info(self, channel_id: int) -> GameInfo:
        """The channel's live game, or else its most recent one."""
        return await self._info(await self._latest(v.snowflake(channel_id, "channel")))

    async def game_info_by_id(self, game_id: int) -> GameInfo:
        return await self._info(await self._require(v.snowflake(game_id, "game")))

    async def view(self, channel_id: int, user_id: int | None,
                   seat: str | None = None) -> SeatView:
        """What this user may see: their seat's view, or the public view if they hold no
        seat (user_id=None: the public view). A user holding several seats sees `seat`
        if given, else the first of theirs with an open decision."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.opt_snowflake(user_id, "user")
        row = await self._latest(channel_id)
        if row.status == "open":
            raise Refusal("wrong_status", "The game has not started yet.")
        g = await self._game(row)
        held = await self._held(row, user_id)
        if seat is None or seat not in held:
            seat = seating.acting_seat(held, (p.seat for p in g.prompts()))
        prompt = g.prompt_for(seat) if seat is not None else None
        return SeatView(
            game_id=row.id, seat=seat, version=g.version, status=row.status,
            view=g.view(seat),
            prompt=OpenPrompt(seat, user_id, prompt, g.version) if prompt and seat else None,
            can_undo=seat is not None and g.can_undo(seat), held=tuple(held))

    async def _held(self, row: GameRow, user_id: int | None) -> list[str]:
        """The seats `user_id` holds in this game (in seat order)."""
        if user_id is None:
            return []
        users = seating.seat_users(await self.store.seats(row.id), self._places(row))
        return seating.seats_of(users, user_id, self._seat_names(row))

    async def public_view_at(self, game_id: int, version: int) -> dict[str, Any]:
        """The public view as it stood at `version`, rebuilt from the log here, so that
        only the public view (no seed, no hidden fact) leaves the service."""
        return (await self.public_views_at(game_id, [version]))[version]

    async def public_views_at(self, game_id: int,
                              versions: Iterable[int]) -> dict[int, dict[str, Any]]:
        """The public view at each of `versions`, from one replay of the log through them
        in order (an audit of every post of a long game stays linear in its length)."""
        import asyncio

        row = await self._require(v.snowflake(game_id, "game"))
        wanted = sorted(set(versions))
        if wanted and (wanted[0] < 0 or wanted[-1] > row.version):
            raise Refusal("bad_input", f"The game is at version {row.version}; pick 0 to "
                          f"{row.version}.")
        stored = await self.store.get_game(row.id, snapshot=True)
        if stored is None or stored.snapshot is None:
            raise Refusal("no_game", "That game has not started.")
        snapshot = stored.snapshot
        actions = await self.store.actions(row.id)

        def replay() -> dict[int, dict[str, Any]]:
            g, done, out = replay_log(snapshot, []), 0, {}
            for version in wanted:
                while done < version:
                    apply_action(g, actions[done])
                    done += 1
                out[version] = g.view(None)
            return out

        return await asyncio.to_thread(replay)

    async def interactions(self, game_id: int) -> dict[int, str | None]:
        """Which interaction made each version of a game (None: no click, e.g. a bot's
        move): for measurements of the bot (bot/bench.py), which never reads the store."""
        row = await self._require(v.snowflake(game_id, "game"))
        return {a.seq: a.interaction_id for a in await self.store.actions(row.id)}

    async def pending(self, user_id: int) -> list[PendingPrompt]:
        """Every decision waiting for this user, across channels, oldest first."""
        user_id = v.snowflake(user_id, "user")
        out: list[PendingPrompt] = []
        for us in await self.store.user_games(user_id):
            try:
                g = await self._game(us.game)
            except Refusal:
                continue  # a game that cannot be loaded is a moderator's problem
            place = seating.place_of(self._places(us.game), us.seat) or (us.seat,)
            for seat in place:
                p = g.prompt_for(seat)
                if p is not None:
                    out.append(PendingPrompt(us.game.id, us.game.guild_id, us.game.channel_id,
                                             us.game.ruleset, seat, g.version, p,
                                             us.game.updated_at))
        return out

    async def history(self, channel_id: int, user_id: int | None,
                      after_seq: int = 0) -> list[LogEntry]:
        """The action log with the events this user may see. Option ids (every choice, not
        only secret ones) and private events stay hidden from other seats and spectators
        until the game is over."""
        channel_id = v.snowflake(channel_id, "channel")
        user_id = v.opt_snowflake(user_id, "user")
        after_seq = v.version(after_seq)
        row = await self._latest(channel_id)
        held = await self._held(row, user_id)
        over = row.status in OVER
        out = []
        for a in await self.store.actions(row.id, after_seq):
            events = tuple(e for e in map(Event.from_dict, a.events)
                           if over or e.visible_to(None) or any(e.visible_to(s) for s in held))
            # Option ids are the engine's words and may name hidden blocks ("b:Thebes P"):
            # only the seat that chose sees its own until the game is over; everyone else
            # reads the public events.
            shown = a.option_id if (over or a.seat in held) else None
            out.append(LogEntry(a.seq, a.kind, a.seat, shown, a.user_id, a.at, events))
        return out

    async def check(self, game_id: int) -> list[str]:
        """Compare a stored game with a replay of its action log; [] if they agree."""
        row = await self.store.get_game(v.snowflake(game_id, "game"), snapshot=True)
        if row is None:
            raise Refusal("no_game", "No such game.")
        if row.snapshot is None:
            return []
        actions = await self.store.actions(row.id)
        problems = check_snapshot(row.snapshot, row.version, actions,
                                  snapshot_version=row.snapshot_version)
        return problems + await self._chain_problems(row, actions)

    async def _chain_problems(self, row: GameRow, actions: list[ActionRow]) -> list[str]:
        """The stored digests against the chain of the stored log (none stored: a game
        from before digests were kept, computed when first needed)."""
        if row.chain is None and all(a.chain is None for a in actions):
            return []
        assert row.snapshot is not None
        g = fresh_game(json.loads(row.snapshot))  # the set-up facts and the seed
        ls = await self.store.lobby_sides(row.id)
        k = chain.key(str(g.seed))
        digests = [_genesis(row.id, g, row.rules_version, ls.result if ls else None)]
        digests += chain.of_actions(k, digests[0], actions)
        problems = [f"action {a.seq}: its stored digest is not the chain of the log"
                    for a, d in zip(actions, digests[1:], strict=False)
                    if a.chain is not None and a.chain != d]
        head = digests[-1]
        if row.status in OVER:
            by = (row.outcome or {}).get("abandoned_by") if row.status == "abandoned" else None
            head = chain.end(k, head, row.status, by)
        if row.chain is not None and row.chain != head:
            problems.append("the game's stored digest is not the chain of its log")
        return problems

    # ================================================================== export / import
    async def export_game(self, game_id: int) -> str:
        """A finished or abandoned game as JSON: the engine's record (seed, log, final
        state, outcome), which `engine.verify_game` re-checks, plus the service's history
        (who clicked what and when, seat changes) under "keryx"."""
        row = await self.store.get_game(v.snowflake(game_id, "game"), snapshot=True)
        if row is None:
            raise Refusal("no_game", "No such game.")
        if row.status not in OVER or row.snapshot is None:
            raise Refusal("not_over", "Only a finished game can be exported; its seed is "
                          "secret until the end.")
        data = json.loads(row.snapshot if row.snapshot_version >= row.version
                          else (await self._load(row.id, cache=False)).to_json())
        data["outcome"] = row.outcome if row.status == "finished" else None
        seats = await self.store.seats(row.id)
        ls = await self.store.lobby_sides(row.id)
        data["keryx"] = {
            "format": EXPORT_FORMAT,
            "game_id": row.id, "guild_id": row.guild_id, "channel_id": row.channel_id,
            "status": row.status, "outcome": row.outcome,
            "engine_version": row.engine_version, "rules_version": row.rules_version,
            "created_at": _iso(row.created_at), "started_at": _iso(row.started_at),
            "ended_at": _iso(row.ended_at),
            "seats": [{"seat": s.seat, "user_id": s.user_id} for s in seats],
            # how the sides were chosen at the start (service/sides.py), if they were
            "sides": ls.result if ls is not None else None,
            "seat_changes": [
                {"seat": c.seat, "kind": c.kind, "old_user_id": c.old_user_id,
                 "new_user_id": c.new_user_id, "by_user_id": c.by_user_id,
                 "reason": c.reason, "at": _iso(c.at)}
                for c in await self.store.seat_changes(row.id)],
            "actions": [
                {"seq": a.seq, "kind": a.kind, "seat": a.seat, "option_id": a.option_id,
                 "user_id": a.user_id, "at": _iso(a.at), "events": a.events,
                 "digest": a.chain}
                for a in await self.store.actions(row.id)],
            "final_digest": row.chain,
        }
        _add_digests(data)
        return json.dumps(data, sort_keys=True, indent=1)

    @staticmethod
    def import_game(text: str | bytes) -> ImportedGame:
        """Check an exported game under the current engine (seed against its hash, every
        die, the final state and the service's own record of every action, by replay)
        and rebuild it for viewing."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            report = audit_export(data)
        except Exception as exc:  # noqa: BLE001 - whatever is wrong, the file is refused
            raise Refusal("bad_input", f"That is not a Keryx game export: {exc}") from None
        game = None
        if report.ok:
            game = engine.load_game(data, replay=True)
        return ImportedGame(report.ok, tuple(report.problems), report.actions,
                            tuple(report.dice), data, game, game_id=report.game_id,
                            seed_hash=report.seed_hash, status=report.status,
                            chain=report.chain)

    # ================================================================== announcements
    async def claim_announcement(self, game_id: int) -> PublicPost | None:
        """The game's next public post, if it is due and nobody else is delivering it.
        Posts go out in version order: a later one waits while an earlier one is pending.
        A post this process claimed already (with its action, or with the previous
        post's "sent") costs no database write here."""
        game_id = v.snowflake(game_id, "game")
        now = self._clock()
        held = self._claimed.pop(game_id, None)
        if held is not None and held.next_try_at > now:
            return await self._post_for(held)
        ann = await self.store.claim_announcement(game_id, now, self._lease(now))
        return None if ann is None else await self._post_for(ann)

    async def announcement_sent(self, game_id: int,
                                version: int) -> tuple[PublicPost | None, bool]:
        """Record a post as sent and claim the game's next due one in the same write:
        (that next post or None, whether nothing of the game is pending any more)."""
        ann, clear = await self._sent(game_id, version)
        return (None if ann is None else await self._post_for(ann)), clear

    async def _sent(self, game_id: int, version: int) -> tuple[Announcement | None, bool]:
        now = self._clock()
        self._claimed.pop(game_id, None)
        return await self.store.announcement_sent(game_id, version, now, self._lease(now))

    async def announcement_done(self, game_id: int, version: int, attempts: int,
                                error: str | None = None) -> None:
        """Record a delivery: sent (no error; the next due post is claimed with it and
        kept for the next `claim_announcement`), or retried later with a growing
        back-off, or given up after ANNOUNCE_BACKOFF_S is spent (`/game status`)."""
        if error is None:
            ann, _ = await self._sent(game_id, version)
            if ann is not None:
                self._claimed[game_id] = ann
            return
        now = self._clock()
        retry = None
        if attempts <= len(ANNOUNCE_BACKOFF_S):
            retry = now + timedelta(seconds=ANNOUNCE_BACKOFF_S[attempts - 1])
        await self.store.finish_announcement(game_id, version, now, error=error[:500],
                                             retry_at=retry)

    def _lease(self, now: datetime) -> datetime:
        return now + timedelta(seconds=ANNOUNCE_LEASE_S)

    async def _post_for(self, ann: Announcement) -> PublicPost:
        """Build a claimed announcement's post; a failure is recorded as an attempt."""
        try:
            return await self._public_post(ann)
        except Exception as exc:
            await self.announcement_done(ann.game_id, ann.version, ann.attempts,
                                         error=f"{type(exc).__name__}: {exc}")
            raise

    async def due_announcements(self) -> list[int]:
        """Games with a public post waiting to be (re)tried now."""
        return await self.store.due_announcements(self._clock())

    async def part_sent(self, post: PublicPost, part: int, channel_id: int,
                        message_id: int) -> bool:
        """Record message `part` of a post as sent (a retry skips it) and renew the
        lease; False when another process has taken the post over meanwhile (this one
        must stop: the rest is that process's to send)."""
        now = self._clock()
        return await self.store.announcement_part_sent(
            post.game_id, post.version, part, channel_id, message_id, now, self._lease(now))

    async def renew_lease(self, post: PublicPost) -> bool:
        """Keep delivering a post (False: another process has taken it over)."""
        return await self.store.renew_announcement(post.game_id, post.version,
                                                   self._lease(self._clock()))

    async def take_over_leases(self) -> int:
        """Make due at once the posts leased by processes that are gone (a process that
        starts, and the retry loop, call this), instead of waiting for their leases to
        run out; how many."""
        return await self.store.take_over_leases(self._clock())

    async def prune_delivered(self) -> int:
        """Delete posts delivered longer ago than the retention window; how many."""
        return await self.store.prune_announcements(self._clock() - self.retention)

    async def undelivered(self, game_id: int) -> list[Announcement]:
        """Posts of a game not delivered yet (pending) or given up (failed)."""
        return await self.store.undelivered(v.snowflake(game_id, "game"))

    def _keep_post_view(self, game_id: int, version: int, view: dict[str, Any]) -> None:
        self._post_views[(game_id, version)] = view
        while len(self._post_views) > POST_VIEWS_KEPT:
            self._post_views.popitem(last=False)

    async def _public_post(self, ann: Announcement) -> PublicPost:
        row = await self._require(ann.game_id)
        p = ann.payload
        view = self._post_views.pop((row.id, ann.version), None)
        seats: list[str] | None = p.get("waiting")
        needs_view = bool(p.get("opening") or p.get("phase_ended") or p.get("game_ended"))
        if seats is None or (needs_view and view is None):
            g = await self._game(row)
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
        users = seating.seat_users(await self.store.seats(row.id), self._places(row))
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

    # ================================================================== posted messages
    async def record_post(self, game_id: int, channel_id: int, message_id: int, kind: str,
                          seat: str | None = None, version: int | None = None) -> None:
        """Remember a message posted for a game (posting it again updates the record)."""
        row = MessageRow(
            v.snowflake(message_id, "message"), v.snowflake(game_id, "game"),
            v.snowflake(channel_id, "channel"), v.text(kind, "kind"),
            v.opt_text(seat, "seat"), None if version is None else v.version(version),
            self._clock())
        try:
            await self.store.add_message(row)
        except NotFound:
            raise Refusal("no_game", "No such game.") from None

    async def posts(self, game_id: int, kind: str | None = None) -> list[MessageRow]:
        return await self.store.messages(v.snowflake(game_id, "game"),
                                         v.opt_text(kind, "kind"))

    async def forget_post(self, message_id: int) -> None:
        await self.store.remove_message(v.snowflake(message_id, "message"))

    # ================================================================== helpers
    async def _live(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is None:
            raise Refusal("no_game", "There is no game in this channel.")
        return row

    async def _latest(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is None:
            games = await self.store.games_in_channel(channel_id)
            if not games:
                raise Refusal("no_game", "There is no game in this channel.")
            row = games[0]
        return row

    async def _require(self, game_id: int, status: str | None = None) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise Refusal("no_game", "That game no longer exists.")
        if status is not None and row.status != status:
            raise Refusal("wrong_status", {
                "open": "The game has already started.",
                "running": "The game is not running.",
            }.get(status, f"The game is {row.status}."))
        return row

    def _seat_names(self, row: GameRow) -> tuple[str, ...]:
        return tuple(engine.ruleset(row.ruleset).seats(row.scenario))

    def _places(self, row: GameRow) -> seating.Places:
        return seating.places(row.ruleset, row.scenario, row.options)

    async def _info(self, row: GameRow) -> GameInfo:
        seats = await self.store.seats(row.id)
        info = _game_info(row, seats, self._seat_names(row), self._places(row))
        if row.status == "open" and (ls := await self.store.lobby_sides(row.id)) is not None:
            info = dataclasses.replace(info, sides=ls.mode)
        return info

    async def _fill_chain(self, row: GameRow, g: Game) -> str:
        """The digest of a game started before digests were kept, computed from its log
        (`g` is the game at the row's version, for its seed) and kept from now on."""
        ls = await self.store.lobby_sides(row.id)
        k = chain.key(str(g.seed))
        start = _genesis(row.id, g, row.rules_version, ls.result if ls is not None else None)
        digests = [start, *chain.of_actions(k, start, await self.store.actions(row.id))]
        if len(digests) != row.version + 1:  # pragma: no cover - the log is 1..version
            raise RuntimeError(f"game {row.id}: the log does not end at its version")
        await self.store.fill_chain(row.id, row.version, digests)
        return digests[-1]

    async def _game(self, row: GameRow) -> Game:
        """The engine game for a row just read (cached copy if it is current)."""
        return self._cache.get(row.id, row.version) or await self._load(row.id)

    def _snapshot_due(self, row: GameRow, kind: ActionKind, end: GameEnd | None) -> bool:
        """Whether the commit of the action after `row.version` writes the snapshot."""
        return (kind != "act" or end is not None
                or row.version + 1 - row.snapshot_version >= self._snapshot_every)

    async def _load(self, game_id: int, *, cache: bool = True) -> Game:
        row = await self.store.get_game(game_id, snapshot=True)
        if row is None or row.snapshot is None:
            raise Refusal("no_game", "That game has not started.")
        later = [] if row.snapshot_version >= row.version else [
            a for a in await self.store.actions(game_id, row.snapshot_version)
            if a.seq <= row.version]
        try:
            # load_game replays the log when the snapshot's rules version is not the
            # current one, so a rules fix applies to games in progress; then the actions
            # logged after the snapshot are applied.
            g = engine.load_game(row.snapshot)
            for a in later:
                apply_action(g, a)
        except Exception:
            log.exception("game %s cannot be loaded under the current engine", game_id)
            raise Refusal("replay_failed", "This game cannot be continued under the current "
                          "rules version; a moderator needs to look at it.") from None
        if g.version != row.version:  # pragma: no cover - written together, always equal
            log.error("game %s: snapshot version %s, row version %s", game_id, g.version,
                      row.version)
        if cache and row.status == "running":  # finished and abandoned games are not kept
            self._cache.weigh(game_id, len(row.snapshot))
            self._cache.put(game_id, g)
        return g

    def _open_prompts(self, g: Game, users: dict[str, int]) -> tuple[OpenPrompt, ...]:
        return tuple(OpenPrompt(p.seat, users.get(p.seat), p, g.version)
                     for p in g.prompts())


def _may_start(row: GameRow, seats: list[SeatRow], user_id: int, moderator: bool) -> None:
    if not (moderator or user_id == row.created_by or any(s.user_id == user_id for s in seats)):
        raise Refusal("not_allowed", "Only the players or whoever opened the game can "
                      "start it.")


def _genesis(game_id: int, g: Game, rules_version: str | None,
             sides_record: dict[str, Any] | None) -> str:
    """The record's first digest, from the facts an export carries (service/chain.py)."""
    return chain.genesis(chain.key(str(g.seed)), game_id=game_id, ruleset=g.rules.id,
                         scenario=g.scenario, options=g.options, position=g.position,
                         rules_version=rules_version, seed_hash=g.seed_hash,
                         sides=sides_record)


def _add_digests(data: dict[str, Any]) -> None:
    """Complete an export's digests: the stored ones are what the channel's posts
    showed; those of a game from before they were kept are computed from the record.
    `keryx verify` recomputes every one (service/audit.py)."""
    recomputed = chain.of_export(data)
    section = data["keryx"]
    for a, digest in zip(section["actions"], recomputed.points[1:], strict=True):
        a["digest"] = a["digest"] or digest
    section["start_digest"] = recomputed.points[0]
    section["final_digest"] = section["final_digest"] or recomputed.final


def _iso(dt: datetime | None) -> str | None:
    return dt.isoformat() if dt is not None else None


def _game_info(row: GameRow, seats: list[SeatRow], names: tuple[str, ...],
               places: seating.Places) -> GameInfo:
    # one entry per seat: a person holding a place of several seats is listed for each
    held = [SeatInfo(seat, s.user_id) for s in seats
            for seat in ((seating.place_of(places, s.seat) or (s.seat,)) if s.seat else (None,))]
    return GameInfo(
        id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, ruleset=row.ruleset,
        scenario=row.scenario, options=row.options, status=row.status, version=row.version,
        seats=tuple(held), seat_names=names, places=places,
        created_by=row.created_by, engine_version=row.engine_version,
        rules_version=row.rules_version, seed_hash=row.seed_hash, seed=row.seed,
        outcome=row.outcome, created_at=row.created_at, started_at=row.started_at,
        ended_at=row.ended_at, record=row.chain)
