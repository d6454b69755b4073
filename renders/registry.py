"""Which renderer draws which game, found the way rulesets are: the `renderer` of a game's
`keryx.games` entry (engine/core/games.py; "module:RENDERER"), and modules that call
`register` on import (KERYX_PLUGINS). A view names its ruleset in view["game"]["ruleset"]
(or view["ruleset"])."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import games

from . import theme


@dataclass(frozen=True)
class Renderer:
    map: Callable[[dict[str, Any]], bytes]
    combat: Callable[[dict[str, Any], dict[str, Any] | None], bytes]
    hand: Callable[[dict[str, Any]], bytes]
    # The colour of each side of this game (pieces, areas, banners); seats of one team
    # usually share a colour family.
    colours: Mapping[str, theme.RGB] = field(default_factory=lambda: dict(theme.SIDE))


# Ruleset id -> "module:RENDERER" registered in the process (KERYX_PLUGINS); imported on
# first use like the games' own, so drawing code (and a base map) costs nothing until a
# game of it is drawn.
_registered: dict[str, str] = {}


class NoRenderer(LookupError):
    pass


def known() -> dict[str, str]:
    """Ruleset id -> "module:attribute" of its Renderer."""
    declared = {rid: g.renderer for rid, g in games.games().items() if g.renderer}
    return declared | _registered


def ruleset_of(view: dict[str, Any] | None) -> str | None:
    if not view:
        return None
    return (view.get("game") or {}).get("ruleset") or view.get("ruleset")


def renderer(ruleset_id: str | None) -> Renderer:
    module = known().get(ruleset_id or "")
    if module is None:
        raise NoRenderer(f"no renderer for ruleset {ruleset_id!r}; known: "
                         f"{', '.join(sorted(known()))}")
    found = games.load_object(module if ":" in module else f"{module}:RENDERER")
    if not isinstance(found, Renderer):
        raise NoRenderer(f"{module} is not a Renderer")
    return found


def register(ruleset_id: str, module: str) -> None:
    """A renderer for a ruleset registered in the process: `module` defines RENDERER (or
    is "module:attribute")."""
    _registered[ruleset_id] = module
