"""Who holds which seats.

A game's seats are grouped into *places*: the seats one person holds together at the
game's player count (`engine.Scenario.holdings`; usually one seat each, two allied seats
for one person where a scenario allows fewer players than seats). The store keeps one
row per person, naming the first seat of their place (or none yet, in the lobby); this
module turns those rows into the seat -> holder map everything else uses. A holder is a
user id today; whatever holds a seat (a person, or an automated player), the map is
seat -> holder, and a seat's prompt is answered by its holder.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

import engine
from engine.core.game import PLAYERS

Places = tuple[tuple[str, ...], ...]


class HeldSeat(Protocol):
    @property
    def seat(self) -> str | None: ...

    @property
    def user_id(self) -> int: ...


def places(ruleset: str, scenario: str, options: Mapping[str, Any]) -> Places:
    """The places of a game: the seats each person holds, in seat order."""
    return engine.ruleset(ruleset).scenarios[scenario].holdings(options.get(PLAYERS))


def place_of(all_places: Places, seat: str) -> tuple[str, ...] | None:
    return next((p for p in all_places if seat in p), None)


def seat_users(rows: Iterable[HeldSeat], all_places: Places) -> dict[str, int]:
    """seat -> user for every seat whose place someone holds."""
    out: dict[str, int] = {}
    for row in rows:
        if row.seat is None:
            continue
        for seat in place_of(all_places, row.seat) or (row.seat,):
            out[seat] = row.user_id
    return out


def seats_of(users: Mapping[str, int], user_id: int, order: Sequence[str]) -> list[str]:
    """The seats a user holds, in the game's seat order."""
    return [s for s in order if users.get(s) == user_id]


def acting_seat(held: Sequence[str], waiting: Iterable[str]) -> str | None:
    """Which of a holder's seats a choice is for when they did not say: the first (in seat
    order) with an open decision, else the first they hold."""
    open_now = set(waiting)
    return next((s for s in held if s in open_now), held[0] if held else None)


def newly_called(waiting: Iterable[str], before: Iterable[str], users: Mapping[str, int],
                 actor_seat: str, actor: int | None) -> list[str]:
    """The waiting seats whose holder play has just passed to: not the person who acted,
    and nobody who was waiting already on any seat they hold (a person's own run of
    decisions pings once). An empty seat counts as its own holder."""
    def holder(seat: str) -> object:
        return users.get(seat) or ("seat", seat)

    busy = {holder(s) for s in before} | {holder(actor_seat)}
    if actor is not None:
        busy.add(actor)
    return sorted(s for s in waiting if holder(s) not in busy)
