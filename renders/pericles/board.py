"""The Pericles theaters on real geography: each of the 20 theaters (and the Persia box)
drawn at its gazetteer point, the routes between them by kind, on a coastline taken from
the land rasters the other maps already ship. Run as a script to redraw
docs/images/pericles-theaters.png:

    .venv/bin/python -m renders.pericles.board docs/images/pericles-theaters.png
"""

from __future__ import annotations

import json
import math
import sys
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

from engine.rulesets.hellenes.components import DATA as HELLENES_DATA
from engine.rulesets.hellenes.components import decode_runs
from engine.rulesets.pericles.components import Components, load_components
from renders import theme
from renders.fonts import font

# lon min, lon max, lat min, lat max: Sicily to Lydia, Macedonia to the open sea off Rhodes
WINDOW = (13.0, 30.6, 34.35, 41.7)
SCALE = 80.0  # pixels per degree of latitude
XSCALE = SCALE * math.cos(math.radians(38.0))  # equirectangular at the map's middle latitude
STEP = 0.02  # degrees per cell of the land mask (the Hellenes raster's own step)
LEGEND_H = 64
MARGIN_R = 185  # marginalia east of the raster's edge: the Eastern Mediterranean's disc and name
RADIUS = 11
AS_MASK = Path(__file__).resolve().parents[1] / "assets" / "athens_sparta_land.png"

FILL = {"land": (150, 92, 40), "naval": (30, 78, 170), "box": (20, 20, 20)}
ROUTE = {"land": (150, 92, 40), "naval": (70, 140, 210), "both": (16, 40, 110)}
GRANARY, CHOKE = (222, 176, 30), (200, 30, 40)
# names drawn left of their disc where the right side is crowded
LABEL_LEFT = {"isthmus", "naupactus", "chios", "macedonia", "aetolia"}
# sea routes that would cut across land drawn straight: (lat, lon) points at sea to pass by
VIA = {
    ("sparta", "athens"): ((36.35, 23.25), (37.55, 23.55)),  # round Cape Malea, up the Saronic Gulf
    ("athens", "corcyra"): ((37.55, 23.55), (36.35, 23.25), (36.75, 21.45), (38.2, 20.3)),
    ("athens", "chalcidice"): ((37.75, 24.35), (38.9, 24.35), (39.7, 23.8)),  # outside Euboea
    ("corcyra", "naupactus"): ((38.6, 20.55), (38.3, 21.3)),  # by Leucas into the Gulf of Patras
}


def to_px(lat: float, lon: float) -> tuple[float, float]:
    """Equirectangular: x grows east, y grows south, from the window's north-west corner."""
    lon0, _, _, lat1 = WINDOW
    return (lon - lon0) * XSCALE, (lat1 - lat) * SCALE


def size() -> tuple[int, int]:
    lon0, lon1, lat0, lat1 = WINDOW
    return round((lon1 - lon0) * XSCALE), round((lat1 - lat0) * SCALE)  # the map, not its margins


@cache
def land_mask() -> Image.Image:
    """Land (255) and sea (0) over the window at map size. North of 35.68° N the Hellenes
    raster is used; south of it (Crete, Rhodes) the Athens & Sparta 1 km mask."""
    grid = json.loads((HELLENES_DATA / "map_raster.json").read_text(encoding="utf-8"))
    lon0, lon1, lat0, lat1 = WINDOW
    cols = round((lon1 - lon0) / STEP)
    rows = round((lat1 - lat0) / STEP)
    top = round((grid["lat_max"] - lat1) / STEP)
    first = round((lon0 - grid["lon_min"]) / STEP)
    south = Image.open(AS_MASK)  # 120 cells a degree from 33.5-43 N, 17.5-30.5 E
    cells: list[int] = []
    for r in range(rows):
        lat = lat1 - (r + 0.5) * STEP
        if top + r < len(grid["land_rows"]):
            row = decode_runs(grid["land_rows"][top + r])[first:first + cols]
            cells += [255 if v else 0 for v in row] + [0] * (cols - len(row))
            continue
        for c in range(cols):
            lon = lon0 + (c + 0.5) * STEP
            inside = 17.5 <= lon < 30.5 and 33.5 <= lat < 43.0
            cells.append(255 if inside and south.getpixel((int((lon - 17.5) * 120), int((43.0 - lat) * 120))) else 0)
    mask = Image.new("L", (cols, rows))
    mask.putdata(cells)
    return mask.resize(size(), Image.Resampling.BILINEAR).point(lambda v: 255 if v >= 128 else 0)


