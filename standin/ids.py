"""Snowflake ids shaped like Discord's, so discord.py's ``snowflake_time`` gives sane times."""

from __future__ import annotations

import itertools
import threading
import time

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeFactory:
    """Monotonic, unique snowflakes: timestamp in the high bits, a counter in the low 22."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counter = itertools.count()
        self._last = 0

    def next(self) -> int:
        with self._lock:
            stamp = int(time.time() * 1000) - DISCORD_EPOCH_MS
            candidate = (stamp << 22) | (next(self._counter) & 0x3FFFFF)
            # Guarantee strict ordering even if the counter wraps within one millisecond.
            if candidate <= self._last:
                candidate = self._last + 1
            self._last = candidate
            return candidate
