"""A seat's hand of cards, for an ephemeral reply: the move points big, the event's name
and a short text below."""

from __future__ import annotations

import textwrap
from typing import Any

from PIL import Image, ImageDraw

from .. import png, theme
from ..pieces import primitives
from .viewmodel import Card, hand

CARD_W, CARD_H = 190, 270
GAP = 16
PAD = 20
HEAD = 44


def render_image(view: dict[str, Any]) -> Image.Image:
    viewer, cards = hand(view)
    n = max(1, len(cards))
    per_row = min(n, 6)
    rows = (n + per_row - 1) // per_row
    w = PAD * 2 + per_row * CARD_W + (per_row - 1) * GAP
    h = HEAD + PAD + rows * CARD_H + (rows - 1) * GAP + PAD
    img = Image.new("RGB", (max(w, 420), h), theme.BANNER)
    d = ImageDraw.Draw(img)
    who = theme.SIDE_NAME.get(viewer or "", "Your")
    total = sum(c.mp for c in cards)
    primitives.text_c(d, (PAD, HEAD / 2 + 4), f"Hand of {who} — {len(cards)} cards, {total} MP",
                      "bold", 18, theme.BANNER_TEXT, anchor="lm")
    if not cards:
        primitives.text_c(d, (PAD, HEAD + 40), "No cards in hand.", "sans", 16,
                          theme.BANNER_TEXT, anchor="lm")
    for i, card in enumerate(cards):
        r, c = divmod(i, per_row)
        x = PAD + c * (CARD_W + GAP)
        y = HEAD + PAD // 2 + r * (CARD_H + GAP)
        draw_card(d, x, y, card, viewer)
    return img


def draw_card(d: ImageDraw.ImageDraw, x: float, y: float, card: Card, side: str | None) -> None:
    accent = theme.side_colour(side) if side in theme.SIDE else theme.GOLD
    d.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=12, fill=theme.PAPER,
                        outline=accent, width=4)
    # Move points: the number a player scans for (rule 4.0).
    primitives.text_c(d, (x + CARD_W / 2, y + 70), str(card.mp), "serif-bold", 84, theme.INK)
    primitives.text_c(d, (x + CARD_W / 2, y + 124), "MOVE POINTS", "cond-bold", 12,
                      (110, 104, 92))
    if card.event_name:
        d.rounded_rectangle((x + 10, y + 142, x + CARD_W - 10, y + 170), radius=6, fill=accent)
        name, size = primitives.fit_text(card.event_name.upper(), "cond-bold", 16, CARD_W - 28)
        primitives.text_c(d, (x + CARD_W / 2, y + 156), name, "cond-bold", size, theme.WHITE)
        primitives.text_c(d, (x + CARD_W / 2, y + 182), "event: played before moves (4.6)",
                          "cond", 10, (110, 104, 92))
        lines = textwrap.wrap(card.event_text or "", 28)[:5]
        for k, line in enumerate(lines):
            primitives.text_c(d, (x + 12, y + 196 + k * 14), line, "cond", 12, theme.INK,
                              anchor="lt")
    else:
        primitives.text_c(d, (x + CARD_W / 2, y + 160), "no event", "cond", 13, (150, 144, 132))
    primitives.text_c(d, (x + CARD_W - 10, y + CARD_H - 8), card.id, "cond", 10,
                      (150, 144, 132), anchor="rb")


def render(view: dict[str, Any]) -> bytes:
    return png.encode(render_image(view))
