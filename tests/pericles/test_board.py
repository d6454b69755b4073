"""The theater map is drawn on real geography: every theater's disc sits where its
latitude and longitude put it, coloured by its type, over a coastline that has Sparta
on land and the Eastern Mediterranean at sea."""

from __future__ import annotations

import math

import pytest

from engine.rulesets.pericles.components import load_components
from renders.pericles import board

C = load_components()


@pytest.fixture(scope="module")
def image():
    return board.render_image()


def expected_xy(lat: float, lon: float) -> tuple[int, int]:
    # the projection restated here, so a slip in board.to_px shows
    lon0, _, _, lat1 = board.WINDOW
    return (round((lon - lon0) * board.SCALE * math.cos(math.radians(38.0))), round((lat1 - lat) * board.SCALE))


def test_each_theater_is_drawn_at_its_coordinates(image):
    r = board.RADIUS - 3
    for t in C.data.theaters:
        x, y = expected_xy(t.lat, t.lon)
        # four points inside the disc, clear of its number: it is centred on the coordinates
        for probe in ((x, y - r), (x, y + r), (x - r, y), (x + r, y)):
            assert image.getpixel(probe) == board.FILL[t.type], (t.key, probe)

def test_granaries_wear_their_ring(image):
    for t in C.data.theaters:
        if t.granary:
            x, y = expected_xy(t.lat, t.lon)
            assert image.getpixel((x, y - board.RADIUS - 2)) == board.GRANARY, t.key


def test_geography_orders_the_theaters():
    x = {t.key: board.to_px(t.lat, t.lon) for t in C.data.theaters}
    assert x["sicily"][0] < x["corcyra"][0] < x["athens"][0] < x["ionia"][0] < x["persia"][0]
    assert x["macedonia"][1] < x["thessalia"][1] < x["boeotia"][1] < x["sparta"][1]


def test_the_coastline_is_the_right_way_up():
    mask = board.land_mask()
    for key, land in (("sparta", True), ("boeotia", True), ("eastmed", False), ("hellespont", False)):
        t = C.theaters[key]
        x, y = board.to_px(t.lat, t.lon)
        assert bool(mask.getpixel((min(int(x), mask.width - 1), int(y)))) is land, key


def test_render_gives_png_bytes():
    png = board.render()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000
