"""Athens & Sparta's theme for the kit's combat display (renders/pieces/combat.py): the
blocks of both sides, then every step of every round with its dice (hits filled in the
firing side's colour, half-hits half filled, rule 5.41), withdrawals, retreats and the
outcome.

It draws a battle record (engine/core/battle_record.py: `last_battle`, or the `battle` of
a "battle_end" event) or the battle in progress (`view["battle"]`, whose `log` holds the
rounds so far and `blocks` the blocks as they stand), shaped as a record here. The record
gives facts; the words are built here and by the ruleset's `outcome_words`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.core.battle_record import Piece, Round, Step
from engine.rulesets.athens_sparta.battle_record import PURSUIT, outcome_words

from .. import theme
from ..pieces import combat as kit
from .mapdraw import default_data

STAGES = {"sea": "Sea", "land": "Land", "siege": "Siege", "extra": "Pursuit",
          "retreat": "Retreat"}
KINDS = {"new": "battle", "storm": "storm", "siege": "siege battle", "sally": "sally",
         "revolt": "revolt"}
ACTIONS = {"withdraw": "withdraws into the city", "retreat": "retreats",
           "storm": "storms the walls", "engage": "engages", "reserve": "stays in reserve",
           "pass": "holds", "regroup": "regroups"}
# a block's place in a battle in progress (VIEW.md "battle".blocks[].status) as drawn
IN_PROGRESS = {"in": kit.INSIDE, "res": "reserve", "sea": "at sea"}


def _place_label(hex_id: str | None) -> str:
    if not hex_id:
        return "?"
    if hex_id == "sicily":
        return "Syracuse (Sicily)"
    name = default_data().city_at.get(hex_id)
    return f"{name} ({hex_id})" if name else hex_id


def block_names(battle: Mapping[str, Any], viewer_view: Mapping[str, Any] | None = None
                ) -> dict[str, str]:
    """Names for the blocks a battle's hits fell on: every block the record identifies
    (it fired, or it was listed) and every block the viewer's view identifies. A hit
    block is revealed in that battle (rule 5.4), so the record's id may be shown."""
    names: dict[str, str] = {}
    listed = [(p["id"], p.get("name") or p["id"], p.get("kind", "")) for p in
              battle.get("forces") or ()]
    listed += [(b["id"], b["name"], b.get("type") or "") for b in
               (viewer_view or {}).get("blocks") or () if b.get("id") and b.get("name")]
    for bid, name, kind in listed:
        names.setdefault(bid, f"{name} {kind}".strip())
    return names


def hits_text(hits: int, halves: int, targets: Any, names: Mapping[str, str]) -> str:
    """"2 hits: Corcyra N navy 4→2" — which block each hit fell on, several hits on one
    block in a row given as one change."""
    if not hits and not halves:
        return "miss"
    bits = []
    if hits:
        bits.append(f"{hits} hit" + ("s" if hits != 1 else ""))
    if halves:
        bits.append(f"{halves} half-hit" + ("s" if halves != 1 else "") + " (double defence)")
    landed = kit.hit_words({"kind": "fire", "targets": list(targets)}, names)
    return ", ".join(bits) + (": " + landed if landed else "")


def _title(record: Mapping[str, Any]) -> str:
    kind = KINDS.get(record.get("kind") or "new", record.get("kind") or "battle")
    return f"{kind.capitalize()} at {_place_label(record.get('place'))}"


def _round_title(rnd: Round) -> str:
    return "Pursuit (rule 5.43)" if rnd.get("label") == PURSUIT else f"Round {rnd['number']}"


def _actor(step: Step, names: Mapping[str, str]) -> tuple[str, str]:
    facts = step.get("facts") or {}
    unit = step.get("unit")
    stage = str(facts.get("stage") or "")
    if not unit:
        return theme.SIDE_NAME.get(step.get("side", ""), "a block"), STAGES.get(stage, stage)
    rating = f" {facts.get('strength', '')}{facts.get('rating', '')}".rstrip()
    return f"{names.get(unit, unit)}{rating}", STAGES.get(stage, stage)


