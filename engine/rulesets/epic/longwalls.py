"""The unit building Long Walls (7.6.5): it stands outside the walls of its fortress for
combat, and the works are given up the moment it moves, or retreats into either fortress,
before the two seasons are up (the finished walls themselves: `building.py`, `board.py`).

The works are `s["works"]` entries with "ends"; "unit" is the builder, "hex" where it
stands."""

from __future__ import annotations

from typing import Any

from . import board as B
from .state import EState


def works(s: EState) -> list[dict[str, Any]]:
    return [w for w in s.get("works", []) if "ends" in w]


def builders_at(s: EState, h: str, side: str) -> list[str]:
    """Land units of `side` at `h` building Long Walls: in a battle there they fight outside
    the walls (7.6.5), whatever their side would choose (10.2.1a)."""
    return sorted(w["unit"] for w in works(s) if w["hex"] == h and w["side"] == side
                  and w["unit"] in s["units"] and s["units"][w["unit"]]["hex"] == h)


def give_up(s: EState, uids: list[str], why: str) -> list[str]:
    """7.6.5: the Long Walls counter goes when its builder moves or retreats into a
    fortress; `why` says which, for the log."""
    lines = []
    for w in works(s):
        if w["unit"] in uids:
            s["works"].remove(w)
            a, b = w["ends"]
            lines.append(f"The Long Walls between {B.place_name(s, a)} and "
                         f"{B.place_name(s, b)} are abandoned: {w['unit']} {why} (7.6.5)")
    return lines


def sweep(s: EState) -> list[str]:
    """7.6.5: after a move, works whose builder has left its hex (by land or aboard ships)
    are given up at once."""
    gone = [w["unit"] for w in works(s) if w["unit"] in s["units"]
            and s["units"][w["unit"]]["where"] == "map"
            and s["units"][w["unit"]]["hex"] != w["hex"]]
    return give_up(s, gone, "moves") if gone else []
