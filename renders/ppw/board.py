"""The Peloponnesian War (ppw) map on real geography: every space at its gazetteer point,
the paths by type, each space marked by type (square land, triangle coastal, circle
island) in its controller's colour, fortresses ringed, rebellion and ravaging marked,
and the majors' SPs beside their spaces. Drawn from a view (or the set-up without one).
Run as a script to draw the 431 set-up:

    .venv/bin/python -m renders.ppw.board /tmp/ppw-431.png
"""

from __future__ import annotations

import json
import math
import sys
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.hellenes.components import DATA as HELLENES_DATA
from engine.rulesets.hellenes.components import decode_runs
from engine.rulesets.ppw.components import MAJORS, load_components
from renders import theme
from renders.fonts import font
from renders.pieces.coast import LandMask
from renders.pieces.geometry import Affine

# lon min, lon max, lat min, lat max: Segesta to Chalcedon, Pella to Rhodes
WINDOW = (12.4, 29.4, 35.8, 41.9)
SCALE = 78.0  # pixels per degree of latitude
XSCALE = SCALE * math.cos(math.radians(38.5))
LEGEND_H = 58
R = 6  # a space's marker
PATH = {"land": (150, 92, 40), "naval": (70, 140, 210), "combined": (16, 40, 110),
        "open_sea": (200, 30, 40)}
NEUTRAL = (150, 150, 150)
REBEL = (24, 24, 24)  # black: red is Sparta's
RAVAGED = (232, 126, 26)


def to_px(lat: float, lon: float) -> tuple[float, float]:
    lon0, _, _, lat1 = WINDOW
    return (lon - lon0) * XSCALE, (lat1 - lat) * SCALE


def size() -> tuple[int, int]:
    lon0, lon1, lat0, lat1 = WINDOW
    return round((lon1 - lon0) * XSCALE), round((lat1 - lat0) * SCALE)


@cache
def land() -> Image.Image:
    """The Hellenes land raster (0.02 degrees a cell, 12.2 E to 30.6 E, 35.7 N to 42.6 N)
    warped onto this map's pixels."""
    grid = json.loads((HELLENES_DATA / "map_raster.json").read_text(encoding="utf-8"))
    rows = [decode_runs(r) for r in grid["land_rows"]]
    raster = Image.new("L", (len(rows[0]), len(rows)))
    raster.putdata([255 if v else 0 for row in rows for v in row])
    mask = LandMask(raster, grid["lat_max"], grid["lon_min"], 1 / grid["step"], "hellenes")
    lon0, _, _, lat1 = WINDOW
    geo_to_px = Affine(XSCALE, 0.0, -lon0 * XSCALE, 0.0, -SCALE, lat1 * SCALE)
    return mask.warp(geo_to_px, size())


def _colour(side: str | None) -> tuple[int, int, int]:
    return theme.side_colour(side) if side in MAJORS else NEUTRAL


def _side_of(view: dict[str, Any] | None, cs: str | None) -> str | None:
    """The major a controller fights for, as the view gives it (rule 1.6)."""
    if view is None or cs is None:
        return cs if cs in MAJORS else None
    found: str | None = view["sides"].get(cs)
    return found


def _marker(d: ImageDraw.ImageDraw, x: float, y: float, kind: str, fill: tuple[int, int, int],
            fortress: bool) -> None:
    if fortress:
        d.ellipse([x - R - 3, y - R - 3, x + R + 3, y + R + 3], outline=theme.INK, width=2)
    if kind == "land":
        d.rectangle([x - R, y - R, x + R, y + R], fill=fill, outline=theme.WHITE)
    elif kind == "coastal":
        d.polygon([(x, y - R - 1), (x + R + 1, y + R), (x - R - 1, y + R)], fill=fill,
                  outline=theme.WHITE)
    else:
        d.ellipse([x - R, y - R, x + R, y + R], fill=fill, outline=theme.WHITE)


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


def render_image(view: dict[str, Any] | None = None) -> Image.Image:
    comps = load_components()
    w, h = size()
    img = Image.new("RGB", (w, h + LEGEND_H), theme.PAPER)
    base = Image.new("RGB", (w, h), theme.SEA)
    base.paste(Image.new("RGB", (w, h), theme.LAND), mask=land())
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    at = {s.id: to_px(s.lat, s.lon) for s in comps.spaces}
    for p in comps.paths:
        a, b = at[p.a], at[p.b]
        if p.type in ("naval", "open_sea"):
            _dashed(d, a, b, PATH[p.type])
        else:
            d.line([a, b], fill=PATH[p.type], width=3 if p.type == "combined" else 2)
    spaces = (view or {}).get("spaces") or {}
    setup = comps.setups["431"]
    small, label = font("cond-bold", 11), font("sans", 10)
    for s in comps.spaces:
        x, y = at[s.id]
        here = spaces.get(s.id, {})
        owner = here.get("controller") if view else None
        fill = REBEL if here.get("rebel") else _colour(_side_of(view, owner))
        _marker(d, x, y, s.type, fill, s.fortress)
        if here.get("ravaged"):
            d.ellipse([x + R - 2, y - R - 4, x + R + 4, y - R + 2], fill=RAVAGED)
        d.text((x, y + R + 2), s.name, font=label, fill=theme.INK, anchor="ma",
               stroke_width=2, stroke_fill=theme.PAPER)
        line = y - R - 3
        for major, text in _sps(here.get("forces") or ({} if view else {
                f.owner: [f.hoplite, f.cavalry, f.naval] for f in setup.forces
                if f.space == s.id})):
            d.text((x, line), text, font=small, fill=theme.side_colour(major), anchor="md",
                   stroke_width=2, stroke_fill=theme.WHITE)
            line -= 12
    _legend(d, w, h, view)
    return img


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
