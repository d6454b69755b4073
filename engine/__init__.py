"""Keryx's rules engine: pure, deterministic, no I/O (docs/architecture.md)."""
# ruff: noqa: E402 - the compiled build is checked before any other engine module loads

from __future__ import annotations

from .compiled import check_fresh

check_fresh()  # in every process, whichever ruleset it plays: no stale build runs

from typing import Any

import orjson

from .core.game import Game
from .core.registry import register, ruleset
from .core.registry import rulesets as ruleset_ids
from .core.rng import new_seed, seed_hash
from .core.ruleset import Context, Ruleset
from .core.types import (
    Event,
    GameOption,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    Scenario,
    SideBidding,
)
from .core.verify import VerifyReport, verify_game
from .core.version import ENGINE_VERSION

__all__ = [
    "ENGINE_VERSION", "Context", "Event", "Game", "GameOption", "IllegalAction", "Option",
    "Outcome", "Prompt", "Ruleset", "Scenario", "SideBidding", "VerifyReport", "load_game",
    "new_game",
    "new_seed", "register", "ruleset", "ruleset_ids", "seed_hash", "verify_game",
]



def new_game(ruleset_id: str, scenario: str | None = None, seed: str | int | None = None,
             options: dict[str, Any] | None = None, generation: int | None = None) -> Game:
    """A new game (or, with the `generation` a record gives, a recorded one's start)."""
    return Game.create(ruleset(ruleset_id), scenario=scenario, seed=seed, options=options,
                       generation=generation)


def load_game(text: str | dict[str, Any], replay: bool = False) -> Game:
    data = orjson.loads(text) if isinstance(text, str) else text
    return Game.from_dict(data, ruleset(data["ruleset"]), replay=replay)
