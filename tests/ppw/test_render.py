"""The ppw map picture (renders/ppw/board.py): drawn from any view, colours by side."""

from __future__ import annotations

from renders import theme
from renders.ppw.board import render, render_image, setup_view, size, to_px


def test_the_map_is_a_png_of_the_set_up():
    data = render(setup_view())
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_spaces_take_their_controllers_colour():
    view = setup_view()
    img = render_image(view)
    w, h = size()
    assert img.size[0] == w and img.size[1] > h
    x, y = to_px(37.0818, 22.4247)  # Sparta's home space, a land square
    assert img.getpixel((round(x), round(y))) == theme.side_colour("sparta")
    x, y = to_px(39.635, 22.421)  # Larisa: Thessaly, Athens' ally
    assert img.getpixel((round(x), round(y))) == theme.side_colour("athens")
