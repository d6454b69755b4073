"""The Epic's stacks on the map (issue 31 point 4, as tests/renders/test_hellenes_map.py
does for Hellenes): at real positions every stack's counter stands inside its own hex,
over no city's name, and a pixel probe of the drawn map finds each counter's face in its
side's colour where its box says."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image

from engine.rulesets.epic.components import load_components
from renders import theme
from renders.cli import play_random_steps
from renders.epic import basemap, mapdraw

POSITIONS = [("bench", 600), ("probe", 300)]


@pytest.fixture(scope="module")
def positions():
    out = []
    for seed, steps in POSITIONS:
        game, _ = play_random_steps("epic", seed=seed, steps=steps)
        out.append(game.view(None))
    return out


def _counters(view):
    """(hex, side, box) of every stack drawn in its own hex."""
    b = basemap.base_for(view["scenario"])
    size = max(18, int(b.grid.radius * 0.6))
    inside = set(b.hexes)
    out = []
    for hex_id, items in mapdraw.stacks(view).items():
        if hex_id not in inside:
            continue
        for k, (side, _types, _names) in enumerate(items):
            x, y = mapdraw.stack_xy(b, hex_id, k, len(items))
            out.append((hex_id, side, (x - size / 2, y - size / 2, x + size / 2, y + size / 2)))
    return out


def _inside_hex(b, hex_id, box) -> bool:
    """Every corner of the box within the hexagon (flat-top, circumradius r)."""
    cx, cy = b.centre(hex_id)
    r = b.grid.radius
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(x - cx), abs(y - cy)
        if dy > r * math.sqrt(3) / 2 or dx > r - dy / math.sqrt(3):
            return False
    return True


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_every_stack_stands_inside_its_own_hex(positions):
    seen = 0
    for view in positions:
        b = basemap.base_for(view["scenario"])
        for hex_id, _side, box in _counters(view):
            if len(mapdraw.stacks(view)[hex_id]) <= 2:  # two sides side by side
                assert _inside_hex(b, hex_id, box), hex_id
                seen += 1
    assert seen >= 10


def test_no_stack_covers_a_city_name(positions):
    comps = load_components()
    for view in positions:
        b = basemap.base_for(view["scenario"])
        names = {name: basemap.city_name_box(b.grid, comps, name)
                 for name, city in comps.cities.items() if city.hex in set(b.hexes)}
        for hex_id, _side, box in _counters(view):
            hit = [n for n, nb in names.items() if _overlap(box, nb)]
            assert not hit, (hex_id, hit)


def test_pixel_probe_each_counter_shows_its_sides_colour(positions):
    for view in positions:
        img = Image.open(io.BytesIO(mapdraw.draw_map(view))).convert("RGB")
        for _hex, side, box in _counters(view):
            # just inside the counter's left edge, halfway down: its face, not the map
            x, y = round(box[0] + 3), round((box[1] + box[3]) / 2)
            want = theme.side_colour(mapdraw.side_of(mapdraw.seated(view), side))
            got = img.getpixel((x, y))
            assert sum(abs(a - c) for a, c in zip(got, want)) < 40, (_hex, side, got, want)
