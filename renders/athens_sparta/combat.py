"""The combat display: the blocks of both sides, then every action of every round with
its dice (hits filled in the firing side's colour, half-hits half filled), withdrawals,
retreats and the result.

It draws a battle record (`last_battle`, or the `battle` of a "battle_end" event) or the
battle in progress (`view["battle"]`, whose `log` holds the rounds so far). Blocks appear
as the record gives them: a block the viewer may not identify has no name and is drawn
blank."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from .. import png, theme
from ..pieces import primitives
from ..pieces.primitives import BlockFace
from .viewmodel import face_of

WIDTH = 1000
PAD = 20
ROW_H = 40
DIE = 24
BLOCK = 34
STAGES = {"sea": "Sea", "land": "Land", "siege": "Siege"}
KINDS = {"new": "battle", "siege": "siege battle", "sally": "sally", "revolt": "revolt"}
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


def _participants(battle: dict[str, Any]) -> dict[str, list[tuple[BlockFace | None, str, dict]]]:
    """Per role, the blocks with their faces as the battle began (or as they stand now,
    for a battle in progress)."""
    out: dict[str, list[tuple[BlockFace | None, str, dict]]] = {"attacker": [], "defender": []}
    attacker = battle.get("attacker")
    if battle.get("blocks"):
        for b in battle["blocks"]:
            role = b.get("role") or ("attacker" if b.get("side") == attacker else "defender")
            out.setdefault(role, []).append((face_of(b), str(b.get("side") or "none"), b))
        return out
    seen: dict[str, tuple[BlockFace | None, str, dict]] = {}
    for rnd in _rounds(battle):
        for act in rnd.get("actions") or ():
            blk = act.get("block") or {}
            key = blk.get("id") or f"anon{len(seen)}"
            if key not in seen:
                b = dict(blk)
                b.setdefault("strength", act.get("strength_before"))
                b.setdefault("max_strength", act.get("strength_before"))
                seen[key] = (face_of(b), str(blk.get("side") or "none"), b)
    # Blocks that were hit but never fired (an attacker destroyed before its turn came)
    # still fought: drawn on their side, blank (the record gives no face), dimmed if lost.
    lost: dict[str, dict[str, Any]] = {}
    for rnd in _rounds(battle):
        for act in rnd.get("actions") or ():
            firer = str((act.get("block") or {}).get("side") or "none")
            foe = battle.get("defender") if firer == attacker else attacker
            for t in act.get("targets") or ():
                key = t.get("id")
                if key and key not in seen:
                    lost.setdefault(key, {"id": key, "side": foe})["lost"] = \
                        t.get("strength_after") == 0
    for b in lost.values():
        seen[b["id"]] = (None, str(b["side"] or "none"), b)
    for face, side, b in seen.values():
        out["attacker" if side == attacker else "defender"].append((face, side, b))
    return out


def render_image(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> Image.Image:
    rounds = _rounds(battle)
    n_actions = sum(len(r.get("actions") or ()) for r in rounds)
    parts = _participants(battle)
    names = block_names(battle, viewer_view)
    block_rows = max(1, max((len(v) + 7) // 8 for v in parts.values()) if parts else 1)
    height = 96 + block_rows * (BLOCK + 10) + 26 + len(rounds) * 30 + n_actions * ROW_H + 70
    img = Image.new("RGB", (WIDTH, height), theme.PAPER)
    d = ImageDraw.Draw(img)

    attacker, defender = battle.get("attacker"), battle.get("defender")
    d.rectangle((0, 0, WIDTH, 56), fill=theme.BANNER)
    kind = KINDS.get(battle.get("kind") or "new", battle.get("kind") or "battle")
    title = f"{kind.capitalize()} at {_place_label(battle.get('hex'))}"
    primitives.text_c(d, (PAD, 20), title, "serif-bold", 20, theme.BANNER_TEXT, anchor="lm")
    sub = (f"{theme.SIDE_NAME.get(attacker or '', attacker)} attacks "
           f"{theme.SIDE_NAME.get(defender or '', defender)}")
    if battle.get("round") and not battle.get("rounds"):
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
        primitives.text_c(d, (PAD, y + 14), f"Round {rnd.get('round', '?')}", "bold", 14,
                          theme.INK, anchor="lm")
        y += 30
        for act in rnd.get("actions") or ():
            _action_row(d, y, act, names)
            y += ROW_H

    # Result.
    d.line([(PAD, y + 4), (WIDTH - PAD, y + 4)], fill=theme.INK, width=2)
    result = battle.get("result")
    winner = battle.get("winner")
    if result or winner:
        text = str(result or "")
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
    listed += [act.get("block") or {} for rnd in _rounds(battle)
               for act in rnd.get("actions") or ()]
    listed += [b for b in (viewer_view or {}).get("blocks") or () if b.get("name")]
    for b in listed:
        if b.get("id") and b.get("name"):
            names.setdefault(b["id"], f"{b['name']} {b.get('type') or ''}".strip())
    return names


def _action_row(d: ImageDraw.ImageDraw, y: float, act: dict[str, Any],
                names: dict[str, str] | None = None) -> None:
    blk = act.get("block") or {}
    side = str(blk.get("side") or "none")
    b = dict(blk)
    b.setdefault("strength", act.get("strength_before"))
    b.setdefault("max_strength", act.get("strength_before"))
    face = face_of(b)
    cy = y + ROW_H / 2
    primitives.block(d, PAD + 14, cy, 26, side, face=None)
    name = (f"{b.get('name')} {b.get('type') or ''}".strip() if face else "a block")
    stage = STAGES.get(act.get("stage") or "", act.get("stage") or "")
    rating = f" {act.get('strength_before', '')}{blk.get('rating') or ''}" if face else ""
    primitives.text_c(d, (PAD + 34, cy - 7), f"{name}{rating}", "cond-bold", 13,
                      theme.side_colour(side), anchor="lm")
    primitives.text_c(d, (PAD + 34, cy + 9), stage, "cond", 11, (120, 114, 100), anchor="lm")
    x = PAD + 230
    action = act.get("action") or "fire"
    dice = list(act.get("dice") or [])
    if action == "fire" or dice:
        hits = int(act.get("hits") or 0)
        halves = int(act.get("half_hits") or 0)
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
        text = hits_text(hits, halves, act.get("targets") or (), names or {})
    else:
        text = ACTIONS.get(action, action)
        if act.get("to"):
            text += f" to {act['to']}"
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
        if merged and merged[-1].get("id") == t.get("id") and t.get("id"):
            merged[-1] = {**merged[-1], "strength_after": t.get("strength_after"),
                          "half": merged[-1].get("half") and t.get("half")}
        else:
            merged.append(dict(t))
    steps = []
    for t in merged:
        before, after = t.get("strength_before"), t.get("strength_after")
        who = names.get(t.get("id") or "") or t.get("name") or t.get("id") or "a block"
        if after == 0:
            steps.append(f"{who} eliminated")
        elif t.get("half") and before == after:
            steps.append(f"{who} takes a half-hit")
        elif before is not None and after is not None:
            steps.append(f"{who} {before}→{after}")
    return ", ".join(bits) + (": " + "; ".join(steps) if steps else "")


def render(battle: dict[str, Any], viewer_view: dict[str, Any] | None = None) -> bytes:
    return png.encode(render_image(battle, viewer_view))
