"""Shared helpers for the Hellenes rules tests: positions, answers, fixed dice."""

from __future__ import annotations

from typing import Any

import engine
from engine.core.game import Game
from engine.core.rng import Rng
from engine.testing import FixedRng

RULES = engine.ruleset("hellenes")


def position(**kw: Any) -> Game:
    return RULES.from_position(kw, seed="test")


def prompt(g: Game, seat: str):
    p = g.prompt_for(seat)
    assert p is not None, f"{seat} has nothing to decide; to act: {[x.seat for x in g.prompts()]}"
    return p


def ids(g: Game, seat: str) -> list[str]:
    return [o.id for o in prompt(g, seat).options]


def battle_args(g: Game) -> dict[str, Any]:
    """The battle's own arguments (its progress): the nearest `battle` frame's, below the
    step it is at (battle.py)."""
    args: dict[str, Any] = next(f["args"] for f in reversed(g.state["flow"])
                                if f["name"] == "battle")
    return args


def fix_dice(g: Game, values: list[int]) -> FixedRng:
    g.rng = FixedRng(values)
    return g.rng


def play_out(g: Game, seed: str = "p") -> None:
    from engine.selfplay import play_random

    _, problem = play_random(g, Rng(seed))
    assert problem is None, problem


def move_all(g: Game, seat: str) -> None:
    """A Group Move's movers, picked in one choice (5.0): every unit that can go; each is
    then asked its destination, staying still offered."""
    p = prompt(g, seat)
    assert p.kind == "movers", p.kind
    g.act(seat, "|".join(o.id for o in p.options))


def winter_line(g: Game, seat: str, answer: str) -> None:
    """What was one Winter menu line ("quarter:UNIT:AREA", "home:...", "maintain:UNIT")
    as today's three steps: the kind, the unit picked, and where it goes if asked."""
    verb, _, rest = answer.partition(":")
    g.act(seat, verb)
    g.act(seat, rest.split(":")[0])
    p = g.prompt_for(seat)
    if p is not None and p.kind == "winter-place":
        g.act(seat, answer)


def winter_ids(g: Game, seat: str) -> list[str]:
    """The Winter menu's ids with each unit's ways to Quarter and go Home spelled out as
    "quarter:UNIT:AREA" and "home:UNIT:AREA" (what the multi-selects offer, 9.211, 9.212)."""
    from engine.rulesets.hellenes.phases import _wintering_options

    s = g.state
    w = _wintering_options(s, seat, s["turn"]["actions"])
    return ids(g, seat) + [f"{verb}:{b}:{d}" for verb, found in (("quarter", w.quarter),
                                                                 ("home", w.home))
                           for b, dests in found.items() for d in dests]


POTIDEA_SIEGE = {"besieger": "athens", "since": -1, "blockade_since": -1}  # 15.1


def platea_besieged(side: str, start: str, season: int = 1, actions: int = 0,
                    since: int = 4, event: bool = False, blocks: dict[str, Any] | None = None,
                    **kw: Any) -> Game:
    """At stamp 5, Theban hoplites (S25, C3, 3 cv) besiege the Plataean hoplites (A6,
    2 cv) fortified in Platea with its inherent garrison, since stamp `since`; Potidea as
    the 431 set-up has it. `side` acts, the flow begun at `start`."""
    placed = {"A6": {"loc": "PLA", "cv": 2, "inside": True}, "S25": {"loc": "PLA", "cv": 3},
              **(blocks or {})}
    args: dict[str, Any] = {"side": side}
    if start == "winter_actions":
        args["maintained"] = []
    return position(scenario="431", season=season, stamp=5, blocks=placed,
                    turn={"side": side, "actions": actions, "event": event},
                    start=start, args=args,
                    garrisons={"Platea": {"side": "athens", "kind": "inherent"},
                               "Potidea": {"side": "sparta", "kind": "detached"}},
                    sieges={"Platea": {"besieger": "sparta", "since": since,
                                       "blockade_since": None},
                            "Potidea": dict(POTIDEA_SIEGE)}, **kw)
