"""The league table picture: a PNG of the right size, legible, every row drawn."""

from __future__ import annotations

import io

from PIL import Image

from renders.pieces.table import COLUMNS, MAX_ROWS, ROW_H, TableRow, render_table


def _rows(n: int) -> list[TableRow]:
    return [TableRow(i + 1, f"player {i + 1}", 5, 5 - i % 6, 0, i % 6, 2.0 * (5 - i % 6),
                     float(i), active=i != 2) for i in range(n)]


def _image(png: bytes) -> Image.Image:
    assert png.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_table_grows_one_row_per_player():
    small, big = _image(render_table("Spring", _rows(2))), _image(render_table("Spring", _rows(6)))
    assert small.width == big.width >= 400
    assert big.height - small.height == 4 * ROW_H


def test_rows_beyond_the_limit_are_summarised_not_drawn():
    im = _image(render_table("Huge", _rows(MAX_ROWS + 30)))
    assert im.height < 50 + (MAX_ROWS + 5) * ROW_H + 100


def test_empty_table_and_long_names_still_render():
    im = _image(render_table("Empty league with a very long name " * 3, []))
    assert im.width > 0
    long = [TableRow(1, "A" * 200, 0, 0, 0, 0, 0, 0)]
    assert _image(render_table("x", long, footer="Tiebreaks: points, h2h, SB, wins")).height


def test_the_leader_is_marked_and_text_is_dark_on_paper():
    im = _image(render_table("Marks", _rows(3)))
    # the gold marker at the first body row's left edge
    from renders import theme
    from renders.pieces.table import HEAD_H, PAD, TITLE_H

    y = TITLE_H + HEAD_H + ROW_H // 2
    px = im.getpixel((PAD + 2, y))
    assert sum(abs(a - b) for a, b in zip(px, theme.GOLD, strict=True)) < 60
    # the header row holds ink (column names) somewhere
    band = im.crop((0, TITLE_H, im.width, TITLE_H + HEAD_H)).getextrema()
    assert all(lo < 90 for lo, _ in band)
    assert len(COLUMNS) == 6
