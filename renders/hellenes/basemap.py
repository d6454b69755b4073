"""The Hellenes base map, drawn once per process from the committed raster of areas
(engine/rulesets/hellenes/data/map_raster.json, real coastline) with the kit's area board
(`renders/pieces/areaboard.py`: smooth borders, the area of every pixel): areas tinted by
the loyalty of their City, nation, DeepSea and Narrows borders (1.1, 5.22, 6.5), cities
and towns with their names, the Sicily inset (1.0) and the legend.

Every name and symbol drawn is kept as a box (`Base.names`, `Base.marks`) so the pieces
drawn later stand clear of them; `scripts/draw_hellenes_map.py` draws
docs/hellenes-map.png with the same functions."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.hellenes.components import DATA, decode_runs

from .. import png, theme
from ..fonts import font
from ..pieces import areaboard, basecache, stackfit
from ..pieces.areaboard import BorderKind
from ..pieces.primitives import BlockFace, block, text_c

Box = tuple[float, float, float, float]

SCALE = 4.5  # pixels per raster cell, north-south
XSCALE = SCALE * math.cos(math.radians(39.0))  # equirectangular at the map's middle latitude
MAIN = (16.2, 30.4, 35.7, 42.6)  # lon min, lon max, lat min, lat max
INSET = (12.3, 16.15, 36.55, 38.85)
SEA = (178, 208, 230)
OFF_LAND, OFF_SEA = (214, 210, 200), (205, 218, 228)
LOYAL = {"athens": (40, 90, 200), "sparta": (200, 40, 40), "neutral": (250, 250, 250)}
DEEP, NARROWS, BORDER, NATION = (20, 40, 140), (210, 30, 60), (150, 140, 120), (60, 44, 28)
COASTLINE = (60, 90, 130)
FRAME = (20, 20, 20)
CITY_R = 10
MARK_ROOM = CITY_R + 6  # capture ring, siege frame, garrison (renders/hellenes)
NAME_SIZE, TOWN_SIZE, SEA_SIZE = 15, 13, 14


def land_colour(area: dict[str, Any], city: dict[str, Any] | None) -> theme.RGB:
    """Pastel by the loyalty of the area's city; Persia tan; city-less provinces beige."""
    if area["region"] == "persia":
        return (226, 205, 160)
    if city is None:
        return (232, 224, 200)
    tint = {"athens": (196, 214, 240), "sparta": (240, 204, 196), "neutral": (246, 246, 240)}
    return tint[city["loyalty"]]


@dataclass
class Base:
    """The drawn board and where things stand on it (pixels of the picture, which has no
    banner: the map draws it `top` pixels lower)."""

    image: Image.Image
    board: areaboard.Board
    palette: Image.Image
    places: dict[str, tuple[float, float]]  # area -> its City's or town's symbol
    anchors: dict[str, tuple[float, float]]  # area -> where its pieces would rather stand
    names: list[Box] = field(default_factory=list)  # city and town names
    labels: list[Box] = field(default_factory=list)  # sea and province names
    marks: list[Box] = field(default_factory=list)  # symbols, with room for their markers
    city_names: dict[str, Box] = field(default_factory=dict)  # city -> its name's box
    legend: Box = (0.0, 0.0, 0.0, 0.0)
    land_ids: tuple[int, ...] = ()  # the indexes of land areas


def load() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    def read(name: str) -> dict[str, Any]:
        return json.loads((DATA / name).read_text(encoding="utf-8"))
    return read("map.json"), read("cities.json"), read("map_raster.json")


def raster(grid: dict[str, Any]) -> areaboard.Raster:
    return areaboard.Raster(tuple(grid["ids"]),
                            tuple(tuple(decode_runs(r)) for r in grid["area_rows"]),
                            tuple(tuple(decode_runs(r)) for r in grid["land_rows"]),
                            grid["lat_max"], grid["lon_min"], grid["step"])


