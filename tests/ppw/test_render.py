"""The ppw map picture (renders/ppw/board.py): drawn from any view, colours by side."""

from __future__ import annotations

import renders
from renders import theme
from renders.ppw.board import render, render_image, setup_view, size, to_px


def test_the_map_is_a_png_of_the_set_up():
    data = render(setup_view())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_spaces_take_their_controllers_colour():
    view = setup_view()
    img = render_image(view)
    w, h = size()
    assert img.size[0] == w and img.size[1] > h
    x, y = to_px(37.0818, 22.4247)  # Sparta's home space, a land square
    assert img.getpixel((round(x), round(y))) == theme.side_colour("sparta")
    x, y = to_px(39.635, 22.421)  # Larisa: Thessaly, Athens' ally
    assert img.getpixel((round(x), round(y))) == theme.side_colour("athens")


def test_status_cards_and_battle_pictures():
    """The hand picture is the four public status cards; the combat picture is drawn
    from a battle record alone."""
    from engine.core.ruleset import Context
    from engine.rulesets.ppw.battle import Side, fight
    from engine.rulesets.ppw.state import add_sps, new_state
    from engine.testing import FixedRng
    from renders.ppw import RENDERER, battle, cards

    view = setup_view()
    lines = dict(cards.card_lines(view, "athens"))
    assert "Euboea" in lines["Tributaries"] and "Chalcidice (rebel)" in lines["Tributaries"]
    assert lines["Enemies"] == "Sparta, Corinth, Thebes"
    assert RENDERER.hand(view)[:4] == b"\x89PNG"
    s = new_state("431", 4)
    add_sps(s, "~sparta", "sparta", 6, 0, 0)
    add_sps(s, "ACH", "athens", 4, 0, 0)
    _, rec = fight(s, Context(FixedRng([3, 4, 1, 1])), "ACH",
                   Side("sparta", [("~sparta", "sparta")], leader="archidamus"),
                   Side("athens", [("ACH", "athens")]), naval=False)
    text = [t for _, t, _ in battle.lines(rec)]
    assert text[0] == "Sparta: score 6 — skill +2, odds +1"
    assert "Athens loses 1 SP" in text and "Archidamus II survives (dies on 1 or less)" in text
    # the registry's order (battle, viewer's view), as bot/pictures.py calls it
    assert RENDERER.combat(rec, {"ruleset": "ppw"})[:4] == b"\x89PNG"
    assert RENDERER.combat(rec, view)[:4] == b"\x89PNG"
    assert RENDERER.combat(None, view)[:4] == b"\x89PNG"  # type: ignore[arg-type]
    assert RENDERER.combat({}, view)[:4] == b"\x89PNG"
    # as the bot draws a battle_end event's record: the record first, the ruleset named
    assert renders.render_combat(rec, {"ruleset": "ppw"})[:4] == b"\x89PNG"


def test_greece_is_enlarged_below_and_every_name_there_is_clear():
    """Central Greece holds most spaces a few km apart (Megara and Nisaea): the enlarged
    panel names each of its spaces once, with no name or SP line over another or over a
    marker, and the overview names every space outside it."""
    import math

    from engine.rulesets.ppw.components import load_components
    from renders.pieces.stackfit import overlap_area
    from renders.ppw.board import GREECE, OVERVIEW, _layout, text_boxes

    comps = load_components()
    view = setup_view()
    inside = {s.id for s in comps.spaces if GREECE.holds(s.lat, s.lon)}
    assert {"MEG", "NIS", "ATH", "PIR", "COR", "SPA", "THB"} <= inside
    for panel, named in ((GREECE, inside), (OVERVIEW, {s.id for s in comps.spaces} - inside)):
        at, _ = _layout(panel)
        boxes = text_boxes(panel, view)
        assert sorted(k for k, _, _ in boxes if not k.startswith("+")) == sorted(named)
        r = panel.r + 1
        marks = [(x - r, y - r, x + r, y + r) for x, y in at.values()]
        assert not [(a, b) for i, (a, ba, _) in enumerate(boxes) for b, bb, _ in boxes[i + 1:]
                    if overlap_area(ba, bb)]
        assert not [k for k, b, _ in boxes if any(overlap_area(b, m) for m in marks)]
        ids = sorted(at)
        assert min(math.dist(at[a], at[b]) for i, a in enumerate(ids) for b in ids[i + 1:]) \
            >= panel.gap - 0.5
    # the set-up's forces are written beside their spaces: Athens' army and Piraeus' fleet
    lines = {k: ls for k, _, ls in text_boxes(GREECE, view)}
    assert ("athens", "12N") in lines["+PIR"] and lines["+ATH"][0][0] == "athens"


def test_the_greece_panel_takes_controllers_colours():
    from renders.ppw.board import GREECE, _layout

    view = setup_view()
    img = render_image(view)
    at, _ = _layout(GREECE)
    x, y = at["MEG"]
    assert img.getpixel((round(x), round(y) + size()[1])) == theme.side_colour("sparta")
    x, y = at["NIS"]
    assert img.getpixel((round(x), round(y) + 3 + size()[1])) == theme.side_colour("sparta")
