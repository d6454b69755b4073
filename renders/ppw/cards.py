"""The majors' status cards (rule 1.8) as one picture: treasury, bellicosity, resentment,
tribute rate, allies, tributaries, enemies, treaties and hostages, read from a view."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.ppw.components import MAJORS

from .. import png, theme
from ..fonts import font
from ..pieces.primitives import fit_text

WIDTH = 980
PAD = 16
CARD_H = 128
TITLE_H = 40


def _names(ids: list[str]) -> str:
    return ", ".join(x.replace("_", " ").title() for x in ids) or "—"


def card_lines(view: dict[str, Any], major: str) -> list[tuple[str, str]]:
    """The card's fields as (label, value) pairs."""
    card = view["status_cards"][major]
    stances = view["stances"]
    allies = [cs for cs, st in stances.items() if st["patron"] == major and st["status"] == "ally"]
    allies += [m for m in MAJORS if view["relations"].get("|".join(sorted((m, major))))
               == "alliance"]
    tributaries = [_names([cs]) + (" (rebel)" if _rebel(view, cs) else "")
                   for cs, st in stances.items()
                   if st["patron"] == major and st["status"] == "tributary"]
    enemies = [m for m in MAJORS if view["relations"].get("|".join(sorted((m, major)))) == "war"]
    enemies += [cs for cs, st in stances.items() if st["patron"] == major and st["status"] == "enemy"]
    treaties = [f"{k.replace('|', '-')} (turn {t})" for k, t in view["treaties"].items()
                if major in k.split("|")]
    hostages = [f"{n} of {cs}" for cs, n in card["hostages"].items() if n]
    head = (f"{card['treasury']} talents · bellicosity {card['bellicosity']} · resentment "
            f"{card['resentment']} · tribute rate {card['rate']}")
    if card["surrendered_to"]:
        head += f" · surrendered to {card['surrendered_to'].title()}"
    return [("", head), ("Allies", _names(allies)), ("Tributaries", ", ".join(tributaries) or "—"),
            ("Enemies", _names(enemies)),
            ("Treaties, hostages", "; ".join(treaties + hostages) or "—")]


def _rebel(view: dict[str, Any], cs: str) -> bool:
    from engine.rulesets.ppw.board import board

    home = board().city_states[cs].home if cs in board().city_states else None
    return bool(home and view["spaces"].get(home, {}).get("rebel"))


def render_image(view: dict[str, Any]) -> Image.Image:
    img = Image.new("RGB", (WIDTH, TITLE_H + len(MAJORS) * CARD_H + PAD), theme.PAPER)
    d = ImageDraw.Draw(img)
    d.text((PAD, 10), f"Status cards — turn {view['turn']} of {view['last_turn']}",
           font=font("bold", 18), fill=theme.INK)
    for i, major in enumerate(MAJORS):
        y = TITLE_H + i * CARD_H
        colour = theme.side_colour(major)
        d.rectangle([PAD, y, WIDTH - PAD, y + CARD_H - 8], outline=colour, width=3)
        d.rectangle([PAD, y, PAD + 130, y + 26], fill=colour)
        d.text((PAD + 8, y + 4), theme.SIDE_NAME[major], font=font("bold", 15),
               fill=theme.WHITE)
        for j, (label, value) in enumerate(card_lines(view, major)):
            ly = y + 6 + j * 20 if j else y + 6
            lx = PAD + 140 if not j else PAD + 10
            if j:
                d.text((lx, ly + 12), label, font=font("bold", 12), fill=theme.INK)
            text, size = fit_text(value, "sans", 13, WIDTH - lx - 160 - PAD)
            d.text((lx + (150 if j else 0), ly + (12 if j else 0)), text,
                   font=font("sans", size), fill=theme.INK)
    return img


def render(view: dict[str, Any]) -> bytes:
    return png.encode(render_image(view))
