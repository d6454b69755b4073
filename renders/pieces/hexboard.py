"""The hex board builder every hex map draws its base with (Athens & Sparta, the Epic):
the real coastline warped onto the grid fitted to the hexes' coordinates, sea and land
laid by it, hexes tinted from component data, the grid, hex ids, hex-side lines (solid,
dashed, wavy) and the fixed palette the finished maps are encoded with.

A ruleset says what each hex is (`Cell`) and what colours it wants; what only one game
has (A&S's Persian border and straits, the Epic's regions and Areas) it draws itself over
the result. The base is then kept in the kit's one cache (basecache.py)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw, ImageFilter

from .. import png, theme
from ..fonts import font
from . import coast, geometry

RGB = theme.RGB
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex as the board draws it: where, its id, whether it is sea, and its tint
    (None: the board's plain land or sea)."""
    id: str
    col: int
    row: int
    sea: bool
    fill: RGB | None = None


def land_mask(grid: geometry.Grid, size: tuple[int, int], bottom: int | None = None
              ) -> Image.Image:
    """The coastline's soft land mask in map pixels; nothing below `bottom` (a strip of
    paper under the map)."""
    mask = coast.load().warp(grid.geo_to_px, size)
    if bottom is not None:
        ImageDraw.Draw(mask).rectangle((0, bottom, size[0], size[1]), fill=0)
    return mask


def tinted(size: tuple[int, int], grid: geometry.Grid, ground: RGB,
           cells: Iterable[Cell]) -> Image.Image:
    """A layer of `ground` with each cell that has a tint painted as its hexagon."""
    img = Image.new("RGB", size, ground)
    d = ImageDraw.Draw(img)
    for c in cells:
        if c.fill is not None:
            d.polygon(grid.corners(c.col, c.row), fill=c.fill)
    return img


def sea_with_shallows(size: tuple[int, int], mask: Image.Image) -> Image.Image:
    """Open water, lighter within a few pixels of land."""
    near = mask.filter(ImageFilter.BoxBlur(9)).point(lambda v: min(255, v * 3))
    return Image.composite(Image.new("RGB", size, theme.SEA_SHALLOW),
                           Image.new("RGB", size, theme.SEA), near)


def lay_land(land: Image.Image, sea: Image.Image, mask: Image.Image) -> Image.Image:
    """Land over sea where the mask says land."""
    return Image.composite(land, sea, mask)


def coastline(img: Image.Image, mask: Image.Image) -> Image.Image:
    return coast.outline(img, mask)


def grid_by_mask(img: Image.Image, grid: geometry.Grid, cells: Iterable[Cell],
                 mask: Image.Image) -> Image.Image:
    """Every hex's outline, tinted by what lies under each line (land or sea)."""
    size = img.size
    lines = Image.new("L", size, 0)
    dl = ImageDraw.Draw(lines)
    for c in cells:
        corners = list(grid.corners(c.col, c.row))
        dl.line(corners + corners[:1], fill=150, width=1)
    colour = Image.composite(Image.new("RGB", size, theme.GRID_LAND),
                             Image.new("RGB", size, theme.GRID_SEA), mask)
    return Image.composite(colour, img, lines)


def grid_by_cell(d: ImageDraw.ImageDraw, grid: geometry.Grid, cells: Iterable[Cell]) -> None:
    """Every hex's outline in its own kind's colour (a faint grid over tinted hexes)."""
    for c in cells:
        corners = list(grid.corners(c.col, c.row))
        d.line(corners + corners[:1], fill=theme.GRID_SEA if c.sea else theme.GRID_LAND,
               width=1)


def hex_ids(d: ImageDraw.ImageDraw, grid: geometry.Grid, cells: Iterable[Cell], scale: float,
            land: RGB = theme.LABEL_LAND, sea: RGB = theme.LABEL_SEA) -> None:
    """Each hex's id at its top, discreet: players name hexes ("move to K7")."""
    f = font("cond", max(8, int(grid.radius * scale)))
    for c in cells:
        cx, cy = grid.centre(c.col, c.row)
        d.text((cx, cy - grid.radius * 0.84), c.id, font=f, fill=sea if c.sea else land,
               anchor="mt")


def side(grid: geometry.Grid, a: Cell, b: Cell) -> tuple[Point, Point]:
    """The hex-side two neighbouring cells share."""
    return geometry.edge_between(grid, (a.col, a.row), (b.col, b.row))


def dashed(d: ImageDraw.ImageDraw, p: Point, q: Point, fill: RGB, width: int, parts: int = 3,
           on: float = 0.55) -> None:
    """A line in `parts` dashes, each `on` of its share long."""
    for i in range(parts):
        t0, t1 = i / parts, i / parts + on / parts
        d.line([(p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)], fill=fill, width=width)


def wavy(d: ImageDraw.ImageDraw, p: Point, q: Point, colour: RGB, width: int) -> None:
    """A river along a hex-side: a gentle wave across it."""
    n = 10
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    pts = []
    for i in range(n + 1):
        t = i / n
        w = math.sin(t * math.pi * 3) * 2.2
        pts.append((p[0] + dx * t + nx * w, p[1] + dy * t + ny * w))
    d.line(pts, fill=colour, width=width, joint="curve")


MUST_HAVE: tuple[RGB, ...] = (theme.INK, theme.WHITE, theme.PAPER, theme.BANNER,
                              theme.BANNER_TEXT, theme.GOLD, theme.SEA, theme.LAND)


def must_have(*extra: RGB) -> list[RGB]:
    """The colours every hex map's palette holds exactly: ink, paper, banner, the sides'."""
    return (list(MUST_HAVE) + list(extra) + list(theme.SIDE.values())
            + list(theme.SIDE_DARK.values()))


def palette(specimen: Image.Image, extra: Sequence[RGB] = ()) -> Image.Image:
    """The fixed palette every render of this base is encoded with, from a specimen (the
    base plus the pieces' colours, so anti-aliased edges find close entries)."""
    return png.make_palette(specimen, must_have(*extra))


def colour_strip(img: Image.Image, colours: Iterable[RGB]) -> Image.Image:
    """The base with a strip under it of each colour blended with paper (0 to 3/4), a
    specimen for `palette` where the pieces are plain counters."""
    strip = Image.new("RGB", (img.width, img.height + 40), theme.PAPER)
    strip.paste(img, (0, 0))
    d = ImageDraw.Draw(strip)
    x = 4
    for colour in colours:
        for t in (0.0, 0.25, 0.5, 0.75):
            d.rectangle((x, img.height + 4, x + 14, img.height + 36),
                        fill=theme.mix(colour, theme.PAPER, t))
            x += 16
    return strip
