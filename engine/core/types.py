"""Plain value types shared by every ruleset: prompts, options, events, outcomes."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


class IllegalAction(ValueError):
    """A choice the rules do not allow now. The message is shown to the player as is;
    the game is unchanged after it is raised."""


@dataclass(frozen=True, slots=True)
class Option:
    id: str
    label: str
    rule: str | None = None  # citation such as "4.4"

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "rule": self.rule}


@dataclass(frozen=True, slots=True)
class Prompt:
    seat: str
    text: str
    options: tuple[Option, ...]
    rule: str | None = None
    # A secret prompt is one of a simultaneous set (both seats commit face-down);
    # the choice made stays hidden from the other seat until the rules reveal it.
    secret: bool = False
    kind: str = "choose"

    def option(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "text": self.text,
            "rule": self.rule,
            "secret": self.secret,
            "kind": self.kind,
            "options": [o.to_dict() for o in self.options],
        }


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
    winners: tuple[str, ...]
    reason: str
    rule: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"winners": list(self.winners)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        return cls(tuple(d["winners"]), d["reason"], d.get("rule"))


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    title: str
    seats: tuple[str, ...]
    description: str = ""


@dataclass(frozen=True, slots=True)
class GameOption:
    """An option chosen when a game is created (an optional rule, say)."""

    id: str
    label: str
    default: Any = False
    rule: str | None = None
    choices: tuple[Any, ...] | None = None
