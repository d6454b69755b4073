"""Units lost: to the Build Pool or for good (7.9.1), and passengers lost at sea when
too few ships are left to carry them (16.7.2)."""

from __future__ import annotations

from . import board as B
from . import fleets as F
from . import politics as P
from .notes import AnyFlow, note
from .state import DEAD, EState

ELITE = 6  # 7.9.1: a unit of morale 6 is elite


def eliminate(s: EState, uid: str) -> None:
    """A unit lost: to its region's Build Pool (7.9.1), but for good when elite or in the
    simplified game, which has no Build stage (22.4.1)."""
    P.unit_lost(s, uid)
    u = s["units"][uid]
    keep = not B.comps().scenarios[s["scenario"]].simplified_turn and u["morale"] < ELITE \
        and u["home"] in s["regions"]
    u.update({"where": "build" if keep else DEAD, "hex": None, "forage": False, "raid": False})


def drown(flow: AnyFlow, where: str, side: str) -> None:
    """16.7.2: land units at sea beyond what the fleets left can carry are lost."""
    s = flow.state
    here = B.units_at(s, where, side)
    fleets = [u for u in here if s["units"][u]["type"] == "fleet"]
    cargo = [u for u in here if u not in fleets]
    while cargo and not F.capacity_ok(s, fleets, cargo):
        u = cargo.pop()
        eliminate(s, u)
        note(flow, f"{u} is lost at sea with its ships (16.7.2)")
