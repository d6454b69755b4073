"""One Epic view drawn over its base map (`basemap.py`).

Everything on the Epic's board is open (1.3, 1.6), so a seat's map and the public map show
the same pieces; only the banner says whose map it is. Drawn from the view alone:

- the banner: season, year, Campaign Turn, who acts, treasuries;
- cities in their holder's colour (4.4.4, `city_owners`), walled ones as
  hexagons, unwalled or torn-down ones as circles (11.3), razed ones struck out (11.1),
  ports with an anchor;
- forts and bases (7.6) as small tags in their side's colour;
- sieges (10.3): a ring in the besieger's colour with the siege morale;
- each region's marker (4.1-4.3): its name on its controller's colour with AL, ML and
  the tribute multiplier;
- stacks: one counter per side and hex, the number of units big, what they are small
  (H hoplite, L light infantry, C cavalry, F fleet), and the leaders with them on a gold
  tab; a stack outside the window stands at its edge with an arrow;
- the Areas raided this year (15.2), over their names;
- the battle being fought (gold ring) and the attacks declared (arrows, 17.2);
- the Sicily box (19.0), top left, when anything is in it or leaving it, or its cards lie
  there: each side's pieces in Sicily and in the Leaving box, the Escalations, the outcome;
- under the map, the region track: AL and ML of every region in play, its multiplier and
  BTV, the treasuries and the units lost.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from typing import Any

from PIL import ImageDraw

from engine.rulesets.epic import board as B
from engine.rulesets.epic.components import load_components

from .. import png, theme
from ..fonts import font
from ..pieces import glyphs
from ..pieces.primitives import city_symbol, counter, fit_text, text_c
from . import basemap
from .basemap import BANNER_H, RAID, Base

TYPE_LETTER = glyphs.TYPE_LETTERS["epic"]
SIDE_NAME = {"athens": "Athens", "sparta": "Sparta", "thebes": "Thebes", "corinth": "Corinth",
             "neutral": "Neutral"}
CITY_R = {"S": 0.15, "M": 0.19, "L": 0.24}  # of the hex radius


def side_of(view: dict[str, Any], side: str | None) -> str:
    return side if side in theme.SIDE else "none"


def seated(view: dict[str, Any]) -> dict[str, Any]:
    """With three or four players, the view as the players see it: each League piece and
    region in its own player's colour (the rules keep one League side, 24.5)."""
    league = view.get("league")
    if not league:
        return view
    out = dict(view)
    out["units"] = {k: u | {"side": u.get("seat") or u["side"]} for k, u in view["units"].items()}
    out["leaders"] = {k: x | {"side": x.get("seat") or x["side"]}
                      for k, x in view["leaders"].items()}
    out["regions"] = {k: r | {"side": league["holder"].get(k, r["side"])}
                      for k, r in view["regions"].items()}
    return out


def seat_of_city(view: dict[str, Any], name: str, owner: str | None) -> str | None:
    """A League city not marked otherwise is its region holder's colour."""
    league = view.get("league")
    if not league or owner != "sparta" or name in view["marks"]:
        return owner
    region = load_components().region_of_city(name)
    return str(league["holder"].get(region, owner)) if region else owner


def city_xy(b: Base, hex_id: str) -> tuple[float, float]:
    x, y = b.centre(hex_id)
    return x, y - b.grid.radius * 0.12


def stack_xy(b: Base, hex_id: str, k: int, n: int) -> tuple[float, float]:
    """Where the k-th of n stacks in a hex stands: in the lower half, side by side; two
    stand a little higher, where the hexagon is wide enough for both (a counter is 0.6 of
    the radius across)."""
    x, y = b.centre(hex_id)
    r = b.grid.radius
    if n == 1:
        return x, y + r * 0.45
    return x + (k - (n - 1) / 2) * r * 0.70, y + r * 0.30


def stacks(view: dict[str, Any]) -> dict[str, list[tuple[str, list[str], list[str]]]]:
    """hex -> [(side, unit types, leader names)] for every piece on the map."""
    units: dict[tuple[str, str], list[str]] = defaultdict(list)
    leaders: dict[tuple[str, str], list[str]] = defaultdict(list)
    for u in view["units"].values():
        if u["where"] == "map" and u["hex"]:
            units[(u["hex"], u["side"])].append(u["type"])
    for name, x in view["leaders"].items():
        if x["where"] == "map" and x["hex"]:
            leaders[(x["hex"], x["side"])].append(name)
    out: dict[str, list[tuple[str, list[str], list[str]]]] = defaultdict(list)
    for key in sorted(set(units) | set(leaders), key=lambda k: (k[0], str(k[1]))):
        out[key[0]].append((key[1], units.get(key, []), sorted(leaders.get(key, []))))
    return out


