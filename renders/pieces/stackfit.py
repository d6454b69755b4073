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
from dataclasses import dataclass, replace

Box = tuple[float, float, float, float]
GAP = 3
SHADOW = 2  # a block's darker offset square (primitives.block)
SIZES = (26, 22, 18, 15, 12)
CLEAR = 2  # pixels kept between a piece and a name or mark


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
    # one pixel more each way: drawing rounds coordinates and includes the far edge
    return (x - h - 1, min(y - h, y - h + 1 - br) - 1,
            max(x + h + SHADOW, x + h - 1 + br) + 1, y + h + SHADOW + 1)


@dataclass(frozen=True)
class Placement:
    size: int
    centres: tuple[tuple[float, float], ...]  # one per piece, in the order given
    boxes: tuple[Box, ...]  # what each piece paints
    grid: bool = True  # one compact grid (else pieces placed one by one, each its own)
    tier: int = 1  # how good a spot `fit` found: 1 and 2 cover nothing asked to be clear

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
                     tuple((b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy) for b in p.boxes),
                     p.grid, p.tier)


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


def _grow(b: Box, by: float) -> Box:
    return (b[0] - by, b[1] - by, b[2] + by, b[3] + by)


def greedy(counted: Sequence[bool], inside: Callable[[Box], bool], region: Box,
           anchor: tuple[float, float], avoid: Sequence[Box], size: int, step: float
           ) -> Placement | None:
    """The pieces one by one, each at the free spot nearest the anchor: for an area
    whose shape (a strip, a peninsula) holds no grid. None when one does not fit."""
    centres: list[tuple[float, float]] = []
    boxes: list[Box] = []
    for c in counted:
        shape = drawn_box(0.0, 0.0, size, c)
        for left, top in _spots(shape, region, anchor, step):
            box = (left, top, left + shape[2] - shape[0], top + shape[3] - shape[1])
            padded = (box[0] - GAP + 1, box[1] - GAP + 1, box[2] + GAP - 1, box[3] + GAP - 1)
            if any(overlaps(box, o) for o in avoid) or any(overlaps(padded, b) for b in boxes):
                continue
            if inside(box):
                centres.append((left - shape[0], top - shape[1]))
                boxes.append(box)
                break
        else:
            return None
    return Placement(size, tuple(centres), tuple(boxes), grid=False)


def fit(counted: Sequence[bool], inside: Callable[[Box], bool], region: Box,
        anchor: tuple[float, float], layers: Sequence[Sequence[Box]], step: float = 4.0,
        sizes: Sequence[int] = SIZES, room: float = math.inf) -> Placement:
    """Where the pieces go inside the region (`inside` true of each box), nearest the
    anchor. `layers` are what to keep clear of, the most important first (names, then
    symbols, then sea names...). Tried in turn, best first:

    1. a grid clear of every layer (biggest blocks first), then of all but the last;
    2. the pieces one by one (odd shapes: strips, peninsulas) clear of every layer, then
       of fewer and fewer, down to the first;
    3. the grid covering least of the first layer, then of all;
    4. one by one anywhere inside; else at the anchor (`tier` says which: 1 to 6).

    `room` (the region's area in pixels) skips grids that cannot fit."""
    grown = [[_grow(o, CLEAR) for o in layer if overlaps(_grow(o, CLEAR), region)]
             for layer in layers]
    tried: list[tuple[Placement, list[tuple[float, float]]]] = []
    for shape in shapes(counted, sizes):
        x0, y0, x1, y1 = shape.box
        if (x1 - x0) * (y1 - y0) <= room:
            tried.append((shape, _spots(shape.box, region, anchor, step)))
    n = len(grown)
    for keep in sorted({n, max(1, n - 1)}, reverse=True):
        avoid = [o for layer in grown[:keep] for o in layer]
        for shape, spots in tried:
            x0, y0, x1, y1 = shape.box
            for left, top in spots:
                box = (left, top, left + x1 - x0, top + y1 - y0)
                if not any(overlaps(box, o) for o in avoid) and inside(box):
                    return replace(_moved(shape, left - x0, top - y0), tier=1)
    for keep in range(n, 0, -1):
        avoid = [o for layer in grown[:keep] for o in layer]
        for size in sizes:
            found = greedy(counted, inside, region, anchor, avoid, size, step)
            if found is not None:
                return replace(found, tier=2)
    first = set(grown[0]) if grown else set()
    near = [o for layer in grown for o in layer]
    best: tuple[tuple[float, float, float], Placement] | None = None
    for shape, spots in tried:
        x0, y0, x1, y1 = shape.box
        for left, top in spots:
            box = (left, top, left + x1 - x0, top + y1 - y0)
            if not inside(box):
                continue
            placed = _moved(shape, left - x0, top - y0)
            met = [o for o in near if overlaps(box, o)]
            cover_first = sum(overlap_area(b, o) for b in placed.boxes for o in met
                              if o in first)
            cover = sum(overlap_area(b, o) for b in placed.boxes for o in met)
            cost = (round(cover_first / 20), -shape.size, cover)
            if best is None or cost < best[0]:
                best = (cost, placed)
    if best is not None:
        return replace(best[1], tier=3)
    found = greedy(counted, inside, region, anchor, (), sizes[-1], step / 2)
    if found is not None:
        return replace(found, tier=4)
    shape = grid(counted, sizes[-1], max(1, math.ceil(math.sqrt(len(counted)))))
    x0, y0, x1, y1 = shape.box
    return replace(_moved(shape, anchor[0] - (x0 + x1) / 2, anchor[1] - (y0 + y1) / 2),
                   tier=5)
