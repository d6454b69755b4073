"""One view's pieces over the base map: blocks, sieges, control, the battle marker, the
banner with turn, phase and city points."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .. import png, theme
from ..pieces import primitives
from . import basemap, mapdata, placement
from .layout import BANNER_H, Layout
from .mapdata import MapData
from .viewmodel import SICILY, MapBlock, MapView, map_view

PHASES = {"setup": "Set-up", "bid": "Bidding", "mulligan": "Mulligan", "sicily": "Sicily cards",
          "card": "Card phase", "event": "Event", "move": "Move phase", "combat": "Combat phase",
          "attrition": "Siege attrition", "hellespont": "Hellespont", "replacement":
          "Replacements", "over": "Game over"}
SIDE_ORDER = {"athens": 0, "neutral": 1, "persia": 2, "sparta": 3}


@lru_cache(maxsize=1)
def default_data() -> MapData:
    return mapdata.load()


def render_image(view: dict[str, Any], data: MapData | None = None) -> tuple[Image.Image, Any]:
    """The finished RGB map for a view and the palette to encode it with."""
    base = basemap.base_for(data or default_data())
    img = base.image.copy()
    draw_view(ImageDraw.Draw(img), base.layout, base.data, map_view(view))
    return img, base.palette


def render(view: dict[str, Any], data: MapData | None = None) -> bytes:
    img, palette = render_image(view, data)
    return png.encode(img, palette)


def draw_view(d: ImageDraw.ImageDraw, lay: Layout, data: MapData, mv: MapView) -> None:
    _banner(d, lay, mv)
    _control(d, lay, data, mv)
    labels, symbols = _city_obstacles(lay, data)
    tags = _sieges(d, lay, data, mv, labels + symbols)
    if mv.battle_hex and mv.battle_hex in data.hexes:
        # The battle being fought: a gold hex outline and crossed swords at its corner.
        h = data.hexes[mv.battle_hex]
        pts = lay.grid.corners(h.col, h.row)
        d.line(pts + pts[:1], fill=theme.GOLD, width=4)
        sx, sy = pts[0][0] - 4, pts[0][1]
        primitives.text_c(d, (sx, sy), "⚔", "sans", 16, theme.INK, halo=theme.GOLD, anchor="rm")
    marks = _battle_marks(lay, data, mv)
    _blocks(d, lay, data, mv, labels, symbols + tags + marks)


def _battle_marks(lay: Layout, data: MapData, mv: MapView) -> list[placement.Box]:
    """Where the crossed swords of the battle being fought stand (kept clear of blocks)."""
    if not (mv.battle_hex and mv.battle_hex in data.hexes):
        return []
    h = data.hexes[mv.battle_hex]
    sx, sy = lay.grid.corners(h.col, h.row)[0]
    return [(sx - 24, sy - 10, sx - 4, sy + 10)]


_OBSTACLES: dict[int, tuple[MapData, list[placement.Box], list[placement.Box]]] = {}


def _city_obstacles(lay: Layout, data: MapData) -> tuple[list[placement.Box],
                                                           list[placement.Box]]:
    """The name boxes and symbol boxes of every city on the board (measured once per map:
    they are part of the base map, which never changes)."""
    known = _OBSTACLES.get(id(data))
    if known is not None and known[0] is data:
        return known[1], known[2]
    labels, symbols = [], []
    for c in data.cities.values():
        if c.hex and c.hex in data.hexes:
            symbol, label = basemap.city_boxes(lay, data, c)
            symbols.append(symbol)
            labels.append(label)
    _OBSTACLES[id(data)] = (data, labels, symbols)
    return labels, symbols


def layout_pieces(view: dict[str, Any], data: MapData | None = None
                  ) -> dict[str, Any]:
    """The boxes a render of this view uses: city names, siege tags, and every hex's
    drawn blocks ("blocks": hex -> boxes; "stacks": one box around each hex's), for tests
    that check where things are drawn."""
    data = data or default_data()
    lay = basemap.base_for(data).layout
    mv = map_view(view)
    img = Image.new("RGB", (lay.width, lay.height))
    d = ImageDraw.Draw(img)
    labels, symbols = _city_obstacles(lay, data)
    tags = _sieges(d, lay, data, mv, labels + symbols)
    drawn = _blocks(d, lay, data, mv, labels, symbols + tags + _battle_marks(lay, data, mv))
    stacks = [(min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs),
               max(b[3] for b in bs)) for bs in drawn.values()]
    return {"labels": labels, "symbols": symbols, "tags": tags, "blocks": drawn,
            "stacks": stacks}


# ------------------------------------------------------------------ banner

def _banner(d: ImageDraw.ImageDraw, lay: Layout, mv: MapView) -> None:
    d.rectangle((0, 0, lay.width, BANNER_H), fill=theme.BANNER)
    title = "ATHENS & SPARTA"
    primitives.text_c(d, (16, BANNER_H / 2), title, "serif-bold", 22, theme.BANNER_TEXT,
                      anchor="lm")
    parts = []
    if mv.olympiad:
        parts.append(f"Olympiad {mv.olympiad}")
    if mv.turn:
        # After the sixth turn (the Olympiad's end, or the game's) there is no turn 7.
        parts.append(f"Turn {mv.turn} of 6" if mv.turn <= 6 else "After turn 6")
    parts.append(PHASES.get(mv.phase, mv.phase.title() or "—"))
    status = "  ·  ".join(parts)
    # City points (rule 10.2), the race to 30, on the right; the lines on the left stop
    # short of them (shrunk, then cut), never running into them.
    room = _points_left(d, lay, mv) - 290 - 12
    primitives.text_c(d, (290, BANNER_H / 2 - 9), status, "bold", 17, theme.BANNER_TEXT,
                      anchor="lm")
    sub, size = primitives.fit_text(_subline(mv), "sans", 13, room, min_size=10)
    primitives.text_c(d, (290, BANNER_H / 2 + 12), sub, "sans", size, (200, 196, 184),
                      anchor="lm")
    x: float = lay.width - 16
    for side in ("sparta", "athens"):
        pts = mv.points.get(side)
        text = f"{theme.SIDE_NAME[side]} {pts if pts is not None else '–'}"
        w = d.textlength(text, font=_f("bold", 18)) + 22
        d.rounded_rectangle((x - w, 12, x, BANNER_H - 12), radius=6, fill=theme.SIDE[side])
        primitives.text_c(d, (x - w / 2, BANNER_H / 2), text, "bold", 18, theme.WHITE)
        x -= w + 10
    primitives.text_c(d, (x - 4, BANNER_H / 2), "city points (30 wins)", "sans", 12,
                      (200, 196, 184), anchor="rm")
    if mv.viewer:
        tag = f"{theme.SIDE_NAME.get(mv.viewer, mv.viewer)}'s view — private"
    else:
        tag = "public view"
    primitives.text_c(d, (16, BANNER_H - 3), tag, "cond", 11, (170, 166, 156), anchor="lb")


def _points_left(d: ImageDraw.ImageDraw, lay: Layout, mv: MapView) -> float:
    """Where the city points and their caption begin, from the right edge."""
    x: float = lay.width - 16
    for side in ("sparta", "athens"):
        pts = mv.points.get(side)
        text = f"{theme.SIDE_NAME[side]} {pts if pts is not None else '–'}"
        x -= d.textlength(text, font=_f("bold", 18)) + 22 + 10
    return x - 4 - d.textlength("city points (30 wins)", font=_f("sans", 12))


def _f(style: str, size: int):
    from ..fonts import font

    return font(style, size)


def _subline(mv: MapView) -> str:
    if mv.outcome:
        return mv.outcome
    bits = []
    if mv.active:
        who = theme.SIDE_NAME.get(mv.active, mv.active)
        bits.append(f"{who} to play" + (f", {mv.mp_left} MP left" if mv.mp_left is not None
                                         else ""))
    elif mv.waiting_for:
        bits.append("waiting for " + " and ".join(theme.SIDE_NAME.get(s, s)
                                                    for s in mv.waiting_for))
    if mv.player1:
        bits.append(f"player 1: {theme.SIDE_NAME.get(mv.player1, mv.player1)}")
    for side in ("athens", "sparta"):
        card = mv.played.get(side)
        if card:
            ev = (card.get("event") or {}).get("name")
            bits.append(f"{theme.SIDE_NAME[side]} played {card.get('mp', '?')}"
                        + (f"/{ev}" if ev else ""))
    if mv.hellespont:
        bits.append(f"Hellespont: {theme.SIDE_NAME.get(mv.hellespont, mv.hellespont)}")
    if mv.persian_alliance:
        bits.append("Persia allied to Sparta")
    return "   ".join(bits)


# ------------------------------------------------------------------ control and sieges

def _control(d: ImageDraw.ImageDraw, lay: Layout, data: MapData, mv: MapView) -> None:
    """A ring in the holder's colour where a city is held by a side other than its own."""
    r = basemap.city_radius(lay) + 5
    for hex_id, side in mv.control.items():
        name = data.city_at.get(hex_id)
        if not name or side not in theme.SIDE:
            continue
        if data.cities[name].side == side:
            continue
        x, y = basemap.city_pos(lay, data, data.cities[name])
        d.ellipse((x - r, y - r, x + r, y + r), outline=theme.WHITE, width=6)
        d.ellipse((x - r, y - r, x + r, y + r), outline=theme.SIDE[side], width=4)


def _sieges(d: ImageDraw.ImageDraw, lay: Layout, data: MapData, mv: MapView,
            obstacles: list[placement.Box]) -> list[placement.Box]:
    """A tag in the besieger's colour beside each besieged city, at the first corner
    around its symbol where it covers no city name and no other tag. Returns the boxes."""
    placed: list[placement.Box] = []
    for s in mv.sieges:
        word = ("FULL SIEGE" if s.full else "SIEGE+BLOCKADE" if s.siege and s.blockade
                else "SIEGE" if s.siege else "BLOCKADE")
        f = _f("cond-bold", 11)
        spots: list[tuple[tuple[float, float], str]]
        if s.hex == SICILY:
            spots = [((lay.sicily_box[0] + 22.0, lay.sicily_box[1] + 52.0), "lt")]
            own = None
        elif s.hex in data.hexes:
            city = data.cities.get(s.city or "") or data.cities.get(data.city_at.get(s.hex, ""))
            if city is None:
                continue
            x, y = basemap.city_pos(lay, data, city)
            r = basemap.city_radius(lay)
            spots = [((x + r + 2, y - r - 4), "lb"), ((x - r - 2, y - r - 4), "rb"),
                     ((x + r + 2, y + r + 4), "lt"), ((x - r - 2, y + r + 4), "rt"),
                     ((x, y + 2 * r + 16), "mt"), ((x, y - 2 * r - 16), "mb")]
            own = basemap.city_boxes(lay, data, city)[0]
        else:
            continue
        others = [o for o in obstacles if o != own] + placed
        chosen = spots[0]
        for xy, anchor in spots:
            b = f.getbbox(word, anchor=anchor, stroke_width=2)
            box = (xy[0] + b[0], xy[1] + b[1], xy[0] + b[2], xy[1] + b[3])
            if not any(placement.overlaps(box, o) for o in others):
                chosen = (xy, anchor)
                break
        xy, anchor = chosen
        b = f.getbbox(word, anchor=anchor, stroke_width=2)
        placed.append((xy[0] + b[0], xy[1] + b[1], xy[0] + b[2], xy[1] + b[3]))
        primitives.text_c(d, xy, word, "cond-bold", 11, theme.side_colour(s.besieger),
                          halo=theme.WHITE, anchor=anchor)
    return placed


# ------------------------------------------------------------------ blocks

def _groups(blocks: list[MapBlock]) -> list[tuple[str, list[MapBlock]]]:
    by_side: dict[str, list[MapBlock]] = defaultdict(list)
    for b in blocks:
        by_side[b.side].append(b)
    return sorted(by_side.items(), key=lambda kv: SIDE_ORDER.get(kv[0], 9))


def _blocks(d: ImageDraw.ImageDraw, lay: Layout, data: MapData, mv: MapView,
            names: list[placement.Box], marks: list[placement.Box]
            ) -> dict[str, list[placement.Box]]:
    """Every hex's blocks as one stack inside the hex (the sides of a contested hex side
    by side), clear of its city's name, symbol and tags where there is room. Returns each
    hex's drawn block boxes."""
    by_place: dict[str, list[MapBlock]] = defaultdict(list)
    for b in mv.blocks:
        by_place[b.place].append(b)
    R = lay.grid.radius
    if SICILY in by_place:
        x0, y0, _x1, _ = lay.sicily_box
        x = x0 + 140.0
        for _side, group in _groups(by_place.pop(SICILY)):
            sh = placement.shape([group], R)
            _draw_shape(d, sh, x, y0 + 38 - sh.cells[0].size / 2)
            x += sh.w + 8
    drawn: dict[str, list[placement.Box]] = {}
    for place, blocks in sorted(by_place.items()):
        if place not in data.hexes:
            continue
        st = placement.Stack(place, tuple(g for _, g in _groups(blocks)),
                             basemap.block_anchor(lay, data, place), lay.hex_centre(data, place))
        sh, left, top = placement.fit(st, R, names, marks)
        _draw_shape(d, sh, left, top)
        drawn[place] = [c.drawn(left, top) for c in sh.cells]
    return drawn


def _draw_shape(d: ImageDraw.ImageDraw, sh: placement.Shape, left: float, top: float) -> None:
    for c in sh.cells:
        primitives.block(d, left + c.dx, top + c.dy, c.size, c.block.side, face=c.block.face,
                         count=c.count, in_city=c.block.in_city)


# ------------------------------------------------------------------ palette specimen

def specimen(lay: Layout, base_img: Image.Image) -> Image.Image:
    """The base with a sample of every kind of piece, for choosing the PNG palette."""
    img = base_img.copy()
    d = ImageDraw.Draw(img)
    R = lay.grid.radius
    x, y = lay.width * 0.3, lay.map_box[1] + 3 * R
    faces = [primitives.BlockFace("Sample", t, 3, 4, "B2") for t in ("hoplite", "navy")]
    for side in ("athens", "sparta", "neutral", "persia"):
        for f in faces:
            primitives.block(d, x, y, int(R * 0.8), side, face=f)
            x += R
        primitives.block(d, x, y, int(R * 0.56), side, count=3, in_city=True)
        x += R
    mv = MapView(viewer=None, olympiad=84, turn=1, phase="move", active="sparta", mp_left=3,
                 player1="sparta", points={"athens": 19, "sparta": 18}, blocks=(), control={},
                 sieges=(), battle_hex=None, hellespont=None, persian_alliance=False,
                 syracuse_value=4)
    _banner(d, lay, mv)
    return img
