"""Card hands for any number of seats: one row per seat, the viewer's cards face up
(title, value as coins, text), every other seat's as backs with their number, so a
two-player game and a four-player one are drawn by the same code. What is face up is
what the seat's view holds: the engine's per-seat view has already redacted the rest."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .. import png, theme
from ..fonts import font
from .primitives import fit_paragraph, fit_text, text_c

CARD_W, CARD_H = 200, 270
GAP = 10
BACK_W, BACK_H = 60, 84
NAME_H = 26
PER_ROW = 6  # a longer hand wraps, so a picture stays readable in a chat window
TEXT_TOP, TEXT_BOTTOM = 90, 20  # a card's text box, from its top edge and above its bottom


@dataclass(frozen=True, slots=True)
class Card:
    title: str
    text: str
    value: int = 0  # coins drawn under the title (Hellenes' AV, A&S's MP)
    edge: theme.RGB = theme.INK
    foot: str = ""  # small, bottom right: the card's id where players name cards by it


@dataclass(frozen=True, slots=True)
class SeatHand:
    name: str
    side: str
    cards: tuple[Card, ...] = ()  # face up: the viewer's own
    hidden: int = 0  # face down: how many this seat holds that the viewer may not see
    note: str = ""  # after the count in the row's heading ("7 MP", "seen by the Oracle")


def _card_rows(hand: SeatHand) -> int:
    return -(-len(hand.cards) // PER_ROW)


def _row_height(hand: SeatHand) -> int:
    if hand.cards:
        return NAME_H + _card_rows(hand) * (CARD_H + GAP)
    return NAME_H + BACK_H + GAP


def draw_card(d: ImageDraw.ImageDraw, x0: float, y0: float, card: Card) -> None:
    d.rounded_rectangle((x0, y0, x0 + CARD_W, y0 + CARD_H), radius=10, fill=theme.WHITE,
                        outline=card.edge, width=5)
    title, size = fit_text(card.title, "bold", 15, CARD_W - 20)
    text_c(d, (x0 + CARD_W / 2, y0 + 24), title, "bold", size, theme.INK)
    for k in range(card.value):
        cx = x0 + CARD_W / 2 + (k - (card.value - 1) / 2) * 30
        d.ellipse((cx - 12, y0 + 44, cx + 12, y0 + 68), fill=theme.GOLD, outline=theme.INK)
    body, size = fit_paragraph(card.text, "sans", 13, CARD_W - 24,
                               CARD_H - TEXT_TOP - TEXT_BOTTOM)
    for j, line in enumerate(body):
        text_c(d, (x0 + 12, y0 + TEXT_TOP + j * size * 1.2), line, "sans", size, theme.INK,
               anchor="lm")
    if card.foot:
        text_c(d, (x0 + CARD_W - 10, y0 + CARD_H - 8), card.foot, "cond", 10,
               (150, 144, 132), anchor="rb")


def draw_back(d: ImageDraw.ImageDraw, x0: float, y0: float, side: str) -> None:
    colour = theme.side_colour(side)
    d.rounded_rectangle((x0, y0, x0 + BACK_W, y0 + BACK_H), radius=6, fill=colour,
                        outline=theme.INK, width=2)
    d.rounded_rectangle((x0 + 6, y0 + 6, x0 + BACK_W - 6, y0 + BACK_H - 6), radius=4,
                        outline=theme.mix(colour, theme.WHITE, 0.5), width=2)


def render(hands: Sequence[SeatHand], empty: str = "No cards in hand") -> bytes:
    """Every seat's row, in the order given (the viewer first, usually)."""
    return png.encode(draw(hands, empty))


def draw(hands: Sequence[SeatHand], empty: str = "No cards in hand") -> Image.Image:
    widest = max([min(len(h.cards), PER_ROW) * (CARD_W + GAP) for h in hands]
                 + [min(h.hidden, 12) * (BACK_W // 2) + BACK_W + 160 for h in hands] + [240]
                 + [font("bold", 15).getlength(f"{h.name} · 00 cards · {h.note}")
                    for h in hands])
    width = int(widest + 2 * GAP)
    height = int(sum(_row_height(h) for h in hands) + GAP) if hands else 60
    img = Image.new("RGB", (width, height), theme.PAPER)
    d = ImageDraw.Draw(img)
    y = GAP
    for h in hands:
        count = len(h.cards) + h.hidden
        note = f" · {h.note}" if h.note else ""
        text_c(d, (GAP, y + NAME_H / 2), f"{h.name} · {count} card{'s' * (count != 1)}{note}",
               "bold", 15, theme.side_colour(h.side), anchor="lm")
        y += NAME_H
        if h.cards:
            for i, card in enumerate(h.cards):
                r, c = divmod(i, PER_ROW)
                draw_card(d, GAP + c * (CARD_W + GAP), y + r * (CARD_H + GAP), card)
            y += _card_rows(h) * (CARD_H + GAP)
            continue
        if h.hidden == 0:
            text_c(d, (GAP, y + BACK_H / 2), empty, "sans", 14, theme.INK, anchor="lm")
        for k in range(min(h.hidden, 12)):  # fanned backs; the count says the rest
            draw_back(d, GAP + k * (BACK_W // 2), y, h.side)
        y += BACK_H + GAP
    if not hands:
        text_c(d, (GAP, 30), empty, "bold", 15, theme.INK, anchor="lm")
    return img