def _to_px(window: tuple[float, float, float, float], step: float, dy: float = 0.0):
    lon0, _lon1, _lat0, lat1 = window

    def to_px(lat: float, lon: float) -> tuple[float, float]:
        return (lon - lon0) / step * XSCALE, (lat1 - lat) / step * SCALE + dy
    return to_px


def _window_ids(r: areaboard.Raster, window: tuple[float, float, float, float]) -> Image.Image:
    small = r.id_image(window)
    return areaboard.smooth(small, (round(small.width * XSCALE), round(small.height * SCALE)))


def build() -> Base:
    m, c, grid = load()
    areas, cities, towns = m["areas"], c["cities"], c["towns"]
    r = raster(grid)
    index = {a: i for i, a in enumerate(r.ids) if a != "-"}
    region = {a["id"]: a["region"] for a in areas}
    ids = _window_ids(r, MAIN)
    inset = _window_ids(r, INSET)
    oy = ids.height - inset.height
    ids.paste(inset, (0, oy))
    d_ids = ImageDraw.Draw(ids)
    # The inset's frame and title belong to no area: nothing is put on them.
    d_ids.rectangle((0, oy, inset.width - 1, ids.height - 1), outline=areaboard.NOWHERE,
                    width=3)
    d_ids.rectangle((0, oy, 90, oy + 26), fill=areaboard.NOWHERE)
    main_px, inset_px = _to_px(MAIN, r.step), _to_px(INSET, r.step, oy)

    def at(area: str, lat: float, lon: float) -> tuple[float, float]:
        return inset_px(lat, lon) if region[area] == "sicily" else main_px(lat, lon)

    legend_box = _legend_box(ids)
    d_ids.rectangle(legend_box, fill=areaboard.NOWHERE)

    city_in = {x["area"]: x for x in cities}
    colours: dict[int, theme.RGB] = {areaboard.OFF_LAND: OFF_LAND, areaboard.OFF_SEA: OFF_SEA,
                                     areaboard.NOWHERE: theme.PAPER}
    for a in areas:
        colours[index[a["id"]]] = SEA if a["kind"] == "sea" else land_colour(a, city_in.get(a["id"]))
    img = areaboard.paint(ids, colours, FRAME)
    boxes = areaboard.area_boxes(ids, index)
    kind = {index[a["id"]]: a["kind"] for a in areas}
    nation = {a["id"]: a["nation"] for a in areas}
    land_pairs = sorted({tuple(sorted((a["id"], b))) for a in areas for b in a["adjacent"]
                         if a["kind"] == "land" and b in nation and nation[b] != a["nation"]
                         and kind[index[b]] == "land"})
    areaboard.draw_borders(img, ids, index, [
        BorderKind(BORDER, 1, classes=lambda i: i if i < 250 else 250),
        BorderKind(NATION, 3, pairs=land_pairs),
        BorderKind(COASTLINE, 2, classes=lambda i: 0 if i == areaboard.NOWHERE else
                   1 if i == areaboard.OFF_LAND or kind.get(i) == "land" else 2),
        BorderKind(DEEP, 4, pairs=[tuple(p) for p in m["deep_borders"]]),
        BorderKind(NARROWS, 4, pairs=[tuple(p) for p in m["narrows"]]),
    ], boxes)
    board = areaboard.Board(img, ids, index, boxes)
    d = ImageDraw.Draw(img)
    d.rectangle((0, oy, inset.width - 1, ids.height - 1), outline=FRAME, width=3)
    text_c(d, (12, oy + 13), "SICILY", "bold", 15, FRAME, anchor="lm")

    out = Base(img, board, Image.new("P", (1, 1)), {}, {},
               land_ids=tuple(index[a["id"]] for a in areas if a["kind"] == "land"))
    for p in cities + towns:
        out.places[p["area"]] = at(p["area"], p["lat"], p["lon"])
    for a in areas:
        lat, lon = a["label"]
        out.anchors[a["id"]] = out.places.get(a["id"]) or at(a["id"], lat, lon)
    _draw_names(d, out, areas, cities, towns, at)
    out.legend = legend_box
    draw_legend(d, legend_box)
    # every other pixel is specimen enough, at a quarter of the cost
    specimen = _specimen(img)
    out.palette = png.make_palette(specimen.resize((specimen.width // 2, specimen.height // 2),
                                                   Image.Resampling.NEAREST), _must_have())
    return out


def _legend_box(ids: Image.Image) -> Box:
    """The legend stands in the north-west corner, over the world beyond the board."""
    return (8.0, 8.0, 330.0, 262.0)


def _draw_names(d: ImageDraw.ImageDraw, out: Base, areas: list[dict[str, Any]],
                cities: list[dict[str, Any]], towns: list[dict[str, Any]], at: Any) -> None:
    def measure(xy: tuple[float, float], text: str, style: str, size: int, anchor: str,
                halo: bool) -> Box:
        box = font(style, size).getbbox(text, anchor=anchor, stroke_width=2 if halo else 0)
        return (xy[0] + box[0], xy[1] + box[1], xy[0] + box[2], xy[1] + box[3])

    def put(xy: tuple[float, float], text: str, style: str, size: int, fill: theme.RGB,
            anchor: str, halo: theme.RGB | None) -> Box:
        text_c(d, xy, text, style, size, fill, halo=halo, anchor=anchor)
        return measure(xy, text, style, size, anchor, halo is not None)

    named = {x["area"] for x in cities} | {t["area"] for t in towns}
    for a in areas:
        x, y = at(a["id"], *a["label"])
        if a["kind"] == "sea":
            out.labels.append(put((x, y), a["name"], "serif", SEA_SIZE, theme.LABEL_SEA, "mm",
                                  None))
        elif a["id"] not in named:
            out.labels.append(put((x, y), a["name"], "bold", NAME_SIZE - 1, (70, 50, 30), "mm",
                                  theme.WHITE))
    # Symbols first, each with room around it for the capture ring, the siege frame and
    # the garrison a City may get in play; then every name beside its symbol, clear of
    # all that room and of the names before it.
    for c in cities:
        x, y = out.places[c["area"]]
        city_mark(d, x, y, c["loyalty"], c["port"], c["value"])
        out.marks.append((x - MARK_ROOM, y - MARK_ROOM, x + MARK_ROOM, y + MARK_ROOM))
    for t in towns:
        x, y = out.places[t["area"]]
        d.ellipse((x - 6, y - 6, x + 6, y + 6), fill=(150, 110, 60), outline=(60, 40, 20),
                  width=2)
        out.marks.append((x - 8, y - 8, x + 8, y + 8))
    for p, style, size, gap, fill in ([(c, "bold", NAME_SIZE, MARK_ROOM + 1, (20, 20, 20))
                                       for c in cities]
                                      + [(t, "sans", TOWN_SIZE, 9, (90, 60, 20)) for t in towns]):
        x, y = out.places[p["area"]]
        k = gap * 0.8
        options = [((x, y + gap), "ma"), ((x, y - gap), "md"), ((x + gap, y), "lm"),
                   ((x - gap, y), "rm"), ((x + k, y + k), "la"), ((x - k, y + k), "ra"),
                   ((x + k, y - k), "ld"), ((x - k, y - k), "rd")]

        def cost(k: int, name: str = p["name"], area: str = p["area"], style: str = style,
                 size: int = size, options: list[Any] = options) -> tuple[int, int, int]:
            xy, anchor = options[k]
            box = measure(xy, name, style, size, anchor, True)
            clash = sum(stackfit.overlaps(box, o) for o in out.marks + out.names)
            return clash, _land_pixels(out, area, box), k

        xy, anchor = options[min(range(len(options)), key=cost)]
        box = put(xy, p["name"], style, size, fill, anchor, theme.WHITE)
        out.names.append(box)
        if p in cities:
            out.city_names[p["name"]] = box


def _land_pixels(out: Base, area: str, box: Box) -> int:
    """How much land a name would cover, its own area's counted twice: the pieces of
    small land areas need the room, the seas have plenty."""
    x0, y0, x1, y1 = (max(0, int(box[0])), max(0, int(box[1])), int(box[2]) + 1,
                      int(box[3]) + 1)
    hist = out.board.ids.crop((x0, y0, x1, y1)).histogram()
    return hist[out.board.index[area]] + sum(hist[i] for i in out.land_ids)


def city_mark(d: ImageDraw.ImageDraw, x: float, y: float, loyalty: str, port: bool,
              value: int) -> None:
    """A City: a hexagon when it is a port, a square otherwise, in its loyalty's colour
    with its value; outlined white when loyal to Athens, black to Sparta (1.31)."""
    fill = LOYAL[loyalty]
    outline = {"athens": (255, 255, 255), "sparta": (0, 0, 0), "neutral": (90, 90, 90)}[loyalty]
    r = CITY_R
    if port:
        pts = [(x + r * math.cos(math.pi / 3 * k), y + r * math.sin(math.pi / 3 * k))
               for k in range(6)]
        d.polygon(pts, fill=fill, outline=outline, width=2)
    else:
        d.rectangle((x - r + 1, y - r + 1, x + r - 1, y + r - 1), fill=fill, outline=outline,
                    width=2)
    ink = (0, 0, 0) if loyalty == "neutral" else (255, 255, 255)
    text_c(d, (x, y + 0.5), str(value), "bold", 12, ink)


LEGEND_BORDERS = (("DeepSea border: storms (5.22)", DEEP), ("Narrows (6.5)", NARROWS),
                  ("Nation border (1.1)", NATION))


def draw_legend(d: ImageDraw.ImageDraw, box: Box) -> None:
    """What the marks on the map mean, in the corner the board leaves empty."""
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=8, fill=theme.PAPER, outline=FRAME, width=2)
    text_c(d, (x0 + 12, y0 + 16), "Legend", "bold", 16, FRAME, anchor="lm")
    y = y0 + 42
    for label, colour in LEGEND_BORDERS:
        d.line((x0 + 14, y, x0 + 50, y), fill=colour, width=4)
        text_c(d, (x0 + 60, y), label, "sans", 13, FRAME, anchor="lm")
        y += 22
    city_mark(d, x0 + 22, y + 2, "athens", True, 3)
    city_mark(d, x0 + 48, y + 2, "sparta", False, 2)
    text_c(d, (x0 + 64, y + 2), "City: port / inland, value", "sans", 13, FRAME, anchor="lm")
    y += 26
    d.ellipse((x0 + 16, y - 4, x0 + 28, y + 8), fill=(150, 110, 60), outline=(60, 40, 20),
              width=2)
    text_c(d, (x0 + 64, y + 2), "barbarian town", "sans", 13, FRAME, anchor="lm")
    y += 28
    face = BlockFace("Hoplites", "hoplite", 3, 4, "B2")
    block(d, x0 + 24, y + 4, 22, "athens", face)
    block(d, x0 + 50, y + 4, 22, "sparta")
    text_c(d, (x0 + 70, y + 4), "your block (steps, rating) / enemy", "sans", 13, FRAME,
           anchor="lm")
    y += 30
    block(d, x0 + 24, y + 4, 22, "sparta", count=3, in_city=True)
    text_c(d, (x0 + 50, y + 4), "inside the City walls; ③ blocks", "sans", 13, FRAME,
           anchor="lm")
    y += 28
    d.ellipse((x0 + 12, y - 8, x0 + 36, y + 16), outline=LOYAL["sparta"], width=3)
    d.rectangle((x0 + 42, y - 8, x0 + 66, y + 16), outline=LOYAL["athens"], width=2)
    text_c(d, (x0 + 74, y + 4), "captured City / siege", "sans", 13, FRAME, anchor="lm")