def city_owners(view: dict[str, Any], b: Base) -> dict[str, str | None]:
    """Who holds each city in the window (4.4.4). The rules' own reading is used, on the
    view's open facts it reads (marks, razed cities, regions), so picture and rules cannot
    disagree; asked here, for the few cities drawn, rather than stored in every view."""
    hexes = set(b.hexes)
    return {name: B.city_owner(view, name) for name, city in load_components().cities.items()
            if city.hex in hexes}


def caption(types: list[str]) -> str:
    n = Counter(types)
    return " ".join(f"{n[t]}{TYPE_LETTER[t]}" for t in TYPE_LETTER if n[t])


def draw_map(view: dict[str, Any]) -> bytes:
    b = basemap.base_for(view["scenario"])
    img = b.image.copy()
    d = ImageDraw.Draw(img)
    r = b.grid.radius
    comps = load_components()
    owners = {name: seat_of_city(view, name, o) for name, o in city_owners(view, b).items()}
    view = seated(view)
    inside = set(b.hexes) | set(b.area_label)

    # Cities, forts and bases.
    hexes = set(b.hexes)
    for name, city in comps.cities.items():
        if city.hex not in hexes:
            continue
        x, y = city_xy(b, city.hex)
        cr = r * CITY_R[city.size]
        walled = (city.walled or name in view.get("built_walls", ())) \
            and name not in view["unwalled"]
        city_symbol(d, x, y, cr, side_of(view, owners.get(name)), walled, None)
        if city.port:
            text_c(d, (x + cr + 1, y + cr * 0.2), "⚓", "sans", max(9, int(r * 0.24)),
                   (40, 60, 90), halo=theme.PAPER, halo_w=1, anchor="lm")
        if name in view["razed"]:
            d.line((x - cr - 3, y - cr - 3, x + cr + 3, y + cr + 3), fill=theme.INK, width=3)
            d.line((x - cr - 3, y + cr + 3, x + cr + 3, y - cr - 3), fill=theme.INK, width=3)
        if name in view["marks"]:  # held against its region (4.3.1c): a control ring
            d.ellipse((x - cr - 5, y - cr - 5, x + cr + 5, y + cr + 5),
                      outline=theme.side_colour(view["marks"][name]), width=3)
    for hex_id, side in view["forts"].items():
        if hex_id in inside:
            _tag(d, b, hex_id, "Fort", side, -1)
    for hex_id, side in view["bases"].items():
        if hex_id in inside:
            _tag(d, b, hex_id, "Base", side, 1)
    for hex_id, sg in view["sieges"].items():
        if hex_id not in inside:
            continue
        x, y = city_xy(b, hex_id)
        colour = theme.side_colour(sg["by"])
        d.ellipse((x - r * 0.42, y - r * 0.42, x + r * 0.42, y + r * 0.42), outline=colour,
                  width=4)
        # left of the ring: above it stands the city's name, below it the stacks
        text_c(d, (x - r * 0.46, y), f"SIEGE {sg['morale']}", "cond-bold",
               max(9, int(r * 0.26)), theme.WHITE, halo=colour, halo_w=2, anchor="rm")

    # Region markers (control, AL, ML, multiplier).
    for region, (x, y) in b.region_label.items():
        reg = view["regions"].get(region)
        if reg is None:
            continue
        _region_marker(d, x, y - r * basemap.MARKER_DY, r, comps.regions[region].name, reg)

    # Raids this year (15.2), over the Area's name (under the region's marker where that
    # stands in the name's place); stacks stand lower in the hex.
    markers = set(b.region_label.values())
    for area, n in view.get("raided", {}).items():
        if n and area in b.area_label:
            x, y = b.area_label[area]
            dy = 0.22 if (x, y) in markers else -0.42
            text_c(d, (x, y + r * dy), f"raided ×{n}", "cond-bold", max(9, int(r * 0.26)),
                   RAID, halo=theme.PAPER)

    # The battle and the attacks declared.
    battle = view.get("battle")
    if battle and battle.get("hex") in inside:
        x, y = b.centre(battle["hex"])
        d.ellipse((x - r * 0.95, y - r * 0.95, x + r * 0.95, y + r * 0.95), outline=theme.GOLD,
                  width=5)
    for attack in view.get("attacks", []):
        if attack.get("hex") in inside and attack.get("origin") in inside:
            side = next((view["units"][u]["side"] for u in attack.get("units", [])
                         if u in view["units"]), "none")
            _arrow(d, b.centre(attack["origin"]), b.centre(attack["hex"]),
                   theme.side_colour(side), r)

    # Stacks.
    size = max(18, int(r * 0.6))
    for hex_id, items in stacks(view).items():
        for k, (side, types, names) in enumerate(items):
            if hex_id in inside:
                x, y = stack_xy(b, hex_id, k, len(items))
            else:
                x, y = at_edge(b, hex_id)
            flag = names[0] + (f" +{len(names) - 1}" if len(names) > 1 else "") if names else ""
            counter(d, x, y, size, side_of(view, side), len(types), caption(types), flag)

    _sicily(d, b, view)
    _banner(d, b, view)
    _strip(d, b, view)
    return png.encode(img, b.palette)


