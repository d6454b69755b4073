"""A league table as a picture: rank, player, played, won, drawn, lost, points, SB.

Pure like every render: plain rows in, PNG bytes out (no league or Discord objects), so
it runs in a worker thread. The text table (`/league table`) says the same thing; the
picture is for reading at a glance on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .. import theme
from ..fonts import font
from ..png import encode
from .primitives import fit_text

MAX_ROWS = 40
PAD = 16
ROW_H = 30
HEAD_H = 34
TITLE_H = 44
NAME_W = 260
NUM_W = 58
COLUMNS = ("P", "W", "D", "L", "Pts", "SB")
ALT_ROW = theme.mix(theme.PAPER, theme.LAND_SHADE, 0.45)


@dataclass(frozen=True, slots=True)
class TableRow:
    rank: int
    name: str
    played: int
    won: int
    drawn: int
    lost: int
    points: float
    sb: float
    active: bool = True


def _num(x: float) -> str:
    return f"{x:g}"


def render_table(title: str, rows: Sequence[TableRow], footer: str = "") -> bytes:
    """The table as a PNG. Withdrawn players are greyed and in parentheses; the leader's
    row is marked in gold. More than MAX_ROWS rows: the rest are summarised."""
    shown = list(rows[:MAX_ROWS])
    hidden = len(rows) - len(shown)
    width = PAD * 2 + 44 + NAME_W + NUM_W * len(COLUMNS)
    n_lines = len(shown) + (1 if hidden else 0) + (1 if not shown else 0)
    height = TITLE_H + HEAD_H + ROW_H * n_lines + (26 if footer else 0) + PAD
    im = Image.new("RGB", (width, height), theme.PAPER)
    d = ImageDraw.Draw(im)
    # title band
    d.rectangle((0, 0, width, TITLE_H), fill=theme.BANNER)
    t, size = fit_text(title, "serif-bold", 22, width - 2 * PAD)
    d.text((PAD, TITLE_H // 2), t, font=font("serif-bold", size), fill=theme.BANNER_TEXT,
           anchor="lm")
    # header
    y = TITLE_H
    x_rank, x_name = PAD, PAD + 44
    x_nums = [x_name + NAME_W + NUM_W * i + NUM_W // 2 for i in range(len(COLUMNS))]
    head = font("bold", 15)
    d.text((x_rank + 30, y + HEAD_H // 2), "#", font=head, fill=theme.INK, anchor="rm")
    d.text((x_name, y + HEAD_H // 2), "Player", font=head, fill=theme.INK, anchor="lm")
    for x, col in zip(x_nums, COLUMNS, strict=True):
        d.text((x, y + HEAD_H // 2), col, font=head, fill=theme.INK, anchor="mm")
    d.line((PAD, y + HEAD_H - 1, width - PAD, y + HEAD_H - 1), fill=theme.INK, width=2)
    y += HEAD_H
    body, bold = font("sans", 15), font("bold", 15)
    for i, r in enumerate(shown):
        if i % 2:
            d.rectangle((PAD, y, width - PAD, y + ROW_H - 1), fill=ALT_ROW)
        ink = theme.INK if r.active else theme.LABEL_LAND
        if r.rank == 1 and r.active and r.played:
            d.rectangle((PAD, y, PAD + 5, y + ROW_H - 1), fill=theme.GOLD)
        mid = y + ROW_H // 2
        d.text((x_rank + 30, mid), str(r.rank), font=body, fill=ink, anchor="rm")
        name = r.name if r.active else f"({r.name})"
        name, nsize = fit_text(name, "sans", 15, NAME_W - 8)
        d.text((x_name, mid), name, font=font("sans", nsize), fill=ink, anchor="lm")
        values = (r.played, r.won, r.drawn, r.lost, r.points, r.sb)
        for x, col, v in zip(x_nums, COLUMNS, values, strict=True):
            d.text((x, mid), _num(v), font=bold if col == "Pts" else body, fill=ink,
                   anchor="mm")
        y += ROW_H
    if hidden:
        d.text((x_name, y + ROW_H // 2), f"… {hidden} more", font=body, fill=theme.INK,
               anchor="lm")
        y += ROW_H
    if not shown:
        d.text((x_name, y + ROW_H // 2), "Nobody has joined yet.", font=body,
               fill=theme.INK, anchor="lm")
        y += ROW_H
    if footer:
        f, fsize = fit_text(footer, "sans", 12, width - 2 * PAD)
        d.text((PAD, y + 14), f, font=font("sans", fsize), fill=theme.LABEL_LAND, anchor="lm")
    return encode(im)
