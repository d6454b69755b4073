"""One view's pieces over the base map: blocks, sieges, control, the battle marker, the
banner with turn, phase and city points."""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .. import png, theme
from ..pieces import primitives
from . import basemap, mapdata
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
    _sieges(d, lay, data, mv)
    if mv.battle_hex and mv.battle_hex in data.hexes:
        h = data.hexes[mv.battle_hex]
        pts = lay.grid.corners(h.col, h.row)
        d.line(pts + pts[:1], fill=theme.GOLD, width=4)
        primitives.text_c(d, (pts[0][0] - 4, pts[0][1]), "⚔", "sans", 16, theme.INK,
                          halo=theme.GOLD, anchor="rm")
    _blocks(d, lay, data, mv)


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
        parts.append(f"Turn {mv.turn} of 6")
    parts.append(PHASES.get(mv.phase, mv.phase.title() or "—"))
    status = "  ·  ".join(parts)
    primitives.text_c(d, (290, BANNER_H / 2 - 9), status, "bold", 17, theme.BANNER_TEXT,
                      anchor="lm")
    sub = _subline(mv)
    primitives.text_c(d, (290, BANNER_H / 2 + 12), sub, "sans", 13, (200, 196, 184), anchor="lm")
    # City points (rule 10.2), the race to 30.
    x = lay.width - 16
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


def _sieges(d: ImageDraw.ImageDraw, lay: Layout, data: MapData, mv: MapView) -> None:
    for s in mv.sieges:
        if s.hex == SICILY:
            x, y = lay.sicily_box[0] + 22, lay.sicily_box[1] + 52
            anchor = "lt"
        elif s.hex in data.hexes:
            city = data.cities.get(s.city or "") or data.cities.get(data.city_at.get(s.hex, ""))
            if city is None:
                continue
            x, y = basemap.city_pos(lay, data, city)
            x += basemap.city_radius(lay) + 2
            y -= basemap.city_radius(lay) + 4
            anchor = "lb"
        else:
            continue
        word = ("FULL SIEGE" if s.full else "SIEGE+BLOCKADE" if s.siege and s.blockade
                else "SIEGE" if s.siege else "BLOCKADE")
        primitives.text_c(d, (x, y), word, "cond-bold", 11, theme.side_colour(s.besieger),
                          halo=theme.WHITE, anchor=anchor)


# ------------------------------------------------------------------ blocks

def _groups(blocks: list[MapBlock]) -> list[tuple[str, list[MapBlock]]]:
    by_side: dict[str, list[MapBlock]] = defaultdict(list)
    for b in blocks:
        by_side[b.side].append(b)
    return sorted(by_side.items(), key=lambda kv: SIDE_ORDER.get(kv[0], 9))


def _blocks(d: ImageDraw.ImageDraw, lay: Layout, data: MapData, mv: MapView) -> None:
    by_place: dict[str, list[MapBlock]] = defaultdict(list)
    for b in mv.blocks:
        by_place[b.place].append(b)
    R = lay.grid.radius
    for place, blocks in by_place.items():
        if place == SICILY:
            x0, y0, x1, _ = lay.sicily_box
            groups = _groups(blocks)
            x = x0 + 140
            for _side, group in groups:
                x = _draw_group(d, group, x, y0 + 38, R, anchor_left=True) + 8
            continue
        if place not in data.hexes:
            continue
        cx, y = basemap.block_anchor(lay, data, place)
        groups = _groups(blocks)
        if len(groups) == 1:
            _draw_group(d, groups[0][1], cx, y, R, width=R * 1.55)
        else:
            # Contested hex: one side left, the other right.
            step = R * 1.5 / len(groups)
            for i, (_side, group) in enumerate(groups):
                gx = cx - R * 0.75 + step * (i + 0.5)
                _draw_group(d, group, gx, y, R, width=step)


def _draw_group(d: ImageDraw.ImageDraw, group: list[MapBlock], x: float, y: float, R: float,
                width: float = 0.0, anchor_left: bool = False) -> float:
    """Draws one side's blocks in a hex: identified blocks in a small grid, hidden ones as
    a stack with a count (one stack outside the walls, one inside). Returns the right
    edge."""
    items: list[tuple[MapBlock, int]] = [(b, 1) for b in group if b.face is not None]
    hidden: dict[bool, list[MapBlock]] = defaultdict(list)
    for b in group:
        if b.face is None:
            hidden[b.in_city].append(b)
    for in_city in (False, True):
        if hidden[in_city]:
            items.append((hidden[in_city][0], len(hidden[in_city])))
    big = max(20, int(R * 0.74))
    small = max(14, int(R * 0.56))
    size = big if any(b.face is not None for b, _ in items) else small
    gap = 3
    width = width or R * 1.6
    cols = max(1, min(len(items), int((width + gap) // (size + gap)) or 1))
    rows = (len(items) + cols - 1) // cols
    used = cols * size + (cols - 1) * gap
    left = x if anchor_left else x - used / 2
    # Extra rows grow away from the hex centre line so the first row stays put.
    for i, (b, count) in enumerate(items):
        r, c = divmod(i, cols)
        s = size if b.face is not None else small
        bx = left + c * (size + gap) + size / 2
        by = y + r * (size + gap) - (rows - 1) * (size + gap) / 2 * 0.0
        primitives.block(d, bx, by, s, b.side, face=b.face, count=count, in_city=b.in_city)
    return left + used


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
