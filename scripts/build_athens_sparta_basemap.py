"""Build the committed land raster that the Athens & Sparta map is drawn on.

The coastline comes from the `global-land-mask` package (the GLOBE 1 km land/sea
mask). Only this script needs the package; the renderer reads the PNG it writes, so
the bot runs on Pillow alone.

Output:
  renders/assets/athens_sparta_land.png   1-bit equirectangular land mask (white = land)
  renders/assets/athens_sparta_land.json  its bounds and resolution, plus a content hash

Run from the repository root:
    .venv/bin/pip install global-land-mask   # once
    .venv/bin/python scripts/build_athens_sparta_basemap.py
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
from global_land_mask import globe
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "renders" / "assets"

# The game region (lat 34.5-42 N, lon 19-29 E) plus a margin, so the map can be framed
# a little wider than the hexes without running off the raster.
LAT_MIN, LAT_MAX = 33.5, 43.0
LON_MIN, LON_MAX = 17.5, 30.5
# The GLOBE mask samples every 1/120 degree (about 1 km); keep its full resolution.
CELLS_PER_DEGREE = 120


def land_mask() -> np.ndarray:
    """Rows run north to south, columns west to east; True is land.
    Each cell is sampled at its centre."""
    step = 1.0 / CELLS_PER_DEGREE
    lats = np.arange(LAT_MAX - step / 2, LAT_MIN, -step)
    lons = np.arange(LON_MIN + step / 2, LON_MAX, step)
    lon_grid, lat_grid = np.meshgrid(lons, lats)
    return globe.is_land(lat_grid, lon_grid)


def main() -> None:
    mask = land_mask()
    ASSETS.mkdir(parents=True, exist_ok=True)
    png = ASSETS / "athens_sparta_land.png"
    Image.fromarray(mask.astype(np.uint8) * 255).convert("1").save(png, optimize=True)
    meta = {
        "source": "global-land-mask (GLOBE 1 km land/sea mask, NOAA NGDC)",
        "projection": "equirectangular; row 0 is the northern edge",
        "lat_min": LAT_MIN, "lat_max": LAT_MAX, "lon_min": LON_MIN, "lon_max": LON_MAX,
        "cells_per_degree": CELLS_PER_DEGREE,
        "width": int(mask.shape[1]), "height": int(mask.shape[0]),
        "sha256": hashlib.sha256(png.read_bytes()).hexdigest(),
    }
    (ASSETS / "athens_sparta_land.json").write_text(json.dumps(meta, indent=2) + "\n")
    print(f"wrote {png} ({png.stat().st_size} bytes, {mask.shape[1]}x{mask.shape[0]}, "
          f"{mask.mean():.1%} land)")


if __name__ == "__main__":
    main()
