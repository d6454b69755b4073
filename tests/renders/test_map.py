"""Pixel probes on the rendered maps (no golden files: a font update must not break them)."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

import renders
from renders import theme
from renders.athens_sparta import basemap, mapdata, mapdraw, sample
from tests.renders import synthetic_map


def png_image(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG"
    return im.convert("RGB")


def close(a, b, tol=40) -> bool:
    return math.dist(a, b) <= tol


@pytest.fixture(scope="module")
def real():
    try:
        return mapdata.load()
    except (FileNotFoundError, ImportError) as exc:  # pragma: no cover - data not built yet
        pytest.skip(f"Athens & Sparta map data not available: {exc}")


@pytest.fixture(scope="module")
def synth():
    return synthetic_map.build()


def test_land_and_sea_from_the_coastline(synth):
    base = basemap.base_for(synth)
    g = base.layout.grid
    lat, lon = synthetic_map.gazetteer("Athens")
    # A point just inland of Athens (the city symbol sits on the hex, not here).
    x, y = g.project(38.05, 23.85)
    assert close(base.image.getpixel((int(x), int(y))), theme.LAND, 30)
    # The middle of the Aegean, between the Cyclades and Lesbos.
    x, y = g.project(38.9, 25.0)
    assert base.image.getpixel((int(x), int(y))) in (theme.SEA, theme.SEA_SHALLOW) or \
        close(base.image.getpixel((int(x), int(y))), theme.SEA, 30)
    assert lat and lon


def test_city_symbol_colours_at_their_hexes(synth):
    base = basemap.base_for(synth)
    for name, side in (("Athens", "athens"), ("Sparta", "sparta"), ("Argos", "neutral"),
                       ("Sardis", "persia")):
        c = synth.cities[name]
        x, y = basemap.city_pos(base.layout, synth, c)
        # Off the centre, clear of the value number printed inside.
        px = base.image.getpixel((int(x - basemap.city_radius(base.layout) * 0.6), int(y)))
        assert close(px, theme.SIDE[side], 45), (name, px)


def test_map_size_and_file_size(real):
    data = renders.render_map(sample.sample_view(real, None))
    im = png_image(data)
    assert 1500 <= im.width <= 1700
    assert len(data) < 600_000


def test_banner_has_text(real):
    im = png_image(renders.render_map(sample.sample_view(real, None)))
    strip = im.crop((280, 5, 800, 50))
    colours = strip.getcolors(100_000)
    light = sum(n for n, c in colours if sum(c) > 500)
    assert light > 200  # the turn and phase are written there


def test_block_drawn_at_its_hex_in_side_colour(synth):
    hex_id = synth.cities["Sparta"].hex
    view = {"game": {"ruleset": "athens-sparta"}, "viewer": None, "phase": "move",
            "blocks": [{"hex": hex_id, "side": "sparta", "in_city": False}]}
    empty = dict(view, blocks=[])
    lay = basemap.base_for(synth).layout
    x, y = basemap.block_anchor(lay, synth, hex_id)
    with_block = png_image(mapdraw.render(view, synth)).getpixel((int(x), int(y)))
    without = png_image(mapdraw.render(empty, synth)).getpixel((int(x), int(y)))
    assert close(with_block, theme.SIDE["sparta"], 30)
    assert not close(without, theme.SIDE["sparta"], 30)


def test_own_block_label_only_on_the_seat_map(synth):
    hex_id = synth.cities["Athens"].hex
    hidden = {"hex": hex_id, "side": "athens", "in_city": False}
    seen = dict(hidden, id="a1", name="Athens", type="hoplite", strength=3, max_strength=4,
                rating="B2")
    # Where the stack stands (the nearest spot that covers no name).
    stack = mapdraw.layout_pieces({"viewer": "athens", "blocks": [seen]}, synth)["stacks"][0]
    x, y = (stack[0] + stack[2]) / 2, (stack[1] + stack[3]) / 2
    public = png_image(mapdraw.render({"viewer": None, "blocks": [hidden]}, synth))
    seat = png_image(mapdraw.render({"viewer": "athens", "blocks": [seen]}, synth))
    box = (int(x) - 14, int(y) - 6, int(x) + 14, int(y) + 8)  # where "3B2" is written
    white = lambda im: sum(n for n, c in im.crop(box).getcolors(10_000) if min(c) > 200)  # noqa: E731
    assert white(seat) > 20
    assert white(public) == 0


def test_public_map_ignores_hidden_strengths(real):
    """Redaction: two games that differ only in hidden block strengths give the same
    public picture, byte for byte."""
    a = renders.render_map(sample.sample_view(real, None, strength_bump=0))
    b = renders.render_map(sample.sample_view(real, None, strength_bump=1))
    assert a == b
    # ... and the bump is real: the seat's own map does change.
    sa = renders.render_map(sample.sample_view(real, "athens", strength_bump=0))
    sb = renders.render_map(sample.sample_view(real, "athens", strength_bump=-1))
    assert sa != sb


def test_every_hex_of_the_real_map_is_placed_on_its_coordinates(real):
    base = basemap.base_for(real)
    assert base.layout.grid.residual_px < 3.0
    for h in real.hexes.values():
        x, y = base.layout.grid.centre(h.col, h.row)
        assert 0 <= x <= base.layout.width and 0 <= y <= base.layout.height


def test_unknown_ruleset_is_refused():
    with pytest.raises(renders.NoRenderer):
        renders.render_map({"game": {"ruleset": "no-such-game"}})


def test_banner_subline_stops_short_of_the_city_points(real):
    """Issue 34 (text): a long second line ("Persia allied to Sparta" after the cards
    played) never runs into "city points (30 wins)": a pixel probe of the gap before it."""
    from PIL import Image, ImageDraw

    from renders.athens_sparta.layout import BANNER_H
    from renders.athens_sparta.viewmodel import MapView

    lay = basemap.base_for(real).layout
    mv = MapView(viewer=None, olympiad=86, turn=7, phase="over", active="sparta", mp_left=3,
                 player1="sparta", points={"athens": 19, "sparta": 18}, blocks=(),
                 control={}, sieges=(), battle_hex=None, hellespont="athens",
                 persian_alliance=True, syracuse_value=4,
                 played={"athens": {"mp": 2, "event": {"name": "Pericles' Funeral Oration"}},
                         "sparta": {"mp": 3, "event": {"name": "Brasidas Marches North"}}})
    img = Image.new("RGB", (lay.width, BANNER_H + 10), theme.BANNER)
    d = ImageDraw.Draw(img)
    mapdraw._banner(d, lay, mv)
    left = int(mapdraw._points_left(d, lay, mv))
    gap = img.crop((left - 10, BANNER_H // 2 + 5, left, BANNER_H // 2 + 19))
    assert {c for _n, c in gap.getcolors(10_000)} == {theme.BANNER}
