"""A change clock the kernel owns: a mark that moves after every write it is told of.

A ruleset that caches facts derived from records it cannot version one by one (a record
may sit in two states at once, as in a shallow copy for a preview) stamps each cache with
the clock's `now` and trusts it while `now` is the same. The clock is shared by every
thread of the process, and must never let a cache be trusted after a write:

- each write takes a fresh tick from `itertools.count`, whose step cannot be split by
  another thread (a `+= 1` on a shared number can: two threads read 5 and both store 6);
- the tick is published *after* the write it marks (`tick()` is called once the record is
  written). A reader that stamped the value `v` read the records after the write that
  published `v`; any write it did not see publishes a later, different tick when it ends,
  and no tick is ever published twice, so `now` cannot come back to `v`.

The order of ticks published by two threads may cross (`now` may step back to an earlier
tick for a moment); that only empties a cache once more than needed.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import count


class Clock:
    __slots__ = ("now", "_next")

    def __init__(self) -> None:
        self._next: Callable[[], int] = count(1).__next__
        self.now = 0

    def tick(self) -> None:
        """Tell the clock a write has just been made."""
        self.now = self._next()
