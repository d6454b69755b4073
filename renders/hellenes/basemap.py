"""The Hellenes base map, drawn once per process from the committed raster of areas
(engine/rulesets/hellenes/data/map_raster.json, real coastline): area colours by loyalty,
province, nation, DeepSea and Narrows borders, cities and towns, the Sicily inset (1.0).
`scripts/draw_hellenes_map.py` draws docs/hellenes-map.png with the same functions."""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.rulesets.hellenes.components import DATA, decode_runs

FONT = Path(__file__).resolve().parents[1] / "fonts" / "DejaVuSans.ttf"

SCALE = 3.2  # pixels per raster cell, north-south
XSCALE = SCALE * math.cos(math.radians(39.0))  # equirectangular at the map's middle latitude
MAIN = (16.2, 30.4, 35.7, 42.6)  # lon min, lon max, lat min, lat max
INSET = (12.3, 16.15, 36.55, 38.85)
SEA = (178, 208, 230)
OFF_LAND, OFF_SEA = (214, 210, 200), (205, 218, 228)
LOYAL = {"athens": (40, 90, 200), "sparta": (200, 40, 40), "neutral": (250, 250, 250)}
DEEP, NARROWS, BORDER, NATION = (20, 40, 140), (210, 30, 60), (120, 110, 95), (40, 30, 20)


def land_colour(area, city):
    """Pastel by the loyalty of the area's city; Persia tan; city-less provinces beige."""
    if area["region"] == "persia":
        return (226, 205, 160)
    if city is None:
        return (232, 224, 200)
    base = {"athens": (196, 214, 240), "sparta": (240, 204, 196), "neutral": (246, 246, 240)}
    return base[city["loyalty"]]


def render_window(window, grid, ids, kinds, colours, nation_of, deep, narrows):
    lon0, lon1, lat0, lat1 = window
    step, lat_max, lon_min = grid["step"], grid["lat_max"], grid["lon_min"]
    r0, r1 = round((lat_max - lat1) / step), round((lat_max - lat0) / step)
    c0, c1 = round((lon0 - lon_min) / step), round((lon1 - lon_min) / step)
    rows = [decode_runs(r)[c0:c1] for r in grid["area_rows"][r0:r1]]
    land = [decode_runs(r)[c0:c1] for r in grid["land_rows"][r0:r1]]
    h, w = len(rows), len(rows[0])
    img = Image.new("RGB", (w, h))
    px = img.load()
    assert px is not None
    for y in range(h):
        for x in range(w):
            a = ids[rows[y][x]]
            if a == "-":
                px[x, y] = OFF_LAND if land[y][x] else OFF_SEA
            else:
                px[x, y] = colours[a]
    # borders: a cell whose east or south neighbour is another area
    for y in range(h):
        for x in range(w):
            a = ids[rows[y][x]]
            for nx, ny in ((x + 1, y), (x, y + 1)):
                if nx >= w or ny >= h:
                    continue
                b = ids[rows[ny][nx]]
                if a == b or "-" in (a, b):
                    continue
                pair = tuple(sorted((a, b)))
                if pair in deep:
                    colour = DEEP
                elif pair in narrows:
                    colour = NARROWS
                elif kinds[a] != kinds[b]:
                    colour = (60, 90, 130)  # coastline
                elif kinds[a] == "land" and nation_of[a] != nation_of[b]:
                    colour = NATION
                else:
                    colour = BORDER
                px[x, y] = colour
                if colour in (DEEP, NARROWS, NATION):
                    px[nx, ny] = colour
    big = img.resize((round(w * XSCALE), round(h * SCALE)), Image.Resampling.NEAREST)

    def to_px(lat, lon):
        return (lon - lon0) / step * XSCALE, (lat1 - lat) / step * SCALE

    return big, to_px


