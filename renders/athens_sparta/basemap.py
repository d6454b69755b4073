"""The printed board, drawn once: sea, coastline, terrain, hex grid and labels, cities,
straits, the Persian border, the Sicily box and the legend.

Each render copies this image and draws only the pieces of one view over it. The base
is kept in memory (read-only once built) and on disk, keyed by a hash of everything it
is drawn from."""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from .. import theme
from ..fonts import font
from ..pieces import basecache, geometry, hexboard, primitives
from ..pieces import coast as landmask
from . import legend
from .layout import Layout, make_layout
from .mapdata import CityInfo, MapData

STYLE_VERSION = "3"  # bump when the drawing changes, to invalidate disk caches


@dataclass(frozen=True)
class Base:
    data: MapData
    layout: Layout
    image: Image.Image  # RGB; never drawn on after building
    palette: Image.Image  # the fixed PNG palette for every map render
    key: str


def city_radius(layout: Layout) -> float:
    return max(6.0, layout.grid.radius * 0.2)


def _hex(c: CityInfo) -> str:
    """The hex of a city drawn on the board (Syracuse, off-board, is drawn in its box)."""
    assert c.hex is not None, c.name
    return c.hex


def city_pos(layout: Layout, data: MapData, c: CityInfo) -> tuple[float, float]:
    """Where the city is drawn: its map position inside its hex (several cities may share
    a hex), kept clear of the hex label at the top."""
    cx, cy = layout.hex_centre(data, _hex(c))
    if c.lat is None or c.lon is None:
        return cx, cy - layout.grid.radius * 0.12
    x, y = layout.grid.project(c.lat, c.lon)
    r = layout.grid.radius
    # Keep the symbol well inside the hex so blocks and labels have room.
    x = min(max(x, cx - r * 0.55), cx + r * 0.55)
    y = min(max(y, cy - r * 0.45), cy + r * 0.45)
    return x, y


def hex_city_pos(layout: Layout, data: MapData, hex_id: str) -> tuple[float, float] | None:
    name = data.city_at.get(hex_id)
    return city_pos(layout, data, data.cities[name]) if name else None


def block_anchor(layout: Layout, data: MapData, hex_id: str) -> tuple[float, float]:
    """Blocks stand in the half of the hex away from its cities."""
    cx, cy = layout.hex_centre(data, hex_id)
    r = layout.grid.radius
    cities = data.cities_in(hex_id)
    if not cities:
        return cx, cy + r * 0.1
    mean_y = sum(city_pos(layout, data, c)[1] for c in cities) / len(cities)
    return (cx, cy + r * 0.5) if mean_y <= cy + r * 0.05 else (cx, cy - r * 0.38)


def cells(data: MapData) -> list[hexboard.Cell]:
    return [hexboard.Cell(h.id, h.col, h.row, h.sea) for h in data.hexes.values()]


def draw_base(data: MapData) -> tuple[Layout, Image.Image]:
    """The kit's hex board (coastline, sea with shallows, grid tinted by what lies under
    it, hex ids) with what only this board has: mountain and Persian washes, rivers,
    hex-side terrain, the Persian border, straits, cities, the Sicily box, the legend."""
    lay = make_layout(data)
    g = lay.grid
    size = (lay.width, lay.height)
    mask = hexboard.land_mask(g, size)
    img = hexboard.lay_land(Image.new("RGB", size, theme.LAND),
                            hexboard.sea_with_shallows(size, mask), mask)

    # Terrain washes, clipped to land: mountains, and the Persian lands (rule 9.3).
    wash = Image.new("L", size, 0)
    persia = Image.new("L", size, 0)
    dw, dp = ImageDraw.Draw(wash), ImageDraw.Draw(persia)
    for h in data.hexes.values():
        if h.mountain:
            dw.polygon(g.corners(h.col, h.row), fill=255)
        if h.persian:
            dp.polygon(g.corners(h.col, h.row), fill=70)
    ranges = Image.new("L", size, 0)
    dr = ImageDraw.Draw(ranges)
    for _name, pts in data.ranges:
        if len(pts) >= 3:
            dr.polygon([g.project(lat, lon) for lat, lon in pts], fill=80)
    wash = ImageChops.lighter(wash, ranges.filter(ImageFilter.GaussianBlur(6)))
    img = Image.composite(Image.new("RGB", size, theme.MOUNTAIN), img,
                          ImageChops.multiply(wash, mask))
    img = Image.composite(Image.new("RGB", size, theme.SIDE["persia"]), img,
                          ImageChops.multiply(persia, mask))
    img = hexboard.coastline(img, mask)

    d = ImageDraw.Draw(img)
    for h in data.hexes.values():
        if h.mountain:
            _mountain_glyphs(d, *g.centre(h.col, h.row), g.radius)
    img = hexboard.grid_by_mask(img, g, cells(data), mask)
    d = ImageDraw.Draw(img)

    for _name, pts in data.rivers:
        if len(pts) >= 2:
            d.line([g.project(lat, lon) for lat, lon in pts], fill=theme.RIVER, width=2,
                   joint="curve")
    _hexsides(d, data, lay)
    _persian_border(d, data, lay)
    for h in data.hexes.values():
        if h.strait_city_side or h.strait_far_side:
            _strait_arrow(d, data, lay, h.id)
    hexboard.hex_ids(d, g, cells(data), 0.22)

    for c in data.cities.values():
        if c.hex:
            _city(d, data, lay, c)

    legend.draw_footer_static(d, lay)
    _sicily_box(d, data, lay)
    return lay, img


