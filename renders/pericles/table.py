"""Pictures of a Pericles view (the seat's, already redacted): the theater map with each
theater's pieces and its queue of markers (face down unless the view shows their kind),
the Assembly displays with their issues, the Honor and Strategos of each faction, a
battle from its record, and a hand. `RENDERER` is what the renderer registry should
name for the ruleset `pericles` (REPORT-pericles2.md)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.pericles.components import load_components
from renders import theme
from renders.fonts import font
from renders.png import encode
from renders.registry import Renderer

from .board import render_image, to_px
from .combat import render as render_combat

COLOURS: dict[str, theme.RGB] = {"aristocrats": (40, 80, 170), "demagogues": (90, 150, 230),
                                 "agiad": (170, 30, 40), "eurypontid": (220, 100, 60)}
SIDE = {"A": (40, 80, 170), "D": (235, 235, 235), "argos": (130, 80, 40),
        "S": (170, 30, 40), "P": (230, 200, 40), "persia": (20, 20, 20)}
INK, PAPER = (20, 20, 20), (250, 246, 236)
LETTER = {"military": "M", "league": "L", "diplomatic": "D", "oracle": "O", "rumor": "R"}


def _pieces(here: dict[str, dict[str, int]]) -> str:
    return " ".join(f"{o}{n['land']}/{n['naval']}/{n['bases']}" for o, n in sorted(here.items())
                    if sum(n.values()))


def theater_map(view: dict[str, Any]) -> Image.Image:
    """The map with pieces (owner land/naval/bases) and queues, bottom to top."""
    img = render_image().convert("RGB")
    d = ImageDraw.Draw(img)
    small = font("cond", 11)
    comps = load_components()
    for key, here in view.get("forces", {}).items():
        t = comps.theaters[key]
        x, y = to_px(t.lat, t.lon)
        text = _pieces(here)
        if text:
            d.text((x + 14, y + 4), text, fill=INK, font=small)
        for i, m in enumerate(view.get("queues", {}).get(key, [])):
            cx, cy = x - 12 + 11 * i, y - 26
            d.rectangle((cx, cy, cx + 10, cy + 12), fill=COLOURS[m["faction"]], outline=INK)
            if m["kind"]:
                d.text((cx + 2, cy), LETTER[m["kind"]], fill=PAPER, font=small)
        tr = view.get("treachery", {}).get(key, {})
        if any(tr.values()):
            d.text((x + 14, y + 18), " ".join(f"T{c[0].upper()}{n}" for c, n in tr.items() if n),
                   fill=(120, 0, 120), font=small)
    _honor_strip(d, view, img.width)
    return img


def _honor_strip(d: ImageDraw.ImageDraw, view: dict[str, Any], width: int) -> None:
    f = font("cond", 13)
    parts = [f"{x.title()} {view['honor'][x]} Honor, {view['strategos'][x]} St"
             for x in view["factions"]]
    d.rectangle((0, 0, width, 20), fill=PAPER)
    d.text((6, 3), "  ·  ".join(parts) + ("  ·  War" if view["war"] else "  ·  Peace"),
           fill=INK, font=f)


def assembly(view: dict[str, Any]) -> Image.Image:
    """Each city's display: the central space and boxes 1-6 on each faction's track."""
    cities = view["cities"]
    box, h = 64, 130
    img = Image.new("RGB", (box * 13 + 20, h * len(cities) + 30), PAPER)
    d = ImageDraw.Draw(img)
    f, small = font("cond", 13), font("cond", 11)
    _honor_strip(d, view, img.width)
    for row, city in enumerate(cities):
        top = 30 + row * h
        first, second = [x for x in view["factions"] if x in view["honor"]
                         and _city(x) == city] or ["", ""]
        cf = view["controlling"].get(city)
        d.text((10, top), f"{city.title()}: {first.title()} ← → {second.title()}; "
               f"governing: {str(cf).title()}", fill=INK, font=f)
        for i in range(13):
            pos = 6 - i  # + is the first faction's side
            x0 = 10 + i * box
            colour = COLOURS.get(first if pos > 0 else second, PAPER) if pos else PAPER
            d.rectangle((x0, top + 20, x0 + box - 4, top + 50), outline=INK, fill=PAPER)
            d.rectangle((x0, top + 20, x0 + box - 4, top + 25), fill=colour)
            d.text((x0 + 4, top + 26), str(abs(pos)) if pos else "Issues", fill=INK, font=small)
        stacks: dict[int, int] = {}
        for issue in view["displays"].get(city, []):
            pos = issue["box"] * (1 if issue["track"] == first else -1 if issue["track"] else 0)
            n = stacks.get(pos, 0)
            stacks[pos] = n + 1
            x0 = 10 + (6 - pos) * box
            d.text((x0 + 4, top + 54 + 13 * n), issue["kind"].replace("_", "/"), fill=INK,
                   font=small)
    return img


def _city(faction: str) -> str:
    return "athens" if faction in ("aristocrats", "demagogues") else "sparta"


def render_map(view: dict[str, Any]) -> bytes:
    """The theater map; while the Assemblies sit (issues on a display), both displays
    above it, so one post shows the debate and the map it will send markers to."""
    debating = any(view.get("displays", {}).values())
    if not view.get("forces"):
        return encode(assembly(view))
    if not debating:
        return encode(theater_map(view))
    top, below = assembly(view), theater_map(view)
    img = Image.new("RGB", (max(top.width, below.width), top.height + below.height), PAPER)
    img.paste(top, (0, 0))
    img.paste(below, (0, top.height))
    return encode(img)


def render_hand(view: dict[str, Any]) -> bytes:
    cards = view.get("hand", [])
    img = Image.new("RGB", (560, 24 * max(1, len(cards)) + 20), PAPER)
    d = ImageDraw.Draw(img)
    f = font("cond", 13)
    for i, c in enumerate(cards):
        d.text((10, 10 + 24 * i), c["label"], fill=INK, font=f)
    return encode(img)


RENDERER = Renderer(map=render_map, combat=render_combat, hand=render_hand, colours=COLOURS)
