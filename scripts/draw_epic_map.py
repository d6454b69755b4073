"""Draw the bare Epic map (docs/epic-map.png) from the committed component data.

Run:  .venv/bin/python scripts/draw_epic_map.py [--out docs/epic-map.png] [--scale 14]
Needs only Pillow and the JSON in engine/rulesets/epic/data (no coastline data).
"""

from __future__ import annotations

import argparse
import hashlib
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from engine.rulesets.epic.components import load_components

ROOT = Path(__file__).resolve().parents[1]
FONT = ROOT / "renders" / "fonts" / "DejaVuSans.ttf"
SEA = (170, 205, 230)
OPEN = (40, 80, 140)
TERRAIN_SHADE = {"clear": 0, "rough": -30, "mountain": -80}


def region_colour(region: str | None, satrapy: str | None) -> tuple[int, int, int]:
    if satrapy:
        return (226, 180, 120) if satrapy == "tissaphernes" else (214, 160, 110)
    if region is None:
        return (200, 200, 180)
    digest = hashlib.sha256(region.encode()).digest()
    return tuple(150 + digest[i] % 90 for i in range(3))  # type: ignore[return-value]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "epic-map.png"))
    ap.add_argument("--scale", type=float, default=14.0, help="pixels from hex centre to corner")
    args = ap.parse_args()
    comp = load_components()
    s = args.scale
    dx, dy = 1.5 * s, math.sqrt(3) * s
    cols = [h.col for h in comp.hexes.values()]
    rows = [h.row for h in comp.hexes.values()]
    c0, r0 = min(cols), min(rows)
    width = int((max(cols) - c0 + 1) * dx + s * 2)
    height = int((max(rows) - r0 + 1.5) * dy + s)

    def centre(col: int, row: int) -> tuple[float, float]:
        return (s + (col - c0) * dx, dy / 2 + (row - r0) * dy + (dy / 2 if col % 2 else 0))

    def corners(col: int, row: int) -> list[tuple[float, float]]:
        x, y = centre(col, row)
        return [(x + s * math.cos(math.radians(60 * k)), y + s * math.sin(math.radians(60 * k))) for k in range(6)]

    img = Image.new("RGB", (width, height), SEA)
    draw = ImageDraw.Draw(img)
    for h in comp.hexes.values():
        area = comp.areas.get(h.area) if h.area else None
        if h.kind == "sea":
            fill = OPEN if area and area.kind == "open" else SEA
        elif h.terrain == "lake":
            fill = (120, 170, 210)
        else:
            base = region_colour(area.region if area else None, area.satrapy if area else None)
            shade = TERRAIN_SHADE[h.terrain or "clear"]
            t = max(0.0, 0.6 - h.land_share)  # a coastal hex that is mostly water leans to the sea
            red, green, blue = (max(0, v + shade) for v in base)
            fill = (int(red * (1 - t) + SEA[0] * t), int(green * (1 - t) + SEA[1] * t),
                    int(blue * (1 - t) + SEA[2] * t))
        draw.polygon(corners(h.col, h.row), fill=fill, outline=(120, 120, 120) if h.kind == "land" else None)
    # Area and region borders on the shared edges of neighbouring hexes
    for h in comp.hexes.values():
        for nb_id in comp.neighbors(h.id):
            nb = comp.hexes[nb_id]
            if nb_id < h.id or h.area == nb.area:
                continue
            mine, theirs = comp.areas.get(h.area or ""), comp.areas.get(nb.area or "")
            if h.kind == "sea" and nb.kind == "sea":
                colour, wide = (90, 120, 160), 1
            elif h.kind != nb.kind:
                continue
            elif mine and theirs and mine.region != theirs.region:
                colour, wide = (200, 20, 20), 3
            else:
                colour, wide = (60, 60, 60), 2
            ca, cb = corners(h.col, h.row), corners(nb.col, nb.row)
            shared = [p for p in ca if min(math.dist(p, q) for q in cb) < 0.5]
            if len(shared) == 2:
                draw.line(shared, fill=colour, width=wide)
    for side in comp.sides.values():
        ha, hb = comp.hexes[side.a], comp.hexes[side.b]
        pa, pb = centre(ha.col, ha.row), centre(hb.col, hb.row)
        if side.road:
            draw.line([pa, pb], fill=(140, 80, 30), width=2)
        if side.river:
            ca, cb = corners(ha.col, ha.row), corners(hb.col, hb.row)
            shared = [p for p in ca if min(math.dist(p, q) for q in cb) < 0.5]
            if len(shared) == 2:
                draw.line(shared, fill=(30, 90, 220), width=3)
    font = ImageFont.truetype(str(FONT), max(9, int(s * 0.8)))
    small = ImageFont.truetype(str(FONT), max(8, int(s * 0.6)))
    radius = {"S": s * 0.28, "M": s * 0.4, "L": s * 0.55}
    for city in comp.cities.values():
        h = comp.hexes[city.hex]
        x, y = centre(h.col, h.row)
        r = radius[city.size]
        draw.ellipse([x - r, y - r, x + r, y + r], fill=(0, 0, 0) if city.walled else (255, 255, 255),
                     outline=(0, 0, 0), width=2)
        label = city.name + (" ⚓" if city.port else "")
        draw.text((x + r + 2, y - s * 0.5), label, fill=(0, 0, 0), font=font)
    for lab in comp.labels:
        h = comp.hexes[lab.hex]
        x, y = centre(h.col, h.row)
        draw.text((x - s * 0.6, y + s * 0.2), lab.name, fill=(80, 40, 0), font=small)
    for area in comp.areas.values():
        if area.kind != "open":
            continue
        cells = [comp.hexes[i] for i in comp.area_hexes[area.id]]
        cx = sum(centre(c.col, c.row)[0] for c in cells) / len(cells)
        cy = sum(centre(c.col, c.row)[1] for c in cells) / len(cells)
        draw.text((cx - 40, cy), area.name, fill=(255, 255, 255), font=font)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    img.save(out, optimize=True)
    print(f"wrote {out} ({width}x{height})")


if __name__ == "__main__":
    main()