def _mountain_glyphs(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Little peaks in the hex's side pockets, clear of the city and blocks."""
    for dx, dy, s in ((-0.62, 0.02, 0.2), (0.62, 0.02, 0.2), (-0.5, 0.42, 0.14), (0.5, 0.42, 0.14)):
        x, y, w = cx + dx * r, cy + dy * r, s * r
        d.line([(x - w, y + w * 0.5), (x, y - w * 0.6), (x + w, y + w * 0.5)],
               fill=theme.MOUNTAIN_INK, width=2)


def _hexsides(d: ImageDraw.ImageDraw, data: MapData, lay: Layout) -> None:
    g = lay.grid
    for s in data.sides:
        a, b = data.hexes[s.a], data.hexes[s.b]
        p, q = geometry.edge_between(g, (a.col, a.row), (b.col, b.row))
        if s.river:
            hexboard.wavy(d, p, q, theme.RIVER, 3)
        if s.land == "mountain" and not (a.sea or b.sea):
            d.line([p, q], fill=theme.MOUNTAIN_INK, width=5)
        elif s.land == "pass":
            # A mountain side broken by a gap: one block may cross (terrain table).
            t1 = (p[0] + (q[0] - p[0]) * 0.3, p[1] + (q[1] - p[1]) * 0.3)
            t2 = (p[0] + (q[0] - p[0]) * 0.7, p[1] + (q[1] - p[1]) * 0.7)
            d.line([p, t1], fill=theme.MOUNTAIN_INK, width=5)
            d.line([t2, q], fill=theme.MOUNTAIN_INK, width=5)
            for t in (t1, t2):
                ax, ay = g.centre(a.col, a.row)
                bx, by = g.centre(b.col, b.row)
                n = math.hypot(bx - ax, by - ay)
                ux, uy = (bx - ax) / n * 5, (by - ay) / n * 5
                d.line([(t[0] - ux, t[1] - uy), (t[0] + ux, t[1] + uy)],
                       fill=theme.MOUNTAIN_INK, width=2)


def _persian_border(d: ImageDraw.ImageDraw, data: MapData, lay: Layout) -> None:
    """Rule 9.3: Athens may never cross into Persia. Dashed orange along the border."""
    g = lay.grid
    colour = theme.SIDE["persia"]
    by_pos = {(h.col, h.row): h for h in data.hexes.values()}
    for h in data.hexes.values():
        if not h.persian:
            continue
        for k in range(6):
            ang = math.radians(30 + 60 * k)
            cx, cy = g.centre(h.col, h.row)
            nx, ny = cx + math.cos(ang) * g.radius * math.sqrt(3), cy + math.sin(ang) * g.radius * math.sqrt(3)
            nb = _hex_at(g, by_pos, nx, ny)
            if nb is not None and nb.persian:
                continue
            if nb is None or (h.sea and nb.sea):
                continue
            p = (cx + g.radius * math.cos(math.radians(60 * k)),
                 cy + g.radius * math.sin(math.radians(60 * k)))
            q = (cx + g.radius * math.cos(math.radians(60 * k + 60)),
                 cy + g.radius * math.sin(math.radians(60 * k + 60)))
            hexboard.dashed(d, p, q, colour, 5, parts=4, on=0.64)


def _hex_at(g: geometry.Grid, by_pos, x: float, y: float):
    col = round((x - g.origin[0]) / (1.5 * g.radius))
    for c in (col - 1, col, col + 1):
        for r in range(-1, 200):
            cx, cy = g.centre(c, r)
            if abs(cx - x) < 2 and abs(cy - y) < 2:
                return by_pos.get((c, r))
            if cy > y + 2:
                break
    return None


def _strait_arrow(d: ImageDraw.ImageDraw, data: MapData, lay: Layout, hex_id: str) -> None:
    """Rule 1.5: blue arrows mark a strait, pointing across the narrow water from the
    city side to the far side."""
    g = lay.grid
    h = data.hexes[hex_id]
    cx, cy = g.centre(h.col, h.row)

    def mean(ids):
        pts = [g.centre(data.hexes[i].col, data.hexes[i].row) for i in ids if i in data.hexes]
        if not pts:
            return cx, cy
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)

    ax, ay = mean(h.strait_city_side)
    bx, by = mean(h.strait_far_side)
    dx, dy = bx - ax, by - ay
    n = math.hypot(dx, dy)
    if n < 1:
        dx, dy, n = 0.0, 1.0, 1.0
    ux, uy = dx / n, dy / n
    half = g.radius * 0.42
    # Offset sideways so the arrow does not run through the city symbol.
    ox, oy = -uy * g.radius * 0.5, ux * g.radius * 0.5
    p = (cx + ox - ux * half, cy + oy - uy * half)
    q = (cx + ox + ux * half, cy + oy + uy * half)
    d.line([p, q], fill=theme.STRAIT, width=3)
    for tip, sgn in ((q, 1), (p, -1)):
        bx0, by0 = tip[0] - sgn * ux * 8, tip[1] - sgn * uy * 8
        d.polygon([tip, (bx0 - uy * 5, by0 + ux * 5), (bx0 + uy * 5, by0 - ux * 5)],
                  fill=theme.STRAIT)


