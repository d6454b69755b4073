"""A stand-in Athens & Sparta map for renderer tests: a flat-top grid over the real
coastline with a handful of real cities, built without the ruleset's components, so the
renderer's own behaviour is tested even when the map data changes."""

from __future__ import annotations

import csv
import math
from pathlib import Path

from renders.athens_sparta.mapdata import CityInfo, HexInfo, MapData, SideInfo
from renders.pieces import coast as landmask

# The gazetteer rows the ruleset uses travel with it (the shared folder is not shipped).
GAZETTEER = (Path(__file__).resolve().parents[2] / "engine" / "rulesets" / "athens_sparta"
             / "data" / "gazetteer_used.csv")
LAT0, LON0 = 38.5, 24.0
KX = 111.32 * math.cos(math.radians(LAT0))
KY = 110.57
D = 33.0 * 1.609344  # km between hex centres
SIZE = D / math.sqrt(3)
COLS, ROWS = 24, 14
ORIGIN = (41.30, 19.30)

# (name, lat, lon, value, side, walled, port, oracle)
CITIES = [
    ("Athens", 37.9729, 23.7246, 4, "athens", True, True, False),
    ("Sparta", 37.0818, 22.4247, 4, "sparta", False, False, False),
    ("Corinth", 37.9060, 22.8780, 3, "sparta", True, True, False),
    ("Thebes", 38.3190, 23.3190, 3, "sparta", True, False, False),
    ("Argos", 37.6310, 22.7190, 2, "neutral", True, True, False),
    ("Miletus", 37.5300, 27.2780, 2, "athens", True, True, False),
    ("Sardis", 38.4880, 28.0400, 0, "persia", True, False, False),
    ("Delphi", 38.4820, 22.5010, 0, "none", False, False, True),
    ("Marathon", 38.1466, 23.9701, 0, "none", False, True, False),
    ("Chios", 38.3710, 26.1360, 2, "athens", False, True, False),
]


def label(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def _centre(col: int, row: int) -> tuple[float, float]:
    ox = (ORIGIN[1] - LON0) * KX
    oy = (ORIGIN[0] - LAT0) * KY
    u = col * 1.5 * SIZE
    v = row * D + (D / 2 if col % 2 else 0.0)
    x, y = ox + u, oy - v
    return y / KY + LAT0, x / KX + LON0


def build() -> MapData:
    land = landmask.load()
    hexes: dict[str, HexInfo] = {}
    for c in range(COLS):
        for r in range(ROWS):
            lat, lon = _centre(c, r)
            on_land = land.is_land(lat, lon)
            kind = "land" if on_land else "sea"
            hexes[label(c, r)] = HexInfo(label(c, r), c, r, lat, lon, kind,
                                         mountain=on_land and (c + r) % 7 == 0,
                                         persian=on_land and lon > 27.3,
                                         sicily_port=False)
    cities: dict[str, CityInfo] = {}
    for name, lat, lon, value, side, walled, port, oracle in CITIES:
        best = min(hexes.values(), key=lambda h: (h.lat - lat) ** 2 + ((h.lon - lon) * 0.78) ** 2)
        cities[name] = CityInfo(name, best.id, value, value > 0, walled, side, port, oracle)
    cities["Syracuse"] = CityInfo("Syracuse", None, 4, True, True, "neutral", True, False)
    sides = [SideInfo("K9", "K10", "pass", False, False, False),
             SideInfo("J9", "J10", "mountain", False, False, True)]
    return MapData(hexes, cities, tuple(sides),
                   {c.hex: n for n, c in cities.items() if c.hex})


def gazetteer(name: str) -> tuple[float, float]:
    with open(GAZETTEER, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["name"] == name:
                return float(row["lat"]), float(row["lon"])
    raise KeyError(name)
