"""Crowded point maps (renders/pieces/labels.py): markers spread apart, texts placed clear."""

from __future__ import annotations

import math

from renders.pieces.labels import Text, box_on, place, spread
from renders.pieces.stackfit import overlap_area


def test_spread_parts_points_on_one_spot_and_keeps_far_ones():
    at = spread({"megara": (50.0, 50.0), "nisaea": (50.0, 50.0), "far": (300.0, 50.0)},
                gap=20, bounds=(0, 0, 400, 100))
    assert math.dist(at["megara"], at["nisaea"]) >= 20
    assert at["far"] == (300.0, 50.0)
    # each moved only as far as the gap asks, about its old spot
    assert all(math.dist(at[k], (50.0, 50.0)) <= 10.1 for k in ("megara", "nisaea"))


def test_spread_stays_inside_its_bounds():
    pts = {str(i): (5.0, 5.0 + i) for i in range(6)}
    at = spread(pts, gap=12, bounds=(0, 0, 200, 200))
    assert all(0 <= x <= 200 and 0 <= y <= 200 for x, y in at.values())
    ids = sorted(at)
    assert min(math.dist(at[a], at[b]) for i, a in enumerate(ids) for b in ids[i + 1:]) >= 11


def test_a_name_takes_the_side_its_neighbour_leaves_free():
    """Two markers side by side: the text of the left one, preferring 'right', would sit
    on the right one, so it goes elsewhere; alone, it takes its preferred side."""
    t = Text("a", (50.0, 50.0), 6, 40, 14, ("right", "below", "left"))
    assert place([t], [], (0, 0, 200, 200))["a"] == box_on(t, "right")
    neighbour = (64.0, 42.0, 80.0, 58.0)
    got = place([t], [(44.0, 44.0, 56.0, 56.0), neighbour], (0, 0, 200, 200))["a"]
    assert got == box_on(t, "below")
    assert overlap_area(got, neighbour) == 0


def test_texts_do_not_cover_each_other_when_room_allows():
    texts = [Text(k, (100.0, 100.0 + 20 * i), 5, 50, 14) for i, k in enumerate("abc")]
    boxes = place(texts, [(95.0, 95.0 + 20 * i, 105.0, 105.0 + 20 * i) for i in range(3)],
                  (0, 0, 300, 300))
    keys = sorted(boxes)
    assert all(overlap_area(boxes[a], boxes[b]) == 0
               for i, a in enumerate(keys) for b in keys[i + 1:])


def test_place_is_deterministic():
    texts = [Text(str(i), (20.0 * i, 30.0), 5, 30, 12) for i in range(8)]
    assert place(texts, [], (0, 0, 200, 100)) == place(list(reversed(texts)), [], (0, 0, 200, 100))
