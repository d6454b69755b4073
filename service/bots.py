"""Keryx's own seats: automated players (engine/players) holding seats like people do.

A bot seat is held by a reserved user id that no Discord account can have: a Discord id
carries its creation time in milliseconds since 2015 above its lowest 22 bits, so every
id below 2**22 would date from the first millisecond of 2015, before Discord. The id
says the level, so a stored game needs nothing more to know who plays its bot seats, and
the seats, the action log and the leagues treat the bot as one more user.

`BotRunner` is the service's driver of bot seats: every `interval_s` it asks the service
which bot seats have an open decision, and plays each one. The answer is submitted a fixed
delay after the decision was opened (the game's last change), whatever the thinking took,
so the time a bot takes says nothing about what it considered; the thinking runs in a
worker thread, so the event loop keeps serving clicks. After a restart, a bot seat whose
turn it is finds itself in the next `bot_turns` and acts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from .errors import Refusal

if TYPE_CHECKING:
    from engine.players import Player

    from .games import GameService
    from .results import ActionResult

log = logging.getLogger(__name__)

# The levels a seat may be handed to; their order fixes the reserved ids (append only).
LEVELS = ("random", "heuristic", "search", "phormio")
BOT_ID_BASE = (1 << 22) - 1024  # up to 2**22: see above
MAX_PLAYERS = 1024  # players (with their memory) kept for the games in play
SLOTS = 16  # bot seats of one level in one game (a user id holds one seat per game)
# Seconds between a bot's decision being opened and its answer being submitted.
DEFAULT_DELAY_S = 4.0
# Seconds the search level may think; the delay is never shorter than this plus a margin.
DEFAULT_BUDGET_S = 1.0
THINKING_MARGIN_S = 1.0


def bot_id(level: str, slot: int = 0) -> int:
    """The reserved user id of the `slot`-th bot of `level` (slot 0 is the league entrant
    and the usual opponent)."""
    if level not in LEVELS:
        raise Refusal("bad_input", f"There is no opponent level {level!r}; choose one of "
                      f"{', '.join(LEVELS)}.")
    if not 0 <= slot < SLOTS:
        raise ValueError(f"bot slot {slot} out of range")
    return BOT_ID_BASE + LEVELS.index(level) * SLOTS + slot


def bot_level(user_id: int | None) -> str | None:
    """The level of the bot holding this user id, or None for a person."""
    if user_id is None or not BOT_ID_BASE <= user_id < BOT_ID_BASE + len(LEVELS) * SLOTS:
        return None
    return LEVELS[(user_id - BOT_ID_BASE) // SLOTS]


def is_bot(user_id: int | None) -> bool:
    return bot_level(user_id) is not None


def bot_name(user_id: int) -> str:
    return f"Keryx ({bot_level(user_id)})"


def bot_id_range() -> tuple[int, int]:
    """[lo, hi) of every reserved id: one indexed range read finds every bot seat."""
    return BOT_ID_BASE, BOT_ID_BASE + len(LEVELS) * SLOTS


def free_bot_id(level: str, taken: set[int]) -> int:
    """The first id of `level` no seat of the game holds yet."""
    for slot in range(SLOTS):
        uid = bot_id(level, slot)
        if uid not in taken:
            return uid
    raise Refusal("full", f"This game already has {SLOTS} {level} bots.")


def delay_for(delay_s: float, budget_s: float) -> float:
    """The fixed delay actually used: never shorter than the thinking it must hide (keep
    it a second above the budget: the heuristic's share and a loaded machine need room).
    A terminal game against a bot on one's own machine uses 0: nothing to hide there."""
    return max(delay_s, budget_s) if delay_s > 0 else 0.0


@dataclass(frozen=True)
class BotTurn:
    """A bot seat with an open decision: who, where, at which version, since when."""

    game_id: int
    channel_id: int
    seat: str
    user_id: int
    version: int
    since: datetime
    guild_id: int | None = None

    @property
    def level(self) -> str:
        return str(bot_level(self.user_id))

    @property
    def key(self) -> tuple[int, str, int]:
        return self.game_id, self.seat, self.version


Acted = Callable[["ActionResult"], Awaitable[None]]
# What a transport shows while a bot seat thinks (Discord's typing indicator, the
# terminal's "thinking…" line): entered before the thinking, left once the answer is in.
Thinking = Callable[[BotTurn], contextlib.AbstractAsyncContextManager[Any]]


class BotRunner:
    """Plays every bot seat's open decisions through the service (see the module text).
    `on_acted` is the transport's hook after each bot action (deliver the public post,
    restart the clocks): the service writes the post to the outbox either way."""

    def __init__(self, svc: GameService, on_acted: Acted | None = None, *,
                 delay_s: float = DEFAULT_DELAY_S, budget_s: float = DEFAULT_BUDGET_S,
                 interval_s: float = 1.0, workers: int = 1,
                 serves: Callable[[BotTurn], bool] | None = None,
                 thinking: Thinking | None = None):
        self.svc = svc
        self.thinking = thinking
        # Several processes on one database (shards): each thinks only about its own
        # guilds' games, instead of all of them racing to play the same turn.
        self.serves = serves
        self.on_acted = on_acted
        self.budget_s = budget_s
        self.delay_s = delay_for(delay_s, budget_s)
        self.interval_s = interval_s
        self._working: dict[tuple[int, str, int], asyncio.Task[None]] = {}
        self._players: OrderedDict[tuple[int, str], Player] = OrderedDict()
        self._think = asyncio.Semaphore(workers)
        self._stop = asyncio.Event()
        # set after each bot action: a seat's next decision is often its own (a side's
        # several moves, allies held together), and waiting for the next tick for each
        # one made a chain of decisions take a second apiece
        self._wake = asyncio.Event()
        self.acted = 0

    def player_options(self, level: str) -> dict[str, Any]:
        return {"budget_s": self.budget_s} if level == "search" else {}

    async def tick(self) -> int:
        """Start playing each bot turn not already in hand; returns how many started."""
        started = 0
        for turn in await self.svc.bot_turns():
            if turn.key in self._working or (self.serves is not None
                                              and not self.serves(turn)):
                continue
            self._working[turn.key] = asyncio.create_task(
                self._play(turn), name=f"keryx-bot-{turn.game_id}-{turn.seat}")
            started += 1
        return started

    async def settle(self, timeout: float = 60.0) -> None:
        """Wait for the turns in hand (tests and the console)."""
        tasks = list(self._working.values())
        if tasks:
            await asyncio.wait(tasks, timeout=timeout)

    async def _play(self, turn: BotTurn) -> None:
        try:
            shown = (self.thinking(turn) if self.thinking is not None
                     else contextlib.nullcontext())
            async with shown:
                player = await self._player(turn)
                async with self._think:
                    answer = await self.svc.bot_answer(turn, player)
                wait = (turn.since + timedelta(seconds=self.delay_s) - self.svc.now()
                        ).total_seconds()
                if wait > 0:
                    await asyncio.sleep(wait)
            result = await self.svc.bot_act(turn, answer)
            self.acted += 1
            self._wake.set()  # only after an action: a failing turn is retried a tick later
            if self.on_acted is not None and not result.duplicate:
                await self.on_acted(result)
        except Refusal as r:
            # The game moved on (another process's bot, a resignation): the next tick
            # sees the turn as it stands now.
            log.info("bot turn %s not played: %s", turn.key, r.message)
        except Exception:
            log.exception("bot turn %s failed", turn.key)
        finally:
            self._working.pop(turn.key, None)

    async def _player(self, turn: BotTurn) -> Player:
        # One player per bot seat and game for as long as this process runs, so that a
        # player's memory (menus already walked) lasts through its turns.
        key = (turn.game_id, turn.seat)
        if key not in self._players:
            self._players[key] = await self.svc.bot_player(
                turn, **self.player_options(turn.level))
            while len(self._players) > MAX_PLAYERS:  # games abandoned long ago go first
                self._players.popitem(last=False)
        self._players.move_to_end(key)
        return self._players[key]

    def forget(self, game_id: int) -> None:
        for key in [k for k in self._players if k[0] == game_id]:
            del self._players[key]

    async def run(self) -> None:
        """Tick every `interval_s` until `stop()`; errors are logged, not fatal."""
        self._stop.clear()
        while not self._stop.is_set():
            t0 = time.monotonic()
            self._wake.clear()
            try:
                await self.tick()
            except Exception:
                log.exception("bot runner tick failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(),
                                       max(0.05, self.interval_s - (time.monotonic() - t0)))

    async def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        self._wake.set()
        await self.settle(timeout)
        for task in self._working.values():
            task.cancel()
