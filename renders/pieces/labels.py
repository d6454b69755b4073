"""Crowded point maps made readable: markers pushed apart until none touch, then each
piece of text put on whichever side of its marker covers least of what is already drawn.

Real geography packs places a few kilometres apart (Megara and its port Nisaea) into one
pixel; a point-to-point board only needs each space near its true place and its paths
between the spaces, so moving a marker a little is honest where hiding its name is not.
Pure geometry and deterministic: the same points give the same picture."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .stackfit import Box, overlap_area

Point = tuple[float, float]
ROUNDS = 80
# How much farther than touching a text may stand from its marker, tried in this order
# once every nearer spot covers something.
FARTHER = (0.0, 5.0, 10.0)


def spread(points: Mapping[str, Point], gap: float, bounds: Box,
           rounds: int = ROUNDS) -> dict[str, Point]:
    """The points moved apart until every two are at least `gap` apart (or `rounds` have
    passed), each pair pushed by halves along the line between them, kept inside
    `bounds`. Two points on one spot part along a fixed direction of their names' order."""
    ids = sorted(points)
    at = {k: points[k] for k in ids}
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                (ax, ay), (bx, by) = at[a], at[b]
                dx, dy = bx - ax, by - ay
                d = math.hypot(dx, dy)
                if d >= gap:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (gap - d) / 2 + 0.01
                ux, uy = dx / d * push, dy / d * push
                at[a] = _inside((ax - ux, ay - uy), bounds)
                at[b] = _inside((bx + ux, by + uy), bounds)
                moved = True
        if not moved:
            break
    return at


def _inside(p: Point, bounds: Box) -> Point:
    return min(max(p[0], bounds[0]), bounds[2]), min(max(p[1], bounds[1]), bounds[3])


@dataclass(frozen=True, slots=True)
class Text:
    """A block of text to set beside the marker at `at` (radius `r`): `w` by `h` pixels.
    `sides` lists the sides it may take, the first preferred ("below", "above", "right",
    "left" and the four corners)."""
    key: str
    at: Point
    r: float
    w: float
    h: float
    sides: tuple[str, ...] = ("below", "above", "right", "left", "below-right",
                              "below-left", "above-right", "above-left")


def box_on(t: Text, side: str, farther: float = 0.0) -> Box:
    """The box of `t` set on `side` of its marker, two pixels (and `farther`) clear of it."""
    x, y = t.at
    r = t.r + 2 + farther
    vertical = "below" if side.startswith("below") else "above" if side.startswith("above") \
        else None
    horizontal = "right" if side.endswith("right") else "left" if side.endswith("left") \
        else None
    if vertical is None:  # beside, centred on the marker's height
        left = x + r if horizontal == "right" else x - r - t.w
        return left, y - t.h / 2, left + t.w, y + t.h / 2
    top = y + r if vertical == "below" else y - r - t.h
    if horizontal is None:
        left = x - t.w / 2
    else:  # a corner: the text's near corner at the marker's diagonal
        left = x + r * 0.7 if horizontal == "right" else x - r * 0.7 - t.w
    return left, top, left + t.w, top + t.h


def place(texts: Sequence[Text], marks: Sequence[Box], bounds: Box) -> dict[str, Box]:
    """Each text's box: greedily, most crowded marker first, the side that covers least
    of the markers and of the texts set before it (markers count double: a name over a
    marker hides a space) and leaves the picture least, nearer its own marker than any
    other (so the name is not read as a neighbour's); ties go to the earlier side, and
    to the nearer spot."""
    centres = [((m[0] + m[2]) / 2, (m[1] + m[3]) / 2) for m in marks]
    placed: dict[str, Box] = {}
    for t in sorted(texts, key=lambda t: (-_crowding(t, marks), t.key)):
        # only what lies within reach of the text's sides can cost anything
        reach = _grown(t.at + t.at, t.r + 2 * max(t.w, t.h) + 2)
        near = [m for m in marks if overlap_area(m, reach)]
        near_c = [c for c in centres if _within(c, reach)]
        near_p = {k: b for k, b in placed.items() if overlap_area(b, reach)}
        spots = [(side, far) for far in FARTHER for side in t.sides]
        best = min(spots, key=lambda s: (_cost(t, s, near, near_c, near_p, bounds),
                                         spots.index(s)))
        placed[t.key] = box_on(t, *best)
    return placed


def _within(p: Point, b: Box) -> bool:
    return b[0] <= p[0] <= b[2] and b[1] <= p[1] <= b[3]


def _crowding(t: Text, marks: Sequence[Box]) -> int:
    near = _grown(box_on(t, t.sides[0]), 6)
    return sum(1 for m in marks if overlap_area(near, m))


def _cost(t: Text, spot: tuple[str, float], marks: Sequence[Box], centres: Sequence[Point],
          placed: Mapping[str, Box], bounds: Box) -> float:
    b = box_on(t, *spot)
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    own = math.hypot(cx - t.at[0], cy - t.at[1])
    misread = sum(1 for x, y in centres if math.hypot(cx - x, cy - y) < own - 1)
    return (2 * sum(overlap_area(b, m) for m in marks)
            + sum(overlap_area(b, o) for o in placed.values())
            + 4 * _outside(b, bounds) + 300 * misread)


def _grown(b: Box, by: float) -> Box:
    return b[0] - by, b[1] - by, b[2] + by, b[3] + by


def _outside(b: Box, bounds: Box) -> float:
    """The area of `b` beyond `bounds`."""
    area = (b[2] - b[0]) * (b[3] - b[1])
    return area - overlap_area(b, bounds)