def sicily_lines(view: dict[str, Any]) -> list[tuple[str, str]]:
    """The Sicily box's lines (text, side colour); none when there is nothing to show."""
    box = view.get("sicily")
    if not box:
        return []
    out: list[tuple[str, str]] = []
    for side in sorted(view["treasury"]):
        for where, label in (("sicily", "in Sicily"), ("leaving", "leaving")):
            types = [u["type"] for u in view["units"].values()
                     if u["where"] == where and u["side"] == side]
            names = sorted(n for n, x in view["leaders"].items()
                           if x["where"] == where and x["side"] == side)
            if types or names:
                who = f" · {', '.join(names)}" if names else ""
                out.append((f"{SIDE_NAME.get(side, side)} {label}: "
                            f"{caption(types) or 'no units'}{who}", side))
    result = box.get("result")
    if result:
        extra = f", tribute {box['tribute']}" if box.get("tribute") else ""
        out.append((f"Resolved: {result['band']}{extra}", "neutral"))
    elif box.get("escalations"):
        out.append((f"Escalations: {box['escalations']} (no one leaves)", "neutral"))
    return out


def _sicily(d: ImageDraw.ImageDraw, b: Base, view: dict[str, Any]) -> None:
    lines = sicily_lines(view)
    if not lines:
        return
    size = 14
    w = max(d.textlength(t, font=font("sans", size)) for t, _ in lines) + 20
    w = max(w, 120)
    x0, y0 = 10, BANNER_H + 10
    h = 30 + 20 * len(lines)
    d.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=6, fill=theme.PAPER,
                        outline=theme.INK, width=2)
    text_c(d, (x0 + 10, y0 + 14), "Sicily (19.0)", "bold", 15, theme.INK, anchor="lm")
    for k, (text, side) in enumerate(lines):
        colour = theme.INK if side == "neutral" else theme.side_colour(side)
        text_c(d, (x0 + 10, y0 + 36 + 20 * k), text, "sans", size, colour, anchor="lm")


def _tag(d: ImageDraw.ImageDraw, b: Base, hex_id: str, text: str, side: str, where: int) -> None:
    x, y = b.centre(hex_id)
    r = b.grid.radius
    x += where * r * 0.52
    y -= r * 0.18
    fs = max(8, int(r * 0.24))
    w = fs * len(text) * 0.62 + 4
    d.rounded_rectangle((x - w / 2, y - fs * 0.7, x + w / 2, y + fs * 0.7), radius=2,
                        fill=theme.side_colour(side), outline=theme.INK)
    text_c(d, (x, y), text, "cond-bold", fs, theme.WHITE)


def _region_marker(d: ImageDraw.ImageDraw, x: float, y: float, r: float, name: str,
                   reg: dict[str, Any]) -> None:
    colour = theme.side_colour(reg["side"] if reg["side"] in theme.SIDE else "neutral")
    fs = max(10, int(r * 0.3))
    top = name.upper()
    mult = "–" if reg['mult'] is None else reg['mult']  # a neutral region pays nothing
    bottom = f"AL {reg['al']} · ML {reg['ml']} · ×{mult}"
    w = max(d.textlength(top, font=font("cond-bold", fs)),
            d.textlength(bottom, font=font("cond-bold", fs))) + 10
    d.rounded_rectangle((x - w / 2, y - fs * 1.25, x + w / 2, y + fs * 1.25), radius=5,
                        fill=colour, outline=theme.INK, width=2)
    text_c(d, (x, y - fs * 0.6), top, "cond-bold", fs, theme.WHITE)
    text_c(d, (x, y + fs * 0.6), bottom, "cond-bold", fs, theme.WHITE)


def _arrow(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float],
           colour: theme.RGB, r: float) -> None:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    a = (p[0] + ux * r * 0.3, p[1] + uy * r * 0.3)
    tip = (q[0] - ux * r * 0.3, q[1] - uy * r * 0.3)
    d.line([a, tip], fill=colour, width=5)
    bx, by = tip[0] - ux * 12, tip[1] - uy * 12
    d.polygon([tip, (bx - uy * 8, by + ux * 8), (bx + uy * 8, by - ux * 8)], fill=colour)


def at_edge(b: Base, hex_id: str) -> tuple[float, float]:
    """A stack outside the window stands on its edge, towards where it is."""
    x, y = b.centre(hex_id)
    m = b.grid.radius * 0.6
    return min(max(x, m), b.width - m), min(max(y, BANNER_H + m), b.map_bottom - m)


