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


def unit_words(s: HState, u: str) -> str:
    """A unit as its owner tells it from the others: name, block number, strength and
    place ("Athenian Hoplites 2 (3 cv) in Stagira"); for the owner's own prompts only."""
    x = s["blocks"][u]
    spec = B.spec(u)
    where = B.comps().areas[x["loc"]].name
    return f"{spec.name} {spec.number} ({x['cv']} cv) {'inside' if x['inside'] else 'in'} {where}"


def placed_unit_option(s: HState, u: str, rule: str, **facts: Any) -> Option:
    """Unit `u` as a choice among units of several places (a multi-select)."""
    return unit_option(s, u, rule, unit_words(s, u), **facts)
