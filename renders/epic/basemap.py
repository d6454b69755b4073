"""The Epic base map, drawn once per scenario window and never drawn on after.

The window is the scenario's regions in play (the Argive League's ten, 22.0) with a margin
of a few hexes, so the hexes are big enough to read on a phone; a scenario with no such
list gets the whole map. Over the real coastline (the shared land raster, warped onto the
hex grid fitted to every hex's coordinates, as Athens & Sparta does) it draws: land tinted
per region (regions out of play greyed), the Open Seas darker (1.2), rough and mountain
hexes (16.6), the hex grid with every hex's id (prompts name hexes), rivers on hex-sides
and roads between hex centres (16.6), Area borders over the hexes and region borders
thicker (1.2, 8.0), Area names with their Forage Numbers (9.7.1), sea Area names, and city
names. City symbols, control and pieces change during play and are drawn by `mapdraw`.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engine.rulesets.epic.components import Components, Hex, load_components

from .. import theme
from ..fonts import font
from ..pieces import basecache, geometry, hexboard
from ..pieces.primitives import text_c

WIDTH = 1600
BANNER_H = 56
STRIP_H = 150  # the region track under the map
MARGIN_HEXES = 2  # around the regions in play: a stack further out stands at the edge
PAD = 6
# Inside a hex, top to bottom: its id, the city's name, the city, the stacks (`mapdraw`).
NAME_Y = 0.48  # of the radius, above the centre

OUT_OF_PLAY: theme.RGB = (214, 210, 200)
OPEN_SEA: theme.RGB = (118, 158, 190)
AREA_LINE: theme.RGB = (92, 78, 60)
REGION_LINE: theme.RGB = (120, 30, 30)
SEA_LINE: theme.RGB = (96, 138, 172)
ROAD: theme.RGB = (150, 96, 50)
ROUGH: theme.RGB = (214, 198, 160)
HEX_ID_LAND: theme.RGB = (150, 138, 112)
HEX_ID_SEA: theme.RGB = (104, 140, 166)
RAID: theme.RGB = (150, 40, 20)  # the raid tags `mapdraw` writes


@dataclass
class Base:
    scenario: str
    grid: geometry.Grid
    hexes: list[str]  # the hexes inside the window
    image: Image.Image  # RGB, read-only
    palette: Image.Image
    width: int
    height: int
    map_bottom: int
    in_play: frozenset[str]
    area_label: dict[str, tuple[float, float]] = field(default_factory=dict)
    region_label: dict[str, tuple[float, float]] = field(default_factory=dict)

    def centre(self, where: str) -> tuple[float, float]:
        """The pixel of a hex's centre, or of a sea Area's label (fleets stand in sea Areas,
        16.4), the middle of its hexes when it has no label in the window."""
        comps = load_components()
        h = comps.hexes.get(where)
        if h is not None:
            return self.grid.centre(h.col, h.row)
        if where in self.area_label:
            return self.area_label[where]
        cells = [comps.hexes[i] for i in comps.area_hexes[where]]
        return _centroid([self.grid.centre(c.col, c.row) for c in cells])

    def inside(self, where: str) -> bool:
        x, y = self.centre(where)
        return 0 <= x <= self.width and BANNER_H <= y <= self.map_bottom


def region_tint(region: str) -> theme.RGB:
    """A pale colour of its own for each region, the same on every render."""
    digest = hashlib.sha256(region.encode()).digest()
    hue = tuple(200 + digest[i] % 46 for i in range(3))
    return theme.mix(hue, theme.LAND, 0.45)  # type: ignore[arg-type]


def window(comps: Components, scenario: str) -> list[Hex]:
    sc = comps.scenarios.get(scenario)
    in_play = set(sc.in_play) if sc is not None else set()
    core = [h for h in comps.hexes.values()
            if in_play and h.area and comps.areas[h.area].region in in_play]
    if not core:
        return list(comps.hexes.values())
    c0, c1 = min(h.col for h in core) - MARGIN_HEXES, max(h.col for h in core) + MARGIN_HEXES
    r0, r1 = min(h.row for h in core) - MARGIN_HEXES, max(h.row for h in core) + MARGIN_HEXES
    return [h for h in comps.hexes.values() if c0 <= h.col <= c1 and r0 <= h.row <= r1]


def _shared_edge(g: geometry.Grid, a: Hex, b: Hex):
    return geometry.edge_between(g, (a.col, a.row), (b.col, b.row))


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _label_spot(g: geometry.Grid, comps: Components, ids: list[str]) -> tuple[float, float]:
    """The centre of the hex nearest the middle of the group, preferring hexes with no
    city in or next to them, so a label sits on the land it names, clear of the cities'
    symbols and names."""
    pts = {i: g.centre(comps.hexes[i].col, comps.hexes[i].row) for i in ids}
    mx, my = _centroid(list(pts.values()))
    clear = [i for i in ids if i not in comps.city_at
             and not any(n in comps.city_at for n in comps.neighbors(i))]
    free = clear or [i for i in ids if i not in comps.city_at] or ids
    best = min(free, key=lambda i: math.hypot(pts[i][0] - mx, pts[i][1] - my))
    return pts[best]


def marker_size(radius: float) -> tuple[float, float]:
    """The box of a region's marker (mapdraw._region_marker) wide enough for its name and
    the widest "AL 20 · ML 20 · ×3", so markers placed apart stay apart whatever the
    view's figures."""
    fs = max(10, int(radius * 0.3))
    return fs * 11.5, fs * 2.5 + 4


