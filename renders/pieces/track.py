"""Tracks: a row of numbered boxes with a marker on the current value. One drawing for
Hellenes' Prestige (two-sided: one side's wins at the left, the other's at the right,
14.1), an Honor track, or an allegiance level (a region's AL and ML)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from .. import theme
from .primitives import text_c

RGB = theme.RGB


@dataclass(frozen=True)
class Track:
    low: int
    high: int
    left_label: str = ""
    right_label: str = ""
    left_colour: RGB = theme.INK  # boxes below `middle` shade towards it
    right_colour: RGB = theme.INK  # boxes above `middle`
    middle: int | None = None  # a two-sided track's neutral box (0 for Prestige)
    absolute: bool = False  # print |value| (both halves count up from the middle)

    def cells(self) -> list[int]:
        return list(range(self.low, self.high + 1))


def cell_fill(track: Track, v: int) -> RGB:
    if track.middle is None or v == track.middle:
        return theme.PAPER
    colour = track.right_colour if v > track.middle else track.left_colour
    span = max(track.high - track.middle, track.middle - track.low, 1)
    return theme.mix(colour, theme.PAPER, 0.85 - 0.6 * abs(v - track.middle) / span)


def draw(d: ImageDraw.ImageDraw, track: Track, values: Sequence[tuple[int, RGB]],
         left: float, top: float, width: float, height: float = 28,
         label_w: float = 120) -> list[tuple[float, float]]:
    """The track in a box of `width` (labels included); one marker per (value, colour),
    several on one box side by side. Returns where each marker stands (probes)."""
    cells = track.cells()
    cw = (width - 2 * label_w) / len(cells)
    x0 = left + label_w
    if track.left_label:
        text_c(d, (x0 - label_w / 2, top + height / 2), track.left_label, "bold", 14,
               track.left_colour)
    if track.right_label:
        text_c(d, (x0 + cw * len(cells) + label_w / 2, top + height / 2), track.right_label,
               "bold", 14, track.right_colour)
    for i, v in enumerate(cells):
        d.rectangle((x0 + i * cw, top, x0 + (i + 1) * cw, top + height),
                    fill=cell_fill(track, v), outline=theme.INK)
        text_c(d, (x0 + i * cw + cw / 2, top + height / 2), str(abs(v) if track.absolute else v),
               "sans", 11, theme.INK)
    return markers(d, track, values, left, top, width, height, label_w)


def markers(d: ImageDraw.ImageDraw, track: Track, values: Sequence[tuple[int, RGB]],
            left: float, top: float, width: float, height: float = 28,
            label_w: float = 120) -> list[tuple[float, float]]:
    """Only the markers, over a track drawn before (a base map's, drawn once)."""
    cells = track.cells()
    cw = (width - 2 * label_w) / len(cells)
    x0 = left + label_w
    spots: list[tuple[float, float]] = []
    at_value: dict[int, int] = {}
    r = min(10.0, cw / 2 - 1, height / 2 - 4)
    for value, colour in values:
        v = max(track.low, min(track.high, value))
        k = at_value.get(v, 0)
        at_value[v] = k + 1
        mx = x0 + (v - track.low) * cw + cw / 2 + k * r * 0.8
        my = top + height / 2
        d.ellipse((mx - r, my - r, mx + r, my + r), fill=colour, outline=theme.GOLD, width=3)
        spots.append((mx, my))
    return spots
