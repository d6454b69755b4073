"""The committed land raster (see scripts/build_athens_sparta_basemap.py): lookups and
warping onto the map's pixel grid."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter

from .. import theme
from .geometry import Affine

ASSETS = Path(__file__).resolve().parents[1] / "assets"  # one raster of Greece, every map
PNG = ASSETS / "athens_sparta_land.png"
META = ASSETS / "athens_sparta_land.json"


@dataclass(frozen=True)
class LandMask:
    image: Image.Image  # mode "L", 255 = land, row 0 = north
    lat_max: float
    lon_min: float
    cells_per_degree: float
    sha256: str

    def geo_to_raster(self) -> Affine:
        k = self.cells_per_degree
        return Affine(k, 0.0, -self.lon_min * k, 0.0, -k, self.lat_max * k)

    def is_land(self, lat: float, lon: float) -> bool:
        x, y = self.geo_to_raster()(lon, lat)
        w, h = self.image.size
        if not (0 <= x < w and 0 <= y < h):
            return False
        value = self.image.getpixel((int(x), int(y)))  # an "L" image: one int
        return isinstance(value, int | float) and value >= 128

    def warp(self, geo_to_px: Affine, size: tuple[int, int]) -> Image.Image:
        """The land mask in map pixels, with soft (anti-aliased) coastlines."""
        px_to_raster = geo_to_px.inverse().then(self.geo_to_raster())
        t = px_to_raster
        out = self.image.transform(size, Image.Transform.AFFINE, (t.a, t.b, t.c, t.d, t.e, t.f),
                                   resample=Image.Resampling.BILINEAR, fillcolor=0)
        # The raster is ~1 km cells, about one map pixel: blur away the staircase, then
        # steepen the ramp back to a crisp edge about two pixels wide.
        out = out.filter(ImageFilter.GaussianBlur(1.1))
        return out.point(lambda v: max(0, min(255, (v - 128) * 3 + 128)))


@lru_cache(maxsize=1)
def load() -> LandMask:
    meta = json.loads(META.read_text())
    im = Image.open(PNG).convert("L")
    im.load()
    return LandMask(im, meta["lat_max"], meta["lon_min"], meta["cells_per_degree"],
                    meta["sha256"])


def outline(img: Image.Image, mask: Image.Image, colour: theme.RGB = theme.COAST) -> Image.Image:
    """The coastline over a picture: the rim of the soft land mask, three quarters
    strong (every hex board draws it so)."""
    rim = ImageChops.subtract(mask.filter(ImageFilter.MaxFilter(3)),
                              mask.filter(ImageFilter.MinFilter(3)))
    return Image.composite(Image.new("RGB", img.size, colour), img,
                           rim.point(lambda v: v * 3 // 4))
