"""The Hellenes combat display: the blocks both players saw in the battle (6.1; routed and
eliminated ones dimmed), then the battle's record step by step, each attack with its dice
(hits filled in the firing side's colour, routs ringed in gold, 6.31-6.33) and where its
hits landed, the Panics, Retreats and Fortifying as they came, and the result.

It reads the kernel's battle record (`engine.core.battle_record`) of a "battle_end" event
or the view's battle in progress: facts only, worded here and by the ruleset's
`battle_words` (no English is parsed).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.core.battle_record import Step, strength_after
from engine.rulesets.hellenes import battle_words as W
from engine.rulesets.hellenes.battle_facts import FIRE, PURSUIT, routed
from renders import png, theme
from renders.pieces.primitives import BlockFace, block, die, fit_text, text_c

WIDTH = 1000
PAD = 20
HEAD = 64
BLOCK = 40
ROW = 34
DIE = 22
MAX_ROWS = 36  # a longer record shows its last rows, saying how many came before


def _colour(side: str | None) -> tuple[int, int, int]:
    return theme.side_colour(side) if side else theme.INK


def _blocks(battle: dict[str, Any]) -> list[dict[str, Any]]:
    """Each unit of the forces as it stands now: its strength after the last hit on it,
    and whether it is routed or gone."""
    out_of_it = routed(battle)  # type: ignore[arg-type]
    shown = []
    for p in battle["forces"]:
        now = strength_after(battle, p["id"])  # type: ignore[arg-type]
        cv = p["strength"] if now is None else now
        shown.append({"id": p["id"], "side": p["side"], "name": p.get("name", p["id"]),
                      "type": p["kind"], "rating": p.get("rating", ""), "cv": cv,
                      "max": p["strength"] or 1,
                      "dim": cv == 0 or p["id"] in out_of_it})
    return shown


def _face(b: dict[str, Any]) -> BlockFace:
    return BlockFace(b["name"], b["type"], b["cv"], b["max"], b["rating"])


def _block_rows(blocks: list[dict[str, Any]], side: str) -> int:
    n = sum(1 for b in blocks if b["side"] == side)
    per_row = (WIDTH // 2 - PAD * 2) // (BLOCK + 8)
    return max(1, -(-n // per_row))


def _rows(battle: dict[str, Any]) -> list[Step | str]:
    """The record's steps in order, then the result in words once there is one."""
    rows: list[Step | str] = [st for rnd in battle["rounds"] for st in rnd["steps"]]
    if battle.get("winner"):
        rows.append(W.result_words(battle))
    return rows


def render_image(battle: dict[str, Any]) -> Image.Image:
    rows = _rows(battle)
    skipped = max(0, len(rows) - MAX_ROWS)
    rows = rows[skipped:]
    blocks = _blocks(battle)
    names = W.unit_names(battle)
    attacker, defender = battle["attacker"], battle["defender"]
    block_h = max(_block_rows(blocks, attacker), _block_rows(blocks, defender)) * (BLOCK + 10)
    top = HEAD + 16 + 22 + block_h + 12
    height = top + ROW * (len(rows) + (1 if skipped else 0)) + PAD
    img = Image.new("RGB", (WIDTH, height), theme.PAPER)
    d = ImageDraw.Draw(img)
    # heading: where, who attacked whom, how it ended
    d.rectangle((0, 0, WIDTH, HEAD), fill=theme.BANNER)
    kind = "Sea battle" if (battle.get("facts") or {}).get("sea") else "Battle"
    text_c(d, (PAD, 22), f"{kind} of {W.place_name(battle)}", "bold", 22, theme.BANNER_TEXT,
           anchor="lm")
    rounds = max([r["number"] for r in battle["rounds"]] + [1])
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
        for b in blocks:
            if b["side"] != side:
                continue
            if x + BLOCK / 2 > x0 + WIDTH // 2 - PAD:
                x, y = x0 + BLOCK / 2, y + BLOCK + 10
            block(d, x, y, BLOCK, side, _face(b), dim=b["dim"])
            x += BLOCK + 8
    d.line((PAD, top - 8, WIDTH - PAD, top - 8), fill=(200, 195, 180), width=1)
    # the record
    y = top + ROW / 2
    if skipped:
        text_c(d, (PAD, y), f"… {skipped} earlier line(s)", "sans", 13, theme.INK, anchor="lm")
        y += ROW
    for row in rows:
        if isinstance(row, str):  # the result
            text, size = fit_text(row, "bold", 15, WIDTH - 2 * PAD)
            text_c(d, (PAD, y), text, "bold", size, theme.INK, anchor="lm")
        elif row["kind"] in (FIRE, PURSUIT):
            _attack_row(d, y, row, names)
        else:
            text, size = fit_text(W.step_words(row, names), "sans", 13, WIDTH - 2 * PAD)
            text_c(d, (PAD, y), text, "sans", size, theme.INK, anchor="lm")
        y += ROW
    return img


def _attack_row(d: ImageDraw.ImageDraw, y: float, step: Step, names: dict[str, str]) -> None:
    colour = _colour(step.get("side"))
    facts = step.get("facts") or {}
    rating = str(facts.get("rating", ""))
    d.rounded_rectangle((PAD, y - 10, PAD + 20, y + 10), radius=3, fill=colour)
    who = names.get(step.get("unit", ""), "")
    name, size = fit_text(f"{who} {rating} · {facts.get('strength', '?')} cv", "bold", 14, 300)
    text_c(d, (PAD + 30, y - 6), name, "bold", size, colour, anchor="lm")
    pursuit = step["kind"] == PURSUIT
    text_c(d, (PAD + 30, y + 9), "pursues" if pursuit else "attacks", "sans", 11, theme.INK,
           anchor="lm")
    dice = list(step.get("dice", []))
    power = int(rating[1:]) if rating[1:].isdigit() else 0
    hits, routs = int(step.get("hits", 0)), int(facts.get("routs", 0))
    x = 360
    for v in dice[:16]:
        die(d, x, y, DIE, v, bool(power) and v <= power, colour)
        if power and not pursuit and v >= 7 - power:
            d.rounded_rectangle((x - DIE / 2 - 3, y - DIE / 2 - 3, x + DIE / 2 + 3,
                                 y + DIE / 2 + 3), radius=6, outline=theme.GOLD, width=2)
        x += DIE + 8
    result = f"{hits} hit{'s' if hits != 1 else ''}"
    if not pursuit:
        result += f", {routs} rout{'s' if routs != 1 else ''}"
    landed = W.hits_words(step, names)
    text, size = fit_text(f"{result}{': ' + landed if landed else ''}", "sans", 13,
                          WIDTH - PAD - max(x + 12, 640))
    text_c(d, (max(x + 12, 640), y), text, "sans", size, theme.INK, anchor="lm")


def render(battle: dict[str, Any], viewer: dict[str, Any] | None = None) -> bytes:
    return png.encode(render_image(battle))


def text(battle: dict[str, Any]) -> list[str]:
    """The same battle as lines for a terminal (issue 32: battles you can see): where and
    who, the forces, each round's attacks with their dice and where the hits landed, the
    retreats and the result."""
    return W.lines(battle)  # type: ignore[arg-type]
