"""Which renderer draws which game, found the way rulesets are: built-in ones from a table,
third-party ones through the `keryx.renderers` entry-point group (name = ruleset id,
value = module defining RENDERER), and modules that call `register` on import
(KERYX_PLUGINS). A view names its ruleset in view["game"]["ruleset"] (or view["ruleset"])."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from . import theme


@dataclass(frozen=True)
class Renderer:
    map: Callable[[dict[str, Any]], bytes]
    combat: Callable[[dict[str, Any], dict[str, Any] | None], bytes]
    hand: Callable[[dict[str, Any]], bytes]
    # The colour of each side of this game (pieces, areas, banners); seats of one team
    # usually share a colour family.
    colours: Mapping[str, theme.RGB] = field(default_factory=lambda: dict(theme.SIDE))


# Ruleset id -> module that defines RENDERER; imported on first use, so a game's
# drawing code (and its base map) costs nothing until a game of it is drawn.
_BUILTIN = {"athens-sparta": "renders.athens_sparta", "hellenes": "renders.hellenes",
            "epic": "renders.epic"}
_registered: dict[str, str] = {}


class NoRenderer(LookupError):
    pass


def _external() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group="keryx.renderers")}


def known() -> dict[str, str]:
    return _BUILTIN | _external() | _registered


def ruleset_of(view: dict[str, Any] | None) -> str | None:
    if not view:
        return None
    return (view.get("game") or {}).get("ruleset") or view.get("ruleset")


def renderer(ruleset_id: str | None) -> Renderer:
    module = known().get(ruleset_id or "")
    if module is None:
        raise NoRenderer(f"no renderer for ruleset {ruleset_id!r}; known: "
                         f"{', '.join(sorted(known()))}")
    found = getattr(importlib.import_module(module.split(":")[0]), "RENDERER", None)
    if not isinstance(found, Renderer):
        raise NoRenderer(f"{module} does not define RENDERER")
    return found


def register(ruleset_id: str, module: str) -> None:
    _registered[ruleset_id] = module
