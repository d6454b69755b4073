"""Positions and moves for the rulebook tests (tests/pericles/test_rulebook_*.py): each
test sets up a position, starts one procedure of the ruleset on it and answers its
prompts, with the battle cards fixed by stacking the decks."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.types import Prompt
from engine.rulesets.pericles import assembly as asm
from engine.rulesets.pericles.rules import MACHINE
from engine.rulesets.pericles.scenarios import initial_state
from engine.rulesets.pericles.schema import PericlesState


def position(scenario: str = "14.1.06 A1", war: bool = True) -> PericlesState:
    """A scenario's set-up (by default the turn-6 position of the worked example, 16.0)
    with nothing under way."""
    s = initial_state(scenario)
    s["war"] = war
    s["flow"] = []
    return s


def start(s: PericlesState, name: str, **args: Any) -> Context:
    """Start procedure `name` on its own; the context is for the answers."""
    s["flow"] = []
    ctx = Context(Rng("rulebook"))
    MACHINE.start(s, ctx, name, **args)
    return ctx


def prompt(s: PericlesState, seat: str) -> Prompt:
    return next(p for p in MACHINE.prompts(s) if p.seat == seat)


def options(s: PericlesState, seat: str) -> set[str]:
    return {o.id for o in prompt(s, seat).options}


def answer(s: PericlesState, ctx: Context, *moves: tuple[str, str]) -> None:
    for seat, option in moves:
        MACHINE.act(s, seat, option, ctx)


def card(city: str, face: int) -> int:
    """A political card of `city` with this face value: stacked on a deck, it is the
    battle card (or a raid's ravage) that comes up next (9.1, 9.3)."""
    return min(c.number for c in asm.decks()[city].cards if c.face == face)


def cards(s: PericlesState, athens: int, sparta: int) -> None:
    """The next battle card of each city has these faces."""
    s["deck"] = {"athens": [card("athens", athens)], "sparta": [card("sparta", sparta)]}


def expedition(s: PericlesState, theater: str, cg: str, city: str,
               committed: dict[str, int], ship: bool = False) -> None:
    """An expedition already marched: only its battle is left to fight (9.2)."""
    s["expedition"] = {"theater": theater, "cg": cg, "city": city, "moves": 0,
                       "revealed": True, "ship": ship}
    s["committed"] = dict(committed)
    s["state_ship"] = "used"
