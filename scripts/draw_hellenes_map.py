"""Draw the bare Hellenes map, docs/hellenes-map.png, from the committed data.

Run:  .venv/bin/python scripts/draw_hellenes_map.py
Needs only Pillow (and the project's pydantic): it reads engine/rulesets/hellenes/data/{map,cities,map_raster}.json.
The picture is for checking the data by eye: every area with its name, the nations'
thick borders, DeepSea borders (thick blue), Narrows (red), cities (square, or hexagon
for a port, with the City Value, outlined white when loyal to Athens and black when
loyal to Sparta, rule 1.31) and barbarian towns (circles). Sicily is an inset (rule 1.0).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import ImageDraw

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from renders.hellenes.basemap import DEEP, NARROWS, NATION, base, fonts  # noqa: E402

OUT = ROOT / "docs" / "hellenes-map.png"


def main():
    main_img = base()[0].copy()
    draw = ImageDraw.Draw(main_img)
    f = fonts()
    draw.text((main_img.width - 10, 10), "Hellenes: the Keryx map (our design on real coastlines)",
              font=f[2], fill=(20, 20, 20), anchor="ra")
    legend = [("DeepSea border (5.22)", DEEP), ("Narrows (6.5)", NARROWS), ("Nation border (1.1)", NATION)]
    for i, (text, colour) in enumerate(legend):
        y = 34 + 18 * i
        draw.line((main_img.width - 250, y + 7, main_img.width - 215, y + 7), fill=colour, width=4)
        draw.text((main_img.width - 208, y), text, font=f[0], fill=(20, 20, 20))
    OUT.parent.mkdir(exist_ok=True)
    main_img.save(OUT, optimize=True)
    print(f"wrote {OUT.relative_to(ROOT)} ({main_img.width}x{main_img.height})")


if __name__ == "__main__":
    main()
