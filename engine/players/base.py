"""The player interface: an automated seat sees what its seat may know and answers.

A player is given the seat's view (`Game.view(seat)`), the seat's own open prompt and,
optionally, a `Lookahead`; it returns the id of one of the prompt's options. It never
touches the game's state or the game's dice: its own randomness comes from an `Rng`
seeded with the player's seed, so a player's choices replay exactly and say nothing about
the game's dice stream.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.rng import Rng
from ..core.types import Prompt


@dataclass(frozen=True, slots=True)
class Preview:
    """What the seat would see right after choosing an option: its view and its own next
    prompt (None when the seat would have nothing to decide)."""

    view: dict[str, Any]
    prompt: Prompt | None
    # The lookahead from that position, for the seat's next decision.
    then: Lookahead | None = None


# Given an option id, the Preview after it, or None when choosing it would bring
# something new to light (a die, a shuffle, a hidden block or card): such an outcome is
# not the seat's to foresee. See engine/players/lookahead.py.
Lookahead = Callable[[str], Preview | None]


@dataclass(frozen=True, slots=True)
class World:
    """A private game the seat may play forward: the state of a sample in which every
    fact hidden from the seat was drawn afresh from what its view allows
    (`Ruleset.determinize`), never the true state. Only the search level asks for them."""

    rules: Any  # the Ruleset
    state: Any


# Given the player's own Rng, a fresh World; None when the ruleset offers no samples.
Worlds = Callable[[Rng], World]


class Player(ABC):
    """One automated seat. Subclasses set `level` and implement `choose`."""

    level: ClassVar[str]
    # Players that search sampled worlds say so; `decide` then hands them `worlds`.
    uses_worlds: ClassVar[bool] = False
    # The rulesets a level is written for (None: any with a heuristic).
    rulesets: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, seed: str | int = 0, **options: Any):
        self.seed = seed
        self.rng = Rng(f"player:{self.level}:{seed}")

    @abstractmethod
    def choose(self, view: dict[str, Any], prompt: Prompt,
               lookahead: Lookahead | None = None) -> str:
        """The id of one of `prompt.options`."""


_LEVELS: dict[str, type[Player]] = {}


def register_level(cls: type[Player]) -> type[Player]:
    """Class decorator: make a player level available by its name."""
    _LEVELS[cls.level] = cls
    return cls


def levels() -> list[str]:
    _load_builtin()
    return sorted(_LEVELS)


def player(level: str, seed: str | int = 0, **options: Any) -> Player:
    """A new player of the named level ("random", "heuristic", …); `options` are the
    level's settings (the search level's `budget_s`), ignored by levels without them."""
    _load_builtin()
    cls = _LEVELS.get(level)
    if cls is None:
        raise ValueError(f"no player level {level!r}; choose one of {', '.join(sorted(_LEVELS))}")
    return cls(seed, **options)


def cannot_play(level: str, ruleset_id: str) -> str | None:
    """Why a player of `level` cannot take a seat of `ruleset_id`, or None if it can:
    every level but random builds on the ruleset's heuristic."""
    _load_builtin()
    if level not in _LEVELS:
        return f"no player level {level!r}; choose one of {', '.join(sorted(_LEVELS))}"
    if level == "random":
        return None
    only = _LEVELS[level].rulesets
    if only is not None and ruleset_id not in only:
        return f"the {level} level plays only {', '.join(only)}"
    try:
        importlib.import_module(f"{__package__}.heuristic").heuristic_for(ruleset_id)
    except ValueError as exc:
        return str(exc)
    return None


# The modules whose import registers the built-in levels; they build on this module, so
# they are loaded by name when a level is first asked for, not imported above.
BUILTIN_LEVELS = ("heuristic", "random_player", "search", "phormio.player")


def _load_builtin() -> None:
    for module in BUILTIN_LEVELS:
        importlib.import_module(f"{__package__}.{module}")
