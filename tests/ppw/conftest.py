"""Helpers for the ppw rules tests: a fresh 431 state and dice fixed in advance."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.ruleset import Context
from engine.rulesets.ppw.state import PpwState, new_state
from engine.testing import FixedRng


def fresh(scenario: str = "431", players: int = 4) -> PpwState:
    """The 431 set-up before anything is played (rule 9.1)."""
    return new_state(scenario, players)


def dice(*values: int) -> Context:
    """A context whose dice come out as given (and fail the test if more are asked)."""
    return Context(FixedRng(list(values)))


def clear(s: PpwState, *spaces: str) -> None:
    """Empty spaces of SPs and garrisons, to build a small situation."""
    for sp in spaces:
        s["forces"].pop(sp, None)
        s["garrisons"].pop(sp, None)


def give_order(game: Game, seat: str, order: str) -> int:
    """Seal `order` (an id of flow.order_options) for `seat` through the order's steps
    (engine/rulesets/ppw/orders.py): its stack, its region if asked, then the order.
    Returns the number of steps taken."""
    kind_from_to = order.split(":")[1:] if order.startswith("op:") else None
    for step in range(1, 4):
        p = game.prompt_for(seat)
        assert p is not None and p.kind == "order"
        if any(o.id == order for o in p.options):
            game.act(seat, order)
            return step
        assert kind_from_to is not None, f"{order} is not offered"
        origin, kind, to = kind_from_to
        nxt = next(o for o in p.options if o.data and o.data.get("op") in ("stack", "region")
                   and o.data["from"] == origin and o.data["kind"] == kind
                   and to in o.data["objectives"])
        game.act(seat, nxt.id)
    raise AssertionError(f"{order} not reached in three steps")


def give_action(game: Game, seat: str, action: str) -> int:
    """Seal the diplomatic `action` (an id of diplomacy.options) for `seat` through its
    groups (engine/rulesets/ppw/diplomacy_menu.py). Returns the number of steps taken."""
    for step in range(1, 5):
        p = game.prompt_for(seat)
        assert p is not None and p.kind == "diplomacy"
        if any(o.id == action for o in p.options):
            game.act(seat, action)
            return step
        nxt = next(o for o in p.options if o.data and o.data.get("action") == "group"
                   and any(x["id"] == action for x in o.data["leaves"]))
        game.act(seat, nxt.id)
    raise AssertionError(f"{action} not reached in four steps")