def draw_labels(draw, to_px, window, areas, cities, towns, fonts):
    small, tiny, bold = fonts
    lon0, lon1, lat0, lat1 = window
    inside = lambda lat, lon: lon0 <= lon <= lon1 and lat0 <= lat <= lat1  # noqa: E731
    for a in areas:
        lat, lon = a["label"]
        if not inside(lat, lon):
            continue
        x, y = to_px(lat, lon)
        if a["kind"] == "sea":
            draw.text((x, y), a["name"], font=small, fill=(30, 60, 120), anchor="mm")
    for c in cities:
        if not inside(c["lat"], c["lon"]):
            continue
        x, y = to_px(c["lat"], c["lon"])
        fill = LOYAL[c["loyalty"]]
        outline = {"athens": (255, 255, 255), "sparta": (0, 0, 0), "neutral": (90, 90, 90)}[c["loyalty"]]
        r = 8
        if c["port"]:
            pts = [(x + r * math.cos(math.pi / 3 * k), y + r * math.sin(math.pi / 3 * k)) for k in range(6)]
            draw.polygon(pts, fill=fill, outline=outline, width=2)
        else:
            draw.rectangle((x - r + 1, y - r + 1, x + r - 1, y + r - 1), fill=fill, outline=outline, width=2)
        ink = (0, 0, 0) if c["loyalty"] == "neutral" else (255, 255, 255)
        draw.text((x, y), str(c["value"]), font=tiny, fill=ink, anchor="mm")
        draw.text((x, y + r + 1), c["name"], font=small, fill=(20, 20, 20), anchor="ma",
                  stroke_width=2, stroke_fill=(255, 255, 255))
    for t in towns:
        if not inside(t["lat"], t["lon"]):
            continue
        x, y = to_px(t["lat"], t["lon"])
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=(150, 110, 60), outline=(60, 40, 20), width=2)
        draw.text((x, y + 6), t["name"], font=tiny, fill=(90, 60, 20), anchor="ma",
                  stroke_width=2, stroke_fill=(255, 255, 255))
    # provinces without a city or town get their name at their label point
    named = {c["area"] for c in cities} | {t["area"] for t in towns}
    for a in areas:
        lat, lon = a["label"]
        if a["kind"] == "land" and a["id"] not in named and inside(lat, lon):
            x, y = to_px(lat, lon)
            draw.text((x, y), a["name"], font=bold, fill=(70, 50, 30), anchor="mm",
                      stroke_width=2, stroke_fill=(255, 255, 255))




def load() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    def read(name: str) -> dict[str, Any]:
        return json.loads((DATA / name).read_text(encoding="utf-8"))
    return read("map.json"), read("cities.json"), read("map_raster.json")


def fonts() -> tuple[ImageFont.FreeTypeFont, ...]:
    return tuple(ImageFont.truetype(str(FONT), s) for s in (13, 11, 13))


@cache
def base() -> tuple[Image.Image, dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """The base picture (main map with the Sicily inset pasted bottom-left), the pixel of
    every area's label point and of every city and town, by area id."""
    m, c, grid = load()
    areas, cities, towns = m["areas"], c["cities"], c["towns"]
    ids = grid["ids"]
    kinds = {a["id"]: a["kind"] for a in areas}
    nation_of = {a["id"]: a["nation"] for a in areas}
    city_in = {x["area"]: x for x in cities}
    colours = {a["id"]: SEA if a["kind"] == "sea" else land_colour(a, city_in.get(a["id"]))
               for a in areas}
    deep = {tuple(p) for p in m["deep_borders"]}
    narrows = {tuple(p) for p in m["narrows"]}
    f = fonts()
    main_img, main_px = render_window(MAIN, grid, ids, kinds, colours, nation_of, deep, narrows)
    draw_labels(ImageDraw.Draw(main_img), main_px, MAIN, areas, cities, towns, f)
    inset, inset_px = render_window(INSET, grid, ids, kinds, colours, nation_of, deep, narrows)
    idraw = ImageDraw.Draw(inset)
    draw_labels(idraw, inset_px, INSET, areas, cities, towns, f)
    idraw.rectangle((0, 0, inset.width - 1, inset.height - 1), outline=(20, 20, 20), width=3)
    idraw.text((10, 8), "SICILY", font=f[2], fill=(20, 20, 20))
    oy = main_img.height - inset.height
    main_img.paste(inset, (0, oy))
    labels: dict[str, tuple[float, float]] = {}
    places: dict[str, tuple[float, float]] = {}
    for a in areas:
        lat, lon = a["label"]
        labels[a["id"]] = _at(a["region"], lat, lon, main_px, inset_px, oy)
    for p in cities + towns:
        region = next(a["region"] for a in areas if a["id"] == p["area"])
        places[p["area"]] = _at(region, p["lat"], p["lon"], main_px, inset_px, oy)
    return main_img, labels, places


def _at(region: str, lat: float, lon: float, main_px: Any, inset_px: Any,
        oy: int) -> tuple[float, float]:
    if region == "sicily":
        x, y = inset_px(lat, lon)
        return x, y + oy
    return main_px(lat, lon)
