"""The combat display: the blocks of both sides, then every step of every round with
its dice (hits filled in the firing side's colour, half-hits half filled), withdrawals,
retreats and the outcome.

It draws a battle record (engine/core/battle_record.py: `last_battle`, or the `battle` of
a "battle_end" event) or the battle in progress (`view["battle"]`, whose `log` holds the
rounds so far and `blocks` the blocks as they stand). The record gives facts; the words
(an outcome, a stage) are built here and by the ruleset's `outcome_words`."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.rulesets.athens_sparta.battle_record import PURSUIT, outcome_words

from .. import png, theme
from ..pieces import primitives
from ..pieces.primitives import BlockFace
from .viewmodel import face_of

WIDTH = 1000
PAD = 20
ROW_H = 40
DIE = 24
BLOCK = 34
STAGES = {"sea": "Sea", "land": "Land", "siege": "Siege", "extra": "Pursuit",
          "retreat": "Retreat"}
KINDS = {"new": "battle", "storm": "storm", "siege": "siege battle", "sally": "sally",
         "revolt": "revolt"}
ACTIONS = {"withdraw": "withdraws into the city", "retreat": "retreats",
           "storm": "storms the walls", "engage": "engages", "reserve": "stays in reserve",
           "pass": "holds", "regroup": "regroups"}


def _place_label(hex_id: str | None) -> str:
    if not hex_id:
        return "?"
    if hex_id == "sicily":
        return "Syracuse (Sicily)"
    try:
        from .mapdraw import default_data

        name = default_data().city_at.get(hex_id)
    except Exception:  # noqa: BLE001 - the label is a nicety; the hex id always works
        name = None
    return f"{name} ({hex_id})" if name else hex_id


def _rounds(battle: dict[str, Any]) -> list[dict[str, Any]]:
    return list(battle.get("rounds") or battle.get("log") or [])


def _steps(rnd: dict[str, Any]) -> list[dict[str, Any]]:
    return list(rnd.get("steps") or ())


def _face_dict(piece: dict[str, Any], strength: Any = None) -> dict[str, Any]:
    """A record's piece in the shape `face_of` reads (its strength then, if given)."""
    now = piece.get("strength") if strength is None else strength
    # a piece names itself only where its printed name is not its id
    return {"id": piece.get("id"), "name": piece.get("name") or piece.get("id"),
            "type": piece.get("kind"),
            "rating": piece.get("rating"), "side": piece.get("side"), "strength": now,
            "max_strength": piece.get("strength")}


