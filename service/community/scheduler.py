"""The scheduler: `tick(now)` claims what is due and hands it to the transport's sink.

What is due is found through indexes only (seat_clocks.next_at, community_users.
vacation_until, leagues.next_digest_at, the outbox's pending rows), so a tick costs the
same with ten games or ten thousand: one read to see whether anything is due at all, then
one write transaction that claims a bounded batch, then delivery. `now` is always passed
in, so tests drive it with a fake clock; `run()` is the loop the bot starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

import aiosqlite

from .actions import ApplyForfeit, ChannelMessage, DirectMessage, ModeratorAlert, Sink
from .clock import SeatClock, settle
from .clocks import ClockService, clock_from_row, save_clock
from .db import CommunityDB, fetch_all, parse_time, parse_ts, ts, utcnow
from .digest import compose_digest
from .leagues import _LCOLS, _league, next_slot
from .outbox import RETENTION, Delivery, deliver, enqueue, prune
from .pace import format_duration

log = logging.getLogger(__name__)

BATCH = 500
PRUNE_EVERY = timedelta(hours=1)  # how often the outbox's old rows are pruned


@dataclass
class TickReport:
    reminders: int = 0
    expiries: int = 0
    digests: int = 0
    vacations_ended: int = 0
    delivery: Delivery = field(default_factory=Delivery)
    pruned: int = 0
    ms: float = 0.0

    @property
    def claimed(self) -> int:
        return self.reminders + self.expiries + self.digests


_DUE_SQL = (
    "SELECT sc.game_id, sc.seat, sc.user_id, sc.bank_s, sc.since, sc.must_act, sc.turn_no, "
    "sc.turn_bank_s, sc.turn_used_s, sc.reminded, sc.expired, sc.expirations, "
    "g.channel_id, g.policy, g.alert_channel_id, coalesce(u.dm_reminders, 0), g.league_game_id "
    "FROM seat_clocks sc JOIN community_games g ON g.game_id = sc.game_id "
    "LEFT JOIN community_users u ON u.user_id = sc.user_id "
    "WHERE sc.next_at <= ? ORDER BY sc.next_at LIMIT ?")

_ANY_DUE_SQL = (
    "SELECT EXISTS (SELECT 1 FROM seat_clocks WHERE next_at <= :t), "
    "EXISTS (SELECT 1 FROM community_users WHERE vacation_until <= :t), "
    "EXISTS (SELECT 1 FROM leagues WHERE next_digest_at <= :t), "
    "EXISTS (SELECT 1 FROM outbox WHERE state = 'pending' AND next_try_at <= :t)")


class Scheduler:
    def __init__(self, db: CommunityDB, clocks: ClockService, sink: Sink, *,
                 now: Callable[[], datetime] = utcnow, batch: int = BATCH,
                 retention: timedelta = RETENTION):
        self.db = db
        self.retention = retention
        self._pruned_at: datetime | None = None
        self.clocks = clocks
        self.sink = sink
        self.now = now
        self.batch = batch
        self._stop = asyncio.Event()

    async def tick(self, now: datetime | None = None) -> TickReport:
        now = now or self.now()
        t0 = time.perf_counter()
        rep = TickReport()
        row = await self.db.one(_ANY_DUE_SQL, {"t": ts(now)})
        assert row is not None  # a SELECT of EXISTS tests always yields a row
        clocks_due, vac_due, digest_due, outbox_due = (bool(x) for x in row)
        if clocks_due or vac_due or digest_due:
            async with self.db.tx() as c:
                if vac_due:
                    rep.vacations_ended = await self.clocks._end_due_vacations(c, now)
                await self._claim_clocks(c, now, rep)
                if digest_due:
                    await self._claim_digests(c, now, rep)
            outbox_due = True
        if outbox_due:
            rep.delivery = await deliver(self.db, self.sink, now)
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            rep.pruned = await prune(self.db, now - self.retention)
        rep.ms = (time.perf_counter() - t0) * 1000
        return rep

    async def run(self, interval_s: float = 30.0) -> None:
        """Tick every `interval_s` seconds until `stop()`; errors are logged, not fatal."""
        self._stop.clear()
        while not self._stop.is_set():
            try:
                # One process ticks at a time; the others wait to take over if it dies.
                if await self.db.lead("scheduler"):
                    await self.tick()
            except Exception:
                log.exception("community scheduler tick failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), interval_s)

    def stop(self) -> None:
        self._stop.set()

    # ------------------------------------------------------------------ clocks
    async def _claim_clocks(self, c: aiosqlite.Connection, now: datetime,
                            rep: TickReport) -> None:
        for r in await fetch_all(c, _DUE_SQL, (ts(now), self.batch)):
            k = clock_from_row(r[:12])
            channel_id, policy, alert_channel, dm, lg_id = r[12], r[13], r[14], bool(r[15]), r[16]
            due = k.due_at
            if due is not None and due <= now:
                await self._expire(c, k, due, now, channel_id, policy, alert_channel, lg_id)
                rep.expiries += 1
                continue
            level = 0
            if k.reminded < 2 and (t := k.reminder_at(1)) is not None and t <= now:
                level = 2           # the firmer one is due: the gentle one is moot
            elif k.reminded < 1 and (t := k.reminder_at(0)) is not None and t <= now:
                level = 1
            if level == 0:          # next_at was stale (cannot happen if saved by save_clock)
                await save_clock(c, k)
                continue
            await save_clock(c, replace(k, reminded=level))
            await self._remind(c, k, level, now, channel_id, policy, dm)
            rep.reminders += 1

    async def _remind(self, c: aiosqlite.Connection, k: SeatClock, level: int, now: datetime,
                      channel_id: int, policy: str, dm: bool) -> None:
        left = format_duration(k.remaining(now) or 0)
        if level == 1:
            text = (f"<@{k.user_id}> reminder: it is your turn ({k.seat}) in <#{channel_id}>. "
                    f"{left} left on your clock.")
        else:
            then = ("the game will be scored as a loss for you" if policy == "forfeit"
                    else "the moderators will be told and may find a substitute")
            text = (f"<@{k.user_id}> **last call:** your clock ({k.seat}) in <#{channel_id}> "
                    f"runs out in {left}. If it does, {then}.")
        key = f"remind:{k.game_id}:{k.seat}:{k.turn_no}:{level}"
        guard = {"game": k.game_id, "seat": k.seat, "turn": k.turn_no}
        action: DirectMessage | ChannelMessage
        if dm and k.user_id is not None:
            action = DirectMessage(key, k.user_id, text, fallback_channel_id=channel_id,
                                   game_id=k.game_id)
        else:
            action = ChannelMessage(key, channel_id, text,
                                    mentions=(k.user_id,) if k.user_id else (),
                                    kind="reminder", game_id=k.game_id)
        await enqueue(c, action, now, guard)

    async def _expire(self, c: aiosqlite.Connection, k: SeatClock, due: datetime, now: datetime,
                      channel_id: int, policy: str, alert_channel: int | None,
                      lg_id: int | None) -> None:
        # charge exactly up to the due time, not to whenever the tick noticed
        k2 = replace(settle(k, due), bank=0.0, since=None, expired=True,
                     expirations=k.expirations + 1, reminded=2)
        await save_clock(c, k2)
        key = f"expire:{k.game_id}:{k.seat}:{k.turn_no}:{k2.expirations}"
        guard = {"game": k.game_id, "seat": k.seat, "turn": k.turn_no, "expired": True}
        who = f"<@{k.user_id}>" if k.user_id else k.seat
        if policy == "forfeit":
            await enqueue(c, ApplyForfeit(key, k.game_id, k.seat, k.user_id,
                                          f"{who} ({k.seat}) ran out of time",
                                          channel_id=channel_id), now, guard)
        else:
            await enqueue(c, ModeratorAlert(
                key, alert_channel or channel_id,
                f"{who} ({k.seat}) ran out of time in <#{channel_id}> (game {k.game_id}). "
                "Extend the clock, substitute the player, or record a result.",
                game_id=k.game_id, seat=k.seat, user_id=k.user_id, kind="expiry",
                data={"league_game_id": lg_id}), now, guard)
            await enqueue(c, ChannelMessage(
                f"{key}:game", channel_id,
                f"{who}'s clock ({k.seat}) has run out. The moderators have been told.",
                mentions=(), kind="expiry", game_id=k.game_id), now, guard)

    # ------------------------------------------------------------------ digests
    async def _claim_digests(self, c: aiosqlite.Connection, now: datetime,
                             rep: TickReport) -> None:
        rows = await fetch_all(
            c, f"SELECT {_LCOLS}, next_digest_at, last_digest_at, table_sig FROM leagues "
            "WHERE next_digest_at <= ? ORDER BY next_digest_at LIMIT ?", (ts(now), self.batch))
        for r in rows:
            league = _league(r)
            slot, last, sig = parse_time(r[-3]), parse_ts(r[-2]), r[-1]
            since = last or league.started_at or slot
            text, new_sig, mentions = await compose_digest(c, league, since, now, sig)
            day = slot.date().isoformat()
            # The date goes in the key: even a second process cannot post a day twice.
            if text is not None:
                sent = await enqueue(c, ChannelMessage(
                    f"digest:{league.id}:{day}", league.channel_id, text,
                    mentions=tuple(mentions), kind="digest", league_id=league.id), now)
                rep.digests += int(sent)
            # once the season is over and its last digest went out, stop
            nxt = None if league.status == "finished" else ts(next_slot(now, league.digest_hour))
            await c.execute(
                "UPDATE leagues SET next_digest_at = ?, last_digest_at = ?, last_digest_date = ?, "
                "table_sig = ? WHERE id = ?", (nxt, ts(now), day, new_sig, league.id))
