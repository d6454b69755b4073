"""The one combat display every ruleset draws (issue 31 point 2): a battle record
(engine/core/battle_record.py) in, a picture out, worded and coloured by a per-ruleset
`CombatTheme`.

The layout is the kit's: a banner (where, who attacked whom, rounds, the winner); both
sides' units as the record lists them, as they began, with their strength now, dimmed
and struck through when eliminated, dimmed when routed or gone from the field (a side
with no unit listed still shows its row, saying so); then each round's steps in order —
the acting unit, its dice (hits filled in its side's colour, half-hits half filled,
ringed dice for a ruleset's second effect) and the words its theme gives — and the
result. A theme may draw a step kind its own way (the Epic's Combat Results Table row).

Nothing here reads English: every word comes from the theme, which builds it from the
record's facts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.battle_record import Piece, Round, Step

from .. import png, theme
from .primitives import BlockFace, block, die, fit_text, text_c

RGB = theme.RGB
Record = Mapping[str, Any]  # a BattleRecord, or a ruleset's battle in progress shaped as one

WIDTH = 1000
PAD = 20
HEAD = 62
UNIT = 40
UNIT_GAP = 8
CAPTION = 24   # room under a unit for its caption (home, wing) and its fate
ROUND_H = 28
ROW_H = 36
DIE = 22
DICE_X = 300   # where a step's dice begin
MAX_DICE = 14
COMPRESS_LEVEL = 3  # a display is ~10 KB: level 6 would save 2 KB for twice the time
ELIMINATED, ROUTED, GONE, INSIDE = "eliminated", "routed", "retreated", "inside"


@dataclass(frozen=True)
class Die:
    """One die as drawn: its value, whether it scored (a full or half hit) and whether
    it is ringed (a ruleset's second effect, e.g. Hellenes' rout)."""
    value: int
    hit: bool = False
    half: bool = False
    ring: bool = False


StepDrawer = Callable[[ImageDraw.ImageDraw, float, Round, Step, "Drawn"], None]


@dataclass(frozen=True)
class Special:
    """A step kind a theme draws its own way, in a row of its own height."""
    height: int
    draw: StepDrawer


def _no_words(_record: Record) -> str:
    return ""


def _side_name(side: str) -> str:
    return theme.SIDE_NAME.get(side, side.replace("_", " ").title())


def _plain_title(record: Record) -> str:
    return f"Battle at {record.get('place', '')}"


def _round_title(rnd: Round) -> str:
    label = rnd.get("label")
    return str(label).title() if label else f"Round {rnd['number']}"


def _no_dice(step: Step) -> list[Die]:
    return [Die(int(v)) for v in step.get("dice", ())]


def _words(step: Step, names: Mapping[str, str]) -> str:
    hits = hit_words(step, names)
    return f"{step['kind']}{': ' + hits if hits else ''}"


def _actor(step: Step, names: Mapping[str, str]) -> tuple[str, str]:
    unit = step.get("unit")
    return (names.get(unit, unit) if unit else _side_name(str(step.get("side", ""))), "")


def _caption(_piece: Piece) -> str:
    return ""


@dataclass(frozen=True)
class CombatTheme:
    """What one ruleset says and shows; every field has a plain default."""
    ruleset: str
    title: Callable[[Record], str] = _plain_title
    roles: tuple[str, str] = ("Attacker", "Defender")
    side_name: Callable[[str], str] = _side_name
    colour: Callable[[str], RGB] = theme.side_colour
    round_title: Callable[[Round], str] = _round_title
    # the acting unit's name and a second, smaller line (a stage, a verb)
    actor: Callable[[Step, Mapping[str, str]], tuple[str, str]] = _actor
    dice: Callable[[Step], list[Die]] = _no_dice
    words: Callable[[Step, Mapping[str, str]], str] = _words
    result: Callable[[Record], str] = _no_words
    caption: Callable[[Piece], str] = _caption        # under a unit: its home, its wing
    side_note: Callable[[Record, str], str] = lambda _r, _s: ""  # "led by Brasidas"
    banner_note: Callable[[Record], str] = _no_words  # after the sub-title: "Land stage"
    # units the theme knows more about than the record says (routed, gone, inside walls)
    status: Callable[[Record], Mapping[str, str]] = lambda _r: {}
    names: Callable[[Record], Mapping[str, str]] = lambda r: names_of(r)  # unit id -> shown
    special: Mapping[str, Special] = field(default_factory=dict)
    round_headings: bool = True  # False: the theme's own rows head its rounds
    face_rating: bool = True  # print the unit's rating on its block (not for counters)
    max_rows: int = 40  # a longer record shows its last rows, saying how many came before


@dataclass(frozen=True)
class Drawn:
    """What a step drawer may want besides its step: the record, names and theme."""
    record: Record
    names: Mapping[str, str]
    theme: CombatTheme


def names_of(record: Record) -> dict[str, str]:
    """Each listed unit's printed name, else its id."""
    return {p["id"]: p.get("name", p["id"]) for p in record.get("forces", ())}


