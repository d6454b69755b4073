"""Where a hex's blocks go: inside the hex, as on the board. Each stack is laid out as a
small grid and put at the spot nearest its hex's anchor where it covers no city name,
city symbol or siege tag; a crowded hex shrinks its blocks until they fit, and when no
size leaves everything clear, the spot covering least of the names is taken. A block is
never drawn outside its own hex, so a hex is read by what stands in it."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .viewmodel import MapBlock

Box = tuple[float, float, float, float]
GAP = 3  # between blocks of a side
SIDE_GAP = 5  # between the sides of a contested hex
SHADOW = 2  # the block's darker offset square (primitives.block)
INSET = 2.0  # blocks keep this far inside the hex's outline
MIN_FACE = 20  # smallest block still showing its face
MIN_HIDDEN = 13


def overlaps(a: Box, b: Box, pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def overlap_area(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def inside(a: Box, bounds: Box) -> bool:
    return a[0] >= bounds[0] and a[1] >= bounds[1] and a[2] <= bounds[2] and a[3] <= bounds[3]


def in_hex(x: float, y: float, centre: tuple[float, float], radius: float) -> bool:
    """Whether a point lies in the flat-topped hex of circumradius `radius` (the grid's
    hexes, renders/pieces/geometry.py)."""
    dx, dy = abs(x - centre[0]), abs(y - centre[1])
    return dy <= radius * math.sqrt(3) / 2 and dx <= radius - dy / math.sqrt(3)


def box_in_hex(box: Box, centre: tuple[float, float], radius: float) -> bool:
    """A box lies in a (convex) hex when its four corners do."""
    return all(in_hex(x, y, centre, radius) for x in (box[0], box[2]) for y in (box[1], box[3]))


@dataclass(frozen=True)
class Cell:
    dx: float  # block centre, from the stack's top-left corner
    dy: float
    size: int
    block: MapBlock
    count: int

    def drawn(self, left: float, top: float) -> Box:
        """Every pixel the block paints: its square, the offset shadow and the count
        badge at its top-right corner."""
        h = self.size / 2
        x, y = left + self.dx, top + self.dy
        reach = max(7, self.size // 4) if self.count > 1 else 0
        return (x - h, y - h - max(0, reach - 1), x + h + max(SHADOW, reach),
                y + h + SHADOW)


@dataclass(frozen=True)
class Shape:
    w: float
    h: float
    cells: tuple[Cell, ...]

    def drawn(self, left: float, top: float) -> Box:
        boxes = [c.drawn(left, top) for c in self.cells]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))


def items_of(group: list[MapBlock]) -> list[tuple[MapBlock, int]]:
    """A side's blocks as drawn: identified ones one by one, hidden ones as one block with
    a count (one outside the walls, one inside)."""
    items: list[tuple[MapBlock, int]] = [(b, 1) for b in group if b.face is not None]
    for in_city in (False, True):
        hidden = [b for b in group if b.face is None and b.in_city == in_city]
        if hidden:
            items.append((hidden[0], len(hidden)))
    return items


def shape(groups: Iterable[list[MapBlock]], radius: float, stacked: bool = False,
          big: int | None = None, cols: int = 3) -> Shape:
    """One side's blocks next to the other's (or below, `stacked`), at most `cols` to a
    row. `big` is the size of an identified block (default: from the hex's radius); a
    hidden one is three quarters of it."""
    big = big or max(20, int(radius * 0.74))
    small = max(MIN_HIDDEN, int(big * 0.76))
    cells: list[Cell] = []
    x = y = 0.0
    width = height = 0.0
    for group in groups:
        items = items_of(group)
        if not items:
            continue
        size = big if any(b.face is not None for b, _ in items) else small
        n = min(len(items), cols)
        rows = -(-len(items) // n)
        for i, (b, count) in enumerate(items):
            r, c = divmod(i, n)
            s = size if b.face is not None else small
            cells.append(Cell(x + c * (size + GAP) + size / 2,
                              y + r * (size + GAP) + size / 2, s, b, count))
        gw, gh = n * size + (n - 1) * GAP, rows * size + (rows - 1) * GAP
        width, height = max(width, x + gw), max(height, y + gh)
        if stacked:
            y += gh + SIDE_GAP
        else:
            x += gw + SIDE_GAP
    return Shape(width, height, tuple(cells))


def layouts(groups: list[list[MapBlock]], radius: float) -> Iterator[Shape]:
    """The ways a hex's stack may be drawn, best first: the biggest blocks, the sides next
    to each other or one above the other, three, two or four to a row."""
    top = max(20, int(radius * 0.74))
    identified = any(b.face is not None for g in groups for b in g)
    least = MIN_FACE if identified else int(MIN_HIDDEN / 0.76) + 1
    seen = set()
    # Below the least readable size only while nothing fits at all (fit() stops there).
    for big in range(top, min(least, 10) - 1, -2):
        for stacked in (False, True) if len(groups) > 1 else (False,):
            for cols in (3, 2, 4):
                sh = shape(groups, radius, stacked, big, cols)
                key = tuple((c.dx, c.dy, c.size) for c in sh.cells)
                if key not in seen:
                    seen.add(key)
                    yield sh


@dataclass(frozen=True)
class Stack:
    key: str
    groups: tuple[list[MapBlock], ...]  # the sides' blocks, in drawing order
    anchor: tuple[float, float]  # where the stack would rather stand in its hex
    centre: tuple[float, float]  # the hex's centre


def _spots(st: Stack, sh: Shape, radius: float, step: float = 3.0
           ) -> list[tuple[float, float]]:
    """Top-left corners that keep the whole stack (and the inset) inside the hex, nearest
    the anchor first, on a grid of `step` px. For a box of half-size (a, b) centred at
    (x, y) from the hex's centre, that is |y| <= h - b and |x| <= R - a - (|y| + b)/sqrt 3,
    h being the hex's half-height."""
    x0, y0, x1, y1 = sh.drawn(0.0, 0.0)
    a, b = (x1 - x0) / 2 + INSET, (y1 - y0) / 2 + INSET
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2  # the box's middle, from the stack's corner
    cx, cy = st.centre
    ax, ay = st.anchor
    root3 = math.sqrt(3)
    spots = []
    ymax = radius * root3 / 2 - b
    j = 0
    while j * step <= ymax:
        for y in {j * step, -j * step}:
            xmax = radius - a - (abs(y) + b) / root3
            i = 0
            while i * step <= xmax:
                for x in {i * step, -i * step}:
                    spots.append(((cx + x - ax) ** 2 + (cy + y - ay) ** 2,
                                  cx + x - mx, cy + y - my))
                i += 1
        j += 1
    spots.sort()
    return [(left, top) for _d, left, top in spots]


def fit(st: Stack, radius: float, names: list[Box], marks: list[Box]
        ) -> tuple[Shape, float, float]:
    """The layout and top-left corner of a hex's stack: the biggest layout that has a spot
    covering no name and no mark (a city's symbol, a siege tag); failing that, the spot of
    any layout covering the least of the names, then of the marks."""
    near = [b for b in names + marks
            if overlaps(b, (st.centre[0] - radius, st.centre[1] - radius,
                            st.centre[0] + radius, st.centre[1] + radius))]
    near_names = [b for b in names if b in near]
    best: tuple[tuple[float, int, float], Shape, float, float] | None = None
    identified = any(b.face is not None for g in st.groups for b in g)
    least = MIN_FACE if identified else int(MIN_HIDDEN / 0.76) + 1
    for sh in layouts(list(st.groups), radius):
        if best is not None and max(c.size for c in sh.cells) < least:
            break
        rel = [c.drawn(0.0, 0.0) for c in sh.cells]
        whole = sh.drawn(0.0, 0.0)
        for left, top in _spots(st, sh, radius):
            around = (whole[0] + left, whole[1] + top, whole[2] + left, whole[3] + top)
            met = [o for o in near if overlaps(around, o)]
            if not met:
                return sh, left, top
            boxes = [(b[0] + left, b[1] + top, b[2] + left, b[3] + top) for b in rel]
            cover_names = sum(overlap_area(b, o) for b in boxes for o in met
                              if o in near_names)
            cover = sum(overlap_area(b, o) for b in boxes for o in met)
            if cover == 0:
                return sh, left, top
            # Names first (a hex is found by its name), then bigger blocks, then marks.
            cost = (round(cover_names / 20), -sh.cells[0].size, cover)
            if best is None or cost < best[0]:
                best = (cost, sh, left, top)
    if best is None:  # more blocks than a hex can hold at 10 px: drawn at its centre
        sh = shape(list(st.groups), radius, big=10, cols=4)
        return sh, st.centre[0] - sh.w / 2, st.centre[1] - sh.h / 2
    return best[1], best[2], best[3]
