"""An area board drawn from a raster of area ids (component data): every pixel of the
picture knows which area it belongs to, so pieces can be put inside their area and tests
can probe where they stand.

The raster's cells are a few pixels wide; scaled up as they are, every border and the
coastline would be a staircase. Each area's cells are scaled up with linear interpolation
instead and claim the pixels where they weigh more than half, which cuts the corners of
the steps into straight and curved runs while keeping every area where the data puts it. Borders are then found on
the smoothed ids at picture resolution, one pixel wide, and thickened by kind."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageChops, ImageDraw, ImageFilter

RGB = tuple[int, int, int]
Window = tuple[float, float, float, float]  # lon min, lon max, lat min, lat max

# Two ids beyond the areas: the world outside the board, land and sea.
OFF_LAND = 253
OFF_SEA = 254
NOWHERE = 255  # frames and insets drawn over the board: no area


@dataclass(frozen=True)
class Raster:
    """A grid of area indexes (row 0 north) with a land flag per cell: the board's areas
    as the component data give them."""

    ids: tuple[str, ...]  # index -> area id; "-" is off the board
    rows: tuple[tuple[int, ...], ...]
    land: tuple[tuple[int, ...], ...]
    lat_max: float
    lon_min: float
    step: float  # degrees per cell, both ways

    def cells(self, window: Window) -> tuple[int, int, int, int]:
        """(first column, first row, last column + 1, last row + 1) of a window."""
        lon0, lon1, lat0, lat1 = window
        r0, r1 = round((self.lat_max - lat1) / self.step), round((self.lat_max - lat0) / self.step)
        c0, c1 = round((lon0 - self.lon_min) / self.step), round((lon1 - self.lon_min) / self.step)
        return c0, r0, c1, r1

    def id_image(self, window: Window) -> Image.Image:
        """The window's cells as an "L" image of area indexes (off-board cells OFF_LAND
        or OFF_SEA)."""
        c0, r0, c1, r1 = self.cells(window)
        off = self.ids.index("-") if "-" in self.ids else -1
        out = bytearray()
        for row, land in zip(self.rows[r0:r1], self.land[r0:r1]):
            for v, is_land in zip(row[c0:c1], land[c0:c1]):
                out.append((OFF_LAND if is_land else OFF_SEA) if v == off else v)
        return Image.frombytes("L", (c1 - c0, r1 - r0), bytes(out))


def smooth(ids: Image.Image, size: tuple[int, int], round_off: float = 2.0) -> Image.Image:
    """Cells scaled up to `size` with smooth borders: each area's cells, scaled up with
    linear interpolation, claim the pixels where they weigh more than half (interpolated
    shares of all areas add up to one, so no pixel is claimed twice); the rare pixel
    no area claims (where three meet) keeps the nearest cell's id. A blur of `round_off`
    pixels first rounds the notches a single cell makes."""
    big = ids.resize(size, Image.Resampling.NEAREST)
    sx, sy = size[0] / ids.width, size[1] / ids.height
    for _count, colour in ids.getcolors(256) or []:
        value = colour if isinstance(colour, int) else 0
        cells = mask_of(ids, {value})
        box = cells.getbbox()
        if box is None:
            continue
        x0, y0 = max(0, box[0] - 2), max(0, box[1] - 2)
        x1, y1 = min(ids.width, box[2] + 2), min(ids.height, box[3] + 2)
        tx0, ty0, tx1, ty1 = round(x0 * sx), round(y0 * sy), round(x1 * sx), round(y1 * sy)
        up = cells.crop((x0, y0, x1, y1)).resize((tx1 - tx0, ty1 - ty0),
                                                 Image.Resampling.BILINEAR)
        if round_off:  # one pass of a box blur: a third of a Gaussian's cost
            up = up.filter(ImageFilter.BoxBlur(round_off))
        big.paste(value, (tx0, ty0, tx1, ty1), up.point(lambda v: 255 if v > 128 else 0))
    return big


def mask_of(ids: Image.Image, members: set[int]) -> Image.Image:
    """255 where the id is one of `members`."""
    lut = [255 if i in members else 0 for i in range(256)]
    return ids.point(lut)


def paint(ids: Image.Image, colours: Mapping[int, RGB], default: RGB) -> Image.Image:
    """The picture of an id image: each id in its colour."""
    flat: list[int] = []
    for i in range(256):
        flat.extend(colours.get(i, default))
    p = Image.frombytes("P", ids.size, ids.tobytes())
    p.putpalette(flat)
    return p.convert("RGB")


def edges(ids: Image.Image) -> Image.Image:
    """255 on each pixel whose east or south neighbour has another id."""
    east = ImageChops.difference(ids, ImageChops.offset(ids, -1, 0))
    south = ImageChops.difference(ids, ImageChops.offset(ids, 0, -1))
    out = ImageChops.lighter(east, south).point(lambda v: 255 if v else 0)
    d = ImageDraw.Draw(out)
    w, h = ids.size  # offset wraps round: the last column and row compare with the first
    d.line((w - 1, 0, w - 1, h), fill=0)
    d.line((0, h - 1, w, h - 1), fill=0)
    return out


def thicken(mask: Image.Image, width: int) -> Image.Image:
    """A line `width` pixels wide (an even width grows one pixel more east and south):
    the mask shifted by every offset of a width-wide square, overlaid (much faster than
    a max filter on a whole picture)."""
    lo = -((width - 1) // 2)
    out = mask
    for dx in range(lo, lo + width):
        for dy in range(lo, lo + width):
            if dx or dy:
                out = ImageChops.lighter(out, ImageChops.offset(mask, dx, dy))
    return out


def between(crop: Image.Image, a: int, b: int) -> Image.Image:
    """The pixels of area `a` that touch area `b` (a mask of the crop's size)."""
    mb = mask_of(crop, {b})
    near_b = ImageChops.lighter(
        ImageChops.lighter(ImageChops.offset(mb, 1, 0), ImageChops.offset(mb, -1, 0)),
        ImageChops.lighter(ImageChops.offset(mb, 0, 1), ImageChops.offset(mb, 0, -1)))
    # offset() wraps round: the outer frame saw the far side of the crop
    ImageDraw.Draw(near_b).rectangle((0, 0, crop.width - 1, crop.height - 1), outline=0)
    return ImageChops.multiply(mask_of(crop, {a}), near_b)


@dataclass
class Board:
    """A drawn area board: the picture, the id of every pixel, and per area its box."""

    image: Image.Image  # RGB
    ids: Image.Image  # "L": area index per pixel (OFF_*, NOWHERE beyond the areas)
    index: dict[str, int]  # area id -> index
    boxes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)  # area -> its pixels

    def __post_init__(self) -> None:
        counts = self.ids.histogram()
        self.sizes = {a: counts[i] for a, i in self.index.items()}

    def mask(self, area: str) -> Image.Image:
        return mask_of(self.ids, {self.index[area]})

    def region_box(self, area: str) -> tuple[int, int, int, int] | None:
        return self.boxes.get(area)

    def is_inside(self, area: str, box: tuple[float, float, float, float]) -> bool:
        """Whether every pixel of a box belongs to the area."""
        x0, y0, x1, y1 = (int(box[0]), int(box[1]), int(box[2] + 0.999), int(box[3] + 0.999))
        if x0 < 0 or y0 < 0 or x1 > self.ids.width or y1 > self.ids.height:
            return False
        lo, hi = self.ids.crop((x0, y0, x1, y1)).getextrema()
        return bool(lo == hi == self.index[area])


