"""The Hellenes renderer: pictures of views only (docs/rendering.md).

- map: the base map (real coastline, smooth borders and a legend, `basemap.py`) with
  each area's blocks as a compact group inside the area, clear of every City's name
  (the viewer's own with their faces, the enemy's blank and counted, 2.0), blocks
  inside a City framed white, garrisons, captured Cities, sieges in the room kept round
  each City's symbol, the Prestige track and the year and season;
- combat (`combat.py`): the battle record both players see (6.1): the revealed blocks,
  routed ones dimmed, and the attacks with their dice as they were rolled;
- hand: the viewer's cards with their coins and Events, the other side's backs counted.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.hellenes.components import FIRST_EDITION, load_components
from renders import png, theme
from renders.pieces import basecache, hands, stackfit, track
from renders.pieces.primitives import BlockFace, block, text_c
from renders.registry import Renderer

from . import combat
from .basemap import base

COLOURS = {"athens": theme.SIDE["athens"], "sparta": theme.SIDE["sparta"]}
TOP, BOTTOM = 40, 64
TRACK = 15  # 14.21: 15 wins


def _face(b: dict[str, Any]) -> BlockFace:
    return BlockFace(b["name"], b["type"], b["cv"], b.get("max", b["cv"]), b["rating"],
                     ruleset="hellenes")


Piece = tuple[str, BlockFace | None, bool, int]  # side, face (None: hidden), inside, count


def _stacks(view: dict[str, Any]) -> dict[str, list[Piece]]:
    """Per area, the pieces as drawn: the viewer's blocks one by one, the enemy's (hidden)
    as one block with a count outside the walls and one inside; Athens' before Sparta's."""
    out: dict[str, list[tuple[tuple[str, bool, int, str], Piece]]] = {}
    for b in view["blocks"]:
        out.setdefault(b["area"], []).append(
            ((b["side"], b["inside"], 0, b["id"]), (b["side"], _face(b), b["inside"], 1)))
    hidden: dict[tuple[str, str, bool], int] = {}
    for h in view["hidden_blocks"]:
        key = (h["area"], h["side"], h["inside"])
        hidden[key] = hidden.get(key, 0) + 1
    for (area, side, inside), n in hidden.items():
        out.setdefault(area, []).append(((side, inside, 1, ""), (side, None, inside, n)))
    return {area: [p for _k, p in sorted(items, key=lambda kp: kp[0])]
            for area, items in sorted(out.items())}


@lru_cache(maxsize=4096)
def placement(area: str, n: int) -> stackfit.Placement:
    """Where an area's `n` pieces stand on the base picture: a compact grid inside the
    area, clear of every name, City symbol, sea name and the legend where there is room,
    of names and symbols always when it can be (all on the base map, so the answer
    depends on the area and the number of pieces only). A hidden stack's count is printed
    on its face, so no piece reaches beyond its square."""
    b = base()
    return stackfit.fit([False] * n, lambda bx: b.board.is_inside(area, bx),
                        b.board.boxes[area], b.anchors[area],
                        [b.names, b.marks + [b.legend], b.labels], room=b.board.sizes[area])


def pieces_as_drawn(area: str, items: list[Piece]) -> tuple[list[Piece], stackfit.Placement]:
    """The pieces of an area and their places. Where even the smallest blocks do not fit
    clear of the names (a strip of coast such as Megara), each side's blocks outside and
    inside the walls become one block with their number, as the enemy's always are."""
    spot = placement(area, len(items))
    if spot.tier <= 2 or len(items) == 1:
        return items, spot
    merged: dict[tuple[str, bool], int] = {}
    for side, _face, inside, count in items:
        merged[(side, inside)] = merged.get((side, inside), 0) + count
    fewer: list[Piece] = [(side, None, inside, n) for (side, inside), n in merged.items()]
    if len(fewer) == len(items):
        return items, spot
    return fewer, placement(area, len(fewer))


def layout_pieces(view: dict[str, Any]) -> dict[str, list[stackfit.Box]]:
    """Every area's drawn block boxes, in base-picture pixels (the map adds TOP)."""
    return {area: list(pieces_as_drawn(area, items)[1].boxes)
            for area, items in _stacks(view).items()}


