"""Regenerate the sample images in docs/images from the hand-made mid-game view.

Run: .venv/bin/python scripts/render_samples.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import renders  # noqa: E402
from renders.athens_sparta import mapdraw, sample  # noqa: E402

OUT = ROOT / "docs" / "images"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    data = mapdraw.default_data()
    files = {
        "sample-public.png": renders.render_map(sample.sample_view(data, None)),
        "sample-seat-athens.png": renders.render_map(sample.sample_view(data, "athens")),
        "sample-hand.png": renders.render_hand(sample.sample_view(data, "athens")),
        "sample-combat.png": renders.render_combat(sample.sample_battle(),
                                                    {"ruleset": "athens-sparta"}),
    }
    for name, png in files.items():
        (OUT / name).write_bytes(png)
        print(f"{name}: {len(png) // 1024} KB")


if __name__ == "__main__":
    main()
