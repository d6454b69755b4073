"""Positions: start a Pericles game anywhere in the rules (POSITIONS.md), for tests,
rule checks and bug reports. A position is the scenario's set-up with some facts
replaced, then the flow begun at a named procedure (or at the scenario's own start).

    {"scenario": "14.1.06 A", "war": true, "honor": {"agiad": 14},
     "strategos": {"agiad": 5}, "forces": {"boeotia": {"D": {"land": 1, "bases": 1},
                                                        "P": {"land": 4, "bases": 1}}},
     "battle_cards": {"athens": [3], "sparta": [5]},
     "expedition": {...}, "committed": {"agiad": 5},
     "start": "battle", "args": {"kind": "land", "second": false}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.ruleset import Context
from engine.core.types import IllegalAction

from . import assembly as asm
from .components import SIDE_OF, load_components
from .invariants import check
from .scenarios import SPECS, initial_state
from .schema import PericlesState

# keys whose value is a dict merged into the set-up's, so a position names only what differs
MERGED = ("honor", "strategos", "stock", "board", "controlling", "favor", "hostages", "hands",
          "entourage", "markers", "treachery", "queues", "oration", "won", "restore",
          "will_penalty", "granary_miss", "brain_trust_used", "leader_out", "removed")
# keys of the position that are not state: what to start and the battle cards to stack
OWN = ("scenario", "forces", "battle_cards", "start", "args", "description", "rule")


def from_position(ctx: Context, position: dict[str, Any], machine: Any,
                  prepare: Callable[[PericlesState], None],
                  begin: Callable[[PericlesState, Context], None]) -> PericlesState:
    """The state a position describes, its flow started. `prepare(s)` applies the game's
    options to the set-up before the position's facts; `begin(s, ctx)` starts the
    scenario's own flow when the position names no procedure."""
    scenario = str(position.get("scenario", next(iter(SPECS))))
    if scenario not in SPECS:
        raise IllegalAction(f"Invalid position: no scenario {scenario!r}")
    s = initial_state(scenario)
    if ctx.generation:  # the questions of the game's generation (schema.py)
        s["generation"] = ctx.generation
    prepare(s)
    unknown = sorted(k for k in position
                     if k not in OWN and k not in s or k in ("flow", "generation"))
    if unknown:
        raise IllegalAction(f"Invalid position: unknown keys {', '.join(unknown)}")
    for key, value in position.items():
        if key in OWN:
            continue
        if key in MERGED:
            s[key].update(value)  # type: ignore[literal-required]
        else:
            s[key] = value  # type: ignore[literal-required]
    held_apart(s)
    place_forces(s, position.get("forces", {}))
    stack_battle_cards(s, position.get("battle_cards", {}))
    bad = check(s)
    if bad:
        raise IllegalAction(f"Invalid position: {'; '.join(bad)}")
    s["flow"] = []
    start = position.get("start")
    if start is None:
        begin(s, ctx)
    elif str(start) not in machine.procedures:
        raise IllegalAction(f"Invalid position: no procedure {start!r} to start "
                            f"(POSITIONS.md lists them)")
    else:
        machine.start(s, ctx, str(start), **dict(position.get("args", {})))
    return s


def held_apart(s: PericlesState) -> None:
    """Cards a position puts in a hand or an Entourage leave their city's draw pile and
    discards (6.1): a card is in one place only."""
    for city in s["cities"]:
        held = {c for f in asm.CITY_FACTIONS[city] if f in s["hands"]
                for c in s["hands"][f] + s["entourage"][f]}
        s["deck"][city] = [c for c in s["deck"][city] if c not in held]
        s["discard"][city] = [c for c in s["discard"][city] if c not in held]


def place_forces(s: PericlesState, forces: dict[str, dict[str, dict[str, int]]]) -> None:
    """Each theater named gets exactly the pieces given (owners A, S, D, P, argos,
    persia; kinds land, naval, bases, 0 when left out); other theaters keep the set-up's.
    A theater not in the scenario is brought into play."""
    theaters = load_components().theaters
    for theater, owners in forces.items():
        if theater not in theaters:
            raise IllegalAction(f"Invalid position: no theater {theater!r}")
        pieces = {}
        for owner, n in owners.items():
            if owner not in SIDE_OF:
                raise IllegalAction(f"Invalid position: no owner {owner!r} in {theater}")
            extra = set(n) - {"land", "naval", "bases"}
            if extra:
                raise IllegalAction(f"Invalid position: {owner} in {theater} has {sorted(extra)}")
            pieces[owner] = {k: int(n.get(k, 0)) for k in ("land", "naval", "bases")}
        s["forces"][theater] = pieces
        s["treachery"].setdefault(theater, {})
        s["queues"].setdefault(theater, [])


def stack_battle_cards(s: PericlesState, faces: dict[str, list[int]]) -> None:
    """The next battle cards (and a raid's ravage) each city turns up, by face value, the
    first listed first (9.1, 9.3): cards of those faces are moved from the city's draw
    pile to its top."""
    cards = load_components().cards
    for city, wanted in faces.items():
        if city not in s["deck"]:
            raise IllegalAction(f"Invalid position: no deck for {city!r}")
        top: list[int] = []
        for face in wanted:
            pick = next((c for c in s["deck"][city] if c not in top and not asm.is_leader(c)
                         and cards[c].face == face), None)
            if pick is None:
                raise IllegalAction(f"Invalid position: no {city} card of face {face} left")
            top.append(pick)
        rest = [c for c in s["deck"][city] if c not in top]
        s["deck"][city] = rest + top[::-1]  # the last of the list is drawn first