def strengths_now(record: Record) -> dict[str, int]:
    """Each listed unit's strength after the last hit the record shows on it."""
    now = {p["id"]: int(p["strength"]) for p in record.get("forces", ())}
    for rnd in record.get("rounds", ()):
        for step in rnd["steps"]:
            for hit in step.get("targets", ()):
                if hit["target"] in now:
                    now[hit["target"]] = int(hit["after"])
    return now


def hit_words(step: Step, names: Mapping[str, str]) -> str:
    """Where a step's hits fell, several hits in a row on one unit told as one change:
    "Thebes H 3→1; Corinth N eliminated"."""
    merged: list[dict[str, Any]] = []
    hit: Mapping[str, Any]
    for hit in step.get("targets", ()):
        half = bool((hit.get("facts") or {}).get("half"))
        if merged and merged[-1]["target"] == hit["target"]:
            merged[-1] = {**merged[-1], "after": hit["after"],
                          "half": merged[-1]["half"] and half,
                          "rout": merged[-1]["rout"] or bool(hit.get("rout"))}
        else:
            merged.append({**hit, "half": half, "rout": bool(hit.get("rout"))})
    out = []
    for h in merged:
        who = names.get(h["target"], h["target"])
        if h["after"] == 0 and h["before"] != 0:
            out.append(f"{who} eliminated")
        elif h["rout"] and h["before"] == h["after"]:
            out.append(f"{who} routed")
        elif h["half"] and h["before"] == h["after"]:
            out.append(f"{who} takes a half-hit")
        else:
            out.append(f"{who} {h['before']}→{h['after']}" + (", routed" if h["rout"] else ""))
    return "; ".join(out)


def _statuses(record: Record, th: CombatTheme, now: Mapping[str, int]) -> dict[str, str]:
    out = {uid: ELIMINATED for uid, s in now.items() if s == 0}
    for uid, st in th.status(record).items():
        out.setdefault(uid, st)
    return out


def _columns(record: Record) -> tuple[list[Piece], list[Piece]]:
    """The attacker's units, then everyone else's (allies fight beside the defender)."""
    forces = list(record.get("forces", ()))
    att = [p for p in forces if p["side"] == record.get("attacker")]
    return att, [p for p in forces if p["side"] != record.get("attacker")]


