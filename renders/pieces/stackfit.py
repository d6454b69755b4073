"""Where the pieces of one space go on an area board: a compact grid inside the space's
own region, at the spot nearest where they would rather stand that covers no name and no
symbol. Bigger blocks are tried first, then smaller ones, then grids of other widths; when
nothing leaves every name clear, the spot covering least of the names is taken. A grid of
eight is three by three inside its area, never a row running out over the sea.

Pure geometry: the region is a predicate on boxes (`Board.is_inside` of the area board),
so a hex board, an area board or a point-to-point board's circles all fit the same way."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Box = tuple[float, float, float, float]
GAP = 3
SHADOW = 2  # a block's darker offset square (primitives.block)
SIZES = (26, 22, 18, 15)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def overlap_area(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def badge_radius(size: int) -> int:
    """The count badge at a block's top-right corner (primitives.block)."""
    return max(7, size // 4)


def drawn_box(x: float, y: float, size: int, counted: bool) -> Box:
    """Every pixel a block centred at (x, y) paints: its face, its shadow, its badge."""
    h = size / 2
    br = badge_radius(size) if counted else 0
    return (x - h, min(y - h, y - h + 1 - br), max(x + h + SHADOW, x + h - 1 + br),
            y + h + SHADOW)


@dataclass(frozen=True)
class Placement:
    size: int
    centres: tuple[tuple[float, float], ...]  # one per piece, in the order given
    boxes: tuple[Box, ...]  # what each piece paints

    @property
    def box(self) -> Box:
        return (min(b[0] for b in self.boxes), min(b[1] for b in self.boxes),
                max(b[2] for b in self.boxes), max(b[3] for b in self.boxes))


def grid(counted: Sequence[bool], size: int, cols: int, left: float = 0.0,
         top: float = 0.0) -> Placement:
    """Pieces in rows of `cols`, the first at the top left."""
    centres, boxes = [], []
    top_reach = max((badge_radius(size) - 1 for c in counted if c), default=0)
    for i, c in enumerate(counted):
        r, k = divmod(i, cols)
        x = left + k * (size + GAP) + size / 2
        y = top + top_reach + r * (size + GAP) + size / 2
        centres.append((x, y))
        boxes.append(drawn_box(x, y, size, c))
    return Placement(size, tuple(centres), tuple(boxes))


def shapes(counted: Sequence[bool], sizes: Sequence[int] = SIZES):
    """The grids to try, best first: big blocks before small, square grids before
    long ones."""
    n = len(counted)
    square = max(1, math.ceil(math.sqrt(n)))
    widths = sorted(range(1, n + 1), key=lambda c: (abs(c - square), -c))[:2]
    for size in sizes:
        for cols in widths:
            yield grid(counted, size, cols)


def _moved(p: Placement, dx: float, dy: float) -> Placement:
    return Placement(p.size, tuple((x + dx, y + dy) for x, y in p.centres),
                     tuple((b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for b in p.boxes))


def _spots(box: Box, region: Box, anchor: tuple[float, float], step: float
           ) -> list[tuple[float, float]]:
    """Top-left corners that keep a box of this size in the region's bounding box, on a
    grid of `step` pixels, nearest the anchor first."""
    w, h = box[2] - box[0], box[3] - box[1]
    nx, ny = int((region[2] - region[0] - w) // step), int((region[3] - region[1] - h) // step)
    ax, ay = anchor[0] - w / 2 - region[0], anchor[1] - h / 2 - region[1]
    spots = [((i * step - ax) ** 2 + (j * step - ay) ** 2, i, j)
             for j in range(ny + 1) for i in range(nx + 1)]
    spots.sort()
    return [(region[0] + i * step, region[1] + j * step) for _d, i, j in spots]


def fit(counted: Sequence[bool], inside: Callable[[Box], bool], region: Box,
        anchor: tuple[float, float], names: Sequence[Box], marks: Sequence[Box] = (),
        step: float = 4.0, sizes: Sequence[int] = SIZES, room: float = math.inf) -> Placement:
    """The pieces' grid inside the region (`inside` true of its whole box), nearest the
    anchor, covering no name and no mark; else the inside spot covering least of the
    names, then of the marks; else (a region too small for the smallest grid) at the
    anchor. `room` (the region's area in pixels) skips grids that cannot fit."""
    near = [o for o in list(names) + list(marks) if overlaps(o, region)]
    name_set = set(names)
    tried: list[tuple[Placement, list[tuple[float, float]]]] = []
    for shape in shapes(counted, sizes):
        x0, y0, x1, y1 = shape.box
        if (x1 - x0) * (y1 - y0) > room:
            continue
        spots = _spots(shape.box, region, anchor, step)
        tried.append((shape, spots))
        for left, top in spots:
            box = (left, top, left + x1 - x0, top + y1 - y0)
            if not any(overlaps(box, o) for o in near) and inside(box):
                return _moved(shape, left - x0, top - y0)
    # Nothing clear: the spot covering least of the names, then bigger blocks, then marks.
    best: tuple[tuple[float, float, float], Placement] | None = None
    for shape, spots in tried:
        x0, y0, x1, y1 = shape.box
        for left, top in spots:
            box = (left, top, left + x1 - x0, top + y1 - y0)
            if not inside(box):
                continue
            placed = _moved(shape, left - x0, top - y0)
            met = [o for o in near if overlaps(box, o)]
            cover_names = sum(overlap_area(b, o) for b in placed.boxes for o in met
                              if o in name_set)
            cover = sum(overlap_area(b, o) for b in placed.boxes for o in met)
            cost = (round(cover_names / 20), -shape.size, cover)
            if best is None or cost < best[0]:
                best = (cost, placed)
    if best is not None:
        return best[1]
    shape = grid(counted, sizes[-1], max(1, math.ceil(math.sqrt(len(counted)))))
    x0, y0, x1, y1 = shape.box
    return _moved(shape, anchor[0] - (x0 + x1) / 2, anchor[1] - (y0 + y1) / 2)
