"""Automated players: the player interface, its levels and duels between them."""

from .base import (
    Lookahead,
    Player,
    Preview,
    World,
    Worlds,
    cannot_play,
    levels,
    player,
    register_level,
)
from .lookahead import decide, lookahead_for

__all__ = ["Lookahead", "Player", "Preview", "World", "Worlds", "cannot_play", "decide",
           "levels", "lookahead_for", "player", "register_level"]
