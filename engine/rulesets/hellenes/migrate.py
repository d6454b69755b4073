"""Saves from before version 4 (issue 30) in today's shape: the state kept log lines, each
side's private lines, a battle as blocks and English lines, and the game's end as a
sentence, and the cards committed face down in `cards.committed`. Version 4 keeps facts
only: the lines go (the events told them), the battle becomes the kernel's `BattleRecord`,
the end its facts (`Result`), and a commitment waits in the `commit` frame (commits.py).

Saves of version 4 kept a battle as one `battle` frame whose `stage` and `pending`
arguments said where it stood; version 5 runs each step of a battle as a procedure above
the `battle` frame (battle.py): the frame keeps the battle's progress, and the step it
waits in is put on the stack above it (`_battle_steps`)."""

from __future__ import annotations

from typing import Any

from engine.core.battle_record import open_round
from engine.core.flows import CHOSEN

from .battle_facts import piece, started
from .commits import commit_id
from .components import FIRST_EDITION
from .migrate_winter import winter_named


def migrated(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a loaded save, a fresh copy) rewritten in place to today's version (4: facts,
    not words; 5: the battle's steps; 6: Winter's steps) and returned."""
    data.pop("log", None)
    data.pop("private", None)
    # version 7: a state that names no card edition was made before the editions, with
    # the first (the game option `deck`)
    data["cards"].setdefault("edition", FIRST_EDITION)
    r = data.get("result")
    if r is not None and "reason" in r:
        data["result"] = {"winner": r["winner"], "rule": r["rule"], "level": r["level"],
                          "prestige": data["prestige"]}
    flow = data.get("flow", [])
    face_down = data["cards"].pop("committed", {})
    if face_down and flow and flow[-1]["name"] == "commit":  # now the kernel's (commits.py)
        flow[-1]["args"][CHOSEN] = {side: commit_id(c) for side, c in face_down.items()}
    old = data.get("battle")
    if old is not None and "lines" in old:
        data["battle"] = _record(old, flow)
    for frame in flow:
        what = frame["args"].get("what")
        if frame["name"] == "appeal" and isinstance(what, str):
            frame["args"]["what"] = {"kind": "result"}  # its words are not kept (olympians.py)
        if frame["name"] == "appeal":  # its "hera" stage is a procedure of its own
            stage = frame["args"].pop("stage", "ask")
            if stage == "hera":
                frame["name"] = "appeal_hera"
                frame["args"].pop("seats", None)
        snap = frame["args"].get("snap")  # an attack Ares may have redone (11.0)
        if frame["name"] == "battle" and snap and snap.get("battle") \
                and "lines" in snap["battle"]:
            snap["battle"] = _record(snap["battle"], [])
    data["flow"] = _battle_steps(flow)  # version 5 (issue 30)
    return winter_named(data)  # version 6 (issue 32)


# a version-4 battle's stage -> the step procedure it is now (when nothing is pending)
_STAGES = {"order": "battle_order", "fortify": "battle_fortify", "fight": "battle_fight",
           "retreat": "battle_retreat", "panic": "battle_panic", "harry": "battle_harry",
           "storms": "battle_storms"}
# what a version-5 battle frame holds from its start on (battle_args.begun), where a
# version-4 frame had not set it yet
_DEFAULTS: dict[str, Any] = {"half": [], "ares_due": False, "retire": False, "went": {},
                             "boarded": {}, "stuck": [], "storm": {}, "chasers": [],
                             "harriers": [], "queue": [], "skip": [], "attacked": []}


def _battle_steps(flow: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each version-4 `battle` frame split into the frame and the step it stood in: a
    question pending in it (fight or Retreat, Ares' privilege, a loss to place) becomes
    that question's procedure; a frame called above it (an Appeal, the Storms) stays on
    top, its caller now the step that called it."""
    out: list[dict[str, Any]] = []
    for frame in flow:
        out.append(frame)
        a = frame["args"]
        if frame["name"] != "battle" or "stage" not in a:
            continue
        stage, pending, won = a.pop("stage"), a.pop("pending", None), a.pop("won", False)
        for key, value in _DEFAULTS.items():
            a.setdefault(key, value)
        kind = pending["kind"] if pending else None
        if kind == "retreat?":
            out.append(_frame("battle_retreat_ask", side=pending["owner"]))
            continue
        if kind == "ares-again":
            out.append(_frame("battle_ares_again"))
            continue
        step: dict[str, Any] = {}
        if stage == "panic":
            step = {"side": a["retreating"]}
        elif stage == "harry":
            step = {"side": a["retreating"], "panic": a["panic"]}
        elif stage == "storms":
            step = {"side": a["retreating"], "won": won}
        out.append(_frame(_STAGES[stage], **step))
        if kind == "hit":  # an attack's losses, one of them for its owner to place
            out.append(_frame("battle_loss", owner=pending["owner"], hits=pending["hits"],
                              routs=pending["routs"], routed_too=pending["routed_too"]))
    return out


def _frame(name: str, **args: Any) -> dict[str, Any]:
    return {"name": name, "args": args}


def _record(old: dict[str, Any], flow: list[dict[str, Any]]) -> dict[str, Any]:
    """The old battle's forces in a record; its English lines are not read again: the
    attacks before the save were told by their events. An attack whose losses were still
    being taken gets a step without dice for them to land on."""
    args: dict[str, Any] = next((f["args"] for f in reversed(flow) if f["name"] == "battle"),
                                {})
    kind = args.get("mode") or ("naval" if old.get("sea") else "field")
    rec = started(old["area"], kind, old["attacker"], old["defender"], bool(old.get("sea")))
    for b in old.get("blocks", []):
        rec["forces"].append(piece(b["id"], b["side"], b["cv"], b["rating"]))
    open_round(rec, int(old.get("round", 1)))
    pending = args.get("pending") or {}
    if pending.get("kind") == "hit":
        firer = old["attacker"] if pending["owner"] == old["defender"] else old["defender"]
        rec["rounds"][-1]["steps"].append({"kind": "pursuit" if pending.get("routed_too")
                                           else "fire", "side": firer, "targets": []})
    return dict(rec)
