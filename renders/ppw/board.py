"""The Peloponnesian War (ppw) map on real geography: every space at its gazetteer point,
the paths by type, each space marked by type (square land, triangle coastal, circle
island) in its controller's colour, fortresses ringed, rebellion and ravaging marked,
and the majors' SPs beside their spaces. Drawn from a view (or the set-up without one).
Two panels: the whole theatre from Sicily to Asia, and below it Greece enlarged (58 of
the 96 spaces stand there), where markers are nudged apart and every name and SP line is
set on the side of its marker that hides least (pieces/labels.py). Run as a script to
draw the 431 set-up:

    .venv/bin/python -m renders.ppw.board /tmp/ppw-431.png
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.hellenes.components import DATA as HELLENES_DATA
from engine.rulesets.hellenes.components import decode_runs
from engine.rulesets.ppw.components import MAJORS, load_components
from renders import theme
from renders.fonts import font
from renders.pieces import labels
from renders.pieces.coast import LandMask
from renders.pieces.geometry import Affine
from renders.pieces.stackfit import Box

# lon min, lon max, lat min, lat max: Segesta to Chalcedon, Pella to Rhodes
WINDOW = (12.4, 29.4, 35.8, 41.9)
SCALE = 78.0  # pixels per degree of latitude
MID_LATITUDE = 38.5  # where a degree of longitude is drawn true to a degree of latitude
LEGEND_H = 58
R = 6  # a space's marker
PATH = {"land": (150, 92, 40), "naval": (70, 140, 210), "combined": (16, 40, 110),
        "open_sea": (200, 30, 40)}
NEUTRAL = (150, 150, 150)
REBEL = (24, 24, 24)  # black: red is Sparta's
RAVAGED = (232, 126, 26)


def to_px(lat: float, lon: float) -> tuple[float, float]:
    """A point on the overview panel."""
    return OVERVIEW.to_px(lat, lon)


def size() -> tuple[int, int]:
    """The overview panel's size."""
    return OVERVIEW.size()


def _colour(side: str | None) -> tuple[int, int, int]:
    return theme.side_colour(side) if side in MAJORS else NEUTRAL


def _side_of(view: dict[str, Any] | None, cs: str | None) -> str | None:
    """The major a controller fights for, as the view gives it (rule 1.6)."""
    if view is None or cs is None:
        return cs if cs in MAJORS else None
    found: str | None = view["sides"].get(cs)
    return found


def _marker(d: ImageDraw.ImageDraw, x: float, y: float, kind: str, fill: tuple[int, int, int],
            fortress: bool, r: int = R) -> None:
    if fortress:
        d.ellipse([x - r - 3, y - r - 3, x + r + 3, y + r + 3], outline=theme.INK, width=2)
    if kind == "land":
        d.rectangle([x - r, y - r, x + r, y + r], fill=fill, outline=theme.WHITE)
    elif kind == "coastal":
        d.polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill=fill,
                  outline=theme.WHITE)
    else:
        d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=theme.WHITE)


