"""The Epic player aids, drawn from a view (what `/hand` shows, since the Argive League
deals no cards):

- the treasuries (5.1);
- the AL and ML tracks (4.1, 4.2) of every region in play: AL from -4 to 20, ML from 1 to
  20, each marker in the region's controller's colour, with the tribute multiplier and BTV;
- the leaders: on the map (with their land/sea ratings, 17.4.2), in the Force Pools, and
  the names face down in each Leader Pool (7.8.4: the view gives them sorted, never in
  their drawing order);
- the Force Pools (7.3) and the units lost, per region and type;
- the Areas raided this year (15.2).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.epic.components import load_components

from .. import png, theme
from ..pieces.primitives import fit_paragraph, fit_text, text_c
from .mapdraw import SIDE_NAME, TYPE_LETTER, seated, treasuries

WIDTH = 1000
PAD = 16
HEAD = 56
NAME_W = 150
ROW = 22
AL_RANGE = (-4, 20)  # rule 4.1
ML_RANGE = (1, 20)  # rule 4.2


def _colour(side: str | None) -> theme.RGB:
    return theme.side_colour(side if side in theme.SIDE else "neutral")


def render(view: dict[str, Any]) -> bytes:
    view = seated(view)  # three or four players: each ally in his own colour
    return png.encode(render_image(view))


def _sections(view: dict[str, Any]) -> list[tuple[str, list[tuple[str, theme.RGB]]]]:
    """The text sections under the tracks: (title, [(line, colour)])."""
    comps = load_components()
    out: list[tuple[str, list[tuple[str, theme.RGB]]]] = []
    for side in sorted(view["treasury"]):
        lines: list[tuple[str, theme.RGB]] = []
        ink = _colour(side)
        on_map = [f"{n} ({x['land']}/{x['sea']}) at {x['hex']}" for n, x in view["leaders"].items()
                  if x["side"] == side and x["where"] == "map"]
        in_pool = [f"{n} ({x['land']}/{x['sea']}) in {x['region']}" for n, x in view["leaders"].items()
                   if x["side"] == side and x["where"] == "force"]
        lines.append(("Leaders on the map: " + (", ".join(on_map) or "none"), ink))
        lines.append(("Leaders in Force Pools: " + (", ".join(in_pool) or "none"), ink))
        face_down = view["leader_pool"].get(side, [])
        lines.append((f"Leader Pool, face down ({len(face_down)}): "
                      + (", ".join(face_down) or "empty"), ink))
        pools: dict[str, Counter[str]] = defaultdict(Counter)
        lost: Counter[str] = Counter()
        for u in view["units"].values():
            if u["side"] != side:
                continue
            if u["where"] == "pool":
                pools[u["home"]][u["type"]] += 1
            elif u["where"] == "dead":
                lost[u["type"]] += 1
        pool_text = "; ".join(
            f"{comps.regions[r].name if r in comps.regions else r} "
            + " ".join(f"{n[t]}{TYPE_LETTER[t]}" for t in TYPE_LETTER if n[t])
            for r, n in sorted(pools.items()))
        lines.append(("Force Pools: " + (pool_text or "empty"), ink))
        lines.append(("Units lost: " + (" ".join(f"{lost[t]}{TYPE_LETTER[t]}" for t in TYPE_LETTER
                                                 if lost[t]) or "none"), ink))
        out.append((f"{SIDE_NAME.get(side, side)}: {view['treasury'][side]} talents", lines))
    raided = [f"{comps.areas[a].name if a in comps.areas else a} ×{n}"
              for a, n in sorted(view.get("raided", {}).items()) if n]
    out.append(("Raided this year (15.2)", [(", ".join(raided) or "none", theme.INK)]))
    built = [c for c in view.get("built_walls", []) if c not in view["unwalled"]]
    down = [c for c in view["unwalled"] if c in comps.cities and comps.cities[c].walled
            or c in view.get("built_walls", [])]
    if built or down:  # walls built in play (7.6.4), pulled down or razed (11.3)
        out.append(("City walls changed in play", [
            ("Built: " + (", ".join(built) or "none"), theme.INK),
            ("Down: " + (", ".join(down) or "none"), theme.INK)]))
    return out


def render_image(view: dict[str, Any]) -> Image.Image:
    comps = load_components()
    regions = list(view["regions"])
    sections = _sections(view)
    wrapped = [(title, [(w, ink) for text, ink in lines
                        for w in fit_paragraph(text, "sans", 13, WIDTH - 2 * PAD, 1e6)[0]])
               for title, lines in sections]
    tracks_h = 30 + len(regions) * (2 * ROW + 8)
    text_h = sum(28 + 18 * len(lines) for _, lines in wrapped)
    img = Image.new("RGB", (WIDTH, HEAD + tracks_h + text_h + 2 * PAD), theme.PAPER)
    d = ImageDraw.Draw(img)

    d.rectangle((0, 0, WIDTH, HEAD), fill=theme.BANNER)
    who = SIDE_NAME.get(view.get("viewer") or "", "")
    text_c(d, (PAD, HEAD / 2), f"Player aids{' · ' + who if who else ''} · {view['season_name']} "
           f"{view['year']} BC", "serif-bold", 20, theme.BANNER_TEXT, anchor="lm")
    treasuries(d, view, WIDTH - PAD, 12, HEAD - 12, 16)

    y = HEAD + PAD
    x0 = PAD + NAME_W + 30
    cells = AL_RANGE[1] - AL_RANGE[0] + 1
    cw = (WIDTH - PAD - x0 - 70) / cells
    for i in range(cells):  # the scale along the top
        v = AL_RANGE[0] + i
        text_c(d, (x0 + i * cw + cw / 2, y + 8), str(v), "cond", 11, theme.INK)
    y += 22
    for region in regions:
        reg = view["regions"][region]
        colour = _colour(reg["side"])
        name = comps.regions[region].name if region in comps.regions else region
        d.rounded_rectangle((PAD, y, PAD + NAME_W, y + 2 * ROW), radius=4, fill=colour)
        label, fs = fit_text(name, "cond-bold", 15, NAME_W - 10)
        text_c(d, (PAD + 8, y + ROW * 0.6), label, "cond-bold", fs, theme.WHITE, anchor="lm")
        btv = comps.regions[region].btv if region in comps.regions else "?"
        text_c(d, (PAD + 8, y + ROW * 1.45), f"×{reg['mult']} · BTV {btv}", "cond", 12,
               theme.WHITE, anchor="lm")
        for k, (label, value, (lo, hi)) in enumerate((("AL", reg["al"], AL_RANGE),
                                                       ("ML", reg["ml"], ML_RANGE))):
            ry = y + k * ROW
            text_c(d, (x0 - 8, ry + ROW / 2), label, "cond-bold", 12, theme.INK, anchor="rm")
            for i in range(cells):
                v = AL_RANGE[0] + i
                cx0 = x0 + i * cw
                off = not (lo <= v <= hi)
                d.rectangle((cx0, ry + 2, cx0 + cw, ry + ROW - 1),
                            fill=theme.LAND_SHADE if off else theme.WHITE, outline=theme.GRID_LAND)
                if v == value:
                    d.ellipse((cx0 + 2, ry + 3, cx0 + cw - 2, ry + ROW - 2), fill=colour,
                              outline=theme.INK)
            text_c(d, (WIDTH - PAD, ry + ROW / 2), f"{label} {value}", "bold", 13, theme.INK,
                   anchor="rm")
        y += 2 * ROW + 8

    y += 6
    for title, lines in wrapped:
        text_c(d, (PAD, y + 12), title, "bold", 15, theme.INK, anchor="lm")
        y += 28
        for text, ink in lines:
            text_c(d, (PAD, y + 8), text, "sans", 13, ink, anchor="lm")
            y += 18
    return img
