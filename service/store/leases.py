"""Who is delivering an announcement, and which of its messages are out already
(docs/storage.md, Announcements).

A delivery holds its announcement by a short lease (`next_try_at`, renewed while it
works) in the name of its process (`leased_by`). A process that is gone leaves its
leases to run out, or to be taken over sooner: `take_over_leases` releases those whose
holder is known to be gone (on this machine, a process that no longer runs; on
PostgreSQL, one whose liveness lock the server has freed with its session).

An announcement is several messages (battle displays, the map, the chronicle); each one
sent is recorded (`announcement_part_sent`) before the next is sent and before the
announcement is marked sent, so a retry after a failure or a crash skips what went out.
"""

from __future__ import annotations

import os
import secrets
import socket
from datetime import datetime

from .sqlite_file import ts


def _started(pid: int) -> str | None:
    """The start time of process `pid` (Linux /proc), "" where /proc cannot tell, None
    when there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except FileNotFoundError:
        return None
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return None
        except OSError:
            pass
        return ""


def new_holder() -> str:
    """A name for this process as a lease holder: machine, pid, start time and a random
    part (two stores in one process, as in the tests, are two holders)."""
    return (f"{socket.gethostname()}:{os.getpid()}:{_started(os.getpid()) or ''}:"
            f"{secrets.token_hex(4)}")


def gone_here(holder: str) -> bool:
    """Whether `holder` was a process of this machine that no longer runs (its pid is
    free, or taken by a process started later)."""
    parts = holder.rsplit(":", 3)
    if len(parts) != 4 or not parts[1].isdigit():
        return False
    host, pid, started = parts[0], parts[1], parts[2]
    if host != socket.gethostname():
        return False
    now = _started(int(pid))
    return now is None or bool(started and now and now != started)


class LeaseStore:
    """The announcement leases and parts, for `SqliteStore` (and so for PostgresStore,
    which runs the same SQL). Expects the store's `_tx`, `_all` and `_one`."""

    _holder: str | None = None

    @property
    def holder(self) -> str:
        """This store's name as a lease holder (one per store, so per process)."""
        if self._holder is None:
            self._holder = new_holder()
        return self._holder

    async def holder_gone(self, holder: str) -> bool:
        """Whether the process `holder` is known to be gone (PostgresStore asks the
        server as well)."""
        return gone_here(holder)

    async def renew_announcement(self, game_id: int, version: int,
                                 lease_until: datetime) -> bool:
        """Extend this process's lease on a post it is delivering; False when the lease is
        not this process's any more (it ran out and someone else took the post)."""
        async with self._tx() as c:  # type: ignore[attr-defined]
            cur = await c.execute(
                "UPDATE announcements SET next_try_at = ? WHERE game_id = ? AND version = ? "
                "AND state = 'pending' AND leased_by = ?",
                (ts(lease_until), game_id, version, self.holder))
            return bool(cur.rowcount == 1)

    async def announcement_part_sent(self, game_id: int, version: int, part: int,
                                     channel_id: int, message_id: int, at: datetime,
                                     lease_until: datetime) -> bool:
        """Record message `part` of a post as sent and renew the lease, in one write;
        False when the lease is not this process's any more (the part is recorded all
        the same: it was sent)."""
        async with self._tx() as c:  # type: ignore[attr-defined]
            await c.execute(
                "INSERT INTO announcement_parts (game_id, version, part, channel_id, "
                "message_id, sent_at) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, version, part) DO NOTHING",
                (game_id, version, part, channel_id, message_id, ts(at)))
            cur = await c.execute(
                "UPDATE announcements SET next_try_at = ? WHERE game_id = ? AND version = ? "
                "AND state = 'pending' AND leased_by = ?",
                (ts(lease_until), game_id, version, self.holder))
            return bool(cur.rowcount == 1)

    async def announcement_parts(self, game_id: int, version: int) -> dict[int, int]:
        """The messages of a post sent so far: part -> message id."""
        rows = await self._all(  # type: ignore[attr-defined]
            "SELECT part, message_id FROM announcement_parts WHERE game_id = ? AND version = ?",
            (game_id, version))
        return {r[0]: r[1] for r in rows}

    async def take_over_leases(self, now: datetime) -> int:
        """Make the posts leased by processes that are gone due now; how many."""
        rows = await self._all(  # type: ignore[attr-defined]
            "SELECT DISTINCT leased_by FROM announcements WHERE state = 'pending' "
            "AND next_try_at > ? AND leased_by IS NOT NULL AND leased_by <> ?",
            (ts(now), self.holder))
        gone = [r[0] for r in rows if await self.holder_gone(r[0])]
        if not gone:
            return 0
        async with self._tx() as c:  # type: ignore[attr-defined]
            cur = await c.execute(
                "UPDATE announcements SET next_try_at = ?, leased_by = NULL "
                f"WHERE state = 'pending' AND leased_by IN ({', '.join('?' * len(gone))})",
                (ts(now), *gone))
            return int(cur.rowcount)

    async def prune_announcements(self, before: datetime) -> int:
        """Delete the posts delivered before `before` (the retention window); how many."""
        async with self._tx() as c:  # type: ignore[attr-defined]
            cur = await c.execute("DELETE FROM announcements WHERE state = 'sent' "
                                  "AND done_at < ?", (ts(before),))
            return int(cur.rowcount)
