"""Pure clock arithmetic for one seat (no I/O; the SQL lives in clocks.py).

A seat clock holds `bank` seconds. It *runs* while its seat must act and nothing stops it
(moderator pause, the player's vacation, an expiry already dealt with). While running,
`since` marks the start of the current segment and the clock is due at since + bank.
Every change of circumstances first *settles* the clock (charges the running segment)
and then restarts or stops it, so pauses are exact to the second.

Reminders. At the start of a turn the bank is B. The first reminder goes when half of B
is used (B/2 left), the second, firmer one when min(24 h, B/4) is left: with the default
pace that is "about half-way" and "a day before the end", and for short clocks both stay
in order and before the expiry. If the scheduler finds both due at once (the bot was down)
only the firmer one is sent.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

DAY = 86400.0


@dataclass(frozen=True, slots=True)
class SeatClock:
    game_id: int
    seat: str
    user_id: int | None
    bank: float | None            # None: untimed game
    since: datetime | None        # set while running
    must_act: bool = False
    turn_no: int = 0
    turn_bank: float | None = None
    turn_used: float = 0.0
    reminded: int = 0
    expired: bool = False
    expirations: int = 0

    @property
    def running(self) -> bool:
        return self.since is not None

    def remaining(self, now: datetime) -> float | None:
        if self.bank is None:
            return None
        if self.since is None:
            return self.bank
        return self.bank - (now - self.since).total_seconds()

    @property
    def due_at(self) -> datetime | None:
        if self.since is None or self.bank is None:
            return None
        return self.since + timedelta(seconds=self.bank)

    def thresholds(self) -> tuple[float, float] | None:
        """Seconds left at which reminders 1 and 2 fire in this turn."""
        if not self.turn_bank or self.turn_bank <= 0:
            return None
        b = self.turn_bank
        return (b / 2, min(DAY, b / 4))

    def reminder_at(self, k: int) -> datetime | None:
        """When reminder k (0 or 1) falls due on the current run; None if not running."""
        th = self.thresholds()
        if th is None or self.since is None or self.bank is None:
            return None
        return self.since + timedelta(seconds=self.bank - th[k])

    @property
    def next_at(self) -> datetime | None:
        due = self.due_at
        if due is None:
            return None
        if self.reminded < 2:
            r = self.reminder_at(self.reminded)
            if r is not None and r < due:
                return r
        return due


def settle(c: SeatClock, now: datetime) -> SeatClock:
    """Charge the running segment up to `now`; the clock keeps running from `now`."""
    if c.since is None or c.bank is None:
        return c
    used = max(0.0, (now - c.since).total_seconds())
    return replace(c, bank=c.bank - used, since=now, turn_used=c.turn_used + used)


@dataclass(frozen=True, slots=True)
class Reconciled:
    clock: SeatClock
    move_seconds: float | None   # clock time of a turn that just ended (profile statistics)


def reconcile(c: SeatClock, now: datetime, *, must_act: bool, blocked: bool,
              increment: float | None, cap: float | None) -> Reconciled:
    """Bring a clock up to date after something changed at `now`.

    must_act: the seat is (now) among those who must decide.
    blocked: the game is paused or the player is on vacation.
    A turn ends when must_act goes from true to false: the increment is paid (capped) and
    an expired flag is cleared (a late player who moves anyway, under the notify policy,
    is back on a normal clock with just the increment). A turn starts when must_act goes
    from false to true: the reminder count restarts.
    """
    c = settle(c, now)
    move_seconds = None
    if c.must_act and not must_act:
        move_seconds = c.turn_used
        bank = c.bank
        if bank is not None:
            bank = max(0.0, bank) + (increment or 0.0)
            if cap is not None:
                bank = min(bank, cap)
        c = replace(c, bank=bank, must_act=False, expired=False, reminded=0, turn_used=0.0)
    elif not c.must_act and must_act:
        c = replace(c, must_act=True, turn_no=c.turn_no + 1, turn_bank=c.bank, reminded=0,
                    turn_used=0.0)
    run = c.must_act and not blocked and not c.expired and c.bank is not None
    c = replace(c, since=now if run else None)
    return Reconciled(c, move_seconds)


def extend(c: SeatClock, now: datetime, seconds: float) -> SeatClock:
    """Give a seat more time (a moderator's extension: not limited by the pace's cap).

    Reminders already sent stay sent unless the extra time lifts the clock back above
    their threshold, in which case the player will be reminded again on the new schedule.
    An expired clock may run again: the caller reconciles it afterwards (it is left
    stopped here).
    """
    c = settle(c, now)
    if c.bank is None:
        return c
    bank = max(0.0, c.bank) + seconds
    c = replace(c, bank=bank, expired=False, since=None)
    th = c.thresholds()
    reminded = c.reminded
    if th is not None:
        reminded = min(reminded, sum(1 for t in th if bank <= t))
    return replace(c, reminded=reminded)