def _banner(d: ImageDraw.ImageDraw, b: Base, view: dict[str, Any]) -> None:
    d.rectangle((0, 0, b.width, BANNER_H), fill=theme.BANNER)
    ct = f" · Campaign Turn {view['ct']}" if view["ct"] else ""
    title = f"{view['season_name']} {view['year']} BC{ct}"
    text_c(d, (14, BANNER_H / 2 - 9), title, "serif-bold", 22, theme.BANNER_TEXT, anchor="lm")
    common = view.get("common") or {}
    to_act = common.get("to_act") or []
    result = view.get("result")
    if result:
        sub = f"Game over: {result.get('reason', '')}"
    elif to_act:
        sub = "To act: " + ", ".join(SIDE_NAME.get(s, s) for s in to_act)
    else:
        sub = ""
    viewer = view.get("viewer")
    if viewer:
        sub = f"{SIDE_NAME.get(viewer, viewer)}'s map" + (f" · {sub}" if sub else "")
    text_c(d, (14, BANNER_H / 2 + 14), sub, "sans", 14, theme.BANNER_TEXT, anchor="lm")
    treasuries(d, view, b.width - 14, 12, BANNER_H - 12, 17)


def treasuries(d: ImageDraw.ImageDraw, view: dict[str, Any], right: float, top: float,
               bottom: float, size: int) -> None:
    """Each side's talents (5.1) on a pill of its colour, right-aligned at `right`."""
    x = right
    for side in reversed(sorted(view["treasury"])):
        label = f"{SIDE_NAME.get(side, side)} {view['treasury'][side]} T"
        w = d.textlength(label, font=font("bold", size)) + 16
        d.rounded_rectangle((x - w, top, x, bottom), radius=6, fill=theme.side_colour(side))
        text_c(d, (x - w / 2, (top + bottom) / 2), label, "bold", size, theme.WHITE)
        x -= w + 10


def _strip(d: ImageDraw.ImageDraw, b: Base, view: dict[str, Any]) -> None:
    """The region track: one column per region in play (AL, ML, multiplier, BTV), then
    the units each side has lost."""
    comps = load_components()
    regions = [r for r in view["regions"] if r in b.in_play]
    top = b.map_bottom + 10
    lost = Counter(u["side"] for u in view["units"].values() if u["where"] == "dead")
    right = 190
    cw = (b.width - 20 - right) / max(1, len(regions))
    for i, region in enumerate(regions):
        reg = view["regions"][region]
        x0 = 10 + i * cw
        colour = theme.side_colour(reg["side"] if reg["side"] in theme.SIDE else "neutral")
        d.rounded_rectangle((x0 + 2, top, x0 + cw - 2, top + 28), radius=4, fill=colour)
        name, fs = fit_text(comps.regions[region].name, "cond-bold", 14, cw - 10)
        text_c(d, (x0 + cw / 2, top + 14), name, "cond-bold", fs, theme.WHITE)
        for k, (label, value, lo, hi) in enumerate((("AL", reg["al"], -4, 20),
                                                    ("ML", reg["ml"], 1, 20))):
            y = top + 42 + k * 30
            if cw < 72:  # the whole map's 26 regions: figures only, no bars
                text_c(d, (x0 + cw / 2, y), f"{label} {value}", "cond-bold", 12, theme.INK)
                continue
            text_c(d, (x0 + 6, y), label, "cond-bold", 13, theme.INK, anchor="lm")
            # narrow columns when the whole map is in play (26 regions): the bar shrinks
            bx0 = x0 + min(28, cw * 0.3)
            bx1 = max(bx0 + 2, x0 + cw - min(34, cw * 0.35))
            d.rectangle((bx0, y - 6, bx1, y + 6), outline=theme.INK, fill=theme.WHITE)
            t = (max(lo, min(hi, value)) - lo) / (hi - lo)
            d.rectangle((bx0, y - 6, bx0 + (bx1 - bx0) * t, y + 6), fill=colour)
            text_c(d, (x0 + cw - 8, y), str(value), "bold", 14, theme.INK, anchor="rm")
        mult = "–" if reg["mult"] is None else reg["mult"]  # a neutral region pays nothing
        label, fs = fit_text(f"×{mult} · BTV {comps.regions[region].btv}", "cond", 12 if cw < 72 else 13, cw - 4)
        text_c(d, (x0 + cw / 2, top + 114), label, "cond", fs, theme.INK)
    x = b.width - right + 6
    text_c(d, (x, top + 12), "Units lost", "bold", 14, theme.INK, anchor="lm")
    for k, side in enumerate(sorted(view["treasury"])):
        text_c(d, (x, top + 40 + k * 26), f"{SIDE_NAME.get(side, side)}: {lost[side]}", "sans",
               14, theme.side_colour(side), anchor="lm")