def _forces(battle: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {str(p.get("id")): p for p in battle.get("forces") or () if p.get("id")}


def _participants(battle: dict[str, Any]) -> dict[str, list[tuple[BlockFace | None, str, dict]]]:
    """Per role, the blocks with their faces as the battle began (or as they stand now,
    for a battle in progress); a block the battle eliminated is dimmed."""
    out: dict[str, list[tuple[BlockFace | None, str, dict]]] = {"attacker": [], "defender": []}
    attacker = battle.get("attacker")
    if battle.get("blocks"):
        for b in battle["blocks"]:
            role = b.get("role") or ("attacker" if b.get("side") == attacker else "defender")
            out.setdefault(role, []).append((face_of(b), str(b.get("side") or "none"), b))
        return out
    lost = {str(hit.get("target")) for rnd in _rounds(battle) for step in _steps(rnd)
            for hit in step.get("targets") or () if hit.get("after") == 0}
    for key, piece in _forces(battle).items():
        b = _face_dict(piece) | {"lost": key in lost}
        side = str(piece.get("side") or "none")
        out["attacker" if side == attacker else "defender"].append((face_of(b), side, b))
    return out


def render_image(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> Image.Image:
    rounds = _rounds(battle)
    n_actions = sum(len(_steps(r)) for r in rounds)
    parts = _participants(battle)
    names = block_names(battle, viewer_view)
    block_rows = max(1, max((len(v) + 7) // 8 for v in parts.values()) if parts else 1)
    height = 96 + block_rows * (BLOCK + 10) + 26 + len(rounds) * 30 + n_actions * ROW_H + 70
    img = Image.new("RGB", (WIDTH, height), theme.PAPER)
    d = ImageDraw.Draw(img)

    attacker, defender = battle.get("attacker"), battle.get("defender")
    d.rectangle((0, 0, WIDTH, 56), fill=theme.BANNER)
    kind = KINDS.get(battle.get("kind") or "new", battle.get("kind") or "battle")
    title = f"{kind.capitalize()} at {_place_label(battle.get('place') or battle.get('hex'))}"
    primitives.text_c(d, (PAD, 20), title, "serif-bold", 20, theme.BANNER_TEXT, anchor="lm")
    sub = (f"{theme.SIDE_NAME.get(attacker or '', attacker)} attacks "
           f"{theme.SIDE_NAME.get(defender or '', defender)}")
    if battle.get("round") and battle.get("stage") and not battle.get("rounds"):
        sub += f" — round {battle['round']}, {STAGES.get(battle.get('stage') or '', battle.get('stage') or '')} stage"
    primitives.text_c(d, (PAD, 42), sub, "sans", 13, (200, 196, 184), anchor="lm")

    # The two sides' blocks.
    y = 72
    half = WIDTH // 2
    for i, role in enumerate(("attacker", "defender")):
        x0 = PAD + i * half
        side = attacker if role == "attacker" else defender
        primitives.text_c(d, (x0, y), f"{role.upper()}: {theme.SIDE_NAME.get(side or '', side)}",
                          "cond-bold", 13, theme.side_colour(side), anchor="lm")
        if not parts.get(role):
            primitives.text_c(d, (x0, y + 16 + BLOCK / 2), "none of its blocks acted or was hit",
                              "sans", 12, (120, 114, 100), anchor="lm")
        for k, (face, bside, b) in enumerate(parts.get(role, [])):
            r, c = divmod(k, 8)
            bx = x0 + BLOCK / 2 + c * (BLOCK + 8)
            by = y + 16 + BLOCK / 2 + r * (BLOCK + 10)
            status = b.get("status")
            primitives.block(d, bx, by, BLOCK, bside, face=face,
                             in_city=status == "in_city" or bool(b.get("in_city")),
                             dim=status in ("withdrawn", "reserve") or bool(b.get("lost")))
    y += 16 + block_rows * (BLOCK + 10) + 10

    # Rounds.
    for rnd in rounds:
        d.line([(PAD, y), (WIDTH - PAD, y)], fill=(200, 190, 170), width=1)
        title = ("Pursuit (rule 5.43)" if rnd.get("label") == PURSUIT
                 else f"Round {rnd.get('number', '?')}")
        primitives.text_c(d, (PAD, y + 14), title, "bold", 14, theme.INK, anchor="lm")
        y += 30
        for step in _steps(rnd):
            _action_row(d, y, step, names, _forces(battle))
            y += ROW_H

    # Result.
    d.line([(PAD, y + 4), (WIDTH - PAD, y + 4)], fill=theme.INK, width=2)
    result = battle.get("outcome")
    winner = battle.get("winner")
    if result or winner:
        text = outcome_words(result)
        if winner:
            text = f"{text} — {theme.SIDE_NAME.get(winner, winner)} wins".strip(" —")
        colour = theme.side_colour(winner) if winner else theme.INK
        primitives.text_c(d, (PAD, y + 30), text, "bold", 18, colour, anchor="lm")
    else:
        primitives.text_c(d, (PAD, y + 30), "Battle in progress", "bold", 18, theme.INK,
                          anchor="lm")
    return img.crop((0, 0, WIDTH, min(height, y + 60)))


def block_names(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None
                ) -> dict[str, str]:
    """Names for the blocks a battle's hits fell on: every block the record identifies
    (it fired, or it was listed) and every block the viewer's view identifies. A hit
    block is revealed in that battle (rule 5.4), so the record's id may be shown."""
    names: dict[str, str] = {}
    listed = [b for b in battle.get("blocks") or ()]
    listed += [_face_dict(p) for p in battle.get("forces") or ()]
    listed += [b for b in (viewer_view or {}).get("blocks") or () if b.get("name")]
    for b in listed:
        if b.get("id") and b.get("name"):
            names.setdefault(b["id"], f"{b['name']} {b.get('type') or ''}".strip())
    return names


def _action_row(d: ImageDraw.ImageDraw, y: float, step: dict[str, Any],
                names: dict[str, str] | None = None,
                forces: dict[str, dict[str, Any]] | None = None) -> None:
    facts = step.get("facts") or {}
    piece = (forces or {}).get(str(step.get("unit"))) or {"id": step.get("unit"),
                                                         "side": step.get("side")}
    side = str(step.get("side") or piece.get("side") or "none")
    b = _face_dict(piece, facts.get("strength"))
    face = face_of(b)
    cy = y + ROW_H / 2
    primitives.block(d, PAD + 14, cy, 26, side, face=None)
    name = (f"{b.get('name')} {b.get('type') or ''}".strip() if face else "a block")
    stage = STAGES.get(facts.get("stage") or "", facts.get("stage") or "")
    rating = f" {facts.get('strength', '')}{piece.get('rating') or ''}" if face else ""
    primitives.text_c(d, (PAD + 34, cy - 7), f"{name}{rating}", "cond-bold", 13,
                      theme.side_colour(side), anchor="lm")
    primitives.text_c(d, (PAD + 34, cy + 9), stage, "cond", 11, (120, 114, 100), anchor="lm")
    x = PAD + 230
    action = step.get("kind") or "fire"
    dice = list(step.get("dice") or [])
    if action == "fire" or dice:
        hits = int(step.get("hits") or 0)
        halves = int(facts.get("half_hits") or 0)
        # The lowest dice are the ones that scored (a hit is a roll at or under the
        # rating, rule 5.2); the record gives how many.
        order = sorted(range(len(dice)), key=lambda i: dice[i])
        scoring = set(order[: hits + halves])
        half_set = set(order[hits: hits + halves]) if halves else set()
        for i, v in enumerate(dice):
            primitives.die(d, x + DIE / 2, cy, DIE, int(v), i in scoring,
                           theme.side_colour(side), half=i in half_set)
            x += DIE + 6
        x = max(x + 10, PAD + 230 + 6 * (DIE + 6))
        text = hits_text(hits, halves, step.get("targets") or (), names or {})
    else:
        text = ACTIONS.get(action, action)
        if step.get("to"):
            text += f" to {step['to']}"
    primitives.text_c(d, (x, cy), text, "sans", 13, theme.INK, anchor="lm")


def hits_text(hits: int, halves: int, targets, names: dict[str, str]) -> str:
    """"2 hits: Corcyra N navy 4→2" — which block each hit fell on, several hits on one
    block in a row given as one change."""
    if not hits and not halves:
        return "miss"
    bits = []
    if hits:
        bits.append(f"{hits} hit" + ("s" if hits != 1 else ""))
    if halves:
        bits.append(f"{halves} half-hit" + ("s" if halves != 1 else "") + " (double defence)")
    merged: list[dict[str, Any]] = []
    for t in targets:
        half = bool((t.get("facts") or {}).get("half"))
        if merged and merged[-1]["target"] == t.get("target") and t.get("target"):
            merged[-1] = {**merged[-1], "after": t.get("after"),
                          "half": merged[-1]["half"] and half}
        else:
            merged.append({**t, "half": half})
    steps = []
    for t in merged:
        before, after = t.get("before"), t.get("after")
        who = names.get(t.get("target") or "") or t.get("target") or "a block"
        if after == 0:
            steps.append(f"{who} eliminated")
        elif t["half"] and before == after:
            steps.append(f"{who} takes a half-hit")
        elif before is not None and after is not None:
            steps.append(f"{who} {before}→{after}")
    return ", ".join(bits) + (": " + "; ".join(steps) if steps else "")


def render(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    return png.encode(render_image(battle, viewer_view))
