"""Per-game locks and a small cache of loaded games. The database stays the truth: a
cached game is used only when its version equals the version just read from the store,
or by a commit whose guard checks that the store still holds the game so (see
Play._act_known in service/play.py)."""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Generic, TypeVar

from engine import Game

AcrossProcesses = Callable[[int], AbstractAsyncContextManager[None]]
K = TypeVar("K")


class GameLocks:
    """One asyncio.Lock per game id. Weak values: a lock disappears once no task holds
    or waits on it, so the map does not grow with every game ever touched.

    `across`, when the store offers one (PostgreSQL's `game_lock`), is taken inside the
    in-process lock so a game is held against other processes too; the in-process lock
    first means one process queues its own clicks without spending a connection each."""

    def __init__(self, across: AcrossProcesses | None = None) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = (
            weakref.WeakValueDictionary())
        self._across = across

    @property
    def across(self) -> bool:
        """Whether games are held against other processes too (another process may
        commit to a game otherwise)."""
        return self._across is not None

    def local(self, game_id: int) -> asyncio.Lock:
        """The game's in-process lock alone."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    def __call__(self, game_id: int) -> AbstractAsyncContextManager[object]:
        lock = self.local(game_id)
        if self._across is None:
            return lock
        return self._both(lock, game_id)

    @asynccontextmanager
    async def _both(self, lock: asyncio.Lock, game_id: int) -> AsyncIterator[None]:
        assert self._across is not None
        async with lock, self._across(game_id):
            yield


# The cache's byte budget counts each game by the length of its latest snapshot (JSON);
# a loaded game takes 4 to 8 times that in memory (docs/storage.md, *Memory and rows over
# a long run*), so 8 MB of snapshots is some 35-65 MB: about 512 games of Athens & Sparta
# in mid-game, fewer long ones.
CACHE_BYTES = 8 * 1024 * 1024
# A game whose snapshot length is not known yet counts this much.
DEFAULT_WEIGHT = 16 * 1024


class GameCache(Generic[K]):
    """A bounded LRU of engine games by id, each with what its writer knew of it (`K`:
    the game's row and seats as the last commit or read left them), or None.

    A writer *takes* the game out (`pop`) before mutating it and puts it back only after
    the commit succeeded, so a reader never sees an uncommitted action: during the commit
    it misses and loads the committed snapshot instead.

    Only games in play are kept: a finished game is never put back (its last views are
    built once, when it ends). The cache is bounded by count (`size`) and by the summed
    length of the games' snapshots (`max_bytes`), so a few long games cannot take what
    hundreds of short ones would.
    """

    def __init__(self, size: int = 512, max_bytes: int = CACHE_BYTES):
        self.size = size
        self.max_bytes = max_bytes
        self._games: OrderedDict[int, tuple[Game, K | None]] = OrderedDict()
        # game id -> its weight: kept while the game is in the cache or taken out by a
        # writer (it comes back after the commit), forgotten when it is dropped
        self._weights: dict[int, int] = {}
        self.bytes = 0  # the weights of the games in the cache

    def weigh(self, game_id: int, nbytes: int) -> None:
        """Record the length of the game's latest snapshot, its weight from now on."""
        old = self._weights.get(game_id)
        self._weights[game_id] = nbytes
        if game_id in self._games:
            self.bytes += nbytes - (DEFAULT_WEIGHT if old is None else old)
            self._trim()

    def _take(self, game_id: int) -> tuple[Game, K | None] | None:
        entry = self._games.pop(game_id, None)
        if entry is not None:
            self.bytes -= self._weights.get(game_id, DEFAULT_WEIGHT)
        return entry

    def _trim(self) -> None:
        while len(self._games) > self.size or (self.bytes > self.max_bytes
                                               and len(self._games) > 1):
            game_id = next(iter(self._games))
            self._take(game_id)
            self._weights.pop(game_id, None)

    def get(self, game_id: int, version: int) -> Game | None:
        entry = self._games.get(game_id)
        if entry is None or entry[0].version != version:
            return None
        self._games.move_to_end(game_id)
        return entry[0]

    def pop(self, game_id: int, version: int) -> Game | None:
        entry = self._take(game_id)
        return entry[0] if entry is not None and entry[0].version == version else None

    def pop_known(self, game_id: int) -> tuple[Game, K] | None:
        """Take the game out with what its writer knew, if that is known (else leave it)."""
        entry = self._games.get(game_id)
        if entry is None or entry[1] is None:
            return None
        self._take(game_id)
        return entry[0], entry[1]

    def put(self, game_id: int, game: Game, known: K | None = None) -> None:
        if self.size <= 0:
            return
        if game.outcome is not None:  # over: nothing more will be played or asked of it
            self.drop(game_id)
            return
        old = self._games.get(game_id)
        if old is not None and old[0].version > game.version:
            return  # a reader finishing late must not replace a newer game
        if old is not None and known is None and old[0] is game:
            known = old[1]  # a reader putting back the same game keeps what was known
        self._take(game_id)
        self._games[game_id] = (game, known)
        self.bytes += self._weights.setdefault(game_id, DEFAULT_WEIGHT)
        self._trim()

    def drop(self, game_id: int) -> None:
        self._take(game_id)
        self._weights.pop(game_id, None)

    def __len__(self) -> int:
        return len(self._games)
