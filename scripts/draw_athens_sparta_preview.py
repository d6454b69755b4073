"""Draw a check picture of the Athens & Sparta map: docs/athens-sparta-map.png.

Run:  .venv/bin/python scripts/draw_athens_sparta_preview.py
Needs numpy and global-land-mask (build time only) for the coastline under
the hexes. The polished map is drawn elsewhere (renders/); this picture only
lets a person check the generated data by eye.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
from global_land_mask import globe
from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_athens_sparta_map as B  # noqa: E402

DATA = ROOT / "engine" / "rulesets" / "athens_sparta" / "data"
OUT = ROOT / "docs" / "athens-sparta-map.png"
WIDTH = 1600
SIDE_COLOUR = {"athens": (40, 90, 200), "sparta": (200, 40, 40), "neutral": (30, 150, 60),
               "persia": (235, 140, 20), "none": (20, 20, 20)}


def font(size):
    for name in ("DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            pass
    return ImageFont.load_default()


def main():
    doc = json.loads((DATA / "map.json").read_text())
    cities = json.loads((DATA / "cities.json").read_text())["cities"]
    grid = B.Grid({k: doc["grid"][k] for k in B.GRID})
    hexes = {h["id"]: h for h in doc["hexes"]}
    xy = {hid: grid.centre_xy(h["col"], h["row"]) for hid, h in hexes.items()}
    xs = [p[0] for p in xy.values()]
    ys = [p[1] for p in xy.values()]
    x0, x1 = min(xs) - grid.size, max(xs) + grid.size
    y0, y1 = min(ys) - grid.size, max(ys) + grid.size
    k = WIDTH / (x1 - x0)
    height = int((y1 - y0) * k) + 60

    def px(x, y):
        return ((x - x0) * k, (y1 - y) * k)

    # coastline raster under everything
    gx = np.linspace(x0, x1, WIDTH)
    gy = np.linspace(y1, y1 - (height / k), height)
    X, Y = np.meshgrid(gx, gy)
    lat, lon = B.to_latlon(X, Y)
    land = globe.is_land(lat, lon)
    base = np.where(land[..., None], np.array([225, 215, 185], np.uint8),
                    np.array([170, 200, 230], np.uint8)).astype(np.uint8)
    img = Image.fromarray(base, "RGB")
    d = ImageDraw.Draw(img, "RGBA")
    f_small, f_city, f_big = font(11), font(14), font(18)

    for hid, h in hexes.items():
        pts = [px(*p) for p in grid.corners_xy(h["col"], h["row"])]
        if h["terrain"] == "mountain":
            d.polygon(pts, fill=(120, 90, 60, 70))
        if h["persian"]:
            d.polygon(pts, fill=(235, 140, 20, 60))
        if h["kind"] == "sea":
            d.polygon(pts, fill=(60, 110, 180, 25))
        d.polygon(pts, outline=(90, 90, 90, 140))
        cx, cy = px(*xy[hid])
        d.text((cx - 10, cy - grid.size * k * 0.8), hid, fill=(60, 60, 60), font=f_small)
        if h["sicily_port"]:
            d.text((cx - 14, cy + grid.size * k * 0.45), "Sicily", fill=(0, 0, 0), font=f_small)
        if h["river_source"]:
            d.text((cx - 20, cy + grid.size * k * 0.3), f"{h['river_source']} src",
                   fill=(20, 60, 160), font=f_small)
        if len(h["coasts"]) > 1:
            d.text((cx + 8, cy - grid.size * k * 0.55), f"{len(h['coasts'])}c",
                   fill=(0, 0, 160), font=f_small)
    # sides: passes, impassable mountain sides, straits, rivers
    for s in doc["sides"]:
        a, b = hexes[s["a"]], hexes[s["b"]]
        e = B.shared_edge(grid, (a["col"], a["row"]), (b["col"], b["row"]))
        if not e:
            continue
        p, q = px(*e[0]), px(*e[1])
        if s["river"]:
            d.line([p, q], fill=(30, 80, 220), width=4)
        if s["land"] == "mountain":
            d.line([p, q], fill=(90, 50, 20), width=5)
        elif s["land"] == "pass":
            m = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            d.ellipse([m[0] - 4, m[1] - 4, m[0] + 4, m[1] + 4], fill=(90, 50, 20))
        if s["strait"]:
            ca, cb = px(*xy[s["a"]]), px(*xy[s["b"]])
            d.line([ca, cb], fill=(0, 120, 255), width=3)
    # water links between hexes whose land touches (helps spot 1.7 coasts)
    for hid, h in hexes.items():
        if h["strait"]:
            cx, cy = px(*xy[hid])
            d.text((cx - 6, cy + 4), "S", fill=(0, 90, 255), font=f_big)
    # rivers as lines
    for line in doc["rivers"].values():
        pts = [px(*(float(v) for v in B.to_xy(la, lo))) for la, lo in line]
        d.line(pts, fill=(40, 90, 200, 160), width=2)
    for c in cities:
        if not c["hex"]:
            continue
        h = hexes[c["hex"]]
        cx, cy = px(*xy[c["hex"]])
        col = SIDE_COLOUR[c["side"]]
        r = 9 if c["major"] else 6
        if c["walled"]:
            d.regular_polygon((cx, cy, r), 6, fill=col, outline=(0, 0, 0))
        else:
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=col, outline=(0, 0, 0))
        txt = c["name"] + (f" {c['value']}" if c["major"] else "") + ("*" if c["nudged"] else "")
        d.text((cx + r + 2, cy - 8), txt, fill=(0, 0, 0), font=f_city)
        # true position, if moved
        tx, ty = px(*(float(v) for v in B.to_xy(c["lat"], c["lon"])))
        if c["nudged"]:
            d.line([(tx, ty), (cx, cy)], fill=(0, 0, 0, 120), width=1)
            d.ellipse([tx - 2, ty - 2, tx + 2, ty + 2], fill=(0, 0, 0))
        if c["port"] and h["coasts"] and c["coast"] is not None:
            d.text((cx - 4, cy + r), "⚓" if False else "p", fill=(0, 0, 120), font=f_small)
    # Sicily box
    d.rectangle([10, height - 120, 170, height - 20], outline=(0, 0, 0), width=2, fill=(240, 240, 240))
    d.text((20, height - 112), "SICILY (off-board)", fill=(0, 0, 0), font=f_small)
    d.text((20, height - 90), "Syracuse 4 (green)", fill=SIDE_COLOUR["neutral"], font=f_city)
    d.text((20, height - 64), "via Corcyra, Leucas,", fill=(0, 0, 0), font=f_small)
    d.text((20, height - 48), "Cephallenia, Cyllene", fill=(0, 0, 0), font=f_small)
    legend = ("hexagon = walled, circle = unwalled; * = placed one hex from its true point (dot); "
              "S = straits hex, blue bar = strait side; brown bar = mountain side, dot = pass; "
              "Nc = hex with N coasts; p = port")
    d.text((190, height - 30), legend, fill=(0, 0, 0), font=f_small)
    d.text((190, height - 50), f"{doc['grid']['miles_per_hex']} miles per hex; "
           "coastline: global-land-mask; places: Pleiades (CC BY 3.0)", fill=(0, 0, 0), font=f_small)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    img.save(OUT, optimize=True)
    print(f"wrote {OUT} ({img.size[0]}x{img.size[1]})", math.floor(k * 100) / 100, "px/km")


if __name__ == "__main__":
    main()
