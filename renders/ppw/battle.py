"""A ppw battle, skirmish or siege drawn from its battle record (engine/core/
battle_record.py) alone: where and who, both sides' forces, each side's die with the
modifiers the rules added (rule 5.3) or the siege roll (rule 5.8), the losses (rule 5.4)
and the leaders' rolls (rule 5.6)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.ppw.board import board

from .. import png, theme
from ..fonts import font
from ..pieces.primitives import die

WIDTH = 760
PAD = 16
LINE_H = 30
KIND = {"battle_land": "Battle", "battle_naval": "Battle at sea", "skirmish_land": "Skirmish",
        "skirmish_naval": "Skirmish at sea", "siege": "Siege"}


def _name(x: str) -> str:
    b = board()
    if x in b.names:
        return b.names[x]
    if x in b.leaders:
        return b.leaders[x].name
    return x.replace("_", " ").title()


def lines(battle: dict[str, Any]) -> list[tuple[str, str, list[int]]]:
    """(side, text, dice) for every step of the record, in order."""
    out = []
    for rnd in battle["rounds"]:
        for step in rnd["steps"]:
            facts = step.get("facts") or {}
            side = step.get("side", "")
            kind = step["kind"]
            if kind in ("roll", "siege_roll"):
                mods = ", ".join(f"{k} {v:+d}" for k, v in facts.items()
                                 if k not in ("score", "strength", "needed") and v)
                need = f" (needs {facts['needed']})" if "needed" in facts else ""
                text = f"{_name(side)}: score {facts.get('score')}{need}" + (f" — {mods}" if mods else "")
            elif kind == "losses":
                text = f"{_name(side)} loses {step.get('hits', 0)} SP"
            elif kind == "leader":
                fate = "killed" if facts.get("killed") else "survives"
                text = f"{_name(str(facts.get('leader')))} {fate} (dies on {facts.get('limit')} or less)"
            else:
                text = f"{_name(side)}: {kind}"
            out.append((side, text, list(step.get("dice") or [])))
    return out


def render_image(battle: dict[str, Any]) -> Image.Image:
    steps = lines(battle)
    forces: dict[str, list[str]] = {}
    for p in battle["forces"]:
        forces.setdefault(p["side"], []).append(f"{_name(p['id'].split(':')[1]) if ':' in p['id'] else 'home guard'} "
                                                f"{p['strength']} {p['kind'].replace('_', ' ')}")
    h = 80 + LINE_H * (len(forces) + len(steps)) + PAD
    img = Image.new("RGB", (WIDTH, h), theme.PAPER)
    d = ImageDraw.Draw(img)
    title = f"{KIND.get(battle['kind'], battle['kind'])} at {_name(battle['place'])}"
    d.text((PAD, 12), title, font=font("bold", 20), fill=theme.INK)
    won = battle.get("winner")
    sub = (f"{_name(battle['attacker'])} against {_name(battle['defender'])}"
           + (f" · {_name(won)} wins" if won else ""))
    d.text((PAD, 42), sub, font=font("sans", 14), fill=theme.INK)
    y = 76
    for side, names in forces.items():
        d.rectangle([PAD, y + 4, PAD + 14, y + 18], fill=theme.side_colour(side))
        d.text((PAD + 22, y + 2), "; ".join(names), font=font("sans", 13), fill=theme.INK)
        y += LINE_H
    for side, text, dice in steps:
        x = PAD
        for v in dice:
            die(d, x + 11, y + 11, 22, v, False, theme.side_colour(side))
            x += 28
        d.text((x + 6, y + 3), text, font=font("sans", 13), fill=theme.side_colour(side)
               if side in theme.SIDE else theme.INK)
        y += LINE_H
    return img


def render(battle: dict[str, Any] | None, view: dict[str, Any] | None = None) -> bytes:
    """The renderer's `combat(battle, viewer_view)`: a record, else the view's last battle."""
    record = battle or (view or {}).get("battle")
    if record is None:
        img = Image.new("RGB", (WIDTH, 60), theme.PAPER)
        ImageDraw.Draw(img).text((PAD, 20), "No battle this round", font=font("sans", 14),
                                 fill=theme.INK)
        return png.encode(img)
    return png.encode(render_image(record))
