"""Positions: start a game anywhere in the rules (POSITIONS.md), for tests and bug reports.

A position is the scenario's start with some facts replaced, then the flow begun at a
named procedure. Every key but `scenario` is optional:

    {"scenario": "431", "year": 430, "season": 1, "prestige": -3,
     "blocks": {"A1": {"loc": "POT", "cv": 3, "inside": false}, "S7": {"loc": "pool"}},
     "garrisons": {"Naxos": {"side": "sparta", "kind": "event"}},
     "sieges": {"Potidea": {"besieger": "athens", "since": -1, "blockade_since": -1}},
     "hands": {"athens": [5, 9], "sparta": [12]}, "deck": [...], "in_play": [1, 2],
     "leaders": {"athens": 1, "sparta": null}, "sacrifices": {"athens": {"Ares": 431}},
     "effects": {"war_resumed": true}, "order": ["sparta", "athens"],
     "revealed": {"athens": {"card": 9, "use": "actions"}, ...},
     "turn": {"side": "athens", "event": false, "actions": 3},
     "start": "actions", "args": {"side": "athens"}}
"""

from __future__ import annotations

import copy
from typing import Any

from engine import IllegalAction
from engine.core.ruleset import Context

from . import board as B
from .migrate_winter import named_step
from .setup import new_state, shuffle_deck
from .state import POOL, HState, Side, new_turn


def setup_position(ctx: Context, position: dict[str, Any], machine: Any) -> HState:
    # the position's dicts become the state's: a copy, so the caller's are never live
    position = copy.deepcopy(position)
    scenario = str(position.get("scenario", "431"))
    if scenario not in B.comps().setups:
        raise IllegalAction(f"no scenario {scenario!r}")
    s = new_state(scenario)
    shuffle_deck(s, ctx)
    for key in ("year", "season", "stamp", "prestige"):
        if key in position:
            s[key] = int(position[key])
    for bid, x in position.get("blocks", {}).items():
        if bid not in s["blocks"]:
            side: Side = "athens" if bid.startswith("A") else "sparta"
            s["blocks"][bid] = {"side": side, "loc": POOL, "cv": 0, "inside": False}
        b = s["blocks"][bid]
        b["loc"] = x.get("loc", b["loc"])
        off = b["loc"] in (POOL, "aside")
        b["cv"] = 0 if off else int(x.get("cv", b["cv"] or 1))
        b["inside"] = False if off else bool(x.get("inside", False))
    for key in ("garrisons", "sieges", "sacrifices"):
        if key in position:
            s[key] = position[key]  # type: ignore[literal-required]
    c = s["cards"]
    if "hands" in position:
        for side, hand in position["hands"].items():
            c["hands"][side] = sorted(hand)
    for key in ("in_play", "leaders", "order", "revealed", "deck", "discard"):
        if key in position:
            c[key] = position[key]  # type: ignore[literal-required]
    if "hands" in position or "in_play" in position or "deck" not in position:
        used = {n for h in c["hands"].values() for n in h} | set(c["in_play"]) | set(c["discard"])
        used |= {r["card"] for r in c["revealed"].values()}
        c["deck"] = [n for n in c["deck"] if n not in used]
    s["effects"].update(position.get("effects", {}))
    if "turn" in position:
        t = position["turn"]
        s["turn"] = new_turn(t["side"], bool(t.get("event", False)), int(t.get("actions", 0)))
    if ctx.generation:  # the questions of the game's generation (rules.py)
        s["generation"] = ctx.generation
    start, args = position.get("start", "new_year"), dict(position.get("args", {}))
    if start == "winter" and "stage" in args:  # a position written before version 6
        start, args = named_step(int(args["stage"]), c["order"])
    machine.start(s, ctx, start, **args)
    return s
