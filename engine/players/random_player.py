"""The `random` level: any offered option, uniformly, from the player's own stream."""

from __future__ import annotations

from typing import Any

from ..core import decisions
from ..core.types import Prompt
from .base import Lookahead, Player, register_level


@register_level
class RandomPlayer(Player):
    level = "random"

    def choose(self, view: dict[str, Any], prompt: Prompt,
               lookahead: Lookahead | None = None) -> str:
        # For a one-option prompt this draws exactly as rng.choice(prompt.options) does.
        return decisions.random_answer(prompt, self.rng)
