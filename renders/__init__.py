"""Keryx's renderer: a view (what one seat, or the public, may know) in, PNG bytes out.

Renders are pure functions of their arguments; the only shared state is each game's
base map, built once and never drawn on, so they may run in worker threads."""

from __future__ import annotations

from typing import Any

from .registry import NoRenderer, register, renderer, ruleset_of

__all__ = ["NoRenderer", "register", "render_combat", "render_hand", "render_map"]


def render_map(view: dict[str, Any]) -> bytes:
    """The map for a view: the public map for view(None), a seat's map (its own blocks
    identified) for view(seat)."""
    return renderer(ruleset_of(view)).map(view)


def render_combat(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    """A battle record (a `battle_end` event's data["battle"]) or the battle in progress.
    The ruleset comes from the viewer's view (or {"ruleset": id}), else the record."""
    return renderer(ruleset_of(viewer_view) or battle.get("ruleset")).combat(battle, viewer_view)


def render_hand(view: dict[str, Any]) -> bytes:
    """The viewer's cards, for an ephemeral reply."""
    return renderer(ruleset_of(view)).hand(view)
