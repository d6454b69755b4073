"""The legend in the footer: every symbol the map uses, in a few compact columns."""

from __future__ import annotations

from PIL import ImageDraw

from .. import theme
from ..pieces import primitives
from .layout import Layout


def draw_footer_static(d: ImageDraw.ImageDraw, lay: Layout) -> None:
    fx0, fy0, fx1, fy1 = lay.footer_box
    d.rectangle(lay.footer_box, fill=theme.PAPER)
    d.line([(fx0, fy0), (fx1, fy0)], fill=theme.INK, width=2)
    x0, y0, x1, y1 = lay.legend_box
    row = 22
    small = 12

    def label(x, y, text):
        primitives.text_c(d, (x, y), text, "cond", small, theme.INK, anchor="lm")

    # Column 1: city colours.
    x, y = x0 + 8, y0 + 10
    for side, text in (("athens", "Athenian"), ("sparta", "Spartan"), ("neutral", "Neutral"),
                       ("persia", "Persian")):
        primitives.city_symbol(d, x + 7, y, 7, side, False, None)
        label(x + 20, y, text)
        y += row
    x += 105
    y = y0 + 10
    primitives.city_symbol(d, x + 7, y, 7, "none", False, None)
    label(x + 20, y, "no side")
    y += row
    primitives.city_symbol(d, x + 7, y, 8, "athens", True, 2)
    label(x + 20, y, "walled, value 2")
    y += row
    primitives.city_symbol(d, x + 7, y, 7, "sparta", False, None)
    label(x + 20, y, "unwalled, minor")
    y += row
    primitives.text_c(d, (x + 7, y), "⚓", "sans", 12, (40, 60, 90), anchor="mm")
    label(x + 20, y, "port")
    primitives.ship(d, x + 60, y + 2, 7, theme.INK)
    label(x + 70, y, "to Sicily")

    # Column 2: terrain.
    x += 150
    y = y0 + 10
    d.rectangle((x, y - 7, x + 14, y + 7), fill=theme.MOUNTAIN, outline=theme.MOUNTAIN_INK)
    label(x + 20, y, "mountain hex")
    y += row
    d.line([(x, y), (x + 14, y)], fill=theme.MOUNTAIN_INK, width=5)
    label(x + 20, y, "mountain side (closed)")
    y += row
    d.line([(x - 2, y), (x + 3, y)], fill=theme.MOUNTAIN_INK, width=5)
    d.line([(x + 11, y), (x + 16, y)], fill=theme.MOUNTAIN_INK, width=5)
    label(x + 20, y, "pass (1 block)")
    y += row
    d.line([(x, y), (x + 14, y)], fill=theme.RIVER, width=3)
    label(x + 20, y, "river")

    x += 160
    y = y0 + 10
    d.line([(x, y), (x + 14, y)], fill=theme.STRAIT, width=3)
    d.polygon([(x + 16, y), (x + 9, y - 5), (x + 9, y + 5)], fill=theme.STRAIT)
    label(x + 20, y, "strait (rule 4.3)")
    y += row
    d.line([(x, y), (x + 5, y)], fill=theme.SIDE["persia"], width=5)
    d.line([(x + 9, y), (x + 14, y)], fill=theme.SIDE["persia"], width=5)
    label(x + 20, y, "Persian border")
    y += row
    d.ellipse((x, y - 7, x + 14, y + 7), outline=theme.GOLD, width=3)
    label(x + 20, y, "oracle (no combat)")
    y += row
    primitives.text_c(d, (x + 7, y), "K7", "cond", 11, theme.LABEL_LAND, anchor="mm")
    label(x + 20, y, "hex label")

    # Column 3: blocks and sieges.
    x += 150
    y = y0 + 12
    primitives.block(d, x + 9, y, 18, "sparta")
    primitives.block(d, x + 33, y, 18, "athens", count=3)
    label(x + 48, y, "hidden blocks (badge: how many)")
    y += 30
    face = primitives.BlockFace("Athens", "hoplite", 3, 4, "B2")
    primitives.block(d, x + 18, y + 6, 36, "athens", face=face)
    label(x + 42, y - 2, "your block: steps left (dots),")
    label(x + 42, y + 12, "strength+rating, type and name")
    y += 38
    label(x, y, "H hoplite  P peltast  C cavalry  N navy")

    x += 240
    y = y0 + 10
    primitives.block(d, x + 9, y, 18, "athens", in_city=True)
    label(x + 24, y, "inside the walls (besieged)")
    y += row
    primitives.text_c(d, (x + 9, y), "SIEGE", "cond-bold", 10, theme.SIDE["athens"],
                      halo=theme.PAPER, anchor="lm")
    label(x + 52, y, "siege / blockade, besieger's colour")
    y += row
    d.rectangle((x + 2, y - 7, x + 16, y + 7), outline=theme.GOLD, width=3)
    label(x + 24, y, "battle in progress")
    y += row
    d.ellipse((x + 2, y - 7, x + 16, y + 7), outline=theme.SIDE["sparta"], width=3)
    label(x + 24, y, "city held by the other side")
