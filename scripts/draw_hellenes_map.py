"""Draw the bare Hellenes map, docs/hellenes-map.png, from the committed data.

Run:  .venv/bin/python scripts/draw_hellenes_map.py
Needs only Pillow (and the project's pydantic): it reads engine/rulesets/hellenes/data/{map,cities,map_raster}.json.
The picture is for checking the data by eye: every area with its name, the nations'
thick borders, DeepSea borders (thick blue), Narrows (red), cities (square, or hexagon
for a port, with the City Value, outlined white when loyal to Athens and black when
loyal to Sparta, rule 1.31) and barbarian towns (circles). Sicily is an inset (rule 1.0).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from engine.rulesets.hellenes.components import decode_runs  # noqa: E402

DATA = ROOT / "engine" / "rulesets" / "hellenes" / "data"
OUT = ROOT / "docs" / "hellenes-map.png"
FONT = ROOT / "renders" / "fonts" / "DejaVuSans.ttf"

SCALE = 3.2  # pixels per raster cell, north-south
XSCALE = SCALE * math.cos(math.radians(39.0))  # equirectangular at the map's middle latitude
MAIN = (16.2, 30.4, 35.7, 42.6)  # lon min, lon max, lat min, lat max
INSET = (12.3, 16.15, 36.55, 38.85)
SEA = (178, 208, 230)
OFF_LAND, OFF_SEA = (214, 210, 200), (205, 218, 228)
LOYAL = {"athens": (40, 90, 200), "sparta": (200, 40, 40), "neutral": (250, 250, 250)}
DEEP, NARROWS, BORDER, NATION = (20, 40, 140), (210, 30, 60), (120, 110, 95), (40, 30, 20)


def load():
    read = lambda name: json.loads((DATA / name).read_text(encoding="utf-8"))  # noqa: E731
    return read("map.json"), read("cities.json"), read("map_raster.json")


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


def main():
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
    fonts = tuple(ImageFont.truetype(str(FONT), s) for s in (13, 11, 13))

    main_img, main_px = render_window(MAIN, grid, ids, kinds, colours, nation_of, deep, narrows)
    draw = ImageDraw.Draw(main_img)
    draw_labels(draw, main_px, MAIN, areas, cities, towns, fonts)

    inset, inset_px = render_window(INSET, grid, ids, kinds, colours, nation_of, deep, narrows)
    idraw = ImageDraw.Draw(inset)
    draw_labels(idraw, inset_px, INSET, areas, cities, towns, fonts)
    idraw.rectangle((0, 0, inset.width - 1, inset.height - 1), outline=(20, 20, 20), width=3)
    idraw.text((10, 8), "SICILY", font=fonts[2], fill=(20, 20, 20))
    main_img.paste(inset, (0, main_img.height - inset.height))

    draw.text((main_img.width - 10, 10), "Hellenes: the Keryx map (our design on real coastlines)",
              font=fonts[2], fill=(20, 20, 20), anchor="ra")
    legend = [("DeepSea border (5.22)", DEEP), ("Narrows (6.5)", NARROWS), ("Nation border (1.1)", NATION)]
    for i, (text, colour) in enumerate(legend):
        y = 34 + 18 * i
        draw.line((main_img.width - 250, y + 7, main_img.width - 215, y + 7), fill=colour, width=4)
        draw.text((main_img.width - 208, y), text, font=fonts[0], fill=(20, 20, 20))
    OUT.parent.mkdir(exist_ok=True)
    main_img.save(OUT, optimize=True)
    print(f"wrote {OUT.relative_to(ROOT)} ({main_img.width}x{main_img.height})")


if __name__ == "__main__":
    main()