def _specimen(img: Image.Image) -> Image.Image:
    """The base plus the pieces drawn over it, so their anti-aliased edges find close
    palette entries."""
    strip = Image.new("RGB", (img.width, img.height + 60), theme.PAPER)
    strip.paste(img, (0, 0))
    d = ImageDraw.Draw(strip)
    x = 20
    face = BlockFace("Sample", "hoplite", 3, 4, "B2")
    for side in ("athens", "sparta"):
        for size in (26, 20, 16):
            block(d, x, img.height + 30, size, side, face)
            block(d, x + 30, img.height + 30, size, side, count=4, in_city=True)
            x += 70
    for colour in (theme.SIDE["athens"], theme.SIDE["sparta"], theme.BANNER, theme.GOLD):
        for t in (0.0, 0.3, 0.6, 0.85):
            d.rectangle((x, img.height + 10, x + 14, img.height + 50),
                        fill=theme.mix(colour, theme.PAPER, t))
            x += 16
    return strip


def _must_have() -> list[theme.RGB]:
    return ([theme.INK, theme.WHITE, theme.PAPER, theme.BANNER, theme.BANNER_TEXT, theme.GOLD,
             SEA, OFF_LAND, OFF_SEA, DEEP, NARROWS, NATION, COASTLINE, BORDER]
            + list(LOYAL.values()) + list(theme.SIDE.values()) + list(theme.SIDE_DARK.values()))


