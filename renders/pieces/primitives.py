"""Small drawing pieces shared by maps, combat displays and hands: blocks, dice, city
symbols, haloed text. Each takes an ImageDraw and a centre point, so layouts stay in
the callers."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from .. import theme
from ..fonts import font
from . import glyphs

RGB = theme.RGB

TYPE_LETTER = glyphs.TYPE_LETTERS["athens-sparta"]  # what callers of old imported


def text_c(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, style: str,
           size: int, fill: RGB, halo: RGB | None = None, halo_w: int = 2,
           anchor: str = "mm") -> None:
    """Text anchored at a point, optionally with a halo so it reads over any ground."""
    if halo is None:
        d.text(xy, text, font=font(style, size), fill=fill, anchor=anchor)
    else:
        d.text(xy, text, font=font(style, size), fill=fill, anchor=anchor,
               stroke_width=halo_w, stroke_fill=halo)


def fit_text(text: str, style: str, size: int, width: float, min_size: int = 7) -> tuple[str, int]:
    """Shrink the size, then cut letters, until the text fits a width."""
    length = font(style, size).getlength(text)
    if length <= width:
        return text, size  # the usual case: one measure
    # A text's length grows about in proportion to its size: start from that guess
    # (one size up, for the rounding), then step down as before.
    size = max(min_size, min(size - 1, int(size * width / length) + 1))
    while size > min_size and font(style, size).getlength(text) > width:
        size -= 1
    while len(text) > 1 and font(style, size).getlength(text) > width:
        text = text[:-1]
    return text, size


def fit_paragraph(text: str, style: str, size: int, width: float, height: float,
                  leading: float = 1.2, min_size: int = 7) -> tuple[list[str], int]:
    """Wrap a paragraph to a box by measured width, shrinking the size until every line
    fits the height; returns the lines and the size. Only below the smallest size is the
    last line cut (with an ellipsis), so text is never lost at a readable size."""
    words = text.split()
    while True:
        f = font(style, size)
        lines: list[str] = []
        for w in words:
            if lines and f.getlength(f"{lines[-1]} {w}") <= width:
                lines[-1] += f" {w}"
            else:
                lines.append(w)
        if len(lines) * size * leading <= height or size <= min_size:
            break
        size -= 1
    keep = max(1, int(height // (size * leading)))
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = fit_text(lines[-1] + " …", style, size, width, size)[0]
    return lines, size


def polygon_points(cx: float, cy: float, r: float, n: int, rot_deg: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(rot_deg + 360 * k / n)),
             cy + r * math.sin(math.radians(rot_deg + 360 * k / n))) for k in range(n)]


def city_symbol(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, side: str,
                walled: bool, value: int | None, outline: RGB = theme.WHITE) -> None:
    """Walled cities are hexagons, unwalled ones circles (rule 1.1); the city value
    (major cities, rule 1.2) is printed inside."""
    fill = theme.side_colour(side)
    if walled:
        pts = polygon_points(cx, cy, r * 1.12, 6, 30)
        d.polygon(pts, fill=fill, outline=theme.INK)
        d.polygon(polygon_points(cx, cy, r * 1.12 - 2, 6, 30), outline=outline, width=1)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=theme.INK)
        d.ellipse((cx - r + 2, cy - r + 2, cx + r - 2, cy + r - 2), outline=outline, width=1)
    if value:
        text_c(d, (cx, cy + 0.5), str(value), "bold", max(8, int(r * 1.25)), theme.WHITE)


@dataclass(frozen=True, slots=True)
class BlockFace:
    """What a block shows when its owner (or the rules) may see it."""

    name: str
    type: str
    strength: int
    max_strength: int
    rating: str
    half_hit: bool = False
    ruleset: str | None = None  # whose table of type letters (pieces/glyphs.py)


def block(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, side: str,
          face: BlockFace | None = None, count: int = 1, dim: bool = False,
          in_city: bool = False, count_inside: bool = False) -> None:
    """A wooden block seen from above. Hidden blocks are blank; a stack of hidden blocks
    is one block with a count badge (or, `count_inside`, the count on its blank face,
    where a small area has no room for the badge). A visible block shows its strength as pips along
    the top edge (filled = steps left, as the diamonds of rule 2.11), its rating, type
    and name."""
    h = size / 2
    x0, y0, x1, y1 = cx - h, cy - h, cx + h, cy + h
    colour = theme.side_colour(side)
    dark = theme.SIDE_DARK.get(side, theme.INK)
    if dim:
        colour = theme.mix(colour, theme.PAPER, 0.55)
        dark = theme.mix(dark, theme.PAPER, 0.4)
    # The darker offset square reads as the block's thickness.
    d.rounded_rectangle((x0 + 2, y0 + 2, x1 + 2, y1 + 2), radius=4, fill=dark)
    d.rounded_rectangle((x0, y0, x1, y1), radius=4, fill=colour, outline=dark)
    if in_city:
        # Withdrawn into the walls (siege, rule 5.3): a white inner frame.
        d.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=3,
                            outline=theme.WHITE, width=1)
    if face is not None:
        _block_face(d, cx, cy, size, face)
    if count > 1 and count_inside and face is None:
        # on the blank face itself: the block paints nothing beyond its square
        text_c(d, (cx, cy + 0.5), str(count), "bold", max(8, int(size * 0.62)), theme.WHITE)
    elif count > 1:
        br = max(7, size // 4)
        bx, by = x1 - 1, y0 + 1
        d.ellipse((bx - br, by - br, bx + br, by + br), fill=theme.WHITE, outline=dark, width=2)
        text_c(d, (bx, by + 0.5), str(count), "bold", int(br * 1.3), theme.INK)


SMALL_FACE = 20  # below this, pips and names cannot be read: strength and type only


def _block_face(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, f: BlockFace) -> None:
    h = size / 2
    if size < SMALL_FACE:
        # a crowded area's small block: "3H" (steps left, type) is what reads at a glance
        label = f"{f.strength}{glyphs.letter(f.type, f.ruleset)}"
        label, fs = fit_text(label, "cond-bold", max(7, int(size * 0.62)), size - 2)
        text_c(d, (cx, cy + 0.5), label, "cond-bold", fs, theme.WHITE)
        return
    # Pips: one per step of maximum strength, filled while the step is left.
    n = max(1, f.max_strength)
    pr = max(1.8, size / 18)
    gap = min(size / (n + 1), pr * 3.2)
    y = cy - h + pr + 3
    x = cx - gap * (n - 1) / 2
    for i in range(n):
        box = (x - pr, y - pr, x + pr, y + pr)
        if i < f.strength:
            d.ellipse(box, fill=theme.WHITE)
        else:
            d.ellipse(box, outline=theme.WHITE, width=1)
        x += gap
    if f.half_hit:
        d.pieslice((cx + h - 2 * pr - 5, cy - h + 2, cx + h - 3, cy - h + 2 * pr + 4), 90, 270,
                   fill=theme.GOLD)
    rating = f"{f.strength}{f.rating}" if f.rating else str(f.strength)
    text_c(d, (cx, cy + size * 0.02), rating, "cond-bold", max(9, int(size * 0.36)), theme.WHITE)
    label = f"{glyphs.letter(f.type, f.ruleset)} {f.name}"
    label, fs = fit_text(label, "cond-bold", max(7, int(size * 0.24)), size - 4)
    text_c(d, (cx, cy + h - fs * 0.7 - 1), label, "cond-bold", fs, theme.WHITE)


def die(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, value: int,
        hit: bool, hit_colour: RGB, half: bool = False) -> None:
    """A die with pips. A hit is filled with the firing side's colour; a half-hit (double
    defence, rule 5.41) is filled on one diagonal half only."""
    h = size / 2
    box = (cx - h, cy - h, cx + h, cy + h)
    if hit and not half:
        d.rounded_rectangle(box, radius=size // 6, fill=hit_colour, outline=theme.INK, width=2)
        pip = theme.WHITE
    elif hit and half:
        d.rounded_rectangle(box, radius=size // 6, fill=theme.WHITE, outline=theme.INK, width=2)
        d.polygon([(cx - h + 2, cy + h - 2), (cx + h - 2, cy - h + 2), (cx + h - 2, cy + h - 2)],
                  fill=hit_colour)
        pip = theme.INK
    else:
        d.rounded_rectangle(box, radius=size // 6, fill=theme.WHITE, outline=(150, 150, 150),
                            width=1)
        pip = (120, 120, 120)
    r = max(1.5, size / 11)
    o = size * 0.26
    spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
             5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
             6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for sx, sy in spots.get(value, []):
        px, py = cx + sx * o, cy + sy * o
        if half and hit and sx + sy > 0:
            fill = theme.WHITE  # on the coloured half
        else:
            fill = pip
        d.ellipse((px - r, py - r, px + r, py + r), fill=fill)
    if value not in spots:
        text_c(d, (cx, cy), str(value), "bold", int(size * 0.6), pip)


def ship(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, colour: RGB) -> None:
    """A little galley: the black ship that marks a Sicily embarkation port (rule 9.2)."""
    d.polygon([(cx - s, cy - s * 0.2), (cx + s, cy - s * 0.2), (cx + s * 0.6, cy + s * 0.4),
               (cx - s * 0.6, cy + s * 0.4)], fill=colour)
    d.line([(cx, cy - s * 0.2), (cx, cy - s * 1.3)], fill=colour, width=1)
    d.polygon([(cx + 1, cy - s * 1.2), (cx + s * 0.8, cy - s * 0.45), (cx + 1, cy - s * 0.45)],
              fill=colour)


def counter(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, side: str, count: int,
            caption: str = "", flag: str = "") -> None:
    """A stack of open counters (a game whose pieces are not hidden blocks): one square in
    the side's colour with the number of units big and what they are (`caption`, e.g.
    "2H 1C") small below; `flag` is a gold tab on top (the leaders with the stack)."""
    h = size / 2
    colour = theme.side_colour(side)
    dark = theme.SIDE_DARK.get(side, theme.INK)
    d.rounded_rectangle((cx - h + 2, cy - h + 2, cx + h + 2, cy + h + 2), radius=3, fill=dark)
    d.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), radius=3, fill=colour, outline=dark)
    # Leaders alone (count 0) show a star.
    text_c(d, (cx, cy - size * 0.06 + (3 if flag else 0)), str(count) if count else "★", "bold",
           max(9, int(size * 0.5)), theme.WHITE)
    if caption:
        cap, fs = fit_text(caption, "cond-bold", max(7, int(size * 0.3)), size - 3)
        text_c(d, (cx, cy + h - fs * 0.6 - 1), cap, "cond-bold", fs, theme.WHITE)
    if flag:
        tab, fs = fit_text(flag, "cond-bold", max(8, int(size * 0.34)), size * 2.2)
        w = font("cond-bold", fs).getlength(tab) + 6
        # astride the counter's top edge, so the tab reaches little above the stack
        d.rounded_rectangle((cx - w / 2, cy - h - fs / 2 - 2, cx + w / 2, cy - h + fs / 2 + 2),
                            radius=3, fill=theme.GOLD, outline=dark)
        text_c(d, (cx, cy - h), tab, "cond-bold", fs, theme.INK)