def _dashed(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float],
            colour: tuple[int, int, int], dash: float = 6.0) -> None:
    n = max(1, int(math.dist(p, q) // dash))
    for i in range(0, n, 2):
        a, b = i / n, min(1.0, (i + 1) / n)
        d.line([(p[0] + (q[0] - p[0]) * a, p[1] + (q[1] - p[1]) * a),
                (p[0] + (q[0] - p[0]) * b, p[1] + (q[1] - p[1]) * b)], fill=colour, width=2)


def _sps(forces: dict[str, list[int]]) -> list[tuple[str, str]]:
    """Each major's SPs in a space as "7H1C" or "12N"."""
    out = []
    for owner in MAJORS:
        if owner in forces:
            h, c, n = forces[owner]
            text = "".join(f"{v}{k}" for v, k in ((h, "H"), (c, "C"), (n, "N")) if v)
            out.append((owner, text))
    return out


@dataclass(frozen=True, slots=True)
class Panel:
    """One drawing of the map: a window of (lon, lat) at a scale, with its marker size
    and the least distance kept between markers."""
    window: tuple[float, float, float, float]
    scale: float  # pixels per degree of latitude
    r: int
    gap: float
    name_size: int
    sps_size: int

    @property
    def xscale(self) -> float:
        return self.scale * math.cos(math.radians(MID_LATITUDE))

    def to_px(self, lat: float, lon: float) -> tuple[float, float]:
        lon0, _, _, lat1 = self.window
        return (lon - lon0) * self.xscale, (lat1 - lat) * self.scale

    def size(self) -> tuple[int, int]:
        lon0, lon1, lat0, lat1 = self.window
        return round((lon1 - lon0) * self.xscale), round((lat1 - lat0) * self.scale)

    def holds(self, lat: float, lon: float) -> bool:
        lon0, lon1, lat0, lat1 = self.window
        return lon0 <= lon <= lon1 and lat0 <= lat <= lat1


OVERVIEW = Panel(WINDOW, SCALE, R, 15.0, 10, 11)
# Greece from Ambracia to Cythera, Cephallenia to Melos, at the overview's width: 58 of
# the 96 spaces stand here, Megara and Nisaea 2 km apart.
GREECE_WINDOW = (20.45, 24.6, 36.15, 39.3)
GREECE = Panel(GREECE_WINDOW, SCALE * (WINDOW[1] - WINDOW[0]) / (GREECE_WINDOW[1] - GREECE_WINDOW[0]),
               8, 26.0, 12, 12)
SPS_SIDES = ("above", "right", "left", "above-right", "above-left", "below")


@cache
def _land_mask() -> LandMask:
    """The Hellenes land raster (0.02 degrees a cell, 12.2 E to 30.6 E, 35.7 N to 42.6 N),
    read once for both panels."""
    grid = json.loads((HELLENES_DATA / "map_raster.json").read_text(encoding="utf-8"))
    rows = [decode_runs(r) for r in grid["land_rows"]]
    raster = Image.new("L", (len(rows[0]), len(rows)))
    raster.putdata([255 if v else 0 for row in rows for v in row])
    return LandMask(raster, grid["lat_max"], grid["lon_min"], 1 / grid["step"], "hellenes")


@cache
def land(panel: Panel | None = None) -> Image.Image:
    """The land raster warped onto a panel's pixels (the overview's by default)."""
    panel = panel or OVERVIEW
    lon0, _, _, lat1 = panel.window
    geo_to_px = Affine(panel.xscale, 0.0, -lon0 * panel.xscale, 0.0, -panel.scale,
                       lat1 * panel.scale)
    return _land_mask().warp(geo_to_px, panel.size())


@cache
def _layout(panel: Panel) -> tuple[dict[str, tuple[float, float]], frozenset[str]]:
    """Where each space of the panel is drawn (spread apart, labels.spread) and which
    spaces it names (the overview leaves Greece's to the enlarged panel)."""
    comps = load_components()
    w, h = panel.size()
    inner = frozenset(s.id for s in comps.spaces if GREECE.holds(s.lat, s.lon))
    shown = [s for s in comps.spaces if panel is not GREECE or s.id in inner]
    m = panel.r + 2
    at = labels.spread({s.id: panel.to_px(s.lat, s.lon) for s in shown}, panel.gap,
                       (m, m, w - m, h - m))
    return at, inner if panel is GREECE else frozenset(at) - inner


def render_image(view: dict[str, Any] | None = None) -> Image.Image:
    w, h = size()
    gh = GREECE.size()[1]
    img = Image.new("RGB", (w, h + gh + LEGEND_H), theme.PAPER)
    img.paste(_panel(OVERVIEW, view), (0, 0))
    img.paste(_panel(GREECE, view), (0, h))
    d = ImageDraw.Draw(img)
    x0, y0 = to_px(GREECE_WINDOW[3], GREECE_WINDOW[0])
    x1, y1 = to_px(GREECE_WINDOW[2], GREECE_WINDOW[1])
    d.rectangle([x0, y0, x1, y1], outline=theme.INK, width=1)
    d.text((x0 + 3, y1 - 3), "Greece: below", font=font("bold", 11), fill=theme.INK,
           anchor="ld", stroke_width=2, stroke_fill=theme.PAPER)
    d.line([(0, h), (w, h)], fill=theme.INK, width=2)
    _legend(d, w, h + gh, view)
    return img


def _panel(panel: Panel, view: dict[str, Any] | None) -> Image.Image:
    comps = load_components()
    w, h = panel.size()
    img = Image.new("RGB", (w, h), theme.SEA)
    img.paste(Image.new("RGB", (w, h), theme.LAND), mask=land(panel))
    d = ImageDraw.Draw(img)
    at, _ = _layout(panel)
    true_at = {s.id: panel.to_px(s.lat, s.lon) for s in comps.spaces}
    for p in comps.paths:
        if p.a in at or p.b in at:  # a path leaving the panel runs to its edge
            a, b = at.get(p.a, true_at[p.a]), at.get(p.b, true_at[p.b])
            if p.type in ("naval", "open_sea"):
                _dashed(d, a, b, PATH[p.type])
            else:
                d.line([a, b], fill=PATH[p.type], width=3 if p.type == "combined" else 2)
    spaces = (view or {}).get("spaces") or {}
    r = panel.r
    for s in comps.spaces:
        if s.id in at:
            x, y = at[s.id]
            here = spaces.get(s.id, {})
            owner = here.get("controller") if view else None
            fill = REBEL if here.get("rebel") else _colour(_side_of(view, owner))
            _marker(d, x, y, s.type, fill, s.fortress, r)
            if here.get("ravaged"):
                d.ellipse([x + r - 2, y - r - 4, x + r + 4, y - r + 2], fill=RAVAGED)
    small, name_font = font("cond-bold", panel.sps_size), font("sans", panel.name_size)
    for _key, (x0, y0, x1, _), lines in text_boxes(panel, view):
        for i, (major, text) in enumerate(lines):
            if major is None:
                d.text(((x0 + x1) / 2, y0 + 2), text, font=name_font, fill=theme.INK,
                       anchor="ma", stroke_width=2, stroke_fill=theme.PAPER)
            else:
                d.text(((x0 + x1) / 2, y0 + 1 + i * small.size), text, font=small,
                       fill=theme.side_colour(major), anchor="ma", stroke_width=2,
                       stroke_fill=theme.WHITE)
    return img


TextBox = tuple[str, Box, list[tuple[str | None, str]]]


def text_boxes(panel: Panel, view: dict[str, Any] | None) -> list[TextBox]:
    """Every name and SP line the panel writes, with the box it takes: a space's name
    (key its id, major None), and its majors' SPs (key "+" and its id), placed clear of
    the markers and of each other where room allows (labels.place)."""
    comps = load_components()
    at, named = _layout(panel)
    spaces = (view or {}).get("spaces") or {}
    setup = comps.setups["431"]
    small, name_font = font("cond-bold", panel.sps_size), font("sans", panel.name_size)
    texts: list[labels.Text] = []
    lines: dict[str, list[tuple[str | None, str]]] = {}
    for s in comps.spaces:
        if s.id not in named:
            continue
        reach = panel.r + 3 if s.fortress else panel.r
        lines[s.id] = [(None, s.name)]
        texts.append(labels.Text(s.id, at[s.id], reach,
                                 name_font.getlength(s.name) + 4, name_font.size + 4))
        here = spaces.get(s.id, {})
        sps = _sps(here.get("forces") or ({} if view else {
            f.owner: [f.hoplite, f.cavalry, f.naval] for f in setup.forces if f.space == s.id}))
        if sps:
            lines["+" + s.id] = list(sps)
            width = max(small.getlength(t) for _, t in sps) + 4
            texts.append(labels.Text("+" + s.id, at[s.id], reach, width,
                                     small.size * len(sps) + 2, SPS_SIDES))
    r = panel.r + 3
    marks = [(x - r, y - r, x + r, y + r) for x, y in at.values()]
    w, h = panel.size()
    boxes = labels.place(texts, marks, (0, 0, w, h))
    return [(key, box, lines[key]) for key, box in boxes.items()]


def _legend(d: ImageDraw.ImageDraw, w: int, h: int, view: dict[str, Any] | None) -> None:
    f = font("sans", 12)
    y, x = h + 10, 12.0
    for major in MAJORS:
        d.rectangle([x, y, x + 14, y + 14], fill=theme.side_colour(major))
        d.text((x + 20, y), theme.SIDE_NAME[major], font=f, fill=theme.INK)
        x += 34 + d.textlength(theme.SIDE_NAME[major], font=f)
    for text, fill in (("neutral", NEUTRAL), ("rebellion", REBEL), ("ravaged", RAVAGED)):
        d.ellipse([x, y, x + 14, y + 14], fill=fill)
        d.text((x + 20, y), text, font=f, fill=theme.INK)
        x += 34 + d.textlength(text, font=f)
    for text, kind in (("land", "land"), ("naval", "naval"), ("combined", "combined")):
        if kind == "naval":
            _dashed(d, (x, y + 7), (x + 28, y + 7), PATH[kind])
        else:
            d.line([(x, y + 7), (x + 28, y + 7)], fill=PATH[kind], width=3)
        d.text((x + 34, y), text, font=f, fill=theme.INK)
        x += 44 + d.textlength(text, font=f)
    if view is not None:
        banner = f"Turn {view['turn']} of {view['last_turn']}, {view['phase']} phase"
        d.text((w - 12, y), banner, font=font("bold", 12), fill=theme.INK, anchor="ra")
    credit = ("Coordinates: Pleiades (pleiades.stoa.org, CC BY 3.0) and ToposText (ODC-BY); "
              "coastline: the Hellenes raster.")
    d.text((12, y + 24), credit, font=font("sans", 10), fill=theme.LABEL_LAND)


def render(view: dict[str, Any] | None = None) -> bytes:
    from renders.png import encode

    return encode(render_image(view))


def setup_view(scenario: str = "431") -> dict[str, Any]:
    """The public view of a scenario's set-up, before any choice."""
    from engine.core.game import Game
    from engine.rulesets.ppw import RULESET

    return RULESET.view(Game.create(RULESET, scenario=scenario, seed="map").state, None)


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ppw-431.png")
    render_image(setup_view()).save(out, optimize=True)
    print(out)
