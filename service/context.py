"""What every part of the service shares (service/games.py composes them): one store,
one clock, the per-game locks, the games this process keeps in play, and the reads each
part needs (a channel's game, a row in a given status, seats, places, the engine game).

Each part (lobby.py, play.py, bot_seats.py, history.py, outbox.py) holds this context
and never another part's state: what two parts need is here."""

from __future__ import annotations

import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any

import engine
from engine import Game

from . import chain, seating
from .cache import GameCache, GameLocks
from .errors import Refusal
from .replay import apply_action
from .results import GameInfo, OpenPrompt, SeatInfo
from .store.base import ActionKind, GameEnd, GameRow, SeatRow, Store

log = logging.getLogger(__name__)

# Channels whose live game a process remembers (see Play.act).
CHANNELS_REMEMBERED = 4096


@dataclasses.dataclass(frozen=True, slots=True)
class Known:
    """What this process knows of a cached game from its last read or commit here: the
    row (at the game's version) and the seats, with the seat -> user map and the seats'
    `holders_key` (Play._act_known)."""

    row: GameRow
    seats: list[SeatRow]
    users: dict[str, int]
    holders: str


class ServiceContext:
    def __init__(self, store: Store, clock: Callable[[], datetime], *, cache_size: int,
                 cache_bytes: int, snapshot_every: int):
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.store = store
        self.clock = clock
        # A game's snapshot is written on every `snapshot_every`-th action (and on every
        # undo, resignation and end); a load applies the logged actions after it.
        self.snapshot_every = snapshot_every
        # Across processes (PostgreSQL), lazily: every block under it starts by reading
        # the game, and the first read takes the lock (one round trip, see act_reads).
        across = getattr(store, "game_lock", None)
        self.locks = GameLocks(None if across is None
                               else lambda game_id: across(game_id, lazy=True))
        self.cache: GameCache[Known] = GameCache(cache_size, cache_bytes)
        # channel -> the game last seen live there (checked under the game's lock before
        # use, see Play.act), so a click does not look its game up by channel every time.
        self.channel_games: OrderedDict[int, int] = OrderedDict()

    def forget(self, game_id: int, channel_id: int) -> None:
        """A game that ended here: neither kept in play nor the channel's live one."""
        self.cache.drop(game_id)
        self.channel_games.pop(channel_id, None)

    async def live(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is None:
            raise Refusal("no_game", "There is no game in this channel.")
        return row

    async def latest(self, channel_id: int) -> GameRow:
        row = await self.store.live_game(channel_id)
        if row is None:
            games = await self.store.games_in_channel(channel_id)
            if not games:
                raise Refusal("no_game", "There is no game in this channel.")
            row = games[0]
        return row

    async def require(self, game_id: int, status: str | None = None) -> GameRow:
        row = await self.store.get_game(game_id)
        if row is None:
            raise Refusal("no_game", "That game no longer exists.")
        if status is not None and row.status != status:
            raise Refusal("wrong_status", {
                "open": "The game has already started.",
                "running": "The game is not running.",
            }.get(status, f"The game is {row.status}."))
        return row

    def seat_names(self, row: GameRow) -> tuple[str, ...]:
        return tuple(engine.ruleset(row.ruleset).seats(row.scenario))

    def places(self, row: GameRow) -> seating.Places:
        return seating.places(row.ruleset, row.scenario, row.options)

    async def info(self, row: GameRow) -> GameInfo:
        seats = await self.store.seats(row.id)
        info = game_info(row, seats, self.seat_names(row), self.places(row))
        if row.status == "open" and (ls := await self.store.lobby_sides(row.id)) is not None:
            info = dataclasses.replace(info, sides=ls.mode)
        return info

    async def fill_chain(self, row: GameRow, g: Game) -> str:
        """The digest of a game started before digests were kept, computed from its log
        (`g` is the game at the row's version, for its seed) and kept from now on."""
        ls = await self.store.lobby_sides(row.id)
        k = chain.key(str(g.seed))
        start = genesis(row.id, g, row.rules_version, ls.result if ls is not None else None)
        digests = [start, *chain.of_actions(k, start, await self.store.actions(row.id))]
        if len(digests) != row.version + 1:  # pragma: no cover - the log is 1..version
            raise RuntimeError(f"game {row.id}: the log does not end at its version")
        await self.store.fill_chain(row.id, row.version, digests)
        return digests[-1]

    async def game(self, row: GameRow) -> Game:
        """The engine game for a row just read (cached copy if it is current)."""
        return self.cache.get(row.id, row.version) or await self.load(row.id)

    def snapshot_due(self, row: GameRow, kind: ActionKind, end: GameEnd | None) -> bool:
        """Whether the commit of the action after `row.version` writes the snapshot."""
        return (kind != "act" or end is not None
                or row.version + 1 - row.snapshot_version >= self.snapshot_every)

    async def load(self, game_id: int, *, cache: bool = True) -> Game:
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
            self.cache.weigh(game_id, len(row.snapshot))
            self.cache.put(game_id, g)
        return g

    def open_prompts(self, g: Game, users: dict[str, int]) -> tuple[OpenPrompt, ...]:
        return tuple(OpenPrompt(p.seat, users.get(p.seat), p, g.version)
                     for p in g.prompts())

    def remember_channel(self, channel_id: int, game_id: int) -> None:
        self.channel_games[channel_id] = game_id
        self.channel_games.move_to_end(channel_id)
        while len(self.channel_games) > CHANNELS_REMEMBERED:
            self.channel_games.popitem(last=False)

    async def held(self, row: GameRow, user_id: int | None) -> list[str]:
        """The seats `user_id` holds in this game (in seat order)."""
        if user_id is None:
            return []
        users = seating.seat_users(await self.store.seats(row.id), self.places(row))
        return seating.seats_of(users, user_id, self.seat_names(row))


def genesis(game_id: int, g: Game, rules_version: str | None,
            sides_record: dict[str, Any] | None) -> str:
    """The record's first digest, from the facts an export carries (service/chain.py)."""
    return chain.genesis(chain.key(str(g.seed)), game_id=game_id, ruleset=g.rules.id,
                         scenario=g.scenario, options=g.options, position=g.position,
                         rules_version=rules_version, seed_hash=g.seed_hash,
                         sides=sides_record)


def game_info(row: GameRow, seats: list[SeatRow], names: tuple[str, ...],
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
