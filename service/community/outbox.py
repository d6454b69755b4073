"""The outbox: what the scheduler claimed, waiting to be handed to the transport's sink.

Delivery is at-least-once, claims are exactly-once:
* a reminder, expiry or digest is *claimed* by writing its outbox row (unique key) in the
  same transaction that records it as done (reminder count, expiry flag, digest date). A
  second claim, after a restart or by a second process, finds the state already advanced
  and the key already present, so nothing is claimed twice;
* after the commit the row is handed to the sink and marked `sent` once the sink returns.
  A sink that raises (Discord down, rate limit) leaves the row pending with a back-off and
  it is retried on a later tick, up to MAX_ATTEMPTS. A crash after the sink returned but
  before the mark is the one window in which a message can be sent twice; the key is
  passed along so a transport can make even that idempotent (a message nonce).
We chose this over at-most-once (mark sent before sending) because the usual failure is
an unavailable Discord, not a crash, and a lost reminder or forfeit is worse than a rare
duplicate.
* a row may carry a *guard*: a reminder is dropped rather than sent if, by the time it is
  delivered, the player has moved (turn number changed) or the game ended.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import aiosqlite

from .actions import Action, Sink, decode, encode
from .db import CommunityDB, dumps, fetch_one, ts

MAX_ATTEMPTS = 6
BACKOFF_S = (60, 300, 1800, 7200, 21600)
# Rows done with (sent, dropped, given up) are kept this long, then pruned: the claims'
# exactly-once rests on the state each claim advances, not on old rows.
RETENTION = timedelta(days=30)


async def enqueue(c: aiosqlite.Connection, action: Action, now: datetime,
                  guard: dict[str, Any] | None = None) -> bool:
    """Add an action in the caller's transaction. False if its key was already there."""
    cur = await c.execute(
        "INSERT INTO outbox (key, kind, payload, guard, next_try_at, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
        (action.key, action.kind, dumps(encode(action)), dumps(guard) if guard else None,
         ts(now), ts(now)))
    return cur.rowcount == 1


async def prune(db: CommunityDB, before: datetime) -> int:
    """Delete the rows done with before `before`; how many."""
    async with db.tx() as c:
        cur = await c.execute("DELETE FROM outbox WHERE state <> 'pending' AND done_at < ?",
                              (ts(before),))
        return int(cur.rowcount)


@dataclass
class Delivery:
    sent: int = 0
    retried: int = 0
    failed: int = 0
    dropped: int = 0


async def _still_relevant(c: aiosqlite.Connection, guard: dict[str, Any]) -> bool:
    r = await fetch_one(
        c, "SELECT sc.must_act, sc.turn_no, sc.expired, g.status FROM seat_clocks sc "
        "JOIN community_games g ON g.game_id = sc.game_id WHERE sc.game_id = ? AND sc.seat = ?",
        (guard["game"], guard["seat"]))
    if r is None or r[3] != "running" or not r[0] or r[1] != guard["turn"]:
        return False
    return bool(r[2]) == bool(guard.get("expired", False))


async def deliver(db: CommunityDB, sink: Sink, now: datetime, limit: int = 200) -> Delivery:
    """Hand pending actions whose time has come to the sink, oldest first."""
    out = Delivery()
    rows = await db.all("SELECT id, payload, guard, attempts FROM outbox WHERE state = 'pending' "
                        "AND next_try_at <= ? ORDER BY id LIMIT ?", (ts(now), limit))
    for row_id, payload, guard, attempts in rows:
        if guard and not await _still_relevant(db.reader, json.loads(guard)):
            async with db.tx() as c:
                await c.execute("UPDATE outbox SET state = 'dropped', done_at = ? WHERE id = ?",
                                (ts(now), row_id))
            out.dropped += 1
            continue
        try:
            await sink(decode(json.loads(payload)))
        except Exception as exc:  # the sink's failure is data here: retry later
            attempts += 1
            gave_up = attempts >= MAX_ATTEMPTS
            delay = BACKOFF_S[min(attempts - 1, len(BACKOFF_S) - 1)]
            async with db.tx() as c:
                await c.execute(
                    "UPDATE outbox SET attempts = ?, state = ?, next_try_at = ?, last_error = ?, "
                    "done_at = ? WHERE id = ?",
                    (attempts, "failed" if gave_up else "pending",
                     ts(now + timedelta(seconds=delay)), f"{type(exc).__name__}: {exc}"[:500],
                     ts(now) if gave_up else None, row_id))
            if gave_up:
                out.failed += 1
            else:
                out.retried += 1
            continue
        async with db.tx() as c:
            await c.execute("UPDATE outbox SET state = 'sent', attempts = attempts + 1, "
                            "done_at = ? WHERE id = ?", (ts(now), row_id))
        out.sent += 1
    return out
