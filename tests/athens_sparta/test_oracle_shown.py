"""Delphic Oracle: the cards seen are in the private message itself and in the seat's
own hand image, never in anything public."""

from __future__ import annotations

from tests.athens_sparta.conftest import act, position


def oracle_game():
    data = {"olympiad": 84, "turn": 1, "phase": "card",
            "cards": {"athens": {"hand": ["C07", "C11"]},
                      "sparta": {"hand": ["C24", "C12", "C06"]}},
            "blocks": {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}}}
    return position(None, **data)


def test_the_private_message_lists_the_cards_seen():
    g = oracle_game()
    act(g, "c:C07", "athens")
    events = act(g, "c:C24", "sparta")
    peek = next(e for e in events if e.kind == "peek")
    assert peek.seats == ("athens",)
    assert peek.text == ("Delphic Oracle: Sparta's hand holds 2 cards: 1 MP; "
                         "2 MP / Delian Tribute")
    public = [e.text for e in events if e.seats is None]
    assert not any("Delian Tribute" in t or "holds 2 cards" in t for t in public)


def test_the_hand_image_shows_the_cards_seen_to_that_seat_only():
    from PIL import Image

    import renders
    from renders.pieces.hands import BACK_H, CARD_H

    g = oracle_game()
    act(g, "c:C07", "athens")
    act(g, "c:C24", "sparta")
    import io

    seen = Image.open(io.BytesIO(renders.render_hand(g.view("athens"))))
    plain = Image.open(io.BytesIO(renders.render_hand(g.view("sparta"))))
    # Athens sees Sparta's two cards face up (the Oracle); Sparta sees Athens' card as a
    # back: the same layout but for that row, a row of faces instead of a row of backs
    assert seen.height - plain.height == CARD_H - BACK_H
