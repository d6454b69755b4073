"""Words on the hand and battle images: every card's event text fits its card, counts
read as English, and each hit names the block it fell on."""

from __future__ import annotations

import io

from PIL import Image

import renders
from engine.rulesets.athens_sparta.board import board
from renders import theme
from renders.athens_sparta import hand
from renders.athens_sparta.combat import block_names, hits_text
from renders.pieces import primitives


def test_every_event_text_fits_its_card_whole_at_a_readable_size():
    box_w = hand.CARD_W - 24
    box_h = hand.CARD_H - hand.TEXT_TOP - hand.TEXT_BOTTOM
    events = [c["event"] for c in board().cards if c.get("event")]
    assert len(events) >= 9
    for ev in events:
        lines, size = primitives.fit_paragraph(ev["text"], "cond", 13, box_w, box_h)
        assert size >= 9, ev["name"]
        assert " ".join(lines) == " ".join(ev["text"].split()), ev["name"]  # nothing cut
        assert all(primitives.font("cond", size).getlength(ln) <= box_w for ln in lines)


def test_a_paragraph_too_long_for_its_box_is_cut_visibly_not_silently():
    lines, size = primitives.fit_paragraph("word " * 400, "cond", 13, 100, 40)
    assert size == 7 and lines[-1].endswith("…")


def test_hand_image_is_tall_enough_for_every_card_row():
    """Seven cards wrap to two rows of the kit's hands (six a row), then the other side's
    backs, counted from the view's hand sizes."""
    from renders.pieces import hands

    cards = [{"id": f"c{i}", "mp": 1} for i in range(7)]
    view = {"ruleset": "athens-sparta", "viewer": "athens",
            "cards": {"hand": cards, "hand_sizes": {"athens": 7, "sparta": 5}}}
    im = Image.open(io.BytesIO(renders.render_hand(view))).convert("RGB")
    assert im.height >= 2 * hands.NAME_H + 2 * hand.CARD_H + hands.BACK_H
    assert im.width <= hands.PER_ROW * (hand.CARD_W + hands.GAP) + 2 * hands.GAP
    # the second row's first card is drawn (its edge in Athens' colour)
    y = hands.GAP + hands.NAME_H + hand.CARD_H + hands.GAP + hand.CARD_H // 2
    assert im.getpixel((hands.GAP + 2, y)) == theme.side_colour("athens")
    # Sparta's five backs, in Sparta's colour, below the two rows
    y = hands.GAP + hands.NAME_H + 2 * (hand.CARD_H + hands.GAP) + hands.NAME_H + 20
    assert im.getpixel((hands.GAP + 4 * (hands.BACK_W // 2) + 20, y)) == \
        theme.side_colour("sparta")


def test_a_hit_names_the_block_it_fell_on_and_merges_repeats():
    battle = {"forces": [
        {"id": "Corcyra N", "name": "Corcyra N", "kind": "navy", "side": "athens", "strength": 4},
        {"id": "Syracuse N", "name": "Syracuse N", "kind": "navy", "side": "sparta",
         "strength": 3}],
        "rounds": [{"number": 1, "steps": [
            {"kind": "fire", "side": "sparta", "unit": "Syracuse N",
             "targets": [{"target": "Corcyra N", "before": 4, "after": 3},
                         {"target": "Corcyra N", "before": 3, "after": 2},
                         {"target": "Sparta H1", "before": 1, "after": 0}]}]}]}
    names = block_names(battle)
    text = hits_text(3, 0, battle["rounds"][0]["steps"][0]["targets"], names)
    assert text == "3 hits: Corcyra N navy 4→2; Sparta H1 eliminated"
    half = hits_text(0, 1, [{"target": "Corcyra N", "before": 2, "after": 2,
                             "facts": {"half": True}}], names)
    assert half == "1 half-hit (double defence): Corcyra N navy takes a half-hit"
