"""Renders for Athens & Sparta (ruleset `athens-sparta`)."""

from __future__ import annotations

from ..registry import Renderer
from . import combat, hand, mapdraw

RENDERER = Renderer(map=mapdraw.render, combat=combat.render, hand=hand.render)
