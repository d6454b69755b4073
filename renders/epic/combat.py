"""The Epic combat display: one battle record (a `battle_end` event's battle or the view's
battle in progress), drawn from the record alone.

- the heading: where (city, hex or sea Area), who attacked whom, fortress or sea, winner;
- both sides' units: type, home region and morale at the end; retreated ones dimmed,
  eliminated ones struck out; the leaders with each side;
- every round (17.3): the odds and the shifts the rules applied, then the whole Combat
  Results Table row of the column used (die 1 to 6, attacker/defender results, 17.5)
  with the rolled die's cell in gold and the die itself;
- under it each unit's morale check as the record gives it, with its die (17.5.3);
- cavalry pursuit (17.9) the same way, and any other line as text;
- wing combat (App. D): each unit's wing as a corner letter (L, C, R; the view hides the
  other side's until both have deployed), each wing's round headed with its wing.

The rules word a round "Round N: <shifts>: column <odds>, die <d>: <att>/<def> (17.5)" and
a check "<unit> rolls <d>[+p] against <m>: <what became of it>"; lines of other shapes are
drawn as plain text, so a change of wording loses dice, never lines.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.epic.components import load_components

from .. import png, theme
from ..pieces.primitives import die, fit_text, text_c

WIDTH = 1000
PAD = 18
HEAD = 62
UNIT = 40
ROUND_H = 64
LINE_H = 28
DIE = 20
MAX_LINES = 40  # a longer record shows its last lines, saying how many came before

WING = r"(?:(?P<wing>Left|Centre|Right) wing: )?"  # App. D: a wing's lines
ROUND = re.compile(WING + r"Round (?P<n>\d+): (?P<notes>.*): column (?P<odds>\d-\d), die (?P<die>\d): "
                   r"(?P<att>[^/]+)/(?P<dfn>\S+) \(17\.5\)$")
PURSUIT = re.compile(r"^Cavalry pursuit: (?P<n>\d+) cavalry, column (?P<odds>\d-\d), "
                     r"die (?P<die>\d): (?P<dfn>\S+) \(17\.9\)$")
CHECK = re.compile(r"^" + WING + r"(?P<unit>\S+) rolls (?P<die>\d)(?:\+(?P<plus>\d))? against (?P<m>\d+)"
                   r"(?:, cannot retreat, then (?P<second>\d))?: (?P<what>.+)$")
TYPE_LETTER = {"hoplite": "H", "light": "L", "cavalry": "C", "fleet": "F"}


def unit_type(uid: str, view: dict[str, Any] | None) -> str:
    """A unit's type from the viewer's view, else from its id ("<home>-<type>-<n>"); the
    city's own garrison fights as light infantry (18.3)."""
    if view and uid in view.get("units", {}):
        return str(view["units"][uid]["type"])
    parts = uid.split("-")
    return next((p for p in parts if p in TYPE_LETTER), "light")


def unit_home(uid: str, view: dict[str, Any] | None) -> str:
    if uid == "garrison":
        return "garrison"
    if view and uid in view.get("units", {}):
        return str(view["units"][uid]["home"])
    return uid.rsplit("-", 2)[0]


def where(battle: dict[str, Any]) -> str:
    comps = load_components()
    h = battle["hex"]
    if h in comps.areas:
        return comps.areas[h].name
    name = comps.city_at.get(h)
    area = comps.hexes[h].area if h in comps.hexes else None
    area_name = comps.areas[area].name if area else ""
    return f"{name} ({h})" if name else f"{h}, {area_name}" if area_name else h


def crt_row(odds: str) -> list[tuple[str, str]]:
    for col in load_components().crt.columns:
        if col.odds == odds:
            return [(a, b) for a, b in col.results]
    return []


def _side_of(battle: dict[str, Any]) -> dict[str, str]:
    out = {u: battle["attacker"] for u in battle.get("att", []) + battle.get("waiting_cavalry", [])}
    out.update({u: battle["defender"] for u in battle.get("dfn", []) + battle.get("reserve", [])})
    return out


def _height(lines: list[str], skipped: bool, unit_rows: int) -> int:
    top = HEAD + 30 + unit_rows * (UNIT + 34) + 10
    body = sum(ROUND_H if ROUND.match(x) or PURSUIT.match(x) else LINE_H for x in lines)
    return top + body + (LINE_H if skipped else 0) + PAD


