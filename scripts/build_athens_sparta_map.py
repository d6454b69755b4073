"""Build the Athens & Sparta hex map from real geography.

Run:  .venv/bin/python scripts/build_athens_sparta_map.py
Needs (build time only, not at runtime): numpy, global-land-mask.
Writes engine/rulesets/athens_sparta/data/map.json and cities.json.

How it works
------------
1. A flat-top hex grid is laid over an equirectangular projection of the Aegean
   (scale, rotation and offset are the GRID constants below; they were chosen so
   that every distance the rulebook states holds, see the data README).
2. A ~1.5 km raster is sampled with global-land-mask; every raster cell belongs
   to the hex whose centre is nearest.
3. Inside each hex, land cells and sea cells are split into connected pieces.
   Two neighbouring hexes are joined by land (or by water) when enough raster
   cells of a land (water) piece touch across their common edge. Each water
   piece of a hex that touches neighbours is one "coast" (rule 1.7).
4. Hand-made design data then applies: mountains (no elevation data here, so
   ranges are drawn as polygons), passes, rivers, straits (rule 4.3), the few
   connections the rules force, and the cities (true coordinates kept; a
   handful are placed one hex over, each with its reason).
5. The rulebook's geometric facts are checked by
   tests/athens_sparta/test_map_geometry.py; run it after every rebuild.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from collections import deque
from pathlib import Path

import numpy as np
from global_land_mask import globe

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "engine" / "rulesets" / "athens_sparta" / "data"
GAZETTEER = Path(__file__).resolve().parents[2] / "shared" / "data" / "gazetteer.csv"  # beside the checkout
GAZ_COPY = DATA / "gazetteer_used.csv"

# ---------------------------------------------------------------- grid
KM_PER_MILE = 1.609344
LAT0, LON0 = 38.5, 24.0  # projection centre
KX = 111.32 * math.cos(math.radians(LAT0))  # km per degree of longitude at LAT0
KY = 110.57  # km per degree of latitude
GRID = {
    "miles_per_hex": 31.0,  # centre-to-centre; see README "Scale"
    "rotation_deg": -6.0,  # grid turned clockwise on the projected plane
    "origin_lat": 41.51,  # centre of hex A1
    "origin_lon": 19.198,
    "cols": 22,
    "rows": 13,
}
RASTER_KM = 1.5
MIN_LINK_CELLS = 2  # cells touching across an edge for a link (~3 km)
MIN_PIECE_CELLS = 6  # land or water pieces smaller than this are ignored


def to_xy(lat, lon):
    return (np.asarray(lon) - LON0) * KX, (np.asarray(lat) - LAT0) * KY


def to_latlon(x, y):
    return np.asarray(y) / KY + LAT0, np.asarray(x) / KX + LON0


class Grid:
    """Flat-top hexes, odd columns shifted half a row south ("odd-q")."""

    def __init__(self, p=GRID):
        self.p = p
        self.d = p["miles_per_hex"] * KM_PER_MILE  # centre distance, km
        self.size = self.d / math.sqrt(3)  # centre-to-corner
        self.th = math.radians(p["rotation_deg"])
        self.ox, self.oy = (float(v) for v in to_xy(p["origin_lat"], p["origin_lon"]))

    # local grid frame (u east, v south) <-> projected plane
    def _to_plane(self, u, v):
        c, s = math.cos(self.th), math.sin(self.th)
        return self.ox + u * c + v * s, self.oy + u * s - v * c

    def _to_local(self, x, y):
        c, s = math.cos(self.th), math.sin(self.th)
        dx, dy = x - self.ox, y - self.oy
        return dx * c + dy * s, dx * s - dy * c

    def centre_xy(self, col, row):
        u = col * 1.5 * self.size
        v = row * self.d + (self.d / 2 if col % 2 else 0.0)
        return self._to_plane(u, v)

    def corners_xy(self, col, row):
        cx, cy = self.centre_xy(col, row)
        out = []
        for k in range(6):
            a = math.radians(60 * k) + self.th
            out.append((cx + self.size * math.cos(a), cy - self.size * math.sin(a)))
        return out

    def locate(self, x, y):
        """Vectorised: projected km -> (col, row) of the containing hex."""
        u, v = self._to_local(np.asarray(x, float), np.asarray(y, float))
        q = u / (1.5 * self.size)
        r = v / self.d - q / 2  # axial with v pointing south
        # cube rounding
        cx, cz = q, r
        cy = -cx - cz
        rx, ry, rz = np.round(cx), np.round(cy), np.round(cz)
        dx, dy, dz = np.abs(rx - cx), np.abs(ry - cy), np.abs(rz - cz)
        fix_x = (dx > dy) & (dx > dz)
        fix_y = ~fix_x & (dy > dz)
        rx = np.where(fix_x, -ry - rz, rx)
        ry = np.where(fix_y, -rx - rz, ry)
        rz = np.where(~fix_x & ~fix_y, -rx - ry, rz)
        col = rx.astype(int)
        row = (rz + (col - (col & 1)) // 2).astype(int)
        return col, row


def label(col, row):
    letters = ""
    n = col
    while True:
        letters = chr(ord("A") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            break
    return f"{letters}{row + 1}"


def neighbours_cr(col, row):
    if col % 2 == 0:
        deltas = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]
    else:
        deltas = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]
    return [(col + dc, row + dr) for dc, dr in deltas]


def cube(col, row):
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def hex_distance(a, b):
    ax, ay, az = cube(*a)
    bx, by, bz = cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


# ---------------------------------------------------------------- raster
def raster(grid: Grid):
    cols, rows = grid.p["cols"], grid.p["rows"]
    pts = [grid.centre_xy(c, r) for c in range(cols) for r in range(rows)]
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    pad = grid.size
    x = np.arange(min(xs) - pad, max(xs) + pad, RASTER_KM)
    y = np.arange(max(ys) + pad, min(ys) - pad, -RASTER_KM)
    X, Y = np.meshgrid(x, y)
    lat, lon = to_latlon(X, Y)
    land = globe.is_land(lat, lon)
    col, row = grid.locate(X, Y)
    inside = (col >= 0) & (col < cols) & (row >= 0) & (row < rows)
    hid = np.where(inside, col * rows + row, -1)
    return X, Y, land, hid


def pieces(land, hid):
    """Label connected pieces of equal (hex, land) cells; 4-connectivity."""
    h, w = land.shape
    lab = -np.ones((h, w), int)
    sizes = []
    owner = []  # (hid, is_land)
    flat_land = land.ravel()
    flat_hid = hid.ravel()
    flat_lab = lab.ravel()
    for start in range(h * w):
        if flat_lab[start] >= 0 or flat_hid[start] < 0:
            continue
        k = len(sizes)
        hv, lv = flat_hid[start], flat_land[start]
        flat_lab[start] = k
        q = deque([start])
        n = 0
        while q:
            i = q.popleft()
            n += 1
            r, c = divmod(i, w)
            for j in (i - w if r else -1, i + w if r < h - 1 else -1,
                      i - 1 if c else -1, i + 1 if c < w - 1 else -1):
                if j >= 0 and flat_lab[j] < 0 and flat_hid[j] == hv and flat_land[j] == lv:
                    flat_lab[j] = k
                    q.append(j)
        sizes.append(n)
        owner.append((int(hv), bool(lv)))
    return lab, sizes, owner


def links(lab, hid):
    """Count raster contacts between pieces of different hexes."""
    out = {}
    for a, b in ((lab[:, :-1], lab[:, 1:]), (lab[:-1, :], lab[1:, :])):
        ha = hid[:, :-1] if a.shape[1] != hid.shape[1] else hid[:-1, :]
        hb = hid[:, 1:] if a.shape[1] != hid.shape[1] else hid[1:, :]
        m = (ha != hb) & (ha >= 0) & (hb >= 0)
        pa, pb = a[m], b[m]
        for x, y in zip(pa.tolist(), pb.tolist()):
            key = (x, y) if x < y else (y, x)
            out[key] = out.get(key, 0) + 1
    return out


# ---------------------------------------------------------------- cities
# (name, gazetteer row, value, side, walled, note)
# value 0 = minor city. Sides: athens (blue), sparta (red), neutral (green),
# persia (orange), none (black). The split of the 48 points is our design
# except where the rulebook fixes a value (see README).
CITY_TABLE = [
    # Athenian cities: 20 points (rule 1.2 sidebar), Potidaea included.
    ("Athens", "Athens", 4, "athens", True, "walled (sidebar); stack 6 (terrain table)"),
    ("Chios", "Chios", 2, "athens", False, "value 2 from the pillage example (5.61); unwalled (5.6 example); rebel navy (9.4)"),
    ("Miletus", "Miletus", 2, "athens", True, "value 2 (rule 9.3)"),
    ("Mytilene", "Mytilene", 2, "athens", True, "rebel navy (9.4); besieged 428-427 BC"),
    ("Samos", "Samos", 2, "athens", True, "besieged by Athens 440 BC"),
    ("Corcyra", "Corcyra", 2, "athens", True, "rebel navy (9.4); Sicily port (9.2)"),
    ("Potidaea", "Potidaea", 1, "athens", True, "value 1: Athens starts on 19 of 20 (sidebar); besieged at start (3.0)"),
    ("Rhodes", "Rhodes (city)", 1, "athens", False, "rebel navy (9.4); stands for Ialysos, Lindos and Camirus"),
    ("Amphipolis", "Amphipolis", 1, "athens", True, "walled: withdrawal into siege in the 5.6 example"),
    ("Chalcis", "Chalcis", 1, "athens", True, "on Euboea's west coast (1.7 example)"),
    ("Abydos", "Abydos", 1, "athens", False, "Hellespont choke point (9.1)"),
    ("Naxos", "Naxos", 1, "athens", False, "island with six sea hex-sides (6.1)"),
    ("Naupactus", "Naupactus", 0, "athens", True, "strait hex (4.3 sidebar); Messenian base"),
    ("Carystus", "Carystus", 0, "athens", False, "on the Lemnos-Chalcis route (1.7 example)"),
    ("Oreus", "Oreus (Histiaea)", 0, "athens", False, "Athenian settlement in north Euboea"),
    ("Ephesus", "Ephesus", 0, "athens", False, "strait hex (4.3 sidebar)"),
    ("Notium", "Notium", 0, "athens", False, "port of Colophon; battle 406 BC"),
    ("Halicarnassus", "Halicarnassus", 0, "athens", False, "errata: minor unwalled blue port south of Miletus"),
    ("Lemnos", "Myrina", 0, "athens", False, "Athenian cleruchy; the city of Myrina"),
    ("Elaeus", "Elaeus", 0, "athens", False, "Chersonese (4.3 sidebar)"),
    ("Cardia", "Cardia", 0, "athens", False, "Chersonese (4.3 sidebar)"),
    ("Zacynthus", "Zacynthus", 0, "athens", False, "Athenian ally 431 BC"),
    ("Cephallenia", "Cephallenia", 0, "athens", False, "island with one port (6.1); Sicily port (9.2)"),
    ("Stratus", "Stratus", 0, "athens", False, "Acarnanian ally of Athens; non-port (1.3)"),
    ("Thasos", "Thasos", 0, "athens", True, "Delian League island; revolted 465 BC"),
    # Spartan cities: 18 points.
    ("Sparta", "Sparta", 4, "sparta", False, "unwalled (sidebar); non-port (1.3)"),
    ("Corinth", "Corinth", 3, "sparta", True, "walled (sidebar); two coasts and the diolkos (1.6, 1.7)"),
    ("Thebes", "Thebes", 3, "sparta", True, "walled (sidebar); non-port (1.3)"),
    ("Megara", "Megara", 1, "sparta", False, "Megarian Decree ally of Sparta"),
    ("Sicyon", "Sicyon", 1, "sparta", False, "strait example (4.3 sidebar)"),
    ("Elis", "Elis", 1, "sparta", False, "non-port (1.3); ran the Olympic games"),
    ("Messene", "Messene", 1, "sparta", False, "non-port (1.3); helot revolt city (7.1)"),
    ("Leucas", "Leucas", 1, "sparta", False, "Corinthian colony; Sicily port (9.2)"),
    ("Ambracia", "Ambracia", 1, "sparta", False, "Corinthian colony"),
    ("Tegea", "Tegea", 1, "sparta", False, "Arcadian ally"),
    ("Epidaurus", "Epidaurus", 1, "sparta", False, "Peloponnesian League port"),
    ("Gytheum", "Gytheum", 0, "sparta", False, "Spartan naval base (4.4 example)"),
    ("Troezen", "Troezen", 0, "sparta", False, "Peloponnesian naval base"),
    ("Cyllene", "Cyllene", 0, "sparta", False, "port of Elis; Sicily port (9.2)"),
    # Neutral cities: 10 points including Syracuse's 4 (README: "Syracuse").
    ("Syracuse", "Syracuse", 4, "neutral", True, "off-board Sicily box (9.2)"),
    ("Argos", "Argos", 2, "neutral", True, "neutral 431-420 BC; value 2 as reported in play"),
    ("Larissa", "Larissa", 2, "neutral", False, "Thessalian horse country"),
    ("Pella", "Pella", 1, "neutral", False, "stands for the Macedonian kingdom"),
    ("Melos", "Melos", 1, "neutral", True, "neutral until 416 BC"),
    ("Patrae", "Patrae", 0, "neutral", False, "Achaean; strait example (4.3 sidebar)"),
    ("Pleuron", "Pleuron", 0, "neutral", False, "Aetolian; strait example (4.3 sidebar)"),
    # Oracles (1.4), Persian cities (9.3) and black cities (1.1).
    ("Delphi", "Delphi", 0, "none", False, "oracle (1.4)"),
    ("Delos", "Delos", 0, "none", False, "oracle (1.4)"),
    ("Sardis", "Sardis", 0, "persia", True, "Persian satrapal seat (9.3)"),
    ("Dascylium", "Dascylium", 0, "persia", True, "Persian satrapal seat (9.3)"),
    ("Marathon", "Marathon", 0, "none", False, "black city marking the strait side (1.1)"),
    ("Pylos", "Pylos", 0, "none", False, "Athenian fort 425 BC; black"),
]
NON_PORTS = {"Elis", "Messene", "Sparta", "Stratus", "Thebes"}  # rule 1.3
ORACLES = {"Delphi", "Delos"}  # rule 1.4
SICILY_PORTS = {"Corcyra", "Leucas", "Cephallenia", "Cyllene"}  # rule 9.2
OFFBOARD = {"Syracuse": "sicily"}

# Cities drawn away from their true point: (lat, lon) where our map puts them.
# The true coordinates stay in cities.json; README lists why each moved.
NUDGE: dict[str, tuple[float, float]] = {
    # Sicyon and Corinth are 17 km apart: Sicyon goes one hex west along the
    # Achaean shore, so that it touches the Naupactus strait (4.3 sidebar).
    "Sicyon": (38.17, 22.30),
    # Epidaurus shares Megara's hex: one hex south, on the Argolid coast.
    "Epidaurus": (37.55, 23.05),
    # Gytheum one hex south-east, to the mouth of the Laconian Gulf, so a navy
    # reaches Athens in 4 (rule 4.4 example).
    "Gytheum": (36.50, 23.10),
    # Carystus shares Marathon's hex: drawn at the south-east tip of its own
    # territory (Cape Kafireas), one hex on, on the Lemnos route (1.7 example).
    "Carystus": (38.05, 24.52),
    # Notium is 14 km from Ephesus: one hex north, at Colophon, its mother city.
    "Notium": (38.30, 27.20),
    # Elis shares Cyllene's hex: one hex inland, by Olympia, whose games it ran.
    "Elis": (37.66, 21.62),
}


def load_gazetteer():
    with open(GAZETTEER, newline="", encoding="utf-8") as f:
        return {r["name"]: r for r in csv.DictReader(f)}


# ---------------------------------------------------------------- derivation
# Short lines of "no land, no water" cut into the raster: places where the
# 1 km land mask joins what our map keeps apart. (lat, lon) -> (lat, lon).
VOID_LINES = [
    # The Euripus at Chalcis: Euboea is an island reached by straits (4.3),
    # and the two Euboean gulfs are not joined (the 1.7 Lemnos example).
    ((38.50, 23.575), (38.43, 23.615)),
    # The isthmus of Corinth: the Peloponnese is its own landmass, so no hex
    # spanning the Gulf of Corinth lets armies walk across it (rule 4.1);
    # the isthmus link itself is restored by FORCE_LAND.
    ((37.96, 22.945), (37.90, 23.015)),
]


def void_mask(X, Y, lines=None):
    out = np.zeros(X.shape, bool)
    for (la1, lo1), (la2, lo2) in (VOID_LINES if lines is None else lines):
        (x1, y1), (x2, y2) = to_xy(la1, lo1), to_xy(la2, lo2)
        for t in np.linspace(0, 1, 200):
            x, y = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            i = np.argmin(np.abs(Y[:, 0] - y))
            j = np.argmin(np.abs(X[0, :] - x))
            out[max(i - 1, 0): i + 2, max(j - 1, 0): j + 2] = True
    return out


def derive(grid: Grid):
    """Raster facts per hex: land/water pieces, landmasses and links."""
    X, Y, land, hid = raster(grid)
    void = void_mask(X, Y)
    land = land | void_mask(X, Y, LAND_LINES)
    hid = np.where(void, -1, hid)
    lab, sizes, owner = pieces(land, hid)
    # landmass = connected land over the whole raster, hexes ignored
    whole = np.where(hid >= 0, 0, -1)
    mass_lab, mass_sizes, _ = pieces(land & (hid >= 0), whole)
    piece_mass = {}
    for p, m in zip(lab[land & (hid >= 0)].tolist(), mass_lab[land & (hid >= 0)].tolist()):
        piece_mass[p] = m
    raw = links(lab, hid)
    return {
        "X": X, "Y": Y, "land": land, "hid": hid, "lab": lab,
        "sizes": sizes, "owner": owner, "links": raw,
        "piece_mass": piece_mass, "mass_sizes": mass_sizes,
    }


# Straits hexes (rule 1.5, 4.3): the hex of this city; the city's own shore is
# the city side. Cities named in "far" stand on the other bank's hexes and
# get a land link across the strait even where the raster shows none.
STRAITS = {
    "Naupactus": {"far": ["Sicyon", "Patrae"]},  # Rion narrows; 4.3 sidebar
    "Abydos": {"far": ["Cardia", "Elaeus"]},  # Hellespont; 4.3 sidebar, 9.1
    "Ephesus": {"far": ["Samos"]},  # Mycale strait; 4.3 sidebar
    "Marathon": {"far": []},  # Euboean strait; Marathon marks the side (1.1)
    "Chalcis": {"far": []},  # Euripus
    "Halicarnassus": {"far": [], "far_at": [(36.85, 27.20)]},  # errata: strait to Cos
    "Corcyra": {"far": [], "far_at": [(39.45, 20.35)]},  # Corfu channel (6.1)
    # Chios strait to the Erythrae peninsula: the 5.6 Chios example has a Spartan
    # peltast that cannot fight while the Athenian navy holds the sea (4.3)
    "Chios": {"far": [], "far_at": [(38.16, 26.73)]},
}
# Corinth's second coast (1.6 diolkos): the Saronic water at this point.
DIOLKOS_AT = (37.85, 23.02)
# Raster cells forced to land: the isthmus of Pallene at Potidaea, which the
# 1 km mask misses (the city faces Therma only, sidebar).
LAND_LINES = [((40.25, 23.315), (40.15, 23.315)), ((40.25, 23.33), (40.15, 23.33))]
# City on a chosen coast of a two-coast hex (rule 1.7): (lat, lon) of water
# the city's coast must contain.
CITY_COAST_AT = {
    "Chalcis": (38.42, 23.62),  # west coast, on the South Euboean Gulf side
    "Potidaea": (40.22, 23.20),  # Gulf of Therma only (sidebar)
    "Corinth": (38.0, 22.85),  # Gulf of Corinth; the diolkos reaches the other (1.6)
}
# Land links the raster misses or invents, by city pair or hex label pair.
FORCE_LAND: list[tuple[str, str]] = [("Corinth", "Megara")]  # the isthmus
CUT_LAND: list[tuple[str, str]] = []
# Hexes drawn as open sea although the raster finds a little land in them:
# the east shore of Naxos, so that Naxos keeps six sea hex-sides (rule 6.1).
FORCE_SEA = {"O10"}


def cell_of(r, lat, lon):
    x, y = to_xy(lat, lon)
    i = int(np.argmin(np.abs(r["Y"][:, 0] - y)))
    j = int(np.argmin(np.abs(r["X"][0, :] - x)))
    return i, j


def nearest_piece(r, lat, lon, candidates):
    """The candidate piece with a raster cell nearest to (lat, lon)."""
    x, y = (float(v) for v in to_xy(lat, lon))
    best, bd = None, 1e18
    for p in candidates:
        m = r["lab"] == p
        d = ((r["X"][m] - x) ** 2 + (r["Y"][m] - y) ** 2).min()
        if d < bd:
            best, bd = p, d
    return best


def build_model(grid: Grid, r, gaz):
    cols, rows = grid.p["cols"], grid.p["rows"]
    hexes = {}
    for c in range(cols):
        for rw in range(rows):
            lat, lon = (float(v) for v in to_latlon(*grid.centre_xy(c, rw)))
            hexes[(c, rw)] = {"col": c, "row": rw, "id": label(c, rw), "lat": lat, "lon": lon,
                              "land_pieces": [], "water_pieces": []}
    for p, (h, is_land) in enumerate(r["owner"]):
        if h < 0 or r["sizes"][p] < MIN_PIECE_CELLS:
            continue
        key = divmod(h, rows)
        hexes[key]["land_pieces" if is_land else "water_pieces"].append(p)

    # cities: map point -> hex
    cities = {}
    for name, gname, value, side, walled, note in CITY_TABLE:
        g = gaz[gname]
        lat, lon = float(g["lat"]), float(g["lon"])
        mlat, mlon = NUDGE.get(name, (lat, lon))
        rec = {"name": name, "gazetteer": gname, "pleiades_id": g["pleiades_id"],
               "lat": lat, "lon": lon, "value": value, "side": side, "walled": walled,
               "note": note, "map_lat": mlat, "map_lon": mlon, "hexcr": None}
        if name not in OFFBOARD:
            x, y = to_xy(mlat, mlon)
            c, rw = (int(v) for v in grid.locate(x, y))
            rec["hexcr"] = (c, rw)
        cities[name] = rec

    # land parts: pieces of one hex grouped by landmass; keep the city's
    # (or the largest) part, plus the far bank in a straits hex.
    by_hex_city = {c["hexcr"]: c for c in cities.values() if c["hexcr"]}
    kept = {}  # piece -> "main" | "far"
    for key, hx in hexes.items():
        parts = {}
        for p in hx["land_pieces"]:
            parts.setdefault(r["piece_mass"][p], []).append(p)
        if not parts:
            continue
        size = {m: sum(r["sizes"][p] for p in ps) for m, ps in parts.items()}
        city = by_hex_city.get(key)
        if city:
            p = nearest_piece(r, city["map_lat"], city["map_lon"], hx["land_pieces"])
            main = r["piece_mass"][p]
        else:
            main = max(size, key=size.get)
        for p in parts[main]:
            kept[p] = "main"
        hx["main_mass"] = main
        if city and city["name"] in STRAITS:
            others = [m for m in parts if m != main]
            if others:
                far = max(others, key=size.get)
                for p in parts[far]:
                    kept[p] = "far"
    return hexes, cities, kept


def connect(grid: Grid, r, hexes, cities, kept):
    """Sides (land/water links), coasts, kinds and straits from the raster."""
    rows = grid.p["rows"]
    sig = {p for hx in hexes.values() for p in hx["land_pieces"] + hx["water_pieces"]}
    land_link = {}  # (keyA, keyB) sorted -> {"count", "far": set of keys entered from far part}
    water_link = {}  # (pieceA, pieceB) -> count
    for (p, q), n in r["links"].items():
        if n < MIN_LINK_CELLS or p not in sig or q not in sig:
            continue
        (ha, la), (hb, lb) = r["owner"][p], r["owner"][q]
        if la != lb:
            continue
        ka, kb = divmod(ha, rows), divmod(hb, rows)
        if la:
            if p not in kept or q not in kept:
                continue
            k = tuple(sorted([ka, kb]))
            rec = land_link.setdefault(k, {"count": 0, "far": {}})
            rec["count"] += n
            for piece, own, other in ((p, ka, kb), (q, kb, ka)):
                if kept[piece] == "far":
                    rec["far"][own] = other
        else:
            water_link[(p, q)] = water_link.get((p, q), 0) + n

    # coasts: each water piece of a hex linked to a neighbour is one coast
    piece_hex = {}
    for key, hx in hexes.items():
        for p in hx["water_pieces"]:
            piece_hex[p] = key
    piece_nbrs = {}
    for (p, q) in water_link:
        piece_nbrs.setdefault(p, set()).add(q)
        piece_nbrs.setdefault(q, set()).add(p)
    for hx in hexes.values():
        ps = [p for p in hx["water_pieces"] if p in piece_nbrs]
        hx["has_land"] = "main_mass" in hx
        hx["coast_pieces"] = sorted(ps, key=lambda p: -r["sizes"][p])
    return land_link, water_link, piece_hex, piece_nbrs


LAND_FRACTION_MIN = 0.06  # a hex with less land than this is open sea (unless a city)


def finalize(grid: Grid, r, hexes, cities, kept, land_link, water_link, piece_hex, piece_nbrs):
    """Turn raster links into the map graph (hex ids, coasts, sides, straits)."""
    rows = grid.p["rows"]
    hid = r["hid"]
    counts = np.bincount(hid[hid >= 0].ravel(), minlength=grid.p["cols"] * rows)
    land_counts = np.bincount(hid[(hid >= 0) & r["land"]].ravel(), minlength=len(counts))
    city_at = {c["hexcr"]: n for n, c in cities.items() if c["hexcr"]}
    # kind
    for key, hx in hexes.items():
        idx = key[0] * rows + key[1]
        frac = land_counts[idx] / max(counts[idx], 1)
        hx["city"] = city_at.get(key)
        if (not hx["has_land"] or (frac < LAND_FRACTION_MIN and not hx["city"])
                or hx["id"] in FORCE_SEA):
            hx["kind"] = "sea"
        elif hx["coast_pieces"]:
            hx["kind"] = "coast"
        else:
            hx["kind"] = "land"
    # coast index per water piece
    cidx = {}
    for hx in hexes.values():
        for i, p in enumerate(hx["coast_pieces"]):
            cidx[p] = 0 if hx["kind"] == "sea" else i
        if hx["kind"] == "land":
            hx["coast_pieces"] = []
    node_links = {}  # (key, ci) -> set((key2, cj))
    for (p, q) in water_link:
        if p not in cidx or q not in cidx:
            continue
        a, b = (piece_hex[p], cidx[p]), (piece_hex[q], cidx[q])
        if hexes[a[0]]["kind"] == "land" or hexes[b[0]]["kind"] == "land":
            continue
        node_links.setdefault(a, set()).add(b)
        node_links.setdefault(b, set()).add(a)
    # land sides; sea hexes have none
    sides = {}
    for (ka, kb) in land_link:
        if hexes[ka]["kind"] == "sea" or hexes[kb]["kind"] == "sea":
            continue
        sides.setdefault((ka, kb), {})["land"] = True
    key_of_city = {n: c["hexcr"] for n, c in cities.items() if c["hexcr"]}
    for a, b in FORCE_LAND:
        ka, kb = _key(a, key_of_city, hexes), _key(b, key_of_city, hexes)
        sides.setdefault(tuple(sorted([ka, kb])), {})["land"] = True
    for a, b in CUT_LAND:
        ka, kb = _key(a, key_of_city, hexes), _key(b, key_of_city, hexes)
        sides.get(tuple(sorted([ka, kb])), {}).pop("land", None)
    # straits
    for name, spec in STRAITS.items():
        s = key_of_city[name]
        far = set()
        for (ka, kb), rec in land_link.items():
            if s in (ka, kb) and s in rec["far"]:
                far.add(rec["far"][s])
        far_keys = [key_of_city[fc] for fc in spec["far"]]
        for la, lo in spec.get("far_at", []):
            c_, r_ = grid.locate(*to_xy(la, lo))
            far_keys.append((int(c_), int(r_)))
        for f in far_keys:
            far.add(f)
            sides.setdefault(tuple(sorted([s, f])), {})["land"] = True
        land_nbrs = [k for k in neighbours_cr(*s) if sides.get(tuple(sorted([s, k])), {}).get("land")]
        hexes[s]["strait"] = {"far": sorted(f for f in far if f in land_nbrs),
                              "city": sorted(k for k in land_nbrs if k not in far)}
    return node_links, sides


def _key(ref, key_of_city, hexes):
    if ref in key_of_city:
        return key_of_city[ref]
    for k, hx in hexes.items():
        if hx["id"] == ref:
            return k
    raise KeyError(ref)


# ---------------------------------------------------------------- checks
def water_dist(node_links, start, goal_nodes):
    """Fewest hex entries from node `start` to any node in goal_nodes; and
    the set of hexes on every shortest path."""
    dist = {start: 0}
    q = deque([start])
    while q:
        n = q.popleft()
        for m in node_links.get(n, ()):
            if m not in dist:
                dist[m] = dist[n] + 1
                q.append(m)
    hits = [dist[g] for g in goal_nodes if g in dist]
    return min(hits) if hits else None, dist


def city_node(cities, hexes, name):
    c = cities[name]
    return (c["hexcr"], c.get("coast", 0))


def geometry_failures(grid, hexes, cities, node_links, sides):
    f = []
    key = {n: c["hexcr"] for n, c in cities.items() if c["hexcr"]}
    seen = {}
    for n, k in key.items():
        if k in seen:
            f.append(f"{n} shares hex {hexes[k]['id']} with {seen[k]}")
        seen[k] = n

    def adj(a, b):
        return key[b] in neighbours_cr(*key[a])

    def land(a, b):
        return sides.get(tuple(sorted([key[a], key[b]])), {}).get("land")

    for s, fars in (("Naupactus", ["Sicyon", "Patrae"]), ("Abydos", ["Cardia", "Elaeus"]),
                    ("Ephesus", ["Samos"])):
        for x in fars:
            if not adj(s, x):
                f.append(f"{x} not adjacent to strait {s}")
    for s, near in (("Naupactus", ["Pleuron"]), ("Ephesus", ["Notium", "Miletus"])):
        for x in near:
            if not adj(s, x) or not land(s, x):
                f.append(f"{x} not land-adjacent to {s}")
            elif key[x] in hexes[key[s]].get("strait", {}).get("far", []):
                f.append(f"{x} on the far side of {s}")
    if not adj("Miletus", "Halicarnassus") or cities["Halicarnassus"]["lat"] > cities["Miletus"]["lat"]:
        f.append("Halicarnassus not the hex south of Miletus")
    # Lemnos -> Chalcis: 6 by water
    dl, dist = water_dist(node_links, city_node(cities, hexes, "Lemnos"),
                          [city_node(cities, hexes, "Chalcis")])
    if dl != 6:
        f.append(f"Lemnos->Chalcis water {dl}")
    dg, _ = water_dist(node_links, city_node(cities, hexes, "Gytheum"),
                       [city_node(cities, hexes, "Athens")])
    if dg is None or dg > 4:
        f.append(f"Gytheum->Athens water {dg}")
    # Naxos: six sea sides
    nx = key["Naxos"]
    for k in neighbours_cr(*nx):
        s = sides.get(tuple(sorted([nx, k])), {})
        if k not in hexes or s.get("land"):
            f.append(f"Naxos side to {k} not sea")
    # Sparta -> Corinth by land within 3 (distance lower bound here)
    if hex_distance(key["Sparta"], key["Corinth"]) > 3:
        f.append("Sparta->Corinth > 3")
    return f


# ---------------------------------------------------------------- terrain
# No elevation data ships with global-land-mask, so mountain ranges are drawn
# by hand as (lat, lon) polygons; a hex is mountain when its centre lies in
# one (rule 1.8: the terrain at the centre decides). Our design.
MOUNTAINS = {
    "Pindus": [(40.75, 20.55), (40.75, 21.25), (40.05, 21.35), (39.45, 21.55), (38.95, 21.95),
               (38.65, 21.9), (38.75, 21.45), (39.4, 21.05), (40.1, 20.75)],
    "Olympus": [(40.35, 21.95), (40.3, 22.45), (39.95, 22.55), (39.95, 22.0)],
    "Parnassus": [(38.85, 21.95), (38.8, 22.45), (38.45, 22.75), (38.4, 22.15)],
    "Arcadia": [(38.05, 21.75), (38.0, 22.45), (37.7, 22.45), (37.7, 21.85)],
    "Parnon": [(37.35, 22.55), (37.3, 22.8), (36.85, 22.95), (36.85, 22.7)],
    "Othrys": [(39.2, 22.15), (39.2, 22.85), (38.98, 22.85), (38.98, 22.15)],
    "Rhodope": [(41.7, 23.4), (41.7, 25.6), (41.25, 25.6), (41.25, 23.4)],
    "Ida": [(39.95, 26.75), (39.95, 27.35), (39.55, 27.35), (39.55, 26.75)],
    "Tmolus": [(38.42, 27.55), (38.42, 28.6), (38.15, 28.6), (38.15, 27.55)],
}
# Sides made passes (the side of the hex pair whose common edge is nearest).
PASS_POINTS = {
    "Thermopylae": (38.80, 22.54),
    "Tempe": (39.89, 22.59),
}
# River lines (drawn only; rivers have no effect, terrain table).
RIVERS = {
    "Haliacmon": [(40.15, 21.30), (40.1, 21.45), (40.2, 21.9), (40.35, 22.3), (40.48, 22.65)],
    "Arathus": [(39.78, 21.18), (39.5, 21.1), (39.16, 20.99), (39.03, 21.0)],
    "Achelous": [(39.6, 21.35), (39.0, 21.4), (38.65, 21.3), (38.35, 21.1)],
    "Peneus": [(39.7, 21.4), (39.55, 21.8), (39.63, 22.42), (39.85, 22.6), (39.95, 22.7)],
    "Axius": [(41.4, 22.45), (40.9, 22.55), (40.6, 22.65)],
    "Strymon": [(41.4, 23.3), (41.0, 23.6), (40.8, 23.85)],
    "Hebrus": [(41.6, 26.5), (41.0, 26.3), (40.73, 26.05)],
    "Alpheus": [(37.4, 22.15), (37.55, 21.95), (37.64, 21.63), (37.61, 21.45)],
    "Eurotas": [(37.35, 22.3), (37.08, 22.43), (36.8, 22.65)],
    "Hermus": [(38.6, 28.6), (38.55, 27.9), (38.6, 27.4), (38.65, 26.95)],
    "Maeander": [(37.9, 28.6), (37.85, 27.8), (37.6, 27.3), (37.55, 27.2)],
}
# The two river sources the official Q&A names (brief (c) 2): our source
# points, chosen so the hexes touch; the gazetteer points are kept in README.
RIVER_SOURCES = {"Haliacmon": (40.15, 21.30), "Arathus": (39.78, 21.18)}


def point_in_poly(lat, lon, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        (y1, x1), (y2, x2) = poly[i], poly[(i + 1) % n]
        if (y1 > lat) != (y2 > lat):
            x = x1 + (lat - y1) * (x2 - x1) / (y2 - y1)
            if lon < x:
                inside = not inside
    return inside


def shared_edge(grid, a, b):
    ca = grid.corners_xy(*a)
    cb = grid.corners_xy(*b)
    common = [p for p in ca if min(math.dist(p, q) for q in cb) < 1e-6 * grid.size + 1e-3]
    return common[:2] if len(common) >= 2 else None


def segments_cross(p1, p2, q1, q2):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def side_at_point(grid, lat, lon, pairs):
    x, y = (float(v) for v in to_xy(lat, lon))
    best, bd = None, 1e18
    for a, b in pairs:
        e = shared_edge(grid, a, b)
        if not e:
            continue
        mx, my = (e[0][0] + e[1][0]) / 2, (e[0][1] + e[1][1]) / 2
        d = (mx - x) ** 2 + (my - y) ** 2
        if d < bd:
            best, bd = (a, b), d
    return best


# ---------------------------------------------------------------- assembly
PERSIAN_LON_MIN = 26.6  # inland Asian hexes east of this are Persia (9.3)


def make(params=GRID):
    grid = Grid(params)
    gaz = load_gazetteer()
    r = derive(grid)
    hexes, cities, kept = build_model(grid, r, gaz)
    ll, wl, ph, pn = connect(grid, r, hexes, cities, kept)
    node_links, sides = finalize(grid, r, hexes, cities, kept, ll, wl, ph, pn)
    for hx in hexes.values():
        hx["n_coasts"] = 0 if hx["kind"] == "land" else (1 if hx["kind"] == "sea" else len(hx["coast_pieces"]))
    # Corinth's hex gets the Saronic coast of its neighbour (1.6 diolkos)
    k = cities["Corinth"]["hexcr"]
    t = tuple(int(v) for v in grid.locate(*to_xy(*DIOLKOS_AT)))
    tp = nearest_piece(r, *DIOLKOS_AT, hexes[t]["coast_pieces"])
    tj = 0 if hexes[t]["kind"] == "sea" else hexes[t]["coast_pieces"].index(tp)
    ci = hexes[k]["n_coasts"]
    hexes[k]["n_coasts"] += 1
    node_links.setdefault((k, ci), set()).add((t, tj))
    node_links.setdefault((t, tj), set()).add((k, ci))
    hid_of = {k: hx["id"] for k, hx in hexes.items()}

    # city coast: the coast piece nearest the city (or its CITY_COAST_AT point)
    for n, c in cities.items():
        c["coast"] = None
        if not c["hexcr"]:
            continue
        hx = hexes[c["hexcr"]]
        if hx["kind"] == "sea":
            raise SystemExit(f"{n} stands in a sea hex {hx['id']}")
        if hx["coast_pieces"]:
            lat, lon = CITY_COAST_AT.get(n, (c["map_lat"], c["map_lon"]))
            p = nearest_piece(r, lat, lon, hx["coast_pieces"])
            c["coast"] = hx["coast_pieces"].index(p)

    # terrain by hex centre
    for hx in hexes.values():
        hx["terrain"] = "clear"
        if hx["kind"] != "sea" and any(point_in_poly(hx["lat"], hx["lon"], poly)
                                       for poly in MOUNTAINS.values()):
            hx["terrain"] = "mountain"
    src = {name: grid.locate(*to_xy(*pt)) for name, pt in RIVER_SOURCES.items()}
    src = {name: (int(c), int(rw)) for name, (c, rw) in src.items()}
    hexes[src["Arathus"]]["terrain"] = "mountain"  # brief (c) 2: stop on entering
    for n, c in cities.items():  # cities stand in their plains (home stacks, rule 4.1)
        if c["hexcr"] and n != "Delphi":
            hexes[c["hexcr"]]["terrain"] = "clear"

    # every adjacent pair
    pairs = []
    for k in hexes:
        for m in neighbours_cr(*k):
            if m in hexes and k < m:
                pairs.append((k, m))
    water_pairs = {tuple(sorted([a[0], b[0]])) for a, bs in node_links.items() for b in bs}
    passes = {side_at_point(grid, la, lo, [p for p in pairs if sides.get(p, {}).get("land")])
              for la, lo in PASS_POINTS.values()}
    passes.add(tuple(sorted([src["Haliacmon"], src["Arathus"]])))
    sides.setdefault(tuple(sorted([src["Haliacmon"], src["Arathus"]])), {})["land"] = True
    side_out = {}
    for p in pairs:
        a, b = p
        s = sides.get(p, {})
        land = None
        if s.get("land"):
            ta, tb = hexes[a]["terrain"], hexes[b]["terrain"]
            if p in passes:
                land = "pass"
            elif ta == tb == "mountain":
                land = "mountain"
            elif "mountain" in (ta, tb):
                land = "pass"
            else:
                land = "clear"
        strait = False
        for x, y in ((a, b), (b, a)):
            st = hexes[x].get("strait")
            if st and y in st["far"]:
                strait = True
        river = None
        e = shared_edge(grid, a, b)
        for name, line in RIVERS.items():
            pts = [tuple(float(v) for v in to_xy(la, lo)) for la, lo in line]
            if e and any(segments_cross(pts[i], pts[i + 1], e[0], e[1]) for i in range(len(pts) - 1)):
                river = name
        if land or p in water_pairs or river:
            side_out[p] = {"a": hid_of[a], "b": hid_of[b], "land": land,
                           "water": p in water_pairs, "strait": strait, "river": river}

    # per-hex output
    sicily = {cities[n]["hexcr"] for n in SICILY_PORTS}
    persian_city = {cities[n]["hexcr"] for n, c in cities.items() if c["side"] == "persia"}
    hex_out = []
    for k, hx in sorted(hexes.items()):
        coasts = []
        for ci in range(hx["n_coasts"]):
            coasts.append(sorted({hid_of[m[0]] for m in node_links.get((k, ci), ())}))
        st = hx.get("strait")
        persian = k in persian_city or (hx["kind"] == "land" and hx["lon"] > PERSIAN_LON_MIN
                                        and hx["lat"] < 40.5 and hx["city"] is None)
        hex_out.append({
            "id": hx["id"], "col": hx["col"], "row": hx["row"],
            "lat": round(hx["lat"], 4), "lon": round(hx["lon"], 4),
            "kind": hx["kind"], "terrain": hx["terrain"], "city": hx["city"],
            "coasts": coasts,
            "strait": {"city_side": [hid_of[x] for x in st["city"]],
                       "far_side": [hid_of[x] for x in st["far"]]} if st else None,
            "persian": bool(persian), "sicily_port": k in sicily,
            "river_source": next((n for n, s in src.items() if s == k), None),
        })
    water = {}
    for (k, ci), ms in sorted(node_links.items()):
        water[f"{hid_of[k]}:{ci}"] = sorted(f"{hid_of[m[0]]}:{m[1]}" for m in ms)
    city_out = []
    for n, c in cities.items():
        hx = hexes.get(c["hexcr"]) if c["hexcr"] else None
        port = bool(hx and hx["kind"] == "coast" and n not in NON_PORTS) or n in OFFBOARD
        city_out.append({
            "name": n, "hex": hx["id"] if hx else None, "offboard": OFFBOARD.get(n),
            "value": c["value"], "major": c["value"] > 0, "walled": c["walled"],
            "side": c["side"], "port": port,
            "coast": c["coast"] if port and not OFFBOARD.get(n) else None,
            "oracle": n in ORACLES, "origin": ORIGIN.get(n, "keryx"),
            "lat": c["lat"], "lon": c["lon"],
            "map_lat": c["map_lat"], "map_lon": c["map_lon"], "nudged": n in NUDGE,
            "pleiades_id": c["pleiades_id"], "gazetteer": c["gazetteer"], "note": c["note"],
        })
    doc = {
        "grid": {**grid.p, "km_per_hex": round(grid.d, 2), "layout": "flat-top; odd columns half a hex south; label = column letter + row number",
                 "projection": {"lat0": LAT0, "lon0": LON0, "km_per_deg_lon": round(KX, 4), "km_per_deg_lat": KY}},
        "hexes": hex_out,
        "sides": list(side_out.values()),
        "water": water,
        "offboard": {"sicily": {"city": "Syracuse", "ports": sorted(n for n in SICILY_PORTS)}},
        "rivers": {n: [list(p) for p in line] for n, line in RIVERS.items()},
        "mountains": {n: [list(p) for p in poly] for n, poly in MOUNTAINS.items()},
    }
    return doc, city_out


# Where a city's facts come from (default keryx): rulebook when the rulebook
# fixes its colour, value or walls; errata for Halicarnassus.
ORIGIN = {n: "rulebook" for n in (
    "Athens", "Sparta", "Corinth", "Thebes", "Potidaea", "Miletus", "Chios", "Syracuse",
    "Marathon", "Delos", "Delphi", "Corcyra", "Leucas", "Cephallenia", "Cyllene", "Abydos",
    "Elis", "Messene", "Stratus", "Mytilene", "Rhodes")}
ORIGIN["Halicarnassus"] = "errata"
ORIGIN["Chios"] = "public-source"  # value 2 inferred in the facts brief
ORIGIN["Argos"] = "public-source"  # value 2 from a session report (brief)


def main():
    doc, cities = make()
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "map.json").write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    (DATA / "cities.json").write_text(json.dumps({"cities": cities}, indent=1) + "\n")
    used = {c["gazetteer"] for c in cities}
    with open(GAZETTEER, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    with open(GAZ_COPY, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(rows[0])
        w.writerows(r for r in rows[1:] if r[0] in used)
    print(f"wrote {len(doc['hexes'])} hexes, {len(doc['sides'])} sides, {len(cities)} cities")


if __name__ == "__main__":
    sys.exit(main())
