"""ppw's theme for the kit's combat display (renders/pieces/combat.py): a battle,
skirmish or siege drawn from its battle record (engine/core/battle_record.py) alone:
where and who, both sides' forces, each side's die with the modifiers the rules added
(rule 5.3) or the siege roll (rule 5.8), the losses (rule 5.4) and the leaders' rolls
(rule 5.6)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.core.battle_record import Piece, Step
from engine.rulesets.ppw.board import board

from ..pieces import combat as kit

WIDTH = kit.WIDTH
KIND = {"battle_land": "Battle", "battle_naval": "Battle at sea", "skirmish_land": "Skirmish",
        "skirmish_naval": "Skirmish at sea", "siege": "Siege"}
OUTCOME = {"held": "the defenders hold"}


def _name(x: str) -> str:
    b = board()
    if x in b.names:
        return b.names[x]
    if x in b.leaders:
        return b.leaders[x].name
    return x.replace("_", " ").title()


def step_words(step: Step) -> str:
    """One step of the record in words (the dice are drawn beside them)."""
    facts = step.get("facts") or {}
    side, kind = str(step.get("side", "")), step["kind"]
    if kind in ("roll", "siege_roll"):
        mods = ", ".join(f"{k} {v:+d}" for k, v in facts.items()
                         if k not in ("score", "strength", "needed") and v)
        need = f" (needs {facts['needed']})" if "needed" in facts else ""
        return f"{_name(side)}: score {facts.get('score')}{need}" + (f" — {mods}" if mods else "")
    if kind == "losses":
        return f"{_name(side)} loses {step.get('hits', 0)} SP"
    if kind == "leader":
        fate = "killed" if facts.get("killed") else "survives"
        return f"{_name(str(facts.get('leader')))} {fate} (dies on {facts.get('limit')} or less)"
    return f"{_name(side)}: {kind}"


def lines(battle: Mapping[str, Any]) -> list[tuple[str, str, list[int]]]:
    """(side, text, dice) for every step of the record, in order."""
    return [(str(step.get("side", "")), step_words(step), list(step.get("dice") or []))
            for rnd in battle["rounds"] for step in rnd["steps"]]


def _names(record: Mapping[str, Any]) -> dict[str, str]:
    """A force is "<space>:<owner>:<kind>"; the home guard has no owner."""
    return {p["id"]: (_name(p["id"].split(":")[1]) if ":" in p["id"] else "home guard")
            for p in record.get("forces", ())}


def _caption(p: Piece) -> str:
    owner = _name(p["id"].split(":")[1]) if ":" in p["id"] else "home guard"
    return f"{owner} {p['strength']} SP"


def _actor(step: Step, _names: Mapping[str, str]) -> tuple[str, str]:
    return _name(str(step.get("side", ""))), str(step.get("rule", ""))


def _result(record: Mapping[str, Any]) -> str:
    won = record.get("winner")
    if not won:
        return ""
    outcome = str(record.get("outcome") or "")
    return f"{_name(won)} wins" + (f": {OUTCOME.get(outcome, outcome.replace('_', ' '))}"
                                   if outcome else "")


THEME = kit.CombatTheme(
    ruleset="ppw", title=lambda r: f"{KIND.get(r['kind'], r['kind'])} at {_name(r['place'])}",
    side_name=_name, actor=_actor, words=lambda step, _n: step_words(step), result=_result,
    caption=_caption, names=_names, face_rating=False)


def render_image(battle: Mapping[str, Any]) -> Image.Image:
    return kit.draw(battle, THEME)


def render(battle: dict[str, Any] | None, viewer_view: dict[str, Any] | None = None) -> bytes:
    """The registry's order: the record (or None: the viewer's battle, if any), then the
    viewer's view."""
    return kit.render(battle or (viewer_view or {}).get("battle"), THEME)