STYLE_VERSION = "1"  # bump when the drawing changes in a way the code hash misses


def _key() -> str:
    here = Path(__file__).resolve()
    files = [DATA / n for n in ("map.json", "cities.json", "map_raster.json")]
    files += [here, here.parents[1] / "pieces" / "areaboard.py",
              here.parents[1] / "pieces" / "primitives.py", here.parents[1] / "theme.py"]
    return basecache.digest(files, STYLE_VERSION)


def _save(b: Base, key: str) -> Base:
    d = basecache.cache_dir()
    if d is None:
        return b
    try:
        d.mkdir(parents=True, exist_ok=True)
        stem = d / f"hellenes-{key}"
        b.image.save(f"{stem}.tmp.png", compress_level=1)
        b.board.ids.save(f"{stem}.ids.png", compress_level=1)
        b.palette.save(f"{stem}.pal.png")
        meta = {"places": b.places, "anchors": b.anchors, "names": b.names,
                "labels": b.labels, "marks": b.marks, "city_names": b.city_names,
                "legend": b.legend, "land_ids": b.land_ids, "index": b.board.index,
                "boxes": b.board.boxes}
        Path(f"{stem}.json").write_text(json.dumps(meta), encoding="utf-8")
        Path(f"{stem}.tmp.png").replace(f"{stem}.png")  # last: the others are complete
    except OSError:
        pass  # a read-only disk only costs a rebuild next time
    return b


