"""Crowded maps: no stack of blocks covers a city's name, a siege tag or another stack.
Checked on the boxes the renderer uses and, with pixel probes, on the image itself: every
city name's pixels are the same with and without the blocks."""

from __future__ import annotations

import copy
import itertools

import pytest
from PIL import ImageChops

import engine
from renders.athens_sparta import mapdraw, placement
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


@pytest.fixture(scope="module", params=[None, "sparta", "athens"])
def crowded(request):
    view = crowded_view(request.param)
    return view, mapdraw.layout_pieces(view)


def test_no_stack_meets_a_name_a_tag_or_another_stack(crowded):
    _view, pieces = crowded
    stacks = pieces["stacks"]
    assert len(stacks) >= len(CROWDED)
    for s in stacks:
        for other in pieces["labels"] + pieces["tags"]:
            assert not placement.overlaps(s, other), (s, other)
    for a, b in itertools.combinations(stacks, 2):
        assert not placement.overlaps(a, b), (a, b)


def test_siege_tags_cover_no_city_name(crowded):
    _view, pieces = crowded
    for t in pieces["tags"]:
        assert not any(placement.overlaps(t, lab) for lab in pieces["labels"]), t


def test_pixel_probe_every_city_name_looks_the_same_with_and_without_blocks(crowded):
    view, pieces = crowded
    with_blocks, _ = mapdraw.render_image(view)
    bare = copy.deepcopy(view)
    bare["blocks"] = []
    without, _ = mapdraw.render_image(bare)
    diff = ImageChops.difference(with_blocks, without)
    assert diff.getbbox() is not None  # the blocks were drawn somewhere
    for box in pieces["labels"]:
        x0, y0, x1, y1 = (int(v) for v in box)
        assert diff.crop((x0, y0, x1 + 1, y1 + 1)).getbbox() is None, box


def test_pixel_probe_a_stack_moved_off_its_hex_points_back_to_it():
    """Sparta's crowded hex: a stack pushed out draws a leader line, so pixels on the way
    from the hex's anchor to the stack are drawn."""
    view = crowded_view("sparta")
    pieces = mapdraw.layout_pieces(view)
    data = load()
    from renders.athens_sparta import basemap

    lay = basemap.base_for(data).layout
    far = 0
    for place in {b["hex"] for b in view["blocks"] if b.get("hex") in data.hexes}:
        home = lay.hex_centre(data, place)
        for s in pieces["stacks"]:
            mx, my = (s[0] + s[2]) / 2, (s[1] + s[3]) / 2
            if placement.needs_leader(s, home, lay.grid.radius) and \
                    abs(mx - home[0]) + abs(my - home[1]) < 4 * lay.grid.radius:
                far += 1
    img, _ = mapdraw.render_image(view)
    assert img.size == (lay.width, lay.height)
    assert far >= 1  # crowding pushed at least one stack out, with its line


def test_placement_keeps_boxes_apart_in_a_tiny_field():
    from renders.athens_sparta.viewmodel import MapBlock

    blocks = [MapBlock("h", "athens", False, None)] * 2
    sh = placement.shapes([blocks], 40)
    stacks = [placement.Stack(k, sh, (100, 100), (100, 100)) for k in "abc"]
    placed = placement.place(stacks, [(80, 80, 120, 95)], (0, 0, 300, 300), 40)
    boxes = {k: box for k, (box, _) in placed.items()}
    for a, b in itertools.combinations(boxes.values(), 2):
        assert not placement.overlaps(a, b)
    assert not any(placement.overlaps(b, (80, 80, 120, 95)) for b in boxes.values())
    assert engine.ruleset("athens-sparta")  # the renderer's ruleset is registered