def render(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    return png.encode(render_image(battle, viewer_view))


def render_image(battle: dict[str, Any], view: dict[str, Any] | None = None) -> Image.Image:
    lines = list(battle.get("lines", []))
    skipped = max(0, len(lines) - MAX_LINES)
    lines = lines[skipped:]
    att_side, dfn_side = battle["attacker"], battle["defender"]
    per_row = (WIDTH // 2 - 2 * PAD) // (UNIT + 14)
    att = battle.get("att", []) + battle.get("waiting_cavalry", [])
    dfn = battle.get("dfn", []) + battle.get("reserve", [])
    unit_rows = max(1, -(-max(len(att), len(dfn)) // per_row))
    img = Image.new("RGB", (WIDTH, _height(lines, bool(skipped), unit_rows)), theme.PAPER)
    d = ImageDraw.Draw(img)

    d.rectangle((0, 0, WIDTH, HEAD), fill=theme.BANNER)
    kind = "Sea battle" if battle.get("sea") else "Assault" if battle.get("fortress") else "Battle"
    text_c(d, (PAD, 22), f"{kind} at {where(battle)}", "bold", 21, theme.BANNER_TEXT, anchor="lm")
    rounds = battle.get("rounds", 0)
    text_c(d, (PAD, 47), f"{att_side.title()} attacks {dfn_side.title()} · {rounds} round"
           f"{'s' if rounds != 1 else ''}", "sans", 13, theme.BANNER_TEXT, anchor="lm")
    if battle.get("winner") in (att_side, dfn_side, "att", "dfn"):
        won = {"att": att_side, "dfn": dfn_side}.get(battle["winner"], battle["winner"])
        text_c(d, (WIDTH - PAD, HEAD / 2), f"{won.title()} wins", "bold", 20,
               theme.mix(theme.side_colour(won), theme.WHITE, 0.35), anchor="rm")

    y = HEAD + 8
    for col, (side, units, leaders) in enumerate(
            ((att_side, att, battle.get("att_leaders", [])),
             (dfn_side, dfn, battle.get("dfn_leaders", [])))):
        x0 = PAD + col * WIDTH // 2
        lead = f" · led by {', '.join(leaders)}" if leaders else ""
        text_c(d, (x0, y + 8), f"{'Attacker' if col == 0 else 'Defender'}: {side.title()}{lead}",
               "bold", 14, theme.side_colour(side), anchor="lm")
        for i, uid in enumerate(units):
            cx = x0 + UNIT / 2 + (i % per_row) * (UNIT + 14)
            cy = y + 30 + UNIT / 2 + (i // per_row) * (UNIT + 34)
            _unit(d, cx, cy, uid, side, battle, view)

    y = HEAD + 30 + unit_rows * (UNIT + 34) + 10
    if skipped:
        text_c(d, (PAD, y + LINE_H / 2), f"… {skipped} earlier lines", "sans", 13, theme.INK,
               anchor="lm")
        y += LINE_H
    sides = _side_of(battle)
    for line in lines:
        m = ROUND.match(line) or PURSUIT.match(line)
        if m is not None:
            _round(d, y, m, line.startswith("Cavalry"), att_side)
            y += ROUND_H
            continue
        c = CHECK.match(line)
        who = c["unit"] if c is not None else line.split(" ", 1)[0]
        colour = theme.side_colour(sides.get(who, "none"))
        if c is not None:
            die(d, PAD + 30, y + LINE_H / 2, DIE, int(c["die"]), False, colour)
            x = PAD + 30 + DIE
            if c["second"]:
                die(d, x + 6, y + LINE_H / 2, DIE, int(c["second"]), False, colour)
                x += DIE + 6
            body = (f"{c['unit']}: {c['die']}{'+' + c['plus'] if c['plus'] else ''} against "
                    f"morale {c['m']}" + (f", no retreat, then {c['second']}" if c["second"]
                                          else "") + f": {c['what']}")
        else:
            x, body = PAD + 10, line
        text, fs = fit_text(body, "sans", 14, WIDTH - x - PAD - 8)
        text_c(d, (x + 8, y + LINE_H / 2), text, "sans", fs, colour, anchor="lm")
        y += LINE_H
    return img


def _unit(d: ImageDraw.ImageDraw, cx: float, cy: float, uid: str, side: str,
          battle: dict[str, Any], view: dict[str, Any] | None) -> None:
    dead = uid in battle.get("dead", [])
    gone = uid in battle.get("retreat", [])
    colour_side = side if side in theme.SIDE else "none"
    letter = TYPE_LETTER.get(unit_type(uid, view), "?")
    morale = battle.get("morale", {}).get(uid, "")
    dark = theme.SIDE_DARK.get(colour_side, theme.INK)
    d.rounded_rectangle((cx - UNIT / 2 + 2, cy - UNIT / 2 + 2, cx + UNIT / 2 + 2, cy + UNIT / 2 + 2),
                        radius=3, fill=dark)
    d.rounded_rectangle((cx - UNIT / 2, cy - UNIT / 2, cx + UNIT / 2, cy + UNIT / 2), radius=3,
                        fill=theme.mix(theme.side_colour(colour_side), theme.PAPER,
                                       0.55 if gone or dead else 0.0),
                        outline=dark)
    text_c(d, (cx, cy - 6), letter, "bold", 18, theme.WHITE)
    text_c(d, (cx, cy + 12), f"m{morale}", "cond-bold", 11, theme.WHITE)
    wing = ((battle.get("wings") or {}).get("at", {}).get(side) or {}).get(uid)
    if wing:  # App. D
        text_c(d, (cx - UNIT / 2 + 7, cy - UNIT / 2 + 8), wing[0].upper(), "cond-bold", 10,
               theme.WHITE)
    home, fs = fit_text(unit_home(uid, view).replace("-", " ").title(), "cond", 10, UNIT + 12)
    text_c(d, (cx, cy + UNIT / 2 + 8), home, "cond", fs, theme.INK)
    if dead:
        h = UNIT / 2 + 2
        d.line((cx - h, cy - h, cx + h, cy + h), fill=theme.INK, width=3)
        d.line((cx - h, cy + h, cx + h, cy - h), fill=theme.INK, width=3)
    elif gone:
        text_c(d, (cx, cy + UNIT / 2 + 20), "retreated", "cond", 10, theme.INK)


def _round(d: ImageDraw.ImageDraw, y: float, m: re.Match[str], pursuit: bool, attacker: str) -> None:
    """A round's heading and the CRT row of its column, the rolled die's cell in gold."""
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=theme.GRID_LAND, width=1)
    rolled = int(m["die"])
    if pursuit:
        head, notes = "Pursuit", f"{m['n']} cavalry (17.9)"
    else:
        head, notes = f"Round {m['n']}", m["notes"]
        if m["wing"]:
            head = f"{m['wing']}, round {m['n']}"
    head, hs = fit_text(head, "bold", 15, 104)
    text_c(d, (PAD, y + 16), head, "bold", hs, theme.INK, anchor="lm")
    text, fs = fit_text(f"{notes} → column {m['odds']}", "sans", 13, 380)
    text_c(d, (PAD + 110, y + 16), text, "sans", fs, theme.INK, anchor="lm")
    die(d, PAD + 16, y + 44, 24, rolled, True, theme.side_colour(attacker))
    row = crt_row(m["odds"])
    x0, cw = 500, (WIDTH - PAD - 500) / 6
    text_c(d, (x0 - 8, y + 16), "die", "cond", 12, theme.INK, anchor="rm")
    text_c(d, (x0 - 8, y + 44), "att/def", "cond", 12, theme.INK, anchor="rm")
    for i, (ra, rd) in enumerate(row):
        cx0 = x0 + i * cw
        fill = theme.GOLD if i + 1 == rolled else theme.WHITE
        d.rectangle((cx0, y + 6, cx0 + cw - 2, y + 58), fill=fill, outline=theme.INK)
        text_c(d, (cx0 + cw / 2, y + 16), str(i + 1), "bold", 13, theme.INK)
        text_c(d, (cx0 + cw / 2, y + 42), f"{ra} / {rd}", "bold", 16, theme.INK)
    text_c(d, (PAD + 40, y + 44), f"CRT {m['odds']}: {m['att'] if not pursuit else '—'} / "
           f"{m['dfn']}", "bold", 14, theme.INK, anchor="lm")
