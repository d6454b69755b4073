"""Which renderer draws which game: a view names its ruleset in view["game"]["ruleset"]
(or view["ruleset"]); each ruleset registers its three drawing functions here."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Renderer:
    map: Callable[[dict[str, Any]], bytes]
    combat: Callable[[dict[str, Any], dict[str, Any] | None], bytes]
    hand: Callable[[dict[str, Any]], bytes]


# Ruleset id -> module that defines RENDERER; imported on first use, so a game's
# drawing code (and its base map) costs nothing until a game of it is drawn.
MODULES = {"athens-sparta": "renders.athens_sparta"}


class NoRenderer(LookupError):
    pass


def ruleset_of(view: dict[str, Any] | None) -> str | None:
    if not view:
        return None
    return (view.get("game") or {}).get("ruleset") or view.get("ruleset")


def renderer(ruleset_id: str | None) -> Renderer:
    module = MODULES.get(ruleset_id or "")
    if module is None:
        raise NoRenderer(f"no renderer for ruleset {ruleset_id!r}; known: {', '.join(MODULES)}")
    return importlib.import_module(module).RENDERER


def register(ruleset_id: str, module: str) -> None:
    MODULES[ruleset_id] = module