def _dice(step: Step) -> list[kit.Die]:
    """The lowest dice are the ones that scored (a hit is a roll at or under the rating,
    rule 5.2); the record gives how many hits and half-hits (5.41)."""
    dice = [int(v) for v in step.get("dice", ())]
    hits = int(step.get("hits") or 0)
    halves = int((step.get("facts") or {}).get("half_hits") or 0)
    order = sorted(range(len(dice)), key=lambda i: dice[i])
    scoring, half = set(order[:hits + halves]), set(order[hits:hits + halves])
    return [kit.Die(v, i in scoring, i in half) for i, v in enumerate(dice)]


def _words(step: Step, names: Mapping[str, str]) -> str:
    if step["kind"] == "fire" or step.get("dice"):
        halves = int((step.get("facts") or {}).get("half_hits") or 0)
        return hits_text(int(step.get("hits") or 0), halves, step.get("targets", ()), names)
    text = ACTIONS.get(step["kind"], step["kind"])
    return f"{text} to {step['to']}" if step.get("to") else text


def _result(record: Mapping[str, Any]) -> str:
    if not (record.get("outcome") or record.get("winner")):
        return ""
    text = outcome_words(record.get("outcome"))
    winner = record.get("winner")
    if winner:
        text = f"{text} — {theme.SIDE_NAME.get(winner, winner)} wins".strip(" —")
    return text


def _status(record: Mapping[str, Any]) -> dict[str, str]:
    out = {b["id"]: IN_PROGRESS[b["status"]] for b in record.get("blocks") or ()
           if b.get("id") and b.get("status") in IN_PROGRESS}
    for rnd in record.get("rounds", ()):
        for step in rnd["steps"]:
            if step.get("unit") and step["kind"] == "retreat":
                out.setdefault(step["unit"], "retreated")
            elif step.get("unit") and step["kind"] == "withdraw":
                out.setdefault(step["unit"], kit.INSIDE)
    return out


def _stage(record: Mapping[str, Any]) -> str:
    """Where a battle in progress stands: its round's stage (the view's `stage`)."""
    stage = str(record.get("stage") or "")
    return f"{STAGES[stage]} stage" if stage in STAGES and record.get("outcome") is None else ""


THEME = kit.CombatTheme(ruleset="athens-sparta", title=_title, round_title=_round_title,
                        actor=_actor, dice=_dice, words=_words, result=_result,
                        status=_status, names=block_names, banner_note=_stage)


def _start_strength(bid: str, now: int, log: list[dict[str, Any]]) -> int:
    """A block's strength when the battle began: the first hit on it says, else now."""
    for rnd in log:
        for step in rnd.get("steps", ()):
            for hit in step.get("targets", ()):
                if hit.get("target") == bid:
                    return int(hit["before"])
    return now


def as_record(battle: Mapping[str, Any]) -> Mapping[str, Any]:
    """A record as the kit reads it: a finished record as it is; the battle in progress
    (VIEW.md "battle") with its identified blocks as forces and its log as rounds."""
    if "forces" in battle:
        return battle
    log = list(battle.get("log") or ())
    forces: list[Piece] = []
    hidden: dict[str, int] = {}
    for b in battle.get("blocks") or ():
        if not (b.get("name") and b.get("strength") is not None):
            side = str(b.get("side") or "none")  # an enemy block not yet revealed (5.4)
            hidden[side] = hidden.get(side, 0) + 1
        elif b.get("id"):
            piece: Piece = {"id": b["id"], "side": str(b.get("side") or "none"),
                            "kind": str(b.get("type") or ""), "name": str(b["name"]),
                            "rating": str(b.get("rating") or ""),
                            "strength": _start_strength(b["id"], int(b["strength"]), log)}
            forces.append(piece)
    return {"place": battle.get("place") or battle.get("hex"), "kind": battle.get("kind"),
            "attacker": battle.get("attacker"), "defender": battle.get("defender"),
            "forces": forces, "rounds": log, "winner": None, "outcome": None,
            "blocks": battle.get("blocks"), "hidden": hidden, "stage": battle.get("stage")}


def render_image(battle: Mapping[str, Any], viewer_view: Mapping[str, Any] | None = None
                 ) -> Image.Image:
    return kit.draw(as_record(battle), THEME)


def render(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    return kit.render(as_record(battle) if battle else None, THEME)
