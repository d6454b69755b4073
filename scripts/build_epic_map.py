"""Build the Epic of the Peloponnesian War map from real geography.

Run:  .venv/bin/python scripts/build_epic_map.py
Needs (build time only): numpy and global-land-mask (`pip install -e '.[maps]'`).
Writes engine/rulesets/epic/data/map.json and gazetteer_used.csv.

How it works
------------
1. The hex grid is the least-squares fit of the hex ids the rulebook prints (27.2.5)
   to the places' true coordinates: flat-top hexes in columns, odd columns half a
   hex lower, about 13 km between columns and 14.3 km between rows.
2. A 1.5 km raster of the land mask is cut into land Areas and sea Areas by
   growing the seeds of scripts/epic_geography.py over land and over water
   (a Voronoi diagram measured along the ground or along the sea). Water far
   from land and joined to an Open Sea's seed is open sea.
3. A hex is land when most of it is land (or it holds a city or a named place);
   it takes the Area most of its land belongs to. Two land hexes are joined
   when their land touches across the common edge on one landmass.
4. Terrain, rivers and roads are ours (the land mask has no heights): see the
   data README. The rulebook's own map facts are checked in tests/epic.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from collections import Counter, deque
from pathlib import Path

import numpy as np
from global_land_mask import globe

sys.path.insert(0, str(Path(__file__).resolve().parent))
import epic_geography as G  # noqa: E402
from build_athens_sparta_map import KX, KY, LAT0, LON0, segments_cross, to_xy  # noqa: E402
from build_athens_sparta_map import neighbours_cr as neighbours  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "engine" / "rulesets" / "epic" / "data"
GAZETTEER = ROOT.parent / "shared" / "data" / "gazetteer.csv"  # beside the checkout

RASTER_KM = 1.5
COLS = range(1, 81)  # W01..W44, then E07..E42 (E = global column - 38)
ROWS = range(1, 49)
W_LAST = 44
E_SHIFT = 38
LAND_MIN = 0.35  # share of land that makes a hex a land hex
MIN_LINK = 2  # raster contacts across an edge that join two hexes


def hex_id(col: int, row: int) -> str:
    return f"W{col:02d}{row:02d}" if col <= W_LAST else f"E{col - E_SHIFT:02d}{row:02d}"


def parse_id(hid: str) -> tuple[int, int]:
    col, row = int(hid[1:3]), int(hid[3:5])
    return (col if hid[0] == "W" else col + E_SHIFT), row


class Grid:
    """Affine map between projected km and (col, row + half for odd columns)."""

    def __init__(self, places):
        pts, target = [], []
        for name, hid in G.ANCHORS.items():
            lat, lon = places[name][:2]
            c, r = parse_id(hid)
            pts.append([*map(float, to_xy(lat, lon)), 1.0])
            target.append([c, r + 0.5 * (c % 2)])
        self.A = np.linalg.lstsq(np.array(pts), np.array(target), rcond=None)[0]  # 3x2
        self.inv = np.linalg.inv(self.A[:2])
        self.fit = {"anchors": len(pts), "matrix": self.A.round(6).tolist()}

    def fractional(self, lat, lon):
        x, y = to_xy(lat, lon)
        return np.moveaxis(np.stack([x, y, np.ones_like(np.asarray(x, float))], -1) @ self.A, -1, 0)

    def locate(self, lat, lon):
        c, rv = self.fractional(lat, lon)
        q = c
        r = rv - q / 2
        cx, cz = q, r
        cy = -cx - cz
        rx, ry, rz = np.round(cx), np.round(cy), np.round(cz)
        dx, dy, dz = np.abs(rx - cx), np.abs(ry - cy), np.abs(rz - cz)
        fx = (dx > dy) & (dx > dz)
        fy = ~fx & (dy > dz)
        rx = np.where(fx, -ry - rz, rx)
        rz = np.where(~fx & ~fy, -rx - ry, rz)
        col = rx.astype(int)
        row = (rz + (col - (col & 1)) // 2).astype(int)
        return col, row

    def centre(self, col, row):
        vec = np.array([col, row + 0.5 * (col % 2)]) - self.A[2]
        x, y = vec @ self.inv
        return float(y / KY + LAT0), float(x / KX + LON0)


# ---------------------------------------------------------------- places
def load_places():
    places = {}
    with open(GAZETTEER, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            places[r["name"]] = (float(r["lat"]), float(r["lon"]), f"pleiades:{r['pleiades_id']}")
    for name, (lat, lon, where) in G.EXTRA_PLACES.items():
        places[name] = (lat, lon, f"keryx-approx: {where}")
    return places


# ---------------------------------------------------------------- raster
def flood(mask, seeds_idx, w):
    """Multi-source BFS over `mask` (flat bool); returns (label, distance) per cell."""
    n = mask.size
    lab = -np.ones(n, np.int32)
    dist = -np.ones(n, np.int32)
    q = deque()
    for i, k in seeds_idx:
        if mask[i] and lab[i] < 0:
            lab[i], dist[i] = k, 0
            q.append(i)
    while q:
        i = q.popleft()
        r, c = divmod(i, w)
        for j in (i - w if r else -1, i + w if i + w < n else -1, i - 1 if c else -1, i + 1 if c < w - 1 else -1):
            if j >= 0 and mask[j] and lab[j] < 0:
                lab[j], dist[j] = lab[i], dist[i] + 1
                q.append(j)
    return lab, dist


def components(mask, w, same=None):
    """4-connected pieces of `mask`; with `same`, a piece never spans two values of it."""
    lab = -np.ones(mask.size, np.int32)
    k = 0
    for start in np.flatnonzero(mask):
        if lab[start] >= 0:
            continue
        flood_from(mask, lab, start, k, w, same)
        k += 1
    return lab, k


def flood_from(mask, lab, start, k, w, same=None):
    n = mask.size
    lab[start] = k
    q = deque([start])
    count = 0
    while q:
        i = q.popleft()
        count += 1
        r, c = divmod(i, w)
        for j in (i - w if r else -1, i + w if i + w < n else -1, i - 1 if c else -1, i + 1 if c < w - 1 else -1):
            if j >= 0 and mask[j] and lab[j] < 0 and (same is None or same[j] == same[i]):
                lab[j] = k
                q.append(j)
    return lab, count


def line_cells(lat, lon, pts, h, w):
    out = np.zeros((h, w), bool)
    lat0, lon0 = lat[0, 0], lon[0, 0]
    dlat, dlon = lat[1, 0] - lat[0, 0], lon[0, 1] - lon[0, 0]
    for (a1, o1), (a2, o2) in zip(pts, pts[1:]):
        for t in np.linspace(0, 1, 400):
            i = int(round((a1 + (a2 - a1) * t - lat0) / dlat))
            j = int(round((o1 + (o2 - o1) * t - lon0) / dlon))
            if 0 <= i < h and 0 <= j < w:
                out[i, j: j + 2] = True
    return out


def build():
    places = load_places()
    grid = Grid(places)
    # raster covering the grid
    corners = [grid.centre(c, r) for c in (COLS[0], COLS[-1]) for r in (ROWS[0], ROWS[-1])]
    lat_hi = max(p[0] for p in corners) + 0.15
    lat_lo = min(p[0] for p in corners) - 0.15
    lon_lo = min(p[1] for p in corners) - 0.2
    lon_hi = max(p[1] for p in corners) + 0.2
    lats = np.arange(lat_hi, lat_lo, -RASTER_KM / KY)
    lons = np.arange(lon_lo, lon_hi, RASTER_KM / KX)
    LON, LAT = np.meshgrid(lons, lats)
    h, w = LAT.shape
    land = globe.is_land(LAT, LON)
    land &= LON >= G.WEST_LIMIT
    void = np.zeros_like(land)
    for pts in G.VOID_LINES:
        land &= ~line_cells(LAT, LON, list(pts), h, w)
    for pts in G.LAND_LINES:
        land |= line_cells(LAT, LON, list(pts), h, w)
    col, row = grid.locate(LAT, LON)
    inside = (col >= COLS[0]) & (col <= COLS[-1]) & (row >= ROWS[0]) & (row <= ROWS[-1])
    hid = np.where(inside & ~void, col * 100 + row, -1).ravel()
    land_f = (land & ~void).ravel()
    water_f = (~land & ~void).ravel()

    def idx(lat, lon):
        i = int(round((lat_hi - lat) / (RASTER_KM / KY)))
        j = int(round((lon - lon_lo) / (RASTER_KM / KX)))
        return min(max(i, 0), h - 1) * w + min(max(j, 0), w - 1)

    def nearest(mask, lat, lon, radius=8):
        i0 = idx(lat, lon)
        r0, c0 = divmod(i0, w)
        best, bd = None, 1e9
        for dr in range(-radius, radius + 1):
            for dc in range(-radius, radius + 1):
                r, c = r0 + dr, c0 + dc
                if 0 <= r < h and 0 <= c < w and mask[r * w + c]:
                    d = dr * dr + dc * dc
                    if d < bd:
                        best, bd = r * w + c, d
        return best

    # ---- landmasses and land Areas
    mass, _ = components(land_f, w)
    piece, _ = components(land_f & (hid >= 0), w, same=hid)  # land pieces inside each hex
    area_ids = list(G.LAND_AREAS)
    seeds = []
    for k, aid in enumerate(area_ids):
        for lat, lon in G.LAND_AREAS[aid][3]:
            seeds.append((nearest(land_f, lat, lon), k))
    for name, (aid, *_rest) in G.CITIES.items():
        seeds.append((nearest(land_f, *places[name][:2]), area_ids.index(aid)))
    seeds = [(i, k) for i, k in seeds if i is not None]
    seeded_mass = {int(mass[i]) for i, _ in seeds}
    land_area, _ = flood(land_f, seeds, w)
    # ---- water: sea component, lakes, open seas, sea Areas
    wlab, _ = components(water_f, w)
    # water that reaches the edge of the raster is sea (the Black Sea beyond the
    # Bosporus too); enclosed water is lake
    edge = np.zeros((h, w), bool)
    edge[0, :] = edge[-1, :] = edge[:, 0] = edge[:, -1] = True
    open_comps = set(wlab[edge.ravel() & water_f].tolist())
    sea = water_f & np.isin(wlab, list(open_comps))
    lake = water_f & ~sea
    _, dist_land = flood(sea | land_f, [(i, 0) for i in np.flatnonzero(land_f)], w)
    deep = sea & (dist_land * RASTER_KM >= G.OPEN_KM)
    open_ids = list(G.OPEN_SEAS)
    open_seeds = [(nearest(deep, lat, lon, 20), k) for k, oid in enumerate(open_ids) for lat, lon in G.OPEN_SEAS[oid][2]]
    missing = [open_ids[k] for i, k in open_seeds if i is None]
    if missing:
        raise SystemExit(f"open sea seeds not in deep water: {missing}")
    open_lab, _ = flood(deep, open_seeds, w)
    sea_ids = list(G.SEA_AREAS)
    coastal = sea & (open_lab < 0)
    sseeds = [(nearest(coastal, lat, lon, 12), k) for k, sid in enumerate(sea_ids) for lat, lon in G.SEA_AREAS[sid][1]]
    bad = [sea_ids[k] for i, k in sseeds if i is None]
    if bad:
        raise SystemExit(f"sea seeds not in coastal water: {bad}")
    sea_lab, _ = flood(coastal, sseeds, w)
    # every water cell gets one water label: sea Areas first, then open seas
    n_sea = len(sea_ids)
    water_lab = np.where(sea_lab >= 0, sea_lab, np.where(open_lab >= 0, n_sea + open_lab, -1))
    left = sea & (water_lab < 0)
    if left.any():  # stray coastal pockets cut off by open sea join the water around them
        fill, _ = flood(sea, [(i, int(water_lab[i])) for i in np.flatnonzero(sea & (water_lab >= 0))], w)
        water_lab = np.where(left, fill, water_lab)
    water_names = sea_ids + open_ids

    # ---- hexes
    anchored = {}
    for name, hx in list(G.ANCHORS.items()) + [G.E_ANCHOR] + list(G.IMPLIED.items()):
        anchored[name] = parse_id(hx)
    city_hex = {}
    for name in list(G.CITIES) + G.LABELS:
        if name in anchored:
            city_hex[name] = anchored[name]
        else:
            c, r = grid.locate(*places[name][:2])
            city_hex[name] = (int(c), int(r))
    cells = {}
    order = np.argsort(hid, kind="stable")
    sorted_h = hid[order]
    keys = [(c, r) for c in COLS for r in ROWS]
    for cr in keys:
        lo = np.searchsorted(sorted_h, cr[0] * 100 + cr[1])
        hi = np.searchsorted(sorted_h, cr[0] * 100 + cr[1], side="right")
        cells[cr] = order[lo:hi]

    # two cities in one hex: the later one moves to the free neighbouring hex nearest
    # its true place that holds land of its own landmass (recorded as nudged)
    nudged = {}
    taken = {}
    for name in sorted(G.CITIES, key=lambda n: n not in anchored):
        cr = city_hex[name]
        if cr not in taken:
            taken[cr] = name
            continue
        own = mass[nearest(land_f, *places[name][:2], radius=12)]
        cands = sorted(neighbours(*cr), key=lambda nb: km(grid.centre(*nb), places[name][:2]))
        for nb in cands:
            ids = cells.get(nb, [])
            if nb in taken or not len(ids):
                continue
            if (land_f[ids] & (mass[ids] == own)).sum() >= 3:
                city_hex[name] = nb
                taken[nb] = name
                nudged[name] = (hex_id(*cr), hex_id(*nb))
                break
        else:
            raise SystemExit(f"no free hex for {name} near {hex_id(*cr)}")
    hex_of_place = {}
    for name, cr in city_hex.items():
        hex_of_place.setdefault(cr, []).append(name)

    hexes = {}
    for cr in keys:
        ids = cells[cr]
        if len(ids) == 0 or G.off_map(*grid.centre(*cr)):
            continue
        nland = int(land_f[ids].sum())
        nlake = int(lake[ids].sum())
        frac = nland / len(ids)
        names = hex_of_place.get(cr, [])
        is_land = frac >= LAND_MIN or bool(names) or (nlake > 0 and (nland + nlake) / len(ids) >= LAND_MIN)
        lat, lon = grid.centre(*cr)
        rec = {"col": cr[0], "row": cr[1], "lat": round(lat, 4), "lon": round(lon, 4),
               "land_share": round(frac * 20) / 20}
        if is_land:
            lids = ids[land_f[ids] & (piece[ids] >= 0)]
            if names and len(lids):
                # the piece of the hex nearest the named place is the hex's land
                la, lo = G.SHORE_POINTS.get(names[0], places[names[0]][:2])
                d = (LAT.ravel()[lids] - la) ** 2 + ((LON.ravel()[lids] - lo) * 0.8) ** 2
                main = int(piece[lids[int(np.argmin(d))]])
            elif len(lids):
                main = Counter(piece[lids].tolist()).most_common(1)[0][0]
            else:
                main = -1
            mine = lids[piece[lids] == main]
            m = int(mass[mine[0]]) if len(mine) else -1
            if names and names[0] in G.CITIES:
                shore = G.SHORE_POINTS.get(names[0], places[names[0]][:2])
                m = int(mass[nearest(land_f, *shore, radius=12)])
            areas = Counter(land_area[mine].tolist())
            area = areas.most_common(1)[0][0] if areas else -1
            if names and names[0] in G.CITIES:
                area = area_ids.index(G.CITIES[names[0]][0])
            rec["piece"] = main
            rec.update(kind="land", mass=m, area=area, lake=nlake > nland)
        else:
            wids = ids[sea[ids]]
            lab_counts = Counter(water_lab[wids].tolist())
            rec.update(kind="sea", water=lab_counts.most_common(1)[0][0] if lab_counts else -1)
        hexes[cr] = rec

    # land pieces on an unseeded landmass are uninhabited islands (1.2)
    island_no = {}
    for rec in hexes.values():
        if rec["kind"] == "land" and (rec["mass"] not in seeded_mass or rec["area"] == -1):
            rec["area"] = None
            island_no.setdefault(rec["mass"], len(island_no) + 1)
            rec["island"] = island_no[rec["mass"]]

    # ---- raster contacts between hexes (land on one landmass; water by label)
    land_pairs = Counter()  # contacts between land pieces of two hexes
    water_touch = Counter()  # (hex, water label) contacts
    area_touch = Counter()  # water label pairs
    H = hid.reshape(h, w)
    L = land_f.reshape(h, w)
    P = piece.reshape(h, w)
    WL = water_lab.reshape(h, w)
    for a_sl, b_sl in (((slice(None), slice(None, -1)), (slice(None), slice(1, None))),
                       ((slice(None, -1), slice(None)), (slice(1, None), slice(None)))):
        ha, hb = H[a_sl], H[b_sl]
        la, lb = L[a_sl], L[b_sl]
        ma, mb = P[a_sl], P[b_sl]
        wa, wb = WL[a_sl], WL[b_sl]
        m = (ha != hb) & (ha >= 0) & (hb >= 0) & la & lb & (ma >= 0) & (mb >= 0)
        for x, y in zip(ma[m].tolist(), mb[m].tolist()):
            land_pairs[(min(x, y), max(x, y))] += 1
        m2 = (ha >= 0) & (wb >= 0)
        for x, y in zip(ha[m2].tolist(), wb[m2].tolist()):
            water_touch[(x, y)] += 1
        m3 = (hb >= 0) & (wa >= 0)
        for x, y in zip(hb[m3].tolist(), wa[m3].tolist()):
            water_touch[(x, y)] += 1
        m4 = (wa >= 0) & (wb >= 0) & (wa != wb)
        for x, y in zip(wa[m4].tolist(), wb[m4].tolist()):
            area_touch[(min(x, y), max(x, y))] += 1
    for i in np.flatnonzero(water_lab >= 0):
        if hid[i] >= 0:
            water_touch[(int(hid[i]), int(water_lab[i]))] += 1

    land_links = set()
    for cr, rec in hexes.items():
        if rec["kind"] != "land":
            continue
        for nb in neighbours(*cr):
            nrec = hexes.get(nb)
            if not nrec or nrec["kind"] != "land" or nb < cr:
                continue
            key = (min(rec["piece"], nrec["piece"]), max(rec["piece"], nrec["piece"]))
            if rec["piece"] >= 0 and nrec["piece"] >= 0 and land_pairs[key] >= MIN_LINK:
                land_links.add((cr, nb))
    # A city the rulebook puts in a hex our fit draws (almost) at sea keeps its place:
    # it is joined to the neighbouring land hexes of its own landmass.
    linked = {x for pair in land_links for x in pair}
    for name in G.CITIES:
        cr = city_hex[name]
        if cr in linked:
            continue
        for nb in neighbours(*cr):
            nrec = hexes.get(nb)
            if nrec and nrec["kind"] == "land" and nrec["mass"] == hexes[cr]["mass"]:
                land_links.add(tuple(sorted((cr, nb))))
    for x, y in G.FORCED_LINKS:
        land_links.add(tuple(sorted((city_hex[x], city_hex[y]))))
    # Leucas crossing (16.8.2): a river-like land link across the channel
    leucas, mainland = city_hex["Leucas"], None
    best = 1e9
    for nb in neighbours(*leucas):
        rec = hexes.get(nb)
        if rec and rec["kind"] == "land" and rec["area"] is not None and rec["area"] != hexes[leucas]["area"]:
            d = math.dist(grid.centre(*nb), grid.centre(*leucas))
            if d < best:
                best, mainland = d, nb
    forced_river = {tuple(sorted((leucas, mainland)))}
    land_links.add(tuple(sorted((leucas, mainland))))

    for hx, aid in G.FORCED_AREA.items():
        hexes[parse_id(hx)]["area"] = area_ids.index(aid)
    persian_coast(hexes, land_links, area_ids, water_touch, n_sea_areas=len(G.SEA_AREAS))
    tidy_areas(hexes, land_links, area_ids, {cr for n, cr in city_hex.items() if n in G.CITIES})
    return dict(places=places, grid=grid, hexes=hexes, land_links=land_links,
                forced_river=forced_river, water_touch=water_touch, area_touch=area_touch,
                water_names=water_names, area_ids=area_ids, city_hex=city_hex, n_sea=n_sea,
                water_lab=water_lab, nearest=nearest, sea=sea, island_no=island_no, nudged=nudged)


def persian_coast(hexes, land_links, area_ids, water_touch, n_sea_areas):
    """Coast hexes of inland Persian Areas join the Greek Area they touch (1.2)."""
    persian = {i for i, a in enumerate(area_ids) if G.LAND_AREAS[a][1].startswith("persia")
               and a not in G.PERSIAN_COASTAL}
    coastal = {hk for (hk, wl), n in water_touch.items() if n >= 2}
    adj = {}
    for a, b in land_links:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for _ in range(6):
        moved = False
        for cr, rec in hexes.items():
            if rec["kind"] == "land" and rec["area"] in persian and cr[0] * 100 + cr[1] in coastal:
                greek = Counter(hexes[v]["area"] for v in adj.get(cr, ())
                                if hexes[v]["area"] is not None and hexes[v]["area"] not in persian
                                and not G.LAND_AREAS[area_ids[hexes[v]["area"]]][1].startswith("persia"))
                if greek:
                    rec["area"] = greek.most_common(1)[0][0]
                    moved = True
        if not moved:
            return


def tidy_areas(hexes, land_links, area_ids, city_cells):
    """An Area is one piece of land (1.2): hexes cut off from their Area's main piece
    join the Area of the land hexes they touch, or are linked to their own Area's
    piece when it lies next to them on the same landmass."""
    adj = {}
    for a, b in land_links:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for _ in range(4):
        by_area = {}
        for cr, rec in hexes.items():
            if rec["kind"] == "land" and rec["area"] is not None:
                by_area.setdefault(rec["area"], []).append(cr)
        by_area.pop(-1, None)
        changed = False
        for area, cells in by_area.items():
            comps, seen = [], set()
            for start in cells:
                if start in seen:
                    continue
                comp, q = {start}, deque([start])
                seen.add(start)
                while q:
                    u = q.popleft()
                    for v in adj.get(u, ()):
                        if v not in seen and hexes[v]["area"] == area:
                            seen.add(v)
                            comp.add(v)
                            q.append(v)
                comps.append(comp)
            if len(comps) < 2:
                continue
            main = max(comps, key=lambda c: (len(c & city_cells), len(c)))
            for comp in comps:
                if comp is main:
                    continue
                for cr in comp:
                    touching = [v for v in neighbours(*cr) if v in main and hexes[v]["mass"] == hexes[cr]["mass"]]
                    if touching:  # same landmass, next door: one Area after all
                        land_links.add(tuple(sorted((cr, touching[0]))))
                        adj.setdefault(cr, set()).add(touching[0])
                        adj.setdefault(touching[0], set()).add(cr)
                        changed = True
                        break
                else:
                    if comp & city_cells:
                        raise SystemExit(f"{area_ids[area]}: a city lies on a detached piece {sorted(comp)}")
                    for cr in comp:
                        others = Counter(hexes[v]["area"] for v in adj.get(cr, ()) if hexes[v]["area"] != area)
                        if others:
                            hexes[cr]["area"] = others.most_common(1)[0][0]
                        else:  # a detached islet: uninhabited (1.2)
                            hexes[cr]["area"] = None
                            hexes[cr]["island"] = 1 + max(r.get("island", 0) for r in hexes.values())
                        changed = True
        if not changed:
            return


# ---------------------------------------------------------------- terrain, rivers, roads
def km(a, b):
    (x1, y1), (x2, y2) = to_xy(*a), to_xy(*b)
    return math.hypot(float(x1 - x2), float(y1 - y2))


def dist_to_polyline(p, line):
    px, py = (float(v) for v in to_xy(*p))
    best = 1e9
    for a, b in zip(line, line[1:]):
        (ax, ay), (bx, by) = (tuple(float(v) for v in to_xy(*a)), tuple(float(v) for v in to_xy(*b)))
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1)))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    if len(line) == 1:
        best = km(p, line[0])
    return best


def terrain(b):
    hexes, city_hex = b["hexes"], b["city_hex"]
    occupied = {cr for n, cr in city_hex.items() if n in G.CITIES}
    for cr, rec in hexes.items():
        if rec["kind"] != "land":
            continue
        p = (rec["lat"], rec["lon"])
        t = "clear"
        if any(dist_to_polyline(p, line) <= width for line, width in G.RIDGES):
            t = "rough"
        if any(km(p, (la, lo)) <= r for _, la, lo, r in G.PEAKS):
            t = "mountain"
        if rec.pop("lake", False):
            t = "lake"
        if cr in occupied and t in ("mountain", "lake"):
            t = "rough"
        rec["terrain"] = t
    forced = {parse_id(x) for x in G.FORCED_ROUGH}
    lamia = city_hex[G.ROUGH_SW_OF]
    sw = neighbours(*lamia)[4]
    forced.add(sw)
    for cr in forced:
        hexes[cr]["terrain"] = "rough"
    # No Area may be cut in two by impassable hexes, and every Area keeps a passable
    # hex: mountains on the way between its pieces are drawn as rough instead.
    adj = {}
    for a, c in b["land_links"]:
        adj.setdefault(a, set()).add(c)
        adj.setdefault(c, set()).add(a)
    passable = {"clear", "rough"}
    by_area = {}
    for cr, rec in hexes.items():
        if rec["kind"] == "land":
            by_area.setdefault((rec["area"], rec.get("island")), []).append(cr)
    for cells in by_area.values():
        if not any(hexes[c]["terrain"] in passable for c in cells):
            for c in cells:
                hexes[c]["terrain"] = "rough"
        start = next(c for c in cells if hexes[c]["terrain"] in passable)
        members = set(cells)
        while True:
            seen, q = {start}, deque([start])
            while q:
                u = q.popleft()
                for v in adj.get(u, ()):
                    if v in members and v not in seen and hexes[v]["terrain"] in passable:
                        seen.add(v)
                        q.append(v)
            stray = [c for c in cells if c not in seen and hexes[c]["terrain"] in passable]
            if not stray:
                break
            prev, q, found = {start: None}, deque([start]), None
            while q and found is None:
                u = q.popleft()
                for v in adj.get(u, ()):
                    if v in members and v not in prev:
                        prev[v] = u
                        if v == stray[0]:
                            found = v
                            break
                        q.append(v)
            if found is None:
                break
            u = found
            while u is not None:
                if hexes[u]["terrain"] not in passable:
                    hexes[u]["terrain"] = "rough"
                u = prev[u]


def river_sides(b):
    out = {}
    for a, c in b["land_links"]:
        pa = (b["hexes"][a]["lat"], b["hexes"][a]["lon"])
        pc = (b["hexes"][c]["lat"], b["hexes"][c]["lon"])
        for name, line in G.RIVERS.items():
            if any(segments_cross(pa, pc, q1, q2) for q1, q2 in zip(line, line[1:])):
                out[(a, c)] = name
                break
    for pair in b["forced_river"]:
        out[pair] = "Leucas crossing"
    return out


def road_sides(b, rivers):
    hexes = b["hexes"]
    adj = {}
    for a, c in b["land_links"]:
        if hexes[a]["terrain"] in ("mountain", "lake") or hexes[c]["terrain"] in ("mountain", "lake"):
            continue
        adj.setdefault(a, []).append(c)
        adj.setdefault(c, []).append(a)
    cost = {"clear": 1, "rough": 2}
    grid = b["grid"]

    def where(name):
        if name in b["city_hex"]:
            return b["city_hex"][name]
        c, r = grid.locate(*G.ROAD_WAYPOINTS[name])
        return int(c), int(r)

    roads = set()
    import heapq
    for x, y in G.ROADS:
        s, t = where(x), where(y)
        best = {s: 0}
        prev = {}
        pq = [(0, s)]
        while pq:
            d, u = heapq.heappop(pq)
            if u == t:
                break
            if d > best[u]:
                continue
            for v in adj.get(u, []):
                nd = d + cost[hexes[v]["terrain"]] + (1 if tuple(sorted((u, v))) in rivers else 0)
                if nd < best.get(v, 1e9):
                    best[v] = nd
                    prev[v] = u
                    heapq.heappush(pq, (nd, v))
        if t not in prev:
            print(f"warning: no land route for the road {x}-{y}")
            continue
        u = t
        while u != s:
            roads.add(tuple(sorted((u, prev[u]))))
            u = prev[u]
    return roads


# ---------------------------------------------------------------- output
def forage_number(n_farm: float) -> int:
    """Our Forage Numbers (9.7.1): 2 + 0.36 per hex of farmland (a rough hex is half a hex,
    a mountain none), at most 8. The curve passes through both stated values: our Attica
    (13 hexes of farmland) gives 7 and our Megarid (5) gives 4 (15.3, 15.5 examples)."""
    return min(8, 2 + round(0.36 * n_farm))


def farmland(hexes, cells) -> float:
    weight = {"clear": 1.0, "rough": 0.5, "mountain": 0.0, "lake": 0.0}
    return sum(weight[hexes[cr]["terrain"]] for cr in cells)


def assemble(b):
    hexes, area_ids, water_names = b["hexes"], b["area_ids"], b["water_names"]
    rivers = river_sides(b)
    roads = road_sides(b, rivers)
    n_sea = b["n_sea"]
    # areas
    land_hexes = {}
    for cr, rec in hexes.items():
        if rec["kind"] == "land":
            key = area_ids[rec["area"]] if rec["area"] is not None else f"island-{rec['island']}"
            land_hexes.setdefault(key, []).append(cr)
    water_hexes = {}
    for cr, rec in hexes.items():
        if rec["kind"] == "sea" and rec["water"] >= 0:
            water_hexes.setdefault(water_names[rec["water"]], []).append(cr)

    touch_index = {}
    for (hk, wl), n in b["water_touch"].items():
        if n >= 2:
            touch_index.setdefault(hk, set()).add(water_names[wl])

    out_hexes = []
    for cr in sorted(hexes):
        rec = hexes[cr]
        entry = {"id": hex_id(*cr), "col": cr[0], "row": cr[1], "lat": rec["lat"], "lon": rec["lon"],
                 "kind": rec["kind"], "land_share": rec["land_share"]}
        if rec["kind"] == "land":
            aid = area_ids[rec["area"]] if rec["area"] is not None else f"island-{rec['island']}"
            entry.update(terrain=rec["terrain"], area=aid)
            seas = sorted(touch_index.get(cr[0] * 100 + cr[1], set()))
            entry["seas"] = [s for s in seas]
        else:
            entry["area"] = water_names[rec["water"]] if rec["water"] >= 0 else None
        out_hexes.append(entry)

    sides = []
    for a, c in sorted(b["land_links"]):
        sides.append({"a": hex_id(*a), "b": hex_id(*c), "river": rivers.get((a, c)), "road": (a, c) in roads})

    areas = []
    for aid in area_ids:
        name, region, fn, _ = G.LAND_AREAS[aid]
        cells = land_hexes.get(aid, [])
        persian = region.startswith("persia")
        areas.append({
            "id": aid, "name": name, "kind": "land",
            "region": None if persian else region,
            "satrapy": region.split(":")[1] if persian else None,
            "forage": fn if fn is not None else forage_number(farmland(hexes, cells)),
            "forage_designed": forage_number(farmland(hexes, cells)),
            "forage_origin": "rulebook" if fn is not None else "keryx",
            "hexes": len(cells),
        })
    for key in sorted(k for k in land_hexes if k.startswith("island-")):
        cells = land_hexes[key]
        areas.append({"id": key, "name": "Uninhabited island", "kind": "land", "region": None, "satrapy": None,
                      "forage": forage_number(farmland(hexes, cells)), "forage_origin": "keryx",
                      "forage_designed": forage_number(farmland(hexes, cells)), "hexes": len(cells)})
    for k, sid in enumerate(water_names):
        is_open = k >= n_sea
        name = G.OPEN_SEAS[sid][0] if is_open else G.SEA_AREAS[sid][0]
        areas.append({"id": sid, "name": name, "kind": "open" if is_open else "sea", "region": None,
                      "satrapy": None, "forage": None, "forage_origin": None, "forage_designed": None,
                      "storm_die": G.OPEN_SEAS[sid][1] if is_open else None,
                      "hexes": len(water_hexes.get(sid, []))})
    # sea Area adjacency: water touching water, plus the narrows
    sea_links = set()
    for (x, y), n in b["area_touch"].items():
        if n >= 2:
            sea_links.add(tuple(sorted((water_names[x], water_names[y]))))
    for x, y in G.FORCED_SEA_LINKS:
        sea_links.add(tuple(sorted((x, y))))
    # land Area adjacency: land links between hexes of different Areas
    area_of = {e["id"]: e.get("area") for e in out_hexes}
    land_area_links = set()
    for s in sides:
        x, y = area_of[s["a"]], area_of[s["b"]]
        if x != y:
            land_area_links.add(tuple(sorted((x, y))))
    return out_hexes, sides, areas, sorted(sea_links), sorted(land_area_links)


def cities_out(b, out_hexes):
    by_id = {e["id"]: e for e in out_hexes}
    out = []
    for name, (aid, size, walled, port, role) in G.CITIES.items():
        cr = b["city_hex"][name]
        hx = hex_id(*cr)
        lat, lon, source = b["places"][name]
        seas = by_id[hx].get("seas", [])
        port_sea = None
        if port:
            # the sea Area nearest the city itself carries the anchor (16.6 note)
            i = b["nearest"](b["sea"], lat, lon, radius=12)
            if i is not None:
                port_sea = b["water_names"][int(b["water_lab"][i])]
            if port_sea is None:
                raise SystemExit(f"{name}: a port with no sea within reach")
            if port_sea not in seas:  # the harbour is within a hex of the shore: its sea is touched
                by_id[hx]["seas"] = sorted(set(seas) | {port_sea})
        out.append({"name": name, "hex": hx, "area": aid, "size": size, "walled": walled, "port": port,
                    "port_sea": port_sea, "capital": G.CAPITALS.get(name), "lat": lat, "lon": lon,
                    "source": source, "note": role, "nudged_from": b["nudged"].get(name, (None,))[0]})
    labels = [{"name": n, "hex": hex_id(*b["city_hex"][n]), "lat": b["places"][n][0], "lon": b["places"][n][1],
               "source": b["places"][n][2]} for n in G.LABELS]
    return out, labels


def main():
    b = build()
    terrain(b)
    out_hexes, sides, areas, sea_links, land_area_links = assemble(b)
    cities, labels = cities_out(b, out_hexes)
    grid = b["grid"]
    doc = {
        "grid": {"layout": "flat-top, odd columns half a hex lower", "cols": [COLS[0], COLS[-1]],
                 "rows": [ROWS[0], ROWS[-1]], "w_sheet_last_col": W_LAST, "e_sheet_shift": E_SHIFT,
                 "km_per_row": 14.3, "fit": grid.fit},
        "hexes": out_hexes, "sides": sides, "areas": areas,
        "sea_links": [list(p) for p in sea_links], "land_area_links": [list(p) for p in land_area_links],
        "cities": cities, "labels": labels,
    }
    DATA.mkdir(parents=True, exist_ok=True)
    (DATA / "map.json").write_text(json.dumps(doc, separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
    used = {c["name"] for c in cities} | {lab["name"] for lab in labels}
    with open(DATA / "gazetteer_used.csv", "w", newline="", encoding="utf-8") as f:
        wr = csv.writer(f)
        wr.writerow(["name", "lat", "lon", "source"])
        for name in sorted(used):
            lat, lon, source = b["places"][name]
            wr.writerow([name, lat, lon, source])
    kinds = Counter(h["kind"] for h in out_hexes)
    print(f"hexes {len(out_hexes)} {dict(kinds)}; sides {len(sides)}; areas "
          f"{Counter(a['kind'] for a in areas)}; cities {len(cities)}")


if __name__ == "__main__":
    main()
