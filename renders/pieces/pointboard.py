"""A point-to-point board on the real coastline: spaces at their coordinates, joined by
land paths, sea paths and paths that are both (Pericles' theaters, the coming PPW game).
A game supplies data only: `Space` and `Path` records (its component data) and a side ->
colour theme; the board comes from the kit's one cache, and `Board.at` says where each
space is so pieces and marker stacks (`pieces/markers.py`) stand on it."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from .. import png, theme
from ..fonts import font
from . import coast
from .areamap import Area, fit
from .geometry import Affine
from .primitives import text_c

RGB = theme.RGB
LAND_PATH: RGB = (150, 92, 40)
SEA_PATH: RGB = (70, 140, 210)
BOTH_PATH: RGB = (16, 40, 110)
KINDS = ("land", "sea", "both")


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    lat: float
    lon: float
    kind: str = "land"  # "land" or "sea": the disc's colour


@dataclass(frozen=True, slots=True)
class Path:
    a: str
    b: str
    kind: str  # "land", "sea" or "both" (an army and a fleet may both use it)


@dataclass
class Board:
    image: Image.Image
    palette: Image.Image
    at: dict[str, tuple[float, float]] = field(default_factory=dict)
    radius: float = 14.0
    names: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)


def draw_path(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float],
              kind: str) -> None:
    """Land paths solid brown, sea paths dashed blue, paths of both kinds a double line:
    told apart without colour too."""
    if kind not in KINDS:
        raise ValueError(f"a path is land, sea or both, not {kind!r}")
    if kind == "land":
        d.line([p, q], fill=LAND_PATH, width=4)
        return
    if kind == "sea":
        n = max(2, int(math.hypot(q[0] - p[0], q[1] - p[1]) // 14))
        for i in range(n):
            t0, t1 = i / n, (i + 0.6) / n
            d.line([(p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                    (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1)],
                   fill=SEA_PATH, width=4)
        return
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    ox, oy = -dy / length * 2.5, dx / length * 2.5
    for s in (1, -1):
        d.line([(p[0] + s * ox, p[1] + s * oy), (q[0] + s * ox, q[1] + s * oy)],
               fill=BOTH_PATH, width=2)


def build(spaces: Sequence[Space], paths: Sequence[Path], width: int = 1200,
          height: int = 800, radius: float = 14.0) -> Board:
    """The board: sea, land from the shared coastline raster, paths, then a disc and a
    name per space (names below their disc)."""
    to_px = fit(spaces_as_points(spaces), width, height, radius * 4)
    mask = coast.load().warp(to_px, (width, height))
    img = Image.composite(Image.new("RGB", (width, height), theme.LAND),
                          Image.new("RGB", (width, height), theme.SEA), mask)
    d = ImageDraw.Draw(img)
    board = Board(img, Image.new("P", (1, 1)), radius=radius)
    board.at = {s.id: _px(to_px, s) for s in spaces}
    for p in paths:
        draw_path(d, board.at[p.a], board.at[p.b], p.kind)
    for s in spaces:
        x, y = board.at[s.id]
        fill = SEA_PATH if s.kind == "sea" else theme.PAPER
        d.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill,
                  outline=theme.INK, width=2)
        text_c(d, (x, y + radius + 3), s.name, "bold", 13, theme.INK, halo=theme.WHITE,
               anchor="ma")
        b = font("bold", 13).getbbox(s.name, anchor="ma", stroke_width=2)
        board.names[s.id] = (x + b[0], y + radius + 3 + b[1], x + b[2], y + radius + 3 + b[3])
    board.palette = png.make_palette(img, [theme.INK, theme.WHITE, theme.PAPER, LAND_PATH,
                                           SEA_PATH, BOTH_PATH] + list(theme.SIDE.values()))
    return board


def spaces_as_points(spaces: Sequence[Space]) -> list[Area]:
    return [Area(s.id, s.name, s.lat, s.lon, 0, (), None) for s in spaces]


def _px(to_px: Affine, s: Space) -> tuple[float, float]:
    return to_px(s.lon, s.lat)


def holders(d: ImageDraw.ImageDraw, board: Board, held: Mapping[str, str]) -> None:
    """A ring in the holder's colour round each held space."""
    r = board.radius + 3
    for space, side in held.items():
        x, y = board.at[space]
        d.ellipse((x - r, y - r, x + r, y + r), outline=theme.side_colour(side), width=3)
