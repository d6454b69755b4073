"""Events that would do nothing if played now, told before the choice (issue 32): a card
committed as its Event is spent either way, so the commitment menu says when the Event
has nothing to act on at this moment. It is a warning, not a ban: the rules allow the
play, and the position may change before the card resolves (the other player may act
first, 3.3)."""

from __future__ import annotations

from . import board as B
from .cards import card
from .events import (
    civil_war_targets,
    helot_targets,
    hunger_targets,
    ostracism_targets,
    plague_targets,
    revolt_allowance,
    revolt_cities,
)
from .siege import established
from .state import NEW_YEAR, HState, Side


def no_effect(s: HState, side: Side, n: int) -> str | None:
    """Why card `n` played as its Event by `side` would do nothing now, or None."""
    ev = card(s, n).event
    kind = ev.kind
    if kind == "leader":  # 3.11: one Leader per side; a second is wasted
        lead = card(s, n).leader
        if lead is not None and s["cards"]["leaders"].get(lead.side) is not None:
            return f"{B.side_name(lead.side)} already has a Leader (3.11)"
        return None
    if kind == "ostracism":
        return None if ostracism_targets(s) else "no Leader may be deposed (3.11)"
    if kind == "revolt":
        regional, spreading, taxes = revolt_allowance(s, bool(ev.params.get("spreading")))
        region = str(ev.params.get("region"))
        if (regional and revolt_cities(s, region, spreading)) or \
                (taxes and revolt_cities(s, region, True)):
            return None
        return "no vacant subject City can revolt (3.12)"
    if kind == "treachery":  # a siege of this side's from a prior Season, in a Player Turn
        if s["season"] == NEW_YEAR or not any(
                sg["besieger"] == side and established(s, name)
                for name, sg in s["sieges"].items()):
            return "no City under your siege since a prior Season (sidebar)"
        return None
    found = {"plague": lambda: plague_targets(s, False),
             "plague-returns": lambda: plague_targets(s, True),
             "civil-war": lambda: civil_war_targets(s),
             "helots": lambda: helot_targets(s),
             "hunger": lambda: hunger_targets(s, side)}.get(kind)
    if found is not None and not found():
        return NO_TARGET[kind]
    return None


NO_TARGET = {"plague": "no City is under siege (sidebar)",
             "plague-returns": "no City holds units (sidebar)",
             "civil-war": "no City may fall into Civil War (sidebar)",
             "helots": "Sparta, Messenia and Pylos are all occupied (sidebar)",
             "hunger": "you besiege no City that Hunger can strike (sidebar)"}
