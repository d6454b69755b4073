"""Draw the bare Hellenes map, docs/hellenes-map.png, from the committed data.

Run:  .venv/bin/python scripts/draw_hellenes_map.py
Needs only Pillow (and the project's pydantic): it reads engine/rulesets/hellenes/data/{map,cities,map_raster}.json.
The picture is the renderer's base map (renders/hellenes/basemap.py) with no pieces, for
checking the data by eye: every area with its name, the nations' thick borders, DeepSea
borders (thick blue), Narrows (red), cities (square, or hexagon for a port, with the City
Value, outlined white when loyal to Athens and black when loyal to Sparta, rule 1.31) and
barbarian towns (circles), the legend. Sicily is an inset (rule 1.0).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from renders.hellenes.basemap import base  # noqa: E402

OUT = ROOT / "docs" / "hellenes-map.png"


def main():
    img = base().image
    OUT.parent.mkdir(exist_ok=True)
    img.save(OUT, optimize=True)
    print(f"wrote {OUT.relative_to(ROOT)} ({img.width}x{img.height})")


if __name__ == "__main__":
    main()