MARKER_DY = 0.25  # of the radius: a marker stands that far above its spot


def marker_box(radius: float, spot: tuple[float, float], name: str) -> tuple[float, ...]:
    fs = max(10, int(radius * 0.3))
    w = max(marker_size(radius)[0], font("cond-bold", fs).getlength(name.upper()) + 10)
    h = marker_size(radius)[1]
    x, y = spot[0], spot[1] - radius * MARKER_DY
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def marker_spots(g: geometry.Grid, comps: Components, in_play: frozenset[str],
                 ids: set[str]) -> dict[str, tuple[float, float]]:
    """Where each region's marker stands: on the hex nearest the middle of its region
    clear of the cities, unless that marker would overlap one placed before; then the
    next hex of the region, nearest the middle first. With four players the regions of
    central Greece are small and close (Boeotia, Megaris, Attica, Corinthia): markers
    put on their middles alone pile on each other. Small regions choose first."""
    hexes = {region: [i for a in comps.region_areas.get(region, []) for i in comps.area_hexes[a]
                      if i in ids and comps.hexes[i].kind == "land"]
             for region in sorted(in_play)}  # a set: its order would change between runs
    placed: dict[str, tuple[float, float]] = {}
    boxes: list[tuple[float, ...]] = []
    r = g.radius
    names = [city_name_box(g, comps, name) for name, city in comps.cities.items()
             if city.hex in ids]
    for region in sorted(hexes, key=lambda k: (len(hexes[k]), k)):
        members = hexes[region]
        if not members:
            continue
        first = _label_spot(g, comps, members)
        pts = {i: g.centre(comps.hexes[i].col, comps.hexes[i].row) for i in members}
        order = sorted(members, key=lambda i: (i in comps.city_at,
                                               math.hypot(pts[i][0] - first[0],
                                                          pts[i][1] - first[1])))
        name = comps.regions[region].name
        spots = [first] + [pts[i] for i in order]
        clear = [p for p in spots if not any(_overlap(marker_box(r, p, name), b) for b in boxes)]
        spot = next((p for p in clear
                     if not any(_overlap(marker_box(r, p, name), b) for b in names)),
                    clear[0] if clear else first)
        placed[region] = spot
        boxes.append(marker_box(r, spot, name))
    return placed


def city_name_box(g: geometry.Grid, comps: Components, name: str) -> tuple[float, ...]:
    """The box of a city's name as `draw` writes it (above the city, haloed)."""
    city = comps.cities[name]
    h = comps.hexes[city.hex]
    cx, cy = g.centre(h.col, h.row)
    label = name.upper() if city.size == "L" else name
    style = "cond-bold" if city.size != "S" else "cond"
    x, y = cx, cy - g.radius * NAME_Y
    b = font(style, max(10, int(g.radius * 0.3))).getbbox(label, anchor="mm", stroke_width=2)
    return (x + b[0], y + b[1], x + b[2], y + b[3])


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _tint(comps: Components, h: Hex, in_play: frozenset[str]) -> theme.RGB | None:
    """A land hex's colour: its region's tint (grey out of play; satrapies sand), shaded
    for rough and mountain (16.6); an Open Sea hex darker (1.2); other sea plain."""
    area = comps.areas.get(h.area or "")
    if h.kind != "land":
        return OPEN_SEA if area is not None and area.kind == "open" else None
    region = area.region if area else None
    if region is None:
        colour = (226, 206, 168) if area and area.satrapy else theme.LAND_SHADE
    else:
        colour = region_tint(region) if region in in_play else OUT_OF_PLAY
    if h.terrain == "rough":
        return theme.mix(colour, ROUGH, 0.45)
    if h.terrain == "mountain":
        return theme.mix(colour, theme.MOUNTAIN, 0.8)
    return colour


