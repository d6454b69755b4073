"""Games saved before the procedures: their state named the step in `s["step"]`, kept
sub-steps in loose keys (`msel`, `mmode`, `sel`, `ce_done`, `attr_then`, `resume`,
`pending_retreat`, `bsel`, the battle's `sel`) and stored its prompts in `s["asks"]`.
`from_steps` rewrites such a state into the stack of procedures (flow.py) that asks the
same questions, so the game goes on exactly as it would have.

Games saved before the card events' "asked once a battle" became a typed list kept it in
loose `asked_<place>` keys of `s["bonus"]` and `s["betrayal"]`; `tidy_old_keys` moves them
into the `asked` list (schema.py), in the order they were set. They also carried four keys
that were never anything but null (`pillage`, `regroup`, `bp`, `sub`): `tidy_old_keys`
drops them.

Games saved before the typed state's readable names kept short keys: the land and sea
control snapshots (`hctl`, `sctl`), the battle's `att`, `def`, `st`, `rec`, `sd`, `decl`,
`extra_q`, the pending hits' `n` and `rec`, a queued flip battle's `att`, the cards'
`mull`, `mull_ans`, `mull_req`, the build record's `bp` and `ear`, the fire bonus's
`bid` and `max`, and the state's `p1`, `pturn`, `mp`, `attr`, `free`, `half`, `bid`,
`opts`; the battle's `took`. `rename_old_keys`
gives them the names of schema.py (`OLD_NAMES`), keeping every key's place.

Games saved before the kernel's battle record kept A&S's own record and worded outcomes:
`records_from_old` (below); games saved before the battle's stages were procedures kept
the stage as a string: `stages_to_stack` (below)."""

from __future__ import annotations

from typing import Any

from engine.core.battle_record import BattleRecord, Hit, Piece, Round, Step

from .asks import arg, tag
from .battle_record import OUTCOMES, PURSUIT
from .board import board
from .build_flow import MAIN_MENU
from .combat import stage_proc
from .victory import REASONS

Frame = dict[str, Any]
OLD_KEYS = ("step", "asks", "msel", "mmode", "sel", "ce_done", "attr_then", "resume",
            "pending_retreat", "bsel")


def _frame(name: str, **args: Any) -> Frame:
    return {"name": name, "args": {k: v for k, v in args.items() if v is not None}}


def _menu(sel: str | None) -> dict[str, Any] | None:
    if sel is None:
        return None
    if sel in MAIN_MENU:  # bsel's old strings were the main menu's option ids
        return dict(MAIN_MENU[sel])
    kind, _, value = sel.partition(":")
    if kind == "R":
        return {"kind": "reinforce", "where": value}
    return {"kind": "raise", "block": value}  # "P:<block>"


def from_steps(s: dict[str, Any]) -> None:
    """Rewrite an old state in place (module docstring)."""
    old = {k: s.pop(k, None) for k in OLD_KEYS}
    asks = old["asks"] or []
    ask = asks[0] if asks else {}
    kind = ask.get("kind")
    step = old["step"] or "setup"
    bt = s.get("battle")
    regroup_sel = bt.pop("sel", None) if bt else None
    if s.get("build") is not None:
        bsel = old["bsel"] or {}
        s["build"]["menu"] = {side: _menu(bsel.get(side)) for side in ("athens", "sparta")}

    def base(name: str) -> Frame:
        if name == "combat_end":
            return _frame("combat_adrift" if old["ce_done"] else "combat_end")
        if name == "move":
            return _frame("move", place=old["msel"])
        if name == "move_dest":
            return _frame("move_dest", block=old["sel"], mode=old["mmode"])
        if name == "revolt_str":
            return _frame("revolt_str", city=old["sel"])
        return _frame(name)

    stack: list[Frame]
    if step == "battle":
        stack = [base(old["resume"] or "combat"), _frame("battle")]
        bid = ask.get("bid")
        if kind in ("bonus", "betrayal", "hit", "pillage"):
            stack.append(_frame(kind))
        elif kind == "regroup":  # the blocks offered (a battle never has 24 to regroup)
            stack.append(_frame(kind, blocks=[arg(o[0]) for o in ask["opts"]
                                              if tag(o[0]) == "g"]))
        elif kind in ("decl", "navy", "siege_decl", "regroup_to"):
            stack.append(_frame(kind, block=bid or regroup_sel))
        elif kind == "act":
            stack.append(_frame("act", block=bid, stage=ask.get("stage"),
                                choices=[o[0] for o in ask["opts"]]))
        elif kind == "retreat":
            if old["pending_retreat"]:
                why = "chosen"
            elif bt and bt.get("optional") and bt["optional"][0] == bid:
                why = "blockade"
            else:
                why = "forced"
            stack.append(_frame("retreat", block=bid, why=why))
    elif kind == "attr_hit":
        stack = [base(step), _frame("attr_run")]
    elif kind == "adrift":
        stack = [_frame("combat_adrift"), _frame("adrift_to", block=ask.get("bid"))]
    else:
        stack = [base(step)]
    s["flow"] = stack