def _load(key: str) -> Base | None:
    d = basecache.cache_dir()
    if d is None:
        return None
    stem = d / f"hellenes-{key}"
    try:
        img = Image.open(f"{stem}.png").convert("RGB")
        ids = Image.open(f"{stem}.ids.png").convert("L")
        pal = Image.open(f"{stem}.pal.png")
        pal.load()
        meta = json.loads(Path(f"{stem}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None

    def box(v: list[float]) -> Box:
        return (v[0], v[1], v[2], v[3])

    def point(v: list[float]) -> tuple[float, float]:
        return (v[0], v[1])

    board = areaboard.Board(img, ids, dict(meta["index"]),
                            {k: (v[0], v[1], v[2], v[3]) for k, v in meta["boxes"].items()})
    return Base(img, board, pal, {k: point(v) for k, v in meta["places"].items()},
                {k: point(v) for k, v in meta["anchors"].items()},
                [box(v) for v in meta["names"]], [box(v) for v in meta["labels"]],
                [box(v) for v in meta["marks"]],
                {k: box(v) for k, v in meta["city_names"].items()}, box(meta["legend"]),
                tuple(meta["land_ids"]))


def base() -> Base:
    """The base of the map, drawn once (a second or two) and kept in memory and on disk."""
    def load_or_build() -> Base:
        key = _key()
        return _load(key) or _save(build(), key)
    return basecache.get("hellenes", "map", load_or_build)
