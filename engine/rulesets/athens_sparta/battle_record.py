"""How Athens & Sparta fills the kernel's battle record (engine/core/battle_record.py):
the blocks that fought, each block's fire, withdrawal or retreat as a step, the hits it
scored, and the battle's outcome as a key. The words for an outcome are built when shown
(`outcome_words`): the `battle_end` event's line, the combat display, the terminal.

A&S's own facts ride in each step's `facts`: the stage it came in ("sea", "land",
"siege", "extra" for the pursuit fire of rule 5.43, "retreat" for an end-of-battle
retreat), the fire rating it rolled against ("B2"), the acting block's strength then, and
the half-hits a walled defence turned its hits into (5.41); a hit that was a half-hit
says so in its own `facts`.
"""

from __future__ import annotations

from typing import Any

from engine.core.battle_record import (
    BattleRecord,
    Piece,
    Step,
    add_hit,
    add_piece,
    add_step,
    close,
    last_step,
    new_hit,
    new_piece,
    new_record,
    new_step,
    open_round,
)

from .board import Board
from .state import AS

# outcome key -> the words shown for it (the battle's end, rules 5.43, 5.6, 7.0)
OUTCOMES = {
    "siege_lifted": "the siege is lifted",
    "sally_repulsed": "the sally is thrown back",
    "besieged_destroyed": "the besieged are destroyed",
    "defender_held": "the defender holds",
    "attacker_took_hex": "the attacker takes the hex",
    "revolt_failed": "the revolt fails",
    "attacker_retreats": "the attacker must retreat",
    "attacker_took_city": "the attacker takes the city",
    "siege_continues": "the siege goes on",
}
PURSUIT = "pursuit"  # the label of the round of rule 5.43's extra fire


def outcome_words(key: str | None) -> str:
    return OUTCOMES.get(key or "", key or "")


def start(place: str, kind: str, attacker: str, defender: str) -> BattleRecord:
    return new_record(place, kind, attacker, defender)


def new_round(record: BattleRecord, number: int, label: str | None = None) -> None:
    open_round(record, number, label)


def piece(bd: Board, s: AS, bid: str, strength: int) -> Piece:
    spec = bd.blocks[bid]
    # most blocks' printed name is their id: the name is kept only where it says more
    name = spec["name"] if spec.get("name") and spec["name"] != bid else None
    return new_piece(bid, s["blocks"][bid]["side"], spec["type"], strength,
                     rating=spec["rating"], name=name)


def note_step(bd: Board, s: AS, record: BattleRecord, bid: str, side: str, stage: str,
              kind: str, *, dice: list[int] | None = None, hits: int | None = None,
              to: str | None = None, facts: dict[str, Any] | None = None) -> Step:
    """A block's step in the current round: "fire" (its dice and hits), "withdraw" or
    "retreat" (where `to`, when it left the hex)."""
    strength = s["blocks"][bid]["str"]
    add_piece(record, piece(bd, s, bid, strength))
    return add_step(record, new_step(kind, side=side, unit=bid, dice=dice, hits=hits, to=to,
                                     facts={"stage": stage, "strength": strength,
                                            **(facts or {})}))


def note_hit(bd: Board, s: AS, record: BattleRecord, step: Step, target: str, before: int,
             after: int, half: bool) -> None:
    """A hit of `step` falling on `target` (its strength before and after)."""
    add_piece(record, piece(bd, s, target, before))
    add_hit(step, new_hit(target, before, after, facts={"half": True} if half else None))


__all__ = ["OUTCOMES", "PURSUIT", "close", "last_step", "new_round", "note_hit", "note_step",
           "outcome_words", "piece", "start"]