ASKED = "asked_"  # the old loose keys' prefix
UNUSED = ("pillage", "regroup", "bp", "sub")  # top-level keys that were always null


# old key -> new key, by the record holding it (schema.py)
OLD_NAMES: dict[str, dict[str, str]] = {
    "state": {"hctl": "land_control", "sctl": "sea_control", "p1": "player1", "opts": "options",
              "pturn": "player_turn", "mp": "move_points", "attr": "attrition",
              "free": "free_steps", "half": "half_hits", "bid": "tourney_bid"},
    "battle": {"att": "attacker", "def": "defender", "st": "status", "rec": "record",
               "sd": "stood_down", "decl": "to_declare", "extra_q": "extra_queue",
               "took": "hex_taken"},
    "hits": {"n": "count", "rec": "record"},
    "queue": {"att": "attacker"},
    "cards": {"mull": "mulligan_used", "mull_ans": "mulligan_answers",
              "mull_req": "mulligan_too"},
    "build": {"bp": "points", "ear": "earmarked"},
    "bonus": {"bid": "block", "max": "max_fire"},
}


def _renamed(d: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    return {names.get(k, k): v for k, v in d.items()}


def rename_old_keys(s: dict[str, Any]) -> None:
    """Rewrite the short keys of an old state in place (module docstring); a state
    already in the new shape is left as it is."""
    if any(k in s for k in OLD_NAMES["state"]):
        new = _renamed(s, OLD_NAMES["state"])
        s.clear()
        s.update(new)
    for key in ("battle", "hits", "cards", "build", "bonus"):
        if s.get(key) is not None:
            s[key] = _renamed(s[key], OLD_NAMES[key])
    s["queue"] = [_renamed(item, OLD_NAMES["queue"]) for item in s.get("queue") or []]


def tidy_old_keys(s: dict[str, Any]) -> None:
    """Rewrite the old `asked_<place>` keys of the card events in force and drop the
    unused keys (module docstring); a state already in the new shape is left as it is."""
    for key in UNUSED:
        s.pop(key, None)
    for key in ("bonus", "betrayal"):
        event = s.get(key)
        if event is None or "asked" in event:
            continue
        old = [k for k in event if k.startswith(ASKED)]
        for k in old:
            del event[k]
        event["asked"] = [k[len(ASKED):] for k in old]


# --------------------------------------------------------------- battle records
# Games saved before the kernel's battle record (engine/core/battle_record.py) kept A&S's
# own: {"hex", "label", "rounds": [{"round", "actions": [{"block": {...}, "stage",
# "action", "strength_before", "dice", "hits", "half_hits", "rating", "targets": [{"id",
# "strength_before", "strength_after", "half"}], "to"}]}], "result": <words>, "winner"},
# and the reason of a win as words. `records_from_old` rewrites both into today's shape,
# key for key what play would have written, so the game goes on as if saved today.
OLD_OUTCOMES = {words: key for key, words in OUTCOMES.items()}
OLD_REASONS = (("occupies", "capital_taken"), ("city points", "city_points"),
               ("war ends", "war_over"))


def _step_from_old(act: dict[str, Any], forces: list[Piece], s: dict[str, Any]) -> Step:
    ref = act["block"]
    spec = board().blocks
    piece: Piece = {"id": ref["id"], "side": ref["side"], "kind": ref["type"],
                    "strength": act["strength_before"], "rating": ref["rating"]}
    if ref.get("name") and ref["name"] != ref["id"]:
        piece["name"] = ref["name"]
    if all(p["id"] != piece["id"] for p in forces):
        forces.append(piece)
    step: Step = {"kind": act["action"], "side": ref["side"], "unit": ref["id"]}
    for key in ("dice", "hits", "to"):
        if key in act:
            step[key] = act[key]
    step["facts"] = {"stage": act["stage"], "strength": act["strength_before"]}
    if act["action"] == "fire":
        step["facts"]["rating"] = act["rating"]
        if act["half_hits"]:
            step["facts"]["half_hits"] = act["half_hits"]
    for old in act.get("targets") or ():
        hit: Hit = {"target": old["id"], "before": old["strength_before"],
                    "after": old["strength_after"]}
        if old["half"]:
            hit["facts"] = {"half": True}
        step.setdefault("targets", []).append(hit)
        if all(p["id"] != old["id"] for p in forces):
            target = spec[old["id"]]
            forces.append({"id": old["id"], "side": s["blocks"][old["id"]]["side"],
                           "kind": target["type"], "strength": old["strength_before"],
                           "rating": target["rating"]})
            if target.get("name") and target["name"] != old["id"]:
                forces[-1]["name"] = target["name"]
    return step


def _record_from_old(rec: dict[str, Any], s: dict[str, Any]) -> BattleRecord:
    forces: list[Piece] = []
    rounds: list[Round] = []
    number = 0
    for old in rec["rounds"]:
        if old["round"] != PURSUIT:
            number = old["round"]
        rnd: Round = {"number": number,
                      "steps": [_step_from_old(a, forces, s) for a in old["actions"]]}
        if old["round"] == PURSUIT:
            rnd["label"] = PURSUIT
        rounds.append(rnd)
    return {"place": rec["hex"], "kind": rec["kind"], "attacker": rec["attacker"],
            "defender": rec["defender"], "forces": forces, "rounds": rounds,
            "winner": rec["winner"],
            "outcome": None if rec["result"] is None else OLD_OUTCOMES[rec["result"]]}


def records_from_old(s: dict[str, Any]) -> None:
    """Rewrite an old state's battle records and win reason in place (above); a state
    already in the new shape is left as it is."""
    if s.get("last_battle") is not None and "place" not in s["last_battle"]:
        s["last_battle"] = _record_from_old(s["last_battle"], s)
    bt = s.get("battle")
    if bt is not None and "place" not in bt["record"]:
        bt["record"] = _record_from_old(bt["record"], s)
    reason = s.get("reason")
    if reason is not None and reason not in REASONS:
        s["reason"] = next(key for words, key in OLD_REASONS if words in reason)


# --------------------------------------------------------------- battle stages
# Games saved before the battle's stages were procedures kept the stage in
# `s["battle"]["stage"]` and the stack as [..., "battle", <its question>?].
# `stages_to_stack` puts the stage's procedure on the stack above "battle" (below the
# question being asked, which then returns to it) and drops the key.


def stages_to_stack(s: dict[str, Any]) -> None:
    bt = s.get("battle")
    if bt is None or "stage" not in bt:
        return
    stage = bt.pop("stage")
    flow = s["flow"]
    at = max(i for i, frame in enumerate(flow) if frame["name"] == "battle")
    flow.insert(at + 1, {"name": stage_proc(stage), "args": {}})