def draw(scenario: str) -> Base:
    comps = load_components()
    hexes = window(comps, scenario)
    ids = {h.id for h in hexes}
    sc = comps.scenarios.get(scenario)
    in_play = frozenset(sc.in_play) if sc is not None and sc.in_play else frozenset(comps.regions)
    g = geometry.fit_grid([(h.col, h.row, h.lat, h.lon) for h in hexes], WIDTH, PAD,
                          BANNER_H + PAD)
    map_bottom = int(geometry.grid_height(g, [(h.col, h.row) for h in hexes]) + PAD)
    height = map_bottom + STRIP_H
    size = (WIDTH, height)
    mask = hexboard.land_mask(g, size, bottom=map_bottom)  # the strip below is paper
    cells = [hexboard.Cell(h.id, h.col, h.row, h.kind != "land", _tint(comps, h, in_play))
             for h in hexes]
    # Land tinted per region (grey out of play), the Open Seas darker, laid by the coast.
    img = hexboard.lay_land(hexboard.tinted(size, g, theme.LAND, [c for c in cells if not c.sea]),
                            hexboard.tinted(size, g, theme.SEA, [c for c in cells if c.sea]),
                            mask)
    img = hexboard.coastline(img, mask)
    d = ImageDraw.Draw(img)
    hexboard.grid_by_cell(d, g, cells)  # faint
    for h in hexes:
        if h.terrain == "mountain":
            cx, cy = g.centre(h.col, h.row)
            w = g.radius * 0.22
            for dx in (-0.3, 0.3):
                x = cx + dx * g.radius
                d.line([(x - w, cy + w * 0.5), (x, cy - w * 0.6), (x + w, cy + w * 0.5)],
                       fill=theme.MOUNTAIN_INK, width=2)

    # Roads (centre to centre) and rivers (on the side), 16.6.
    for (a, b), side in comps.sides.items():
        if a > b or a not in ids or b not in ids:
            continue
        ha, hb = comps.hexes[a], comps.hexes[b]
        if side.road:
            hexboard.dashed(d, g.centre(ha.col, ha.row), g.centre(hb.col, hb.row), ROAD, 3,
                            parts=4)
        if side.river:
            d.line(_shared_edge(g, ha, hb), fill=theme.RIVER, width=4)

    # Area borders over the hexes; region borders heavier; sea Areas dashed.
    for h in hexes:
        for n in comps.neighbors(h.id):
            if n < h.id or n not in ids:
                continue
            o = comps.hexes[n]
            if h.area == o.area or h.kind != o.kind:
                continue
            p, q = _shared_edge(g, h, o)
            if h.kind == "sea":
                hexboard.dashed(d, p, q, SEA_LINE, 2)
                continue
            ra = comps.areas[h.area].region if h.area else None
            rb = comps.areas[o.area].region if o.area else None
            if ra != rb:
                d.line([p, q], fill=REGION_LINE, width=4)
            else:
                d.line([p, q], fill=AREA_LINE, width=2)

    # Hex ids at the top of every hex: players pick hexes by id.
    hexboard.hex_ids(d, g, cells, 0.24, HEX_ID_LAND, HEX_ID_SEA)

    base = Base(scenario, g, sorted(ids), img, Image.new("P", (1, 1)), WIDTH, height,
                map_bottom, in_play)
    # Area labels: land Areas with their Forage Number, sea Areas in italic blue.
    for area_id, members in comps.area_hexes.items():
        inside = [i for i in members if i in ids]
        if len(inside) < max(1, len(members) // 3):
            continue
        base.area_label[area_id] = _label_spot(g, comps, inside)
    base.region_label.update(marker_spots(g, comps, in_play, ids))
    for area_id, (x, y) in base.area_label.items():
        area = comps.areas[area_id]
        if area.kind == "land":
            if area.region in base.region_label and base.region_label[area.region] == (x, y):
                continue  # the region's marker stands here and names it
            fn = f" · FN {area.forage}" if area.forage else ""
            text_c(d, (x, y - g.radius * 0.1), f"{area.name}{fn}", "cond-bold",
                   max(10, int(g.radius * 0.3)), AREA_LINE, halo=theme.PAPER)
        else:
            text_c(d, (x, y), area.name, "serif", max(10, int(g.radius * 0.32)),
                   theme.LABEL_SEA if area.kind == "sea" else theme.WHITE,
                   halo=None if area.kind == "open" else theme.SEA_SHALLOW, halo_w=1)
    for name, city in comps.cities.items():
        if city.hex not in ids:
            continue
        cx, cy = base.centre(city.hex)
        label = name.upper() if city.size == "L" else name
        text_c(d, (cx, cy - g.radius * NAME_Y), label, "cond-bold" if city.size != "S" else "cond",
               max(10, int(g.radius * 0.3)), theme.INK, halo=theme.PAPER)
    d.rectangle((0, map_bottom, WIDTH, height), fill=theme.PAPER)
    d.line((0, map_bottom, WIDTH, map_bottom), fill=theme.INK, width=2)
    base.palette = hexboard.palette(
        hexboard.colour_strip(img, list(theme.SIDE.values()) + [theme.BANNER, theme.GOLD]),
        (REGION_LINE, AREA_LINE, RAID))
    return base


def base_for(scenario: str) -> Base:
    """The base of a scenario, built once per process (about a second) and shared through
    the kit's one cache of base maps."""
    return basecache.get("epic", scenario, lambda: draw(scenario))
