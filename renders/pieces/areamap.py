"""An area map on the real coastline: areas placed at their coordinates, the links
between them, each area a disc in its holder's colour with its name and value. A game
whose board is areas supplies data only (`Area` records and a side -> colour theme)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .. import png, theme
from . import coast
from .geometry import Affine
from .primitives import text_c

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Area:
    id: str
    name: str
    lat: float
    lon: float
    value: int
    links: tuple[str, ...]
    holder: str | None  # a side of the theme, or None


def fit(areas: Sequence[Area], width: int, height: int, margin: float) -> Affine:
    """(lon, lat) -> pixels: the areas' bounding box, padded, fills the picture with
    equal scale on both axes (longitude shrunk by the cosine of the mean latitude)."""
    import math

    lons = [a.lon for a in areas]
    lats = [a.lat for a in areas]
    k_lon = math.cos(math.radians(sum(lats) / len(lats)))
    span_x = max((max(lons) - min(lons)) * k_lon, 1e-6)
    span_y = max(max(lats) - min(lats), 1e-6)
    scale = min((width - 2 * margin) / span_x, (height - 2 * margin) / span_y)
    cx = (max(lons) + min(lons)) / 2
    cy = (max(lats) + min(lats)) / 2
    return Affine(scale * k_lon, 0.0, width / 2 - scale * k_lon * cx,
                  0.0, -scale, height / 2 + scale * cy)


def draw(areas: Sequence[Area], colours: Mapping[str, RGB], banner: str,
         width: int = 900, height: int = 640) -> Image.Image:
    geo_to_px = fit(areas, width, height - 40, 90)
    geo_to_px = geo_to_px.then(Affine(1, 0, 0, 0, 1, 40))
    mask = coast.load().warp(geo_to_px, (width, height))
    img = Image.composite(Image.new("RGB", (width, height), theme.LAND),
                          Image.new("RGB", (width, height), theme.SEA), mask)
    d = ImageDraw.Draw(img)
    at = {a.id: geo_to_px(a.lon, a.lat) for a in areas}
    for a in areas:
        for b in a.links:
            if b in at and a.id < b:
                d.line([at[a.id], at[b]], fill=theme.COAST, width=3)
    r = 26
    for a in areas:
        x, y = at[a.id]
        fill = colours.get(a.holder or "", theme.PAPER)
        d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=theme.INK, width=2)
        ink = theme.WHITE if a.holder else theme.INK
        text_c(d, (x, y), str(a.value), "bold", 18, ink)
        text_c(d, (x, y + r + 10), a.name, "bold", 14, theme.INK)
    d.rectangle([0, 0, width, 40], fill=theme.BANNER)
    text_c(d, (width / 2, 20), banner, "bold", 18, theme.BANNER_TEXT)
    return img


def render(areas: Sequence[Area], colours: Mapping[str, RGB], banner: str) -> bytes:
    return png.encode(draw(areas, colours, banner))
