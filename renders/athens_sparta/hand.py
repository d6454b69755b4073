"""A seat's hand of cards, for an ephemeral reply: the move points big, the event's name
and its whole text below; then, after a Delphic Oracle, the cards seen in the other hand."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from .. import png, theme
from ..fonts import font
from ..pieces import primitives
from .viewmodel import Card, hand, peeked

CARD_W, CARD_H = 190, 300
GAP = 16
PAD = 20
HEAD = 44
PER_ROW = 6
TEXT_TOP = 196  # event text box, from the card's top edge
TEXT_BOTTOM = 24  # room left under it for the card id
TITLE_STYLE, TITLE_SIZE = "bold", 18


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _rows(n: int) -> int:
    return max(1, (n + PER_ROW - 1) // PER_ROW)


def render_image(view: dict[str, Any]) -> Image.Image:
    viewer, cards = hand(view)
    seen = peeked(view)
    who = theme.SIDE_NAME.get(viewer or "", "Your")
    titles = [(f"Hand of {who} — {_plural(len(cards), 'card')}, "
               f"{sum(c.mp for c in cards)} MP", cards, viewer)]
    if seen:
        other = next((s for s in ("athens", "sparta") if s != viewer), None)
        name = theme.SIDE_NAME.get(other or "", "the other")
        titles.append((f"Seen in {name}'s hand by the Delphic Oracle: "
                       f"{_plural(len(seen), 'card')}", seen, None))
    widest = max(1, min(max(len(cards), len(seen)), PER_ROW))
    w = max(PAD * 2 + widest * CARD_W + (widest - 1) * GAP,
            *(PAD * 2 + font(TITLE_STYLE, TITLE_SIZE).getlength(t) for t, _, _ in titles))
    h = sum(HEAD + PAD // 2 + _rows(len(c)) * (CARD_H + GAP) for _, c, _ in titles) + PAD // 2
    img = Image.new("RGB", (int(w), h), theme.BANNER)
    d = ImageDraw.Draw(img)
    y = 0.0
    for title, group, side in titles:
        y = _section(d, y, title, group, side)
    if not cards:
        primitives.text_c(d, (PAD, HEAD + 40), "No cards in hand.", "sans", 16,
                          theme.BANNER_TEXT, anchor="lm")
    return img


def _section(d: ImageDraw.ImageDraw, top: float, title: str, cards: list[Card],
             side: str | None) -> float:
    """A heading and its cards, six to a row; returns where the next section starts."""
    primitives.text_c(d, (PAD, top + HEAD / 2 + 4), title, TITLE_STYLE, TITLE_SIZE,
                      theme.BANNER_TEXT, anchor="lm")
    for i, card in enumerate(cards):
        r, c = divmod(i, PER_ROW)
        draw_card(d, PAD + c * (CARD_W + GAP), top + HEAD + PAD // 2 + r * (CARD_H + GAP),
                  card, side)
    return top + HEAD + PAD // 2 + _rows(len(cards)) * (CARD_H + GAP)


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
        box_h = CARD_H - TEXT_TOP - TEXT_BOTTOM
        lines, size = primitives.fit_paragraph(card.event_text or "", "cond", 13,
                                               CARD_W - 24, box_h)
        for k, line in enumerate(lines):
            primitives.text_c(d, (x + 12, y + TEXT_TOP + k * size * 1.2), line, "cond", size,
                              theme.INK, anchor="lt")
    else:
        primitives.text_c(d, (x + CARD_W / 2, y + 160), "no event", "cond", 13, (150, 144, 132))
    primitives.text_c(d, (x + CARD_W - 10, y + CARD_H - 8), card.id, "cond", 10,
                      (150, 144, 132), anchor="rb")


def render(view: dict[str, Any]) -> bytes:
    return png.encode(render_image(view))
