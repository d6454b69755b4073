"""Hellenes' theme for the kit's combat display (renders/pieces/combat.py): the blocks
both players saw in the battle (6.1; routed and eliminated ones dimmed), then the
record step by step, each attack with its dice (hits filled in the firing side's colour,
routs ringed in gold, 6.31-6.33) and where its hits landed, the Panics, Retreats and
Fortifying as they came, and the result.

It reads the kernel's battle record (`engine.core.battle_record`) of a "battle_end" event
or the view's battle in progress: facts only, worded by the ruleset's `battle_words`
(no English is parsed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.core.battle_record import Step
from engine.rulesets.hellenes import battle_words as W
from engine.rulesets.hellenes.battle_facts import FIRE, PURSUIT, WITHDRAW, routed
from renders.pieces import combat as kit

WIDTH = kit.WIDTH
HEAD = kit.HEAD
ROW = kit.ROW_H


def _title(record: Mapping[str, Any]) -> str:
    kind = "Sea battle" if (record.get("facts") or {}).get("sea") else "Battle"
    return f"{kind} of {W.place_name(record)}"


def _power(step: Step) -> int:
    rating = str((step.get("facts") or {}).get("rating", ""))
    return int(rating[1:]) if rating[1:].isdigit() else 0


def _dice(step: Step) -> list[kit.Die]:
    """A die at or under the unit's power hits (6.31); on an attack (not a pursuit) one
    of 7 minus the power or more also routs (6.33), ringed in gold."""
    power = _power(step)
    attack = step["kind"] == FIRE
    return [kit.Die(int(v), bool(power) and v <= power,
                    ring=bool(power) and attack and v >= 7 - power)
            for v in step.get("dice", ())]


def _actor(step: Step, names: Mapping[str, str]) -> tuple[str, str]:
    if step["kind"] not in (FIRE, PURSUIT):
        return str(step.get("side", "")).title(), ""
    facts = step.get("facts") or {}
    who = names.get(step.get("unit", ""), "")
    verb = "pursues" if step["kind"] == PURSUIT else "attacks"
    return f"{who} {facts.get('rating', '')} · {facts.get('strength', '?')} cv", verb


def _words(step: Step, names: Mapping[str, str]) -> str:
    if step["kind"] not in (FIRE, PURSUIT):
        return W.step_words(step, names)
    hits = int(step.get("hits", 0))
    text = f"{hits} hit{'s' if hits != 1 else ''}"
    if step["kind"] == FIRE:
        routs = int((step.get("facts") or {}).get("routs", 0))
        text += f", {routs} rout{'s' if routs != 1 else ''}"
    landed = W.hits_words(step, names)
    return f"{text}{': ' + landed if landed else ''}"


def _result(record: Mapping[str, Any]) -> str:
    return W.result_words(record) if record.get("winner") else ""


def _status(record: Mapping[str, Any]) -> dict[str, str]:
    """Routed units (6.33), and units withdrawn from the field (6.4), dimmed."""
    out = {uid: kit.ROUTED for uid in routed(record)}  # type: ignore[arg-type]
    for rnd in record["rounds"]:
        for step in rnd["steps"]:
            if step["kind"] == WITHDRAW and step.get("unit"):
                out.setdefault(step["unit"], "withdrawn")
    return out


THEME = kit.CombatTheme(ruleset="hellenes", title=_title, roles=("Aggressor", "Defender"),
                        side_name=str.title, actor=_actor, dice=_dice, words=_words,
                        result=_result, status=_status, names=W.unit_names, max_rows=36)


def render_image(battle: dict[str, Any]) -> Image.Image:
    return kit.draw(battle, THEME)


def render(battle: dict[str, Any], viewer: dict[str, Any] | None = None) -> bytes:
    return kit.render(battle, THEME)


def text(battle: dict[str, Any]) -> list[str]:
    """The same battle as lines for a terminal (issue 32: battles you can see): where and
    who, the forces, each round's attacks with their dice and where the hits landed, the
    retreats and the result."""
    return W.lines(battle)  # type: ignore[arg-type]
