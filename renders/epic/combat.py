"""The Epic combat display: one battle record (a `battle_end` event's battle or the view's
battle in progress), drawn from the record alone.

- the heading: where (city, hex or sea Area), who attacked whom, fortress or sea, winner;
- both sides' units: type, home region and morale at the end; retreated ones dimmed,
  eliminated ones struck out; the leaders with each side;
- every round (17.3): the odds and the shifts the rules applied, then the whole Combat
  Results Table row of the column used (die 1 to 6, attacker/defender results, 17.5)
  with the rolled die's cell in gold and the die itself;
- under it each unit's morale check as the record gives it, with its die (17.5.3);
- cavalry pursuit (17.9) the same way, and any other step (a breach, wings regrouping) as
  a line of text;
- wing combat (App. D): each unit's wing as a corner letter (L, C, R; the view hides the
  other side's until both have deployed), each wing's round headed with its wing.

Everything is read from the battle's record (engine/core/battle_record.py; the Epic's step
kinds and facts in engine/rulesets/epic/battle_text.py): the column, the dice and the
results are facts, so no wording the rules choose can change the picture.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.epic.battle_text import CHECK_RESULTS, shift_notes, step_text
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
MAX_LINES = 40  # a longer record shows its last steps, saying how many came before
ROLLS = ("crt", "pursuit")  # steps drawn with their CRT row
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


Told = tuple[dict[str, Any], dict[str, Any]]  # (round, step)


def steps(battle: dict[str, Any]) -> list[Told]:
    """Every step of the battle's record with its round, in order."""
    record = battle.get("record") or {"rounds": []}
    return [(rnd, step) for rnd in record["rounds"] for step in rnd["steps"]]


def _height(told: list[Told], skipped: bool, unit_rows: int) -> int:
    top = HEAD + 30 + unit_rows * (UNIT + 34) + 10
    body = sum(ROUND_H if step["kind"] in ROLLS else LINE_H for _, step in told)
    return top + body + (LINE_H if skipped else 0) + PAD


def render(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    return png.encode(render_image(battle, viewer_view))


def render_image(battle: dict[str, Any], view: dict[str, Any] | None = None) -> Image.Image:
    told = steps(battle)
    skipped = max(0, len(told) - MAX_LINES)
    told = told[skipped:]
    att_side, dfn_side = battle["attacker"], battle["defender"]
    per_row = (WIDTH // 2 - 2 * PAD) // (UNIT + 14)
    att = battle.get("att", []) + battle.get("waiting_cavalry", [])
    dfn = battle.get("dfn", []) + battle.get("reserve", [])
    unit_rows = max(1, -(-max(len(att), len(dfn)) // per_row))
    img = Image.new("RGB", (WIDTH, _height(told, bool(skipped), unit_rows)), theme.PAPER)
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
        text_c(d, (PAD, y + LINE_H / 2), f"… {skipped} earlier steps", "sans", 13, theme.INK,
               anchor="lm")
        y += LINE_H
    for rnd, step in told:
        if step["kind"] in ROLLS:
            _round(d, y, rnd, step, att_side)
            y += ROUND_H
            continue
        colour = theme.side_colour(step.get("side", "none"))
        if step["kind"] == "check":
            f, dice = step["facts"], step["dice"]
            die(d, PAD + 30, y + LINE_H / 2, DIE, dice[0], False, colour)
            x = PAD + 30 + DIE
            if len(dice) > 1:
                die(d, x + 6, y + LINE_H / 2, DIE, dice[1], False, colour)
                x += DIE + 6
            body = (f"{step['unit']}: {dice[0]}{'+' + str(f['plus']) if f['plus'] else ''} "
                    f"against morale {f['morale']}"
                    + (f", no retreat, then {dice[1]}" if len(dice) > 1 else "")
                    + f": {CHECK_RESULTS[f['result']]}")
        else:
            x, body = PAD + 10, step_text(step, rnd["number"])  # type: ignore[arg-type]
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


def _round(d: ImageDraw.ImageDraw, y: float, rnd: dict[str, Any], step: dict[str, Any],
           attacker: str) -> None:
    """A round's heading and the CRT row of its column, the rolled die's cell in gold."""
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=theme.GRID_LAND, width=1)
    f = step["facts"]
    rolled = int(step["dice"][0])
    pursuit = step["kind"] == "pursuit"
    if pursuit:
        head, notes = "Pursuit", f"{f['cavalry']} cavalry (17.9)"
    else:
        head, notes = f"Round {rnd['number']}", ", ".join(shift_notes(f))
        if rnd.get("label") in ("left", "centre", "right"):
            head = f"{str(rnd['label']).title()}, round {rnd['number']}"
    head, hs = fit_text(head, "bold", 15, 104)
    text_c(d, (PAD, y + 16), head, "bold", hs, theme.INK, anchor="lm")
    row = crt_row(f["column"])
    x0, cw = 500, (WIDTH - PAD - 500) / 6
    # the notes end short of the CRT row's "die" label, right-aligned at x0 - 8
    text, fs = fit_text(f"{notes} → column {f['column']}", "sans", 13, x0 - 40 - (PAD + 110))
    text_c(d, (PAD + 110, y + 16), text, "sans", fs, theme.INK, anchor="lm")
    die(d, PAD + 16, y + 44, 24, rolled, True, theme.side_colour(attacker))
    text_c(d, (x0 - 8, y + 16), "die", "cond", 12, theme.INK, anchor="rm")
    text_c(d, (x0 - 8, y + 44), "att/def", "cond", 12, theme.INK, anchor="rm")
    for i, (ra, rd) in enumerate(row):
        cx0 = x0 + i * cw
        fill = theme.GOLD if i + 1 == rolled else theme.WHITE
        d.rectangle((cx0, y + 6, cx0 + cw - 2, y + 58), fill=fill, outline=theme.INK)
        text_c(d, (cx0 + cw / 2, y + 16), str(i + 1), "bold", 13, theme.INK)
        text_c(d, (cx0 + cw / 2, y + 42), f"{ra} / {rd}", "bold", 16, theme.INK)
    ra, rd = f["results"]
    text_c(d, (PAD + 40, y + 44), f"CRT {f['column']}: {ra if not pursuit else '—'} / {rd}",
           "bold", 14, theme.INK, anchor="lm")
