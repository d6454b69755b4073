"""A seat's hand of cards on the kit's hands (renders/pieces/hands.py), for an ephemeral
reply: the viewer's cards face up (move points as coins, rule 4.0; the event's name and
whole text, 4.6; the card's id), the other side's as backs counted — or face up when a
Delphic Oracle showed them to this seat. The public sees both sides' backs."""

from __future__ import annotations

from typing import Any

from PIL import Image

from .. import png, theme
from ..pieces import hands
from .viewmodel import Card, hand, peeked

CARD_W, CARD_H = hands.CARD_W, hands.CARD_H
TEXT_TOP, TEXT_BOTTOM = hands.TEXT_TOP, hands.TEXT_BOTTOM
SIDES = ("athens", "sparta")


def _card(card: Card, side: str | None) -> hands.Card:
    edge = theme.side_colour(side) if side in theme.SIDE else theme.GOLD
    title = card.event_name or "No event"
    points = f"{card.mp} move point{'s' if card.mp != 1 else ''} (4.0)"
    text = f"{points}; no event." if not card.event_name else \
        f"{points}. Event, played before moves (4.6): {card.event_text or ''}"
    return hands.Card(title, text, card.mp, edge, foot=card.id)


def _mp(cards: list[Card]) -> str:
    return f"{sum(c.mp for c in cards)} MP"


def rows(view: dict[str, Any]) -> list[hands.SeatHand]:
    """The viewer's row first, then the other side's; the public's: both sides' backs."""
    viewer, cards = hand(view)
    sizes = (view.get("cards") or {}).get("hand_sizes") or {}
    out = []
    if viewer in SIDES:
        out.append(hands.SeatHand(theme.SIDE_NAME[viewer], viewer,
                                  tuple(_card(c, viewer) for c in cards), note=_mp(cards)))
    for side in SIDES:
        if side == viewer:
            continue
        seen = peeked(view) if viewer in SIDES else []
        if seen:
            out.append(hands.SeatHand(theme.SIDE_NAME[side], side,
                                      tuple(_card(c, side) for c in seen),
                                      note="seen by the Delphic Oracle"))
        else:
            out.append(hands.SeatHand(theme.SIDE_NAME[side], side,
                                      hidden=int(sizes.get(side) or 0)))
    return out


def render_image(view: dict[str, Any]) -> Image.Image:
    return hands.draw(rows(view))


def render(view: dict[str, Any]) -> bytes:
    return png.encode(render_image(view))