def _path(a: str, b: str, at: dict[str, tuple[float, float]]) -> list[tuple[float, float]]:
    via = VIA.get((a, b)) or tuple(reversed(VIA.get((b, a), ())))
    return [at[a], *(to_px(lat, lon) for lat, lon in via), at[b]]


def _dashed(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float],
            colour: tuple[int, int, int], width: int, dash: float = 9.0) -> None:
    length = math.dist(p, q)
    n = max(1, int(length // dash))
    for i in range(0, n, 2):
        a, b = i / n, min(1.0, (i + 1) / n)
        d.line([(p[0] + (q[0] - p[0]) * a, p[1] + (q[1] - p[1]) * a),
                (p[0] + (q[0] - p[0]) * b, p[1] + (q[1] - p[1]) * b)], fill=colour, width=width)


def render_image(comps: Components | None = None) -> Image.Image:
    """The theater map: coastline, routes by kind, one disc a theater, the Persia box."""
    comps = comps or load_components()
    w, h = size()
    img = Image.new("RGB", (w + MARGIN_R, h + LEGEND_H), theme.PAPER)
    base = Image.new("RGB", (w, h), theme.SEA)
    base.paste(Image.new("RGB", (w, h), theme.LAND), mask=land_mask())
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    d.line([(w, 0), (w, h), (0, h)], fill=theme.COAST, width=1)
    at = {t.key: to_px(t.lat, t.lon) for t in comps.data.theaters}
    for r in comps.data.routes:
        path = _path(r.a, r.b, at)
        for p, q in zip(path, path[1:]):
            if r.kind == "naval":
                _dashed(d, p, q, ROUTE["naval"], 3)
            else:
                d.line([p, q], fill=ROUTE[r.kind], width=4 if r.kind == "both" else 3)
    label = font("cond-bold", 13)
    for t in comps.data.theaters:  # names first, so no label ever covers a disc
        x, y = at[t.key]
        left = t.key in LABEL_LEFT
        d.text((x - RADIUS - 5 if left else x + RADIUS + 5, y), t.name, font=label, fill=theme.INK,
               anchor="rm" if left else "lm", stroke_width=2, stroke_fill=theme.PAPER)
    digits = font("bold", 10)
    for t in comps.data.theaters:
        x, y = at[t.key]
        if t.type == "box":
            d.rectangle([x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS], fill=FILL["box"], outline=theme.WHITE)
            continue
        ring = GRANARY if t.granary else CHOKE if t.chokepoint else theme.WHITE
        d.ellipse([x - RADIUS - 3, y - RADIUS - 3, x + RADIUS + 3, y + RADIUS + 3], fill=ring)
        d.ellipse([x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS], fill=FILL[t.type])
        d.text((x, y), str(t.number), font=digits, fill=theme.WHITE, anchor="mm")
    _legend(d, w, h)
    return img


def _legend(d: ImageDraw.ImageDraw, w: int, h: int) -> None:
    f = font("sans", 12)
    y = h + 12
    x = 12.0
    for text, fill in (("land theater", FILL["land"]), ("naval theater", FILL["naval"]), ("Persia box", FILL["box"])):
        d.ellipse([x, y, x + 14, y + 14], fill=fill)
        d.text((x + 20, y), text, font=f, fill=theme.INK)
        x += 30 + d.textlength(text, font=f)
    for text, ring in (("granary", GRANARY), ("chokepoint", CHOKE)):
        d.ellipse([x, y, x + 14, y + 14], outline=ring, width=3)
        d.text((x + 20, y), text, font=f, fill=theme.INK)
        x += 30 + d.textlength(text, font=f)
    for text, kind in (("land route", "land"), ("sea route", "naval"), ("land and sea", "both")):
        if kind == "naval":
            _dashed(d, (x, y + 7), (x + 30, y + 7), ROUTE[kind], 3, dash=6)
        else:
            d.line([(x, y + 7), (x + 30, y + 7)], fill=ROUTE[kind], width=4 if kind == "both" else 3)
        d.text((x + 36, y), text, font=f, fill=theme.INK)
        x += 46 + d.textlength(text, font=f)
    credit = ("Coordinates: Pleiades (pleiades.stoa.org, CC BY 3.0) and ToposText (ODC-BY); "
              "coastline: Hellenes raster and GLOBE 1 km land mask (NOAA NGDC).")
    d.text((12, y + 26), credit, font=font("sans", 10), fill=theme.LABEL_LAND)


def render() -> bytes:
    from renders.png import encode

    return encode(render_image())


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/pericles-theaters.png")
    render_image().save(out, optimize=True)
    print(out)