def _per_row() -> int:
    return (WIDTH // 2 - 2 * PAD) // (UNIT + UNIT_GAP)


def _rows_of(n: int) -> int:
    return max(1, -(-n // _per_row()))


def hidden_count(record: Record, side: str) -> int:
    """Units of a side in a battle still going on that the viewer may not identify
    (a record in progress may say how many: "hidden": {side: n}); drawn blank."""
    return int((record.get("hidden") or {}).get(side, 0))


Line = tuple[Round, Step | None]  # a round's heading (step None), or one of its steps


def _lines(record: Record, headings: bool) -> list[Line]:
    out: list[Line] = []
    for rnd in record.get("rounds", ()):
        if not rnd["steps"]:
            continue  # a round that recorded nothing (everyone held) takes no room
        if headings:
            out.append((rnd, None))
        out.extend((rnd, step) for step in rnd["steps"])
    return out


def _line_h(th: CombatTheme, line: Line) -> int:
    step = line[1]
    if step is None:
        return ROUND_H
    special = th.special.get(step["kind"])
    return special.height if special else ROW_H


def draw(record: Record, th: CombatTheme) -> Image.Image:
    """The display of one battle record."""
    lines = _lines(record, th.round_headings)
    skipped = max(0, len(lines) - th.max_rows)
    lines = lines[skipped:]
    att, dfn = _columns(record)
    now = strengths_now(record)
    status = _statuses(record, th, now)
    names = th.names(record)
    att_side, dfn_side = str(record.get("attacker", "")), str(record.get("defender", ""))
    unit_h = max(_rows_of(len(att) + hidden_count(record, att_side)),
                 _rows_of(len(dfn) + hidden_count(record, dfn_side))) * (UNIT + CAPTION + 10)
    top = HEAD + 34 + unit_h + 6
    result = th.result(record)
    height = (top + sum(_line_h(th, ln) for ln in lines) + (ROW_H if skipped else 0)
              + (ROW_H + 10 if result else 0) + PAD)
    img = Image.new("RGB", (WIDTH, height), theme.PAPER)
    d = ImageDraw.Draw(img)
    _banner(d, record, th)
    for col, (side, pieces) in enumerate(((record.get("attacker", ""), att),
                                          (record.get("defender", ""), dfn))):
        _side(d, PAD + col * WIDTH // 2, record, th, str(side), pieces, now, status, col,
              names)
    d.line((PAD, top - 6, WIDTH - PAD, top - 6), fill=(200, 190, 170), width=1)
    y = float(top)
    if skipped:
        text_c(d, (PAD, y + ROW_H / 2), f"… {skipped} earlier line(s)", "sans", 13, theme.INK,
               anchor="lm")
        y += ROW_H
    ctx = Drawn(record, names, th)
    for rnd, step in lines:
        if step is None:
            text_c(d, (PAD, y + ROUND_H / 2 + 2), th.round_title(rnd), "bold", 14, theme.INK,
                   anchor="lm")
        elif step["kind"] in th.special:
            th.special[step["kind"]].draw(d, y, rnd, step, ctx)
        else:
            _step_row(d, y, step, ctx)
        y += _line_h(th, (rnd, step))
    if result:
        d.line((PAD, y + 4, WIDTH - PAD, y + 4), fill=theme.INK, width=2)
        winner = record.get("winner")
        text, size = fit_text(result, "bold", 17, WIDTH - 2 * PAD)
        text_c(d, (PAD, y + 4 + ROW_H / 2 + 2), text, "bold", size,
               th.colour(winner) if winner else theme.INK, anchor="lm")
    return img


def _banner(d: ImageDraw.ImageDraw, record: Record, th: CombatTheme) -> None:
    d.rectangle((0, 0, WIDTH, HEAD), fill=theme.BANNER)
    title, size = fit_text(th.title(record), "bold", 21, WIDTH - 2 * PAD - 220)
    text_c(d, (PAD, 22), title, "bold", size, theme.BANNER_TEXT, anchor="lm")
    rounds = max([int(r["number"]) for r in record.get("rounds", ())] + [0])
    att, dfn = str(record.get("attacker", "")), str(record.get("defender", ""))
    sub = f"{th.side_name(att)} attacks {th.side_name(dfn)}"
    if rounds:
        sub += f" · {rounds} round{'s' if rounds != 1 else ''}"
    note = th.banner_note(record)
    if note:
        sub += f" · {note}"
    text_c(d, (PAD, 47), sub, "sans", 13, theme.BANNER_TEXT, anchor="lm")
    winner = record.get("winner")
    if winner:
        text_c(d, (WIDTH - PAD, HEAD / 2), f"{th.side_name(winner)} wins", "bold", 20,
               theme.mix(th.colour(winner), theme.WHITE, 0.35), anchor="rm")
    elif record.get("outcome") is None:
        text_c(d, (WIDTH - PAD, HEAD / 2), "in progress", "sans", 14, theme.BANNER_TEXT,
               anchor="rm")


def unit_centre(col: int, i: int) -> tuple[float, float]:
    """Where the i-th unit of a column (0 the attacker's, 1 the defender's) is drawn."""
    r, c = divmod(i, _per_row())
    return (PAD + col * WIDTH // 2 + UNIT / 2 + c * (UNIT + UNIT_GAP),
            HEAD + 34 + UNIT / 2 + r * (UNIT + CAPTION + 10))


def _side(d: ImageDraw.ImageDraw, x0: int, record: Record, th: CombatTheme, side: str,
          pieces: list[Piece], now: Mapping[str, int], status: Mapping[str, str],
          col: int, names: Mapping[str, str]) -> None:
    note = th.side_note(record, side)
    head = f"{th.roles[col]}: {th.side_name(side)}{' · ' + note if note else ''}"
    head, size = fit_text(head, "bold", 14, WIDTH // 2 - 2 * PAD)
    text_c(d, (x0, HEAD + 16), head, "bold", size, th.colour(side), anchor="lm")
    hidden = hidden_count(record, side)
    if not pieces and not hidden:
        # the row stays, so a side that lost everything or hid everything still shows
        text_c(d, (x0, HEAD + 34 + UNIT / 2), "no unit of it is listed in the record", "sans",
               12, (120, 114, 100), anchor="lm")
    for i, p in enumerate(pieces):
        cx, cy = unit_centre(col, i)
        _unit(d, cx, cy, p, th, now.get(p["id"], int(p["strength"])), status.get(p["id"]),
              names.get(p["id"], p["id"]))
    for i in range(len(pieces), len(pieces) + hidden):
        cx, cy = unit_centre(col, i)
        block(d, cx, cy, UNIT, side if side in theme.SIDE else "none")  # its back only


def _unit(d: ImageDraw.ImageDraw, cx: float, cy: float, p: Piece, th: CombatTheme, now: int,
          status: str | None, name: str) -> None:
    face = BlockFace(p.get("name", name), p["kind"], now, max(1, int(p["strength"])),
                     p.get("rating", "") if th.face_rating else "", ruleset=th.ruleset)
    side = p["side"] if p["side"] in theme.SIDE else "none"
    block(d, cx, cy, UNIT, side, face, dim=status is not None and status != INSIDE,
          in_city=status == INSIDE)
    h = UNIT / 2 + 2
    if status == ELIMINATED:
        d.line((cx - h, cy - h, cx + h, cy + h), fill=theme.INK, width=3)
        d.line((cx - h, cy + h, cx + h, cy - h), fill=theme.INK, width=3)
    shown = status if status and status != INSIDE else ""
    for k, caption in enumerate(x for x in (th.caption(p), shown) if x):
        text, fs = fit_text(caption, "cond", 10, UNIT + UNIT_GAP)
        text_c(d, (cx, cy + UNIT / 2 + 9 + 11 * k), text, "cond", fs, theme.INK)


def _step_row(d: ImageDraw.ImageDraw, y: float, step: Step, ctx: Drawn) -> None:
    th = ctx.theme
    side = str(step.get("side", ""))
    colour = th.colour(side) if side else theme.INK
    cy = y + ROW_H / 2
    d.rounded_rectangle((PAD, cy - 10, PAD + 20, cy + 10), radius=3,
                        fill=colour if side else theme.PAPER, outline=colour)
    name, sub = th.actor(step, ctx.names)
    name, fs = fit_text(name, "cond-bold", 14, DICE_X - PAD - 40)
    text_c(d, (PAD + 30, cy - (7 if sub else 0)), name, "cond-bold", fs, colour, anchor="lm")
    if sub:
        text_c(d, (PAD + 30, cy + 9), fit_text(sub, "cond", 11, DICE_X - PAD - 40)[0], "cond",
               11, (110, 104, 90), anchor="lm")
    x = float(DICE_X)
    for dv in th.dice(step)[:MAX_DICE]:
        die(d, x + DIE / 2, cy, DIE, dv.value, dv.hit, colour, half=dv.half)
        if dv.ring:
            d.rounded_rectangle((x - 3, cy - DIE / 2 - 3, x + DIE + 3, cy + DIE / 2 + 3),
                                radius=6, outline=theme.GOLD, width=2)
        x += DIE + 7
    x = x + 8 if x > DICE_X else float(DICE_X)
    text, fs = fit_text(th.words(step, ctx.names), "sans", 13, WIDTH - PAD - x)
    text_c(d, (x, cy), text, "sans", fs, theme.INK, anchor="lm")


def no_battle(width: int = WIDTH) -> Image.Image:
    img = Image.new("RGB", (width, 60), theme.PAPER)
    text_c(ImageDraw.Draw(img), (PAD, 30), "No battle to show", "sans", 14, theme.INK,
           anchor="lm")
    return img


GREYS: tuple[RGB, ...] = ((200, 190, 170), (120, 114, 100), (110, 104, 90), (150, 150, 150),
                          (120, 120, 120), theme.GRID_LAND)


@cache
def palette() -> Image.Image:
    """The one fixed palette every combat display is encoded with (as the maps are: a
    palette built per picture costs ten times the mapping): the sides' colours, full and
    dimmed, exact; the rest from a specimen of blocks, dice and text of every side, so
    anti-aliased edges find close entries."""
    sides = [s for s in theme.SIDE if s != "none"] + ["none"]
    img = Image.new("RGB", (60 * len(sides), 200), theme.PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, img.width, 40), fill=theme.BANNER)
    text_c(d, (6, 20), "Battle at Sample wins", "bold", 21, theme.BANNER_TEXT, anchor="lm")
    face = BlockFace("Sample", "hoplite", 2, 4, "B2")
    for i, side in enumerate(sides):
        x = 30 + 60 * i
        colour = theme.side_colour(side)
        text_c(d, (x, 20), "Wins", "bold", 20, theme.mix(colour, theme.WHITE, 0.35))
        block(d, x, 70, UNIT, side, face)
        block(d, x, 120, UNIT, side, face, dim=True)
        die(d, x - 12, 165, DIE, 3, True, colour)
        die(d, x + 12, 165, DIE, 5, True, colour, half=True)
        text_c(d, (x, 190), "Name 3B2", "cond-bold", 14, colour)
    text_c(d, (6, 150), "1 hit: a block 3→2 miss", "sans", 13, theme.INK, anchor="lm")
    dims = [theme.mix(c, theme.PAPER, 0.55) for c in theme.SIDE.values()]
    return png.make_palette(img, [theme.INK, theme.PAPER, theme.WHITE, theme.BANNER,
                                  theme.BANNER_TEXT, theme.GOLD, *theme.SIDE.values(),
                                  *theme.SIDE_DARK.values(), *dims, *GREYS])


def render(record: Record | None, th: CombatTheme) -> bytes:
    """PNG bytes of the display (a placard when there is no battle)."""
    if not record or not isinstance(record.get("forces"), list) or "rounds" not in record:
        return png.encode(no_battle(), palette(), COMPRESS_LEVEL)
    return png.encode(draw(record, th), palette(), COMPRESS_LEVEL)
