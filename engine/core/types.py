"""Plain value types shared by every ruleset: prompts, options, events, outcomes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class IllegalAction(ValueError):
    """A choice the rules do not allow now. The message is shown to the player as is;
    the game is unchanged after it is raised."""


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    label: str
    rule: str | None = None  # citation such as "4.4"
    cap: int = 1  # an `allocate` prompt may name this option up to `cap` times
    # What the option does, as facts (unit, from, to, kind...): renderers, transports
    # and automated players read these, never the label's English.
    data: dict[str, Any] | None = field(default=None, hash=False)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "label": self.label, "rule": self.rule}
        if self.cap != 1:
            d["cap"] = self.cap
        if self.data is not None:
            d["data"] = self.data
        return d


@dataclass(frozen=True, slots=True)
class Prompt:
    seat: str
    text: str
    options: tuple[Option, ...]
    rule: str | None = None
    # A secret prompt is one of a simultaneous set (both seats commit face-down);
    # the choice made stays hidden from the other seat until the rules reveal it.
    secret: bool = False
    kind: str = "choose"  # the ruleset's own name for the decision (informational)
    # The decision's form (engine/core/decisions.py): "one" option; "pick" between `lo`
    # and `hi` distinct options; an "amount" from `lo` to `hi`; "allocate" exactly `lo`
    # entries in order, each option up to its `cap` times (hits, say).
    form: str = "one"
    lo: int = 1
    hi: int = 1
    # Facts about the decision as a whole (the theater it concerns...), for prompts whose
    # options cannot carry them (an amount has none); players read these, not the text.
    data: dict[str, Any] | None = field(default=None, hash=False)

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "seat": self.seat,
            "text": self.text,
            "rule": self.rule,
            "secret": self.secret,
            "kind": self.kind,
            "form": self.form,
            "options": [o.to_dict() for o in self.options],
        }
        if self.form != "one":
            d["lo"], d["hi"] = self.lo, self.hi
        if self.data is not None:
            d["data"] = self.data
        return d


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `seats` is None for a public event, otherwise the
    seats allowed to see it (private events never reach public output)."""

    kind: str
    text: str
    seats: tuple[str, ...] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        return self.seats is None

    def visible_to(self, seat: str | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text,
                "seats": list(self.seats) if self.seats is not None else None,
                "data": self.data}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        seats = d.get("seats")
        return cls(d["kind"], d["text"], tuple(seats) if seats is not None else None,
                   d.get("data") or {})


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended. `winners` are the seats that won (several: allies or a shared
    win; none: a draw). `places` ranks every seat, best first, seats sharing a place
    grouped (a free-for-all's order; a winning faction inside its winning city); empty:
    the winners first and every other seat second. `scores` are the final tallies where
    the game counts them (Honor, victory points), for tables and tie-breaks."""

    winners: tuple[str, ...]
    reason: str
    rule: str | None = None
    places: tuple[tuple[str, ...], ...] = ()
    scores: tuple[tuple[str, float], ...] = ()

    def ranking(self, seats: tuple[str, ...] | list[str]) -> tuple[tuple[str, ...], ...]:
        """Every seat of `seats` by place, best first (seats not ranked share the last)."""
        if self.places:
            ranked = [tuple(s for s in group if s in seats) for group in self.places]
            rest = tuple(s for s in seats if not any(s in g for g in self.places))
            return tuple(g for g in (*ranked, rest) if g)
        if not self.winners:
            return (tuple(seats),) if seats else ()
        losers = tuple(s for s in seats if s not in self.winners)
        return tuple(g for g in (tuple(s for s in seats if s in self.winners), losers) if g)

    def place_of(self, seat: str, seats: tuple[str, ...] | list[str]) -> int:
        """1 for the best place; seats sharing a place share its number."""
        for n, group in enumerate(self.ranking(seats), 1):
            if seat in group:
                return n
        raise KeyError(seat)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"winners": list(self.winners), "reason": self.reason,
                             "rule": self.rule}
        if self.places:
            d["places"] = [list(g) for g in self.places]
        if self.scores:
            d["scores"] = {seat: score for seat, score in self.scores}
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(tuple(d["winners"]), d["reason"], d.get("rule"),
                   tuple(tuple(g) for g in d.get("places") or ()),
                   tuple((str(k), v) for k, v in (d.get("scores") or {}).items()))


@dataclass(frozen=True, slots=True)
class Scenario:
    """A set-up. `seats` are every seat of the game, whatever the player count;
    `teams` groups allied seats (they win or lose together; empty: every seat alone);
    `players` maps each player count the scenario allows to the seats one person holds
    together at that count (empty: one person per seat). Example: four factions in two
    teams played by two people: players={4: ((a,), (b,), (c,), (d,)), 2: ((a, b), (c, d))}."""

    id: str
    title: str
    seats: tuple[str, ...]
    description: str = ""
    teams: tuple[tuple[str, ...], ...] = ()
    players: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...] = ()

    def holdings(self, count: int | None = None) -> tuple[tuple[str, ...], ...]:
        """The groups of seats one person holds, for `count` players (None: the most)."""
        table = dict(self.players)
        if not table:
            if count not in (None, len(self.seats)):
                raise IllegalAction(f"{self.title} is for {len(self.seats)} players")
            return tuple((s,) for s in self.seats)
        if count is None:
            count = max(table)
        if count not in table:
            raise IllegalAction(f"{self.title} is for {' or '.join(map(str, sorted(table)))} "
                                f"players, not {count}")
        return table[count]

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(sorted(dict(self.players))) or (len(self.seats),)

    def team_of(self, seat: str) -> tuple[str, ...]:
        return next((t for t in self.teams if seat in t), (seat,))


@dataclass(frozen=True, slots=True)
class GameOption:
    """An option chosen when a game is created (an optional rule, say)."""

    id: str
    label: str
    default: Any = False
    rule: str | None = None
    choices: tuple[Any, ...] | None = None
    # The value a game recorded before this option existed plays by, so that its log
    # replays as it was played (`recorded_options`); None: such games take the default.
    before: Any = None


@dataclass(frozen=True, slots=True)
class SideBidding:
    """A two-sided game's way of bidding for sides (the house's `sides: bid` lobby,
    docs/architecture.md): what a bid is counted in, the highest bid taken, and where the
    ruleset explains what the winning bidder pays. The payment itself is options:
    `Ruleset.side_bid_options`."""

    unit: str  # "Prestige", "steps"
    most: int  # bids run from 0 to this
    rule: str  # the rule or ruling that says what a bid costs
