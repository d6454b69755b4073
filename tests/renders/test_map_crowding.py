"""Blocks stand inside their hex, as on the board: at the 431 set-up and at a crowded
mid-game position every block's drawn box lies in its own hex (the renderer's geometry),
and every pixel the blocks change lies in a hex that holds blocks (a pixel probe of the
image itself). Where there is room, no block covers a city's name."""

from __future__ import annotations

import copy
import itertools

import pytest
from PIL import ImageChops

import engine
from renders.athens_sparta import basemap, mapdraw, placement
from renders.athens_sparta.mapdata import load

CROWDED = ("Amphipolis", "Elis", "Sparta", "Naxos", "Corinth", "Megara", "Potidaea",
           "Athens", "Thebes", "Chalcis")


def crowded_view(seat: str | None) -> dict:
    """A real game's view (seed 7, 300 random steps) with the busiest hexes filled up:
    four Spartan blocks and three Athenian ones in each, sieges at three cities."""
    from renders.cli import play_random_steps

    game, _ = play_random_steps("athens-sparta", "7", 300)
    view = copy.deepcopy(game.view(seat))
    data = load()
    n = itertools.count()
    for city in CROWDED:
        h = data.cities[city].hex
        for side, k in (("sparta", 4), ("athens", 3)):
            for i in range(k):
                known = seat in (None, side) and seat == side
                b = {"id": f"x{next(n)}", "side": side, "hex": h, "in_city": i == 2}
                if known:
                    b.update(name=f"{city[:5]}", type="hoplite", strength=3,
                             max_strength=4, rating="B2")
                view["blocks"].append(b)
    view["sieges"] = [{"hex": data.cities[c].hex, "besieger": "athens", "siege": True,
                       "blockade": c != "Sparta", "full": c == "Sparta", "city": c}
                      for c in ("Amphipolis", "Corinth", "Sparta")]
    return view


def setup_view(seat: str | None) -> dict:
    return engine.new_game("athens-sparta", seed="7").view(seat)


VIEWS = {"setup": setup_view, "crowded": crowded_view}


@pytest.fixture(scope="module", params=[(k, s) for k in VIEWS for s in (None, "sparta")],
                ids=lambda p: f"{p[0]}-{p[1] or 'public'}")
def drawn(request):
    kind, seat = request.param
    view = VIEWS[kind](seat)
    return kind, view, mapdraw.layout_pieces(view)


def _hexes():
    data = load()
    lay = basemap.base_for(data).layout
    return data, lay, {h: lay.hex_centre(data, h) for h in data.hexes}


def test_every_block_is_drawn_inside_its_own_hex(drawn):
    _kind, view, pieces = drawn
    data, lay, centres = _hexes()
    on_map = {b["hex"] for b in view["blocks"] if b.get("hex") in data.hexes}
    assert set(pieces["blocks"]) == on_map
    for place, boxes in pieces["blocks"].items():
        for box in boxes:
            assert placement.box_in_hex(box, centres[place], lay.grid.radius), (place, box)


def test_pixel_probe_blocks_change_only_pixels_of_hexes_holding_blocks(drawn):
    _kind, view, _pieces = drawn
    data, lay, centres = _hexes()
    occupied = [centres[h] for h in {b["hex"] for b in view["blocks"] if b.get("hex") in data.hexes}]
    with_blocks, _ = mapdraw.render_image(view)
    bare = copy.deepcopy(view)
    bare["blocks"] = [b for b in view["blocks"] if b.get("hex") not in data.hexes]
    without, _ = mapdraw.render_image(bare)
    diff = ImageChops.difference(with_blocks, without).convert("L")
    x0, y0, x1, y1 = diff.getbbox()
    px = diff.load()
    changed = stray = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            if px[x, y]:
                changed += 1
                if not any(placement.in_hex(x + 0.5, y + 0.5, c, lay.grid.radius + 0.5)
                           for c in occupied):
                    stray += 1
    assert changed > 1000  # the blocks were drawn
    assert stray == 0


def test_on_the_public_setup_map_no_block_covers_a_city_name(drawn):
    kind, view, pieces = drawn
    if kind != "setup" or view["game"].get("viewer"):
        pytest.skip("a crowded hex (or a seat's bigger, identified blocks) may cover a name")
    for boxes in pieces["blocks"].values():
        for b in boxes:
            assert not any(placement.overlaps(b, lab) for lab in pieces["labels"]), b


def test_siege_tags_cover_no_city_name(drawn):
    _kind, _view, pieces = drawn
    for t in pieces["tags"]:
        assert not any(placement.overlaps(t, lab) for lab in pieces["labels"]), t


def test_a_crowded_hex_shrinks_its_blocks_to_stay_inside():
    """Seven identified blocks of two sides and a name across the middle of the hex: the
    stack still fits in the hex, with smaller blocks than a lone block gets."""
    from renders.athens_sparta.viewmodel import MapBlock
    from renders.pieces.primitives import BlockFace

    face = BlockFace("Thebes", "hoplite", 3, 4, "B2")
    groups = ([MapBlock("h", "athens", False, face)] * 3,
              [MapBlock("h", "sparta", False, face)] * 4)
    centre, radius = (200.0, 200.0), 47.0
    name = (160.0, 190.0, 240.0, 205.0)
    st = placement.Stack("h", groups, (200.0, 225.0), centre)
    sh, left, top = placement.fit(st, radius, [name], [])
    assert len(sh.cells) == 7
    for c in sh.cells:
        assert placement.box_in_hex(c.drawn(left, top), centre, radius)
    lone = placement.Stack("h", (groups[0][:1],), (200.0, 225.0), centre)
    sh1, left1, top1 = placement.fit(lone, radius, [name], [])
    assert sh1.cells[0].size > sh.cells[0].size
    assert not placement.overlaps(sh1.drawn(left1, top1), name)
    assert engine.ruleset("athens-sparta")  # the renderer's ruleset is registered
