"""Hits (rule 5.2) and double defence (5.41): each hit falls on the strongest eligible
block, the owner choosing among equals; half-hits must be finished on the same block."""

from __future__ import annotations

from typing import Any

from engine import Prompt
from engine.core.battle_record import Step

from . import battle_record as records
from .asks import ask
from .board import Board
from .state import AS, a_side, block_name


def eliminate(bd: Board, s: AS, bid: str, ctx: Any, why: str = "eliminated"
              ) -> None:
    """Rule 8.5: eliminated blocks go back to their owner's replacement pool."""
    b = s["blocks"][bid]
    where = b["loc"]
    b.update({"loc": "pool", "str": 0, "coast": None, "in": False})
    b.pop("rv", None)
    if bid in s["half_hits"]:
        s["half_hits"].remove(bid)
    if bid in s["revealed"]:
        s["revealed"].remove(bid)
    revealed = s["battle"] is not None and bid in s["battle"]["role"]
    if revealed:
        ctx.event("eliminated", f"{block_name(bd, bid)} ({b['side'].title()}) is {why} at "
                  f"{bd.label(where)}", side=b["side"], hex=where, block=bid,
                  name=block_name(bd, bid))
    else:
        # outside battle the block's identity stays with its owner
        ctx.event("eliminated", f"{a_side(b['side'])} is {why} at {bd.label(where)}",
                  side=b["side"], hex=where)
        ctx.event("eliminated", f"{block_name(bd, bid)} is {why} at {bd.label(where)}",
                  seats=(b["side"],), side=b["side"], hex=where, block=bid)


def step_loss(bd: Board, s: AS, bid: str, ctx: Any) -> tuple[int, int]:
    b = s["blocks"][bid]
    before = b["str"]
    if before <= 1:
        eliminate(bd, s, bid, ctx)
        return before, 0
    b["str"] = before - 1
    return before, before - 1


def start_hits(s: AS, side: str, n: int, pool: list[str], half: bool,
               where: str, record: bool = False, rule: str = "5.2") -> None:
    """Pending hits; `rule` is the rule that dealt them (5.2 combat, 6.0 attrition), cited
    when the owner chooses among equally strong blocks."""
    s["hits"] = {"side": side, "count": n, "pool": list(pool), "half": half, "hex": where,
                 "choice": None, "record": record, "rule": rule}


def strongest(s: AS, pool: list[str]) -> list[str]:
    top = max(s["blocks"][b]["str"] for b in pool)
    return sorted(b for b in pool if s["blocks"][b]["str"] == top)


def apply_hits(bd: Board, s: AS, ctx: Any) -> bool:
    """Apply pending hits. True when the owner must first pick among equally strong
    blocks (`hit_prompt` asks him; his pick goes to `s["hits"]["choice"]`)."""
    h = s["hits"]
    assert h is not None  # called while hits are pending
    rec = None
    if h["record"] and s["battle"]:
        rec = records.last_step(s["battle"]["record"])
    while h["count"] > 0:
        pool = [b for b in h["pool"] if s["blocks"][b]["loc"] == h["hex"]]
        h["pool"] = pool
        if not pool:
            h["count"] = 0
            break
        if h["half"]:
            pend = [b for b in pool if b in s["half_hits"]]
            if pend:
                target = pend[0]
                s["half_hits"].remove(target)
                before, after = step_loss(bd, s, target, ctx)
                _note(bd, s, rec, target, before, after, full=True)
                _tell(bd, s, ctx, target, h["hex"], before, after)
                h["count"] -= 1
                continue
        cands = strongest(s, pool)
        if len(cands) > 1 and h["choice"] not in cands:
            return True
        target = h["choice"] if h["choice"] in cands else cands[0]
        h["choice"] = None
        if h["half"]:
            s["half_hits"].append(target)
            _note(bd, s, rec, target, s["blocks"][target]["str"], s["blocks"][target]["str"],
                  full=False)
            _tell(bd, s, ctx, target, h["hex"], None, None)
        else:
            before, after = step_loss(bd, s, target, ctx)
            _note(bd, s, rec, target, before, after, full=True)
            _tell(bd, s, ctx, target, h["hex"], before, after)
        h["count"] -= 1
    s["hits"] = None
    return False


def _tell(bd: Board, s: AS, ctx: Any, bid: str, where: str, before: int | None,
          after: int | None) -> None:
    """Name the step a hit took ("Thebes H1 4→3", as the battle display does), or the
    half-hit (rule 5.41); an elimination is told by `eliminate`. A battle reveals the
    blocks it hits, so everyone reads the name; otherwise (siege attrition) the others
    read only whose block it was, and the owner the rest."""
    if after == 0:
        return
    side = s["blocks"][bid]["side"]
    name = block_name(bd, bid)
    lost = f"{before}→{after}" if before is not None else "a half-hit (rule 5.41)"
    data = {"side": side, "hex": where, "block": bid, "name": name, "before": before,
            "after": after}
    named = f"{name} {lost} at {bd.label(where)}"
    if s["battle"] is not None and bid in s["battle"]["role"]:
        ctx.event("step_loss", named, **data)
        return
    ctx.event("step_loss", f"{a_side(side)} loses a step at {bd.label(where)}", side=side,
              hex=where)
    ctx.event("step_loss", named, seats=(side,), **data)


def hit_prompt(bd: Board, s: AS, kind: str) -> Prompt:
    """The owner picks which of his equally strong blocks takes the next hit."""
    h = s["hits"]
    assert h is not None  # asked while hits are pending
    rule = h.get("rule", "5.2")
    cands = strongest(s, h["pool"])
    return ask(h["side"], kind,
               f"Rule {rule}: a hit falls on your strongest block; several are equally "
               "strong. Choose which one takes it"
               + (" (double defence: a half-hit, rule 5.41)." if h["half"] else "."), rule,
               [[f"h:{b}", f"{block_name(bd, b)} ({s['blocks'][b]['str']})", rule]
                for b in cands])


def _note(bd: Board, s: AS, rec: Step | None, target: str, before: int, after: int,
          full: bool) -> None:
    if rec is None:
        return
    bt = s["battle"]
    assert bt is not None  # a step of the battle's record
    records.note_hit(bd, s, bt["record"], rec, target, before, after, half=not full)
    if target not in s["revealed"] and after > 0:
        s["revealed"].append(target)
