"""The Sicily box's record (19.0), read by the tribute, supply and the cards below the
Sicily procedures in `sicily.py`: whether a Resolution has come, its victor, the tribute
an Athenian Sicily pays."""

from __future__ import annotations

import math
from typing import Any

from . import ionian
from .state import EState, dealt


def box(s: EState) -> dict[str, Any]:
    held: dict[str, Any] = dealt(s).setdefault("sicily", {"escalations": [], "first_year": None,
                                            "result": None, "carthage": False})
    return held


def active(s: EState) -> bool:
    return bool(s.get("cards"))


def resolved(s: EState) -> bool:
    return active(s) and box(s)["result"] is not None


def victor(s: EState) -> str | None:
    """Who won in Sicily: the Resolution's victor, or Sparta in the Ionian War, which
    begins after the expedition's destruction (27.1, 27.2.1)."""
    if resolved(s):
        return str(box(s)["result"]["victor"])
    return "sparta" if active(s) and s["scenario"] in ionian.SICILIAN_FLEETS else None


def tribute(s: EState) -> int:
    """An Athenian Sicily pays E talents a year; Carthage halves it (ours: rounded up, as
    the Resolution rounds its halves)."""
    if victor(s) != "athens":
        return 0
    e = int(box(s)["result"]["e"])
    return math.ceil(e / 2) if box(s)["carthage"] else e
