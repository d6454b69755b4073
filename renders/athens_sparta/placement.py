"""Where the pieces go so that none covers a city's name, a siege tag or another stack:
each stack is laid out as a small grid, then put at the first free spot nearest its hex's
anchor (inside the hex when there is room, else beside it, joined by a leader line)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .viewmodel import MapBlock

Box = tuple[float, float, float, float]
GAP = 3  # between blocks of a side
SIDE_GAP = 7  # between the sides of a contested hex
MARGIN = 7  # blocks' shadows and count badges reach this far past their square


def overlaps(a: Box, b: Box, pad: float = 0.0) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


def inside(a: Box, bounds: Box) -> bool:
    return a[0] >= bounds[0] and a[1] >= bounds[1] and a[2] <= bounds[2] and a[3] <= bounds[3]


@dataclass(frozen=True)
class Cell:
    dx: float  # block centre, from the stack's top-left corner
    dy: float
    size: int
    block: MapBlock
    count: int


@dataclass(frozen=True)
class Shape:
    w: float
    h: float
    cells: tuple[Cell, ...]


def shapes(groups: list[list[MapBlock]], radius: float) -> tuple[Shape, ...]:
    """The ways a hex's stack may be laid out, preferred first: the sides next to each
    other, or (narrower, for a crowded spot) one above the other."""
    row = shape(groups, radius)
    if len(groups) < 2:
        return (row,)
    return row, shape(groups, radius, stacked=True)


def shape(groups: Iterable[list[MapBlock]], radius: float, stacked: bool = False) -> Shape:
    """One side's blocks next to the other's (or below, `stacked`); within a side,
    identified blocks one by one and hidden ones as one stack with a count (one outside
    the walls, one inside), at most three to a row."""
    big = max(20, int(radius * 0.74))
    small = max(14, int(radius * 0.56))
    cells: list[Cell] = []
    x = y = 0.0
    width = height = 0.0
    for group in groups:
        items: list[tuple[MapBlock, int]] = [(b, 1) for b in group if b.face is not None]
        for in_city in (False, True):
            hidden = [b for b in group if b.face is None and b.in_city == in_city]
            if hidden:
                items.append((hidden[0], len(hidden)))
        if not items:
            continue
        size = big if any(b.face is not None for b, _ in items) else small
        cols = min(len(items), 3)
        rows = -(-len(items) // cols)
        for i, (b, count) in enumerate(items):
            r, c = divmod(i, cols)
            s = size if b.face is not None else small
            cells.append(Cell(x + c * (size + GAP) + size / 2,
                              y + r * (size + GAP) + size / 2, s, b, count))
        gw, gh = cols * size + (cols - 1) * GAP, rows * size + (rows - 1) * GAP
        width, height = max(width, x + gw), max(height, y + gh)
        if stacked:
            y += gh + SIDE_GAP
        else:
            x += gw + SIDE_GAP
    return Shape(width, height, tuple(cells))


def candidates(ax: float, ay: float, radius: float) -> Iterator[tuple[float, float]]:
    """Centres to try, nearest first: the anchor, then rings of growing distance, each
    starting straight below and going round."""
    yield ax, ay
    for ring in range(1, 25):  # out to about five hexes
        dist = radius * 0.22 * ring
        steps = 8 + 4 * ring
        for k in range(steps):
            a = math.pi / 2 + 2 * math.pi * k / steps  # below first (screen y grows down)
            yield ax + dist * math.cos(a), ay + dist * math.sin(a)


@dataclass(frozen=True)
class Stack:
    key: str
    shapes: tuple[Shape, ...]  # layouts to try, preferred first
    anchor: tuple[float, float]  # where the stack would stand in its hex
    home: tuple[float, float]  # the hex centre


def needs_leader(box: Box, home: tuple[float, float], radius: float) -> bool:
    """A stack whose centre is out of its hex points back to it with a line."""
    mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return math.hypot(mx - home[0], my - home[1]) > radius * 0.8


def _line_hits(a: tuple[float, float], b: tuple[float, float], boxes: list[Box]) -> bool:
    n = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1]) / 3))
    # A box the anchor itself is in (its city's symbol) cannot be avoided by any line.
    boxes = [bx for bx in boxes if not (bx[0] <= a[0] <= bx[2] and bx[1] <= a[1] <= bx[3])]
    for i in range(2, n + 1):  # the first few pixels sit on the anchor's own dot
        t = i / n
        x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if any(bx0 <= x <= bx1 and by0 <= y <= by1 for bx0, by0, bx1, by1 in boxes):
            return True
    return False


def place(stacks: list[Stack], obstacles: list[Box], bounds: Box, radius: float,
          texts: list[Box] | None = None) -> dict[str, tuple[Box, Shape]]:
    """A box and layout for every stack, biggest first, meeting no obstacle and no stack
    placed before it, and whose leader line (if it needs one) crosses no text (lines are
    drawn under the stacks, so crossing a stack hides nothing). Nearer spots win over the
    preferred layout. A stack with no free spot within reach keeps its anchor."""
    taken = list(obstacles)
    # Every hex's anchor stays uncovered, so a leader line can always be seen to start.
    dots = {st.key: (st.anchor[0] - 4, st.anchor[1] - 4, st.anchor[0] + 4, st.anchor[1] + 4)
            for st in stacks}
    out: dict[str, tuple[Box, Shape]] = {}
    for st in sorted(stacks, key=lambda s: (-len(s.shapes[0].cells), -s.shapes[0].w, s.key)):
        ax, ay = st.anchor
        others = [d for k, d in dots.items() if k != st.key]
        first = st.shapes[0]
        chosen = (_box(ax, ay, first), first)
        # First a spot whose leader line crosses no name; failing that, any free spot
        # (its line then passes under the names it meets).
        for line_free in (True, False):
            found = None
            for (cx, cy), sh in ((c, sh) for c in candidates(ax, ay, radius)
                                 for sh in st.shapes):
                box = _box(cx, cy, sh)
                if not inside(box, bounds) or any(overlaps(box, t) for t in taken) \
                        or any(overlaps(box, d) for d in others):
                    continue
                if line_free and needs_leader(box, st.home, radius) and _line_hits(
                        st.anchor, nearest_point(box, ax, ay), texts or []):
                    continue
                found = (box, sh)
                break
            if found is not None:
                chosen = found
                break
        out[st.key] = chosen
        taken.append(chosen[0])
    return out


def _box(cx: float, cy: float, sh: Shape) -> Box:
    w, h = sh.w / 2 + MARGIN, sh.h / 2 + MARGIN
    return cx - w, cy - h, cx + w, cy + h


def leader_segments(a: tuple[float, float], b: tuple[float, float], texts: list[Box],
                    pad: float = 5.0) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The pieces of the leader line from anchor `a` to stack point `b` that are clear of
    every text: the line passes under a name rather than over it."""
    n = max(2, int(math.hypot(b[0] - a[0], b[1] - a[1])))
    pieces: list[tuple[tuple[float, float], tuple[float, float]]] = []
    start: tuple[float, float] | None = None
    last = a
    for i in range(n + 1):
        t = i / n
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        clear = not any(bx0 - pad <= p[0] <= bx1 + pad and by0 - pad <= p[1] <= by1 + pad
                        for bx0, by0, bx1, by1 in texts)
        if clear:
            start = start or p
            last = p
        elif start is not None:
            pieces.append((start, last))
            start = None
    if start is not None:
        pieces.append((start, last))
    return [(p, q) for p, q in pieces if p != q]


def nearest_point(box: Box, x: float, y: float) -> tuple[float, float]:
    return min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