def _canvas() -> Image.Image:
    """The base with room for the banner and the Prestige track, the track's boxes drawn:
    each map copies it and draws only what the view changes."""
    b = base()
    w, h = b.image.size
    img = Image.new("RGB", (w, h + TOP + BOTTOM), theme.PAPER)
    img.paste(b.image, (0, TOP))
    track.draw(ImageDraw.Draw(img), PRESTIGE, [], *_track_box(w, h + TOP))
    return img


def _track_box(width: int, top: int) -> tuple[float, float, float]:
    """(left, top, width) of the Prestige track (14.1) under the map."""
    cw = min(40, (width - 200) // (2 * TRACK + 1))
    span = cw * (2 * TRACK + 1) + 240
    return (width - span) / 2, top + 14, span


def _map(view: dict[str, Any]) -> bytes:
    b = base()
    w, h = b.image.size
    img = basecache.get("hellenes", "canvas", _canvas).copy()
    d = ImageDraw.Draw(img)
    comps = load_components()
    for name, side in view["control"].items():
        city = comps.cities[name]
        if side and side != city.loyalty:  # a captured City (1.4)
            x, y = b.places[city.area]
            d.ellipse((x - 14, y + TOP - 14, x + 14, y + TOP + 14),
                      outline=COLOURS[side], width=3)
    for name, sg in view["sieges"].items():
        x, y = b.places[comps.cities[name].area]
        d.rectangle((x - 15, y + TOP - 15, x + 15, y + TOP + 15),
                    outline=COLOURS[sg["besieger"]], width=2)
    for name, g in view["garrisons"].items():
        x, y = b.places[comps.cities[name].area]
        d.rectangle((x + 9, y + TOP - 15, x + 15, y + TOP - 9), fill=COLOURS[g["side"]],
                    outline=theme.INK)
    for area, items in _stacks(view).items():
        drawn, spot = pieces_as_drawn(area, items)
        for (side, face, inside, count), (x, y) in zip(drawn, spot.centres):
            block(d, x, y + TOP, spot.size, side, face, count=count, in_city=inside,
                  count_inside=True)
    d.rectangle((0, 0, w, TOP - 1), fill=theme.BANNER)
    text_c(d, (w / 2, TOP / 2), view["common"]["banner"] if "common" in view else
           f"{view['season_name']} {view['year']} BC", "bold", 18, theme.BANNER_TEXT)
    _track(d, view["prestige"], w, h + TOP)
    # zlib level 3: the map has twice the pixels it had (2483x1656), level 6 would make
    # it twice as slow to encode for 20 % less file (177 KB instead of 141 KB)
    return png.encode(img, b.palette, compress_level=3)


PRESTIGE = track.Track(-TRACK, TRACK, "Sparta Wins", "Athens Wins", COLOURS["sparta"],
                       COLOURS["athens"], middle=0, absolute=True)


def _track(d: ImageDraw.ImageDraw, prestige: int, width: int, top: int) -> None:
    """The Prestige marker on the track the canvas holds: Sparta Wins at the left, Athens
    Wins at the right (14.1)."""
    track.markers(d, PRESTIGE, [(prestige, theme.INK)], *_track_box(width, top),
                  label_w=120)


def _hand(view: dict[str, Any]) -> bytes:
    """The viewer's cards face up with their coins (3.2) and Events; the other side's
    hand as backs, counted."""
    comps = load_components()
    edge = {"red": COLOURS["sparta"], "blue": COLOURS["athens"], "green": theme.SIDE["neutral"]}
    viewer = view.get("viewer")
    rows = []
    for side in ([viewer] if viewer else []) + [s for s in ("athens", "sparta") if s != viewer]:
        if side == viewer:
            printed = comps.editions[view["cards"].get("edition", FIRST_EDITION)]
            cards = tuple(hands.Card(f"#{n} {printed[n].name}", printed[n].event.text,
                                     printed[n].av, edge[printed[n].colour])
                          for n in view["cards"]["hand"])
            rows.append(hands.SeatHand(theme.SIDE_NAME[side], side, cards))
        else:
            rows.append(hands.SeatHand(theme.SIDE_NAME[side], side,
                                       hidden=view["cards"]["hand_sizes"].get(side, 0)))
    return hands.render(rows)


RENDERER = Renderer(map=_map, combat=combat.render, hand=_hand, colours=COLOURS)
