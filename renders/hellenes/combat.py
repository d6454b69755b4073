"""The Hellenes combat display: the blocks both players saw in the battle (6.1; routed and
eliminated ones dimmed), then the battle's record line by line, each attack with its dice
(hits filled in the firing side's colour, routs ringed in gold, 6.31-6.33), the Panics,
Retreats and Sorties as they came, and the result.

It reads the battle record of a "battle_end" event or the view's battle in progress (the
ruleset's `battle`: blocks and `lines`). An attack line the ruleset words as
"<unit> (<agility><power>, <n> cv) attacks: [dice] - <h> hit(s), <r> rout(s)" is drawn
with its dice; any other line is drawn as text.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from renders import png, theme
from renders.pieces.primitives import BlockFace, block, die, fit_text, text_c

WIDTH = 1000
PAD = 20
HEAD = 64
BLOCK = 40
ROW = 34
DIE = 22
MAX_ROWS = 36  # a longer record shows its last rows, saying how many came before

ATTACK = re.compile(r"^(?P<name>.+) \((?P<agility>[A-Z])(?P<power>\d), (?P<cv>\d+) cv\) "
                    r"(?P<verb>attacks|pursues): \[(?P<dice>[\d, ]*)\] - (?P<hits>\d+) hit\(s\)"
                    r"(?:, (?P<routs>\d+) rout\(s\))?$")


def _colour(side: str | None) -> tuple[int, int, int]:
    return theme.side_colour(side) if side else theme.INK


def _face(b: dict[str, Any]) -> BlockFace:
    return BlockFace(b["name"], b["type"], b["cv"], b.get("max", b["cv"]) or 1, b["rating"])


def _sides_by_name(battle: dict[str, Any]) -> dict[str, str | None]:
    """Which side a unit name belongs to (None when both sides have one so named)."""
    out: dict[str, str | None] = {}
    for b in battle.get("blocks", []):
        side = b["side"]
        out[b["name"]] = side if out.get(b["name"], side) == side else None
    return out


def _block_rows(battle: dict[str, Any], side: str) -> int:
    n = sum(1 for b in battle.get("blocks", []) if b["side"] == side)
    per_row = (WIDTH // 2 - PAD * 2) // (BLOCK + 8)
    return max(1, -(-n // per_row))


def render_image(battle: dict[str, Any]) -> Image.Image:
    lines = list(battle.get("lines", []))
    skipped = max(0, len(lines) - MAX_ROWS)
    lines = lines[skipped:]
    attacker, defender = battle["attacker"], battle["defender"]
    block_h = max(_block_rows(battle, attacker), _block_rows(battle, defender)) * (BLOCK + 10)
    top = HEAD + 16 + 22 + block_h + 12
    height = top + ROW * (len(lines) + (1 if skipped else 0)) + PAD
    img = Image.new("RGB", (WIDTH, height), theme.PAPER)
    d = ImageDraw.Draw(img)
    # heading: where, who attacked whom, how it ended
    d.rectangle((0, 0, WIDTH, HEAD), fill=theme.BANNER)
    kind = "Sea battle" if battle.get("sea") else "Battle"
    text_c(d, (PAD, 22), f"{kind} of {battle['name']}", "bold", 22, theme.BANNER_TEXT,
           anchor="lm")
    rounds = battle.get("round", 1)
    text_c(d, (PAD, 48), f"{attacker.title()} attacks {defender.title()} · "
           f"{rounds} round{'s' if rounds != 1 else ''}", "sans", 13, theme.BANNER_TEXT,
           anchor="lm")
    if battle.get("winner"):
        text_c(d, (WIDTH - PAD, HEAD / 2), f"{battle['winner'].title()} wins", "bold", 20,
               theme.mix(_colour(battle["winner"]), theme.WHITE, 0.35), anchor="rm")
    # the blocks of each side
    for col, (side, role) in enumerate(((attacker, "AGGRESSOR"), (defender, "DEFENDER"))):
        x0 = PAD + col * WIDTH // 2
        text_c(d, (x0, HEAD + 18), f"{role}: {side.title()}", "bold", 13, _colour(side),
               anchor="lm")
        x, y = x0 + BLOCK / 2, HEAD + 16 + 22 + BLOCK / 2
        for b in battle.get("blocks", []):
            if b["side"] != side:
                continue
            if x + BLOCK / 2 > x0 + WIDTH // 2 - PAD:
                x, y = x0 + BLOCK / 2, y + BLOCK + 10
            block(d, x, y, BLOCK, side, _face(b), dim=b.get("routed", False))
            x += BLOCK + 8
    d.line((PAD, top - 8, WIDTH - PAD, top - 8), fill=(200, 195, 180), width=1)
    # the record
    sides = _sides_by_name(battle)
    y = top + ROW / 2
    if skipped:
        text_c(d, (PAD, y), f"… {skipped} earlier line(s)", "sans", 13, theme.INK, anchor="lm")
        y += ROW
    for i, line in enumerate(lines):
        last = i == len(lines) - 1 and bool(battle.get("winner"))  # the result
        m = ATTACK.match(line)
        if m is not None:
            _attack_row(d, y, m, sides.get(m["name"]))
        else:
            text, size = fit_text(line, "bold" if last else "sans", 15 if last else 13,
                                  WIDTH - 2 * PAD)
            text_c(d, (PAD, y), text, "bold" if last else "sans", size, theme.INK, anchor="lm")
        y += ROW
    return img


def _attack_row(d: ImageDraw.ImageDraw, y: float, m: re.Match[str], side: str | None) -> None:
    colour = _colour(side)
    d.rounded_rectangle((PAD, y - 10, PAD + 20, y + 10), radius=3, fill=colour)
    name, size = fit_text(f"{m['name']} {m['agility']}{m['power']} · {m['cv']} cv", "bold",
                          14, 300)
    text_c(d, (PAD + 30, y - 6), name, "bold", size, colour, anchor="lm")
    text_c(d, (PAD + 30, y + 9), m["verb"], "sans", 11, theme.INK, anchor="lm")
    dice = [int(x) for x in m["dice"].replace(" ", "").split(",") if x]
    power, hits = int(m["power"]), int(m["hits"])
    routs = int(m["routs"] or 0)
    pursuit = m["verb"] == "pursues"
    # Mark dice only when the counts agree with the ratings (6.31-6.33)
    marked = (sum(1 for v in dice if v <= power) == hits and
              sum(1 for v in dice if v >= 7 - power and not pursuit) == routs)
    x = 360
    for v in dice[:16]:
        hit = marked and v <= power
        die(d, x, y, DIE, v, hit, colour)
        if marked and not pursuit and v >= 7 - power:
            d.rounded_rectangle((x - DIE / 2 - 3, y - DIE / 2 - 3, x + DIE / 2 + 3,
                                 y + DIE / 2 + 3), radius=6, outline=theme.GOLD, width=2)
        x += DIE + 8
    result = f"{hits} hit{'s' if hits != 1 else ''}"
    if not pursuit:
        result += f", {routs} rout{'s' if routs != 1 else ''}"
    text_c(d, (max(x + 12, 640), y), result, "sans", 13, theme.INK, anchor="lm")


def render(battle: dict[str, Any], viewer: dict[str, Any] | None = None) -> bytes:
    return png.encode(render_image(battle))