def city_symbol_radius(lay: Layout, c: CityInfo) -> float:
    return city_radius(lay) if c.major or c.walled else city_radius(lay) * 0.75


def city_label(lay: Layout, data: MapData, c: CityInfo) -> tuple[str, str, int, tuple[float, float], str]:
    """(text, font style, size, anchor point, anchor) of a city's name: above the symbol,
    unless a neighbour in the same hex sits above this city."""
    r = city_symbol_radius(lay, c)
    x, y = city_pos(lay, data, c)
    above = all(not (o.name != c.name and abs(city_pos(lay, data, o)[0] - x) < lay.grid.radius
                     and city_pos(lay, data, o)[1] < y)
                for o in data.cities_in(_hex(c)))
    label = c.name.upper() if c.major else c.name
    size = max(10, int(lay.grid.radius * 0.3))
    style = "cond-bold" if c.major else "cond"
    return (label, style, size, (x, y - r - 2), "md") if above else \
        (label, style, size, (x, y + r + 2), "ma")


def city_boxes(lay: Layout, data: MapData, c: CityInfo) -> list[tuple[float, float, float, float]]:
    """What the base map draws for a city, as boxes pieces must keep clear of: the symbol
    (with its oracle or control ring and port anchor) and the name with its halo."""
    r = city_symbol_radius(lay, c)
    x, y = city_pos(lay, data, c)
    ring = r + 8
    symbol = (x - ring - (8 if data.hexes[_hex(c)].sicily_port else 0), y - ring,
              x + ring + (r * 1.3 if c.port else 0), y + ring)
    text, style, size, xy, anchor = city_label(lay, data, c)
    bx0, by0, bx1, by1 = font(style, size).getbbox(text, anchor=anchor, stroke_width=2)
    return [symbol, (xy[0] + bx0, xy[1] + by0, xy[0] + bx1, xy[1] + by1)]


def _city(d: ImageDraw.ImageDraw, data: MapData, lay: Layout, c: CityInfo) -> None:
    r = city_symbol_radius(lay, c)
    x, y = city_pos(lay, data, c)
    if c.oracle:
        # Oracles are inviolate (rule 1.4): a gold laurel ring.
        d.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), outline=theme.GOLD, width=3)
    primitives.city_symbol(d, x, y, r, c.side, c.walled, c.value if c.major else None)
    text, style, size, xy, anchor = city_label(lay, data, c)
    primitives.text_c(d, xy, text, style, size, theme.INK, halo=theme.PAPER, anchor=anchor)
    if c.port:
        primitives.text_c(d, (x + r + 1, y + r * 0.2), "⚓", "sans", max(9, int(r * 1.15)),
                          (40, 60, 90), halo=theme.PAPER, halo_w=1, anchor="lm")
    h = data.hexes[_hex(c)]
    if h.sicily_port:
        primitives.ship(d, x - r - 8, y + r * 0.3, 7, theme.INK)


