"""The Hellenes map can be read where the war is fought (issue 32): at the 431 set-up and
at a crowded mid-game position (a seeded random game, 400 actions: eight Athenian blocks
in Attica, five Spartan in Messenia), for the public and both seats,

- every block's drawn box lies inside its own area (the area of every pixel of the board),
- no City's name is covered by a block: by the boxes, and by a pixel probe (the name's
  pixels are the base map's),
- every pixel the pieces change lies in an area that holds blocks, in a City's marker room,
  or off the board (banner, track),
- the coastline and borders do not run along the raster's cell grid (no staircase)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

import engine
from renders.hellenes import TOP, _stacks, layout_pieces, pieces_as_drawn, placement
from renders.hellenes import basemap as hb
from renders.pieces import areaboard, stackfit
from renders.registry import renderer

CITIES_OF_THE_WAR = ("Athens", "Corinth", "Thebes", "Sparta", "Naupactus", "Leucas", "Megara",
                     "Argos", "Chalcis", "Platea")


def setup_game():
    return engine.new_game("hellenes", scenario="431", seed="3")


def crowded_game():
    from renders.cli import play_random_steps

    game, _ = play_random_steps("hellenes", "b", 400)
    return game


@pytest.fixture(scope="module")
def base() -> hb.Base:
    return hb.base()


@pytest.fixture(scope="module", params=[(kind, seat) for kind in ("setup", "crowded")
                                        for seat in (None, "athens", "sparta")],
                ids=lambda p: f"{p[0]}-{p[1] or 'public'}")
def drawn(request):
    kind, seat = request.param
    game = setup_game() if kind == "setup" else crowded_game()
    view = game.view(seat)
    image = Image.open(io.BytesIO(renderer("hellenes").map(view))).convert("RGB")
    return kind, view, layout_pieces(view), image


def test_the_position_is_crowded_where_the_war_is_fought(drawn):
    _kind, view, layout, _image = drawn
    blocks = [b["area"] for b in view["blocks"]] + [b["area"] for b in view["hidden_blocks"]]
    assert len(blocks) >= 30
    assert max(blocks.count(a) for a in set(blocks)) >= 5
    assert sum(len(boxes) for boxes in layout.values()) >= 10


def test_every_block_lies_inside_its_own_area(drawn, base):
    _kind, _view, layout, _image = drawn
    for area, boxes in layout.items():
        for box in boxes:
            assert base.board.is_inside(area, box), (area, box)


def test_no_city_name_is_covered_by_a_block(drawn, base):
    _kind, _view, layout, _image = drawn
    names = list(base.city_names.items())
    assert {n for n, _ in names} >= set(CITIES_OF_THE_WAR)
    for area, boxes in layout.items():
        stack = pieces_as_drawn(area, _stacks(_view)[area])[1]
        for name, label in names:
            assert not any(stackfit.overlaps(b, label) for b in boxes), (name, area)
            if stack.grid:  # a grid's whole box too (pieces one by one are each a stack)
                assert not stackfit.overlaps(stack.box, label), (name, area)


def test_pixel_probe_names_untouched_and_pieces_only_in_their_areas(drawn, base):
    _kind, view, layout, image = drawn
    w, h = base.image.size
    picture = image.crop((0, TOP, w, TOP + h))
    # the base as encoded: mapped onto the same palette as every map
    bare = base.image.quantize(palette=base.palette, dither=Image.Dither.NONE).convert("RGB")
    changed = ImageChops.difference(picture, bare).convert("L").point(
        lambda v: 255 if v else 0)
    for name, (x0, y0, x1, y1) in base.city_names.items():
        box = (int(x0), int(y0), int(x1) + 1, int(y1) + 1)
        assert changed.crop(box).getbbox() is None, f"something is drawn over {name}'s name"
    # Markers of Cities (capture rings, siege frames, garrisons) stand in the room kept
    # around each symbol; every other changed pixel belongs to an area holding blocks.
    probe = changed.copy()
    for x0, y0, x1, y1 in base.marks:
        probe.paste(0, (int(x0) - 1, int(y0) - 1, int(x1) + 2, int(y1) + 2))
    assert probe.getbbox() is not None  # the blocks were drawn
    counts = base.board.ids.histogram(mask=probe)
    holding = {base.board.index[a] for a in layout}
    stray = {i: n for i, n in enumerate(counts) if n and i not in holding}
    assert not stray, {next((a for a, j in base.board.index.items() if j == i), i): n
                       for i, n in stray.items()}


def test_a_big_stack_stands_together_inside_its_area_not_in_a_row(base):
    """Athens' nine blocks at the 431 set-up, seen by Athens: in three rows or more, none
    longer than three blocks, all inside Attica (not a row across the Saronic Gulf)."""
    view = setup_game().view("athens")
    items = _stacks(view)["ATH"]
    assert len(items) == 9
    spot = placement("ATH", len(items))
    rows: dict[int, int] = {}
    for _x, y in spot.centres:
        rows[round(y)] = rows.get(round(y), 0) + 1
    assert len(rows) >= 3 and max(rows.values()) <= 3
    assert spot.size >= 12
    assert all(base.board.is_inside("ATH", box) for box in spot.boxes)
    x0, y0, x1, y1 = base.board.boxes["ATH"]
    assert spot.box[2] - spot.box[0] <= (x1 - x0) and spot.box[3] - spot.box[1] <= (y1 - y0)


def test_borders_do_not_follow_the_raster_cells(base):
    """On cells scaled up as they are, every border pixel lies on a cell's edge; smoothed,
    most borders cut across the cells."""
    ids = base.board.ids
    edge = areaboard.edges(ids)
    sx = hb.XSCALE
    sy = hb.SCALE
    on_grid = off_grid = 0
    data = edge.load()
    assert data is not None
    for y in range(0, ids.height - 1, 2):
        for x in range(0, ids.width - 1, 2):
            if data[x, y]:
                fx, fy = ((x + 1) / sx) % 1, ((y + 1) / sy) % 1
                if min(fx, 1 - fx) < 0.5 / sx or min(fy, 1 - fy) < 0.5 / sy:
                    on_grid += 1
                else:
                    off_grid += 1
    assert off_grid > 0.35 * (on_grid + off_grid), (on_grid, off_grid)


def test_the_legend_is_drawn_clear_of_the_board(base):
    x0, y0, x1, y1 = (int(v) for v in base.legend)
    assert ids_only(base.board.ids.crop((x0, y0, x1, y1))) == {areaboard.NOWHERE}
    colours = base.image.crop((x0, y0, x1, y1)).getcolors(1 << 16) or []
    assert any(c == hb.DEEP for _n, c in colours) and any(c == hb.NARROWS for _n, c in colours)


def ids_only(img: Image.Image) -> set[int]:
    return {int(v) for _n, v in img.getcolors(256) or []}  # type: ignore[call-overload]


def test_hellenes_blocks_show_their_type_letter_never_a_question_mark():
    from renders.pieces import glyphs

    for t in ("hoplite", "infantry", "cavalry", "fleet", "archers"):
        assert glyphs.letter(t, "hellenes") != "?"
    assert glyphs.letter("infantry", "hellenes") == "I"
    assert glyphs.letter("navy", "athens-sparta") == "N"
    assert glyphs.letter("light", "epic") == "L"
    assert glyphs.letter("elephant", "epic") == "E"  # a type no table knows


def test_the_base_comes_back_whole_from_the_disk_cache(base, monkeypatch, tmp_path):
    """A restarted bot loads the base instead of drawing it (seconds): the picture, the
    area of every pixel and every box come back the same."""
    monkeypatch.setenv("KERYX_RENDER_CACHE", str(tmp_path))
    assert hb._load("k") is None
    hb._save(base, "k")
    back = hb._load("k")
    assert back is not None
    assert back.image.tobytes() == base.image.tobytes()
    assert back.board.ids.tobytes() == base.board.ids.tobytes()
    assert back.board.boxes == base.board.boxes and back.board.sizes == base.board.sizes
    assert (back.names, back.labels, back.marks) == (base.names, base.labels, base.marks)
    assert back.city_names == base.city_names and back.anchors == base.anchors
    assert back.palette.getpalette() == base.palette.getpalette()