@dataclass(frozen=True)
class BorderKind:
    """How one kind of border is drawn: colour, width, and which pairs of areas it
    separates (`pairs`: ids of both sides; or `classes`: a class per area index, the
    border lies where neighbouring classes differ)."""

    colour: RGB
    width: int = 1
    pairs: Sequence[tuple[str, str]] = ()
    classes: Callable[[int], int] | None = None


def draw_borders(img: Image.Image, ids: Image.Image, index: Mapping[str, int],
                 kinds: Sequence[BorderKind], boxes: Mapping[str, tuple[int, int, int, int]]
                 ) -> None:
    """Each kind of border over the picture, in order (later kinds over earlier ones)."""
    for kind in kinds:
        if kind.classes is not None:
            classes = kind.classes
            line = edges(ids.point([classes(i) for i in range(256)]))
        else:
            line = Image.new("L", ids.size, 0)
            for a, b in kind.pairs:
                if a not in boxes or b not in boxes:
                    continue
                ba, bb = boxes[a], boxes[b]
                # where the two meet: inside both boxes
                box = (max(0, ba[0], bb[0]) - 2, max(0, ba[1], bb[1]) - 2,
                       min(ids.width, ba[2], bb[2]) + 2, min(ids.height, ba[3], bb[3]) + 2)
                box = (max(0, box[0]), max(0, box[1]), min(ids.width, box[2]),
                       min(ids.height, box[3]))
                if box[0] >= box[2] or box[1] >= box[3]:
                    continue
                crop = ids.crop(box)
                line.paste(255, box[:2], between(crop, index[a], index[b]))
                line.paste(255, box[:2], between(crop, index[b], index[a]))
        img.paste(kind.colour, (0, 0), thicken(line, kind.width))


def area_boxes(ids: Image.Image, index: Mapping[str, int], tile: int = 64
               ) -> dict[str, tuple[int, int, int, int]]:
    """Each area's bounding box in pixels (areas not in the picture left out): the tiles
    each id appears in are found first, then only those tiles are searched."""
    where: dict[int, list[tuple[int, int, int, int]]] = {}
    for y in range(0, ids.height, tile):
        for x in range(0, ids.width, tile):
            box = (x, y, min(ids.width, x + tile), min(ids.height, y + tile))
            for _n, v in ids.crop(box).getcolors(256) or []:
                where.setdefault(v if isinstance(v, int) else 0, []).append(box)
    out = {}
    for area, i in index.items():
        tiles = where.get(i)
        if not tiles:
            continue
        x0, y0 = min(t[0] for t in tiles), min(t[1] for t in tiles)
        x1, y1 = max(t[2] for t in tiles), max(t[3] for t in tiles)
        found = mask_of(ids.crop((x0, y0, x1, y1)), {i}).getbbox()
        if found is not None:
            out[area] = (x0 + found[0], y0 + found[1], x0 + found[2], y0 + found[3])
    return out
