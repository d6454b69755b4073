"""What a seat may see: the only place redaction happens. Everything on the table is
open (rule 1.8: status cards are public); what stays hidden is a sealed choice not yet
revealed (rules 2.1, 3.1, 7.2, 7.3), of which others see only that it was made."""

from __future__ import annotations

import copy
from typing import Any

from engine.core.flows import CHOSEN

from .board import board
from .components import MAJORS
from .control import controller, side_of, standing
from .state import PpwState
from .texts import fact_line


def sealed(s: PpwState) -> dict[str, Any]:
    frame = s["flow"][-1] if s["flow"] else None
    if frame is None:
        return {}
    chosen: dict[str, Any] = frame["args"].get(CHOSEN) or {}
    return chosen


def view(s: PpwState, seat: str | None) -> dict[str, Any]:
    b = board()
    chosen = sealed(s)
    spaces = {}
    for sp in b.spaces:
        entry: dict[str, Any] = {"controller": controller(s, sp)}
        if sp in s["forces"]:
            entry["forces"] = {o: list(v) for o, v in s["forces"][sp].items()}
        if sp in s["garrisons"]:
            entry["garrison"] = s["garrisons"][sp]
        if sp in s["rebel"]:
            entry["rebel"] = True
        if sp in s["ravaged"]:
            entry["ravaged"] = True
        if sp in s["siege"]:
            entry["siege"] = s["siege"][sp]
        if seat in MAJORS:
            entry["standing"] = standing(s, seat, sp)
        spaces[sp] = entry
    out: dict[str, Any] = {
        "viewer": seat,
        "scenario": s["scenario"],
        "players": s["players"],
        "turn": s["turn"],
        "last_turn": s["last_turn"],
        "phase": s["phase"],
        "round": s["round"],
        "status_cards": copy.deepcopy(s["majors"]),
        "relations": dict(s["relations"]),
        "treaties": dict(s["treaty_turn"]),
        "stances": copy.deepcopy(s["stances"]),
        # rule 1.6: the major each city-state and kingdom fights for (None: nobody's),
        # so a player reads sides here rather than working them out again
        "sides": {cs: side_of(s, cs) for cs in (*MAJORS, *s["stances"])},
        "spaces": spaces,
        "leaders": {ldr: {"status": st, "at": s["leader_at"].get(ldr)}
                    for ldr, st in s["leaders"].items() if st != "off"},
        "committed": sorted(chosen),
        "my_choice": chosen.get(seat) if seat is not None else None,
        "battle": copy.deepcopy(s["battle"]),
        "log": [fact_line(f) for f in s["log"][-12:]],
    }
    if s["phase"] == "over":
        out["winner"] = list(s.get("winner", []))
    return out
