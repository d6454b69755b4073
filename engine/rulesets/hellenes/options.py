"""Options that name a unit, with their facts (`Option.data`): renderers and automated
players read the unit, its strength and place from here, never from the label."""

from __future__ import annotations

from typing import Any

from engine import Option

from . import board as B
from .state import HState


def unit_option(s: HState, u: str, rule: str, label: str | None = None,
                **facts: Any) -> Option:
    """Unit `u` as a choice: by default labelled with its name and combat value."""
    x = s["blocks"][u]
    return Option(u, label or f"{B.spec(u).name} ({x['cv']} cv)", rule,
                  data={"kind": "unit", "unit": u, "cv": x["cv"], "area": x["loc"],
                        "inside": x["inside"], **facts})