def _sicily_box(d: ImageDraw.ImageDraw, data: MapData, lay: Layout) -> None:
    """Rule 9.2: Sicily is off the board; only Syracuse can be occupied."""
    x0, y0, x1, y1 = lay.sicily_box
    d.rounded_rectangle(lay.sicily_box, radius=8, fill=(218, 230, 238), outline=theme.INK, width=2)
    primitives.text_c(d, (x0 + 10, y0 + 6), "SICILY (off-board)", "cond-bold", 13, theme.INK,
                      anchor="lt")
    syr = data.cities.get("Syracuse")
    if syr is not None:
        r = 9
        sx, sy = x0 + 22, y0 + 38
        primitives.city_symbol(d, sx, sy, r, syr.side, syr.walled, syr.value if syr.major else None)
        primitives.text_c(d, (sx + 16, sy), "SYRACUSE", "cond-bold", 12, theme.INK, anchor="lm")
    ports = sorted(n for n, c in data.cities.items()
                   if c.hex and data.hexes[_hex(c)].sicily_port)
    note = "via " + ", ".join(ports) if ports else "via the embarkation ports"
    text, fs = primitives.fit_text(note, "cond", 11, x1 - x0 - 34)
    primitives.ship(d, x0 + 17, y1 - 12, 7, theme.INK)
    primitives.text_c(d, (x0 + 28, y1 - 6), text, "cond", fs, (60, 60, 60), anchor="lb")


# ------------------------------------------------------------------ cache

cache_dir = basecache.cache_dir


@lru_cache(maxsize=1)
def _code_hash() -> str:
    src = Path(__file__).resolve().parent
    code = hashlib.sha256()
    for name in ("basemap.py", "legend.py", "layout.py"):
        code.update((src / name).read_bytes())
    for name in ("geometry.py", "coast.py", "primitives.py", "hexboard.py"):
        code.update((src.parent / "pieces" / name).read_bytes())
    return code.hexdigest()[:12]


# id(data) -> (data, key): hashing the map data costs milliseconds, so each MapData
# object is hashed once (it is kept here, so its id cannot be reused).
_keys: dict[int, tuple[MapData, str]] = {}


def _key(data: MapData) -> str:
    hit = _keys.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    parts = [data.digest(), landmask.load().sha256, STYLE_VERSION, _code_hash()]
    key = hashlib.sha256("|".join(parts).encode()).hexdigest()[:20]
    if len(_keys) > 16:
        _keys.clear()
    _keys[id(data)] = (data, key)
    return key


def _palette_specimen(lay: Layout, img: Image.Image) -> Image.Image:
    """The base map plus a strip of every dynamic piece, so anti-aliased edges of blocks
    and banner text find close palette entries."""
    from . import mapdraw

    return mapdraw.specimen(lay, img)


def base_for(data: MapData) -> Base:
    """The base of a map, from the kit's one cache of base maps (then the disk cache,
    then drawn)."""
    key = _key(data)
    return basecache.get("athens-sparta", key, lambda: _load_disk(data, key) or _build(data, key))


def _build(data: MapData, key: str) -> Base:
    lay, img = draw_base(data)
    palette = hexboard.palette(_palette_specimen(lay, img), (theme.STRAIT,))
    base = Base(data, lay, img, palette, key)
    _save_disk(base)
    return base


def _save_disk(base: Base) -> None:
    d = cache_dir()
    if d is None:
        return
    try:
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f"as-{base.key}.tmp.png"
        base.image.save(tmp, compress_level=1)
        tmp.replace(d / f"as-{base.key}.png")
        pal = d / f"as-{base.key}.pal.png"
        base.palette.save(pal)
    except OSError:
        pass  # a read-only disk only costs a rebuild next time


def _load_disk(data: MapData, key: str) -> Base | None:
    d = cache_dir()
    if d is None:
        return None
    try:
        img = Image.open(d / f"as-{key}.png").convert("RGB")
        pal = Image.open(d / f"as-{key}.pal.png")
        pal.load()
    except (OSError, ValueError):
        return None
    lay = make_layout(data)
    if img.size != (lay.width, lay.height):
        return None
    return Base(data, lay, img, pal, key)
