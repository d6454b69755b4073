"""Games saved by older code, brought to today's state shape on loading (safe to run twice)."""

from __future__ import annotations

from copy import deepcopy
from typing import Any, cast

from . import board as B
from .combat import battle_record
from .flow import CAMPAIGN_STEPS, stages
from .state import EState


def upgrade(data: dict[str, Any]) -> EState:
    data.pop("log", None)  # saved with its log sentences: the events are the log (issue 30)
    down = data.pop("long_walls_down", None)
    s = cast(EState, data)  # from here on, each step below brings one older key up to date
    _long_walls_by_hex(s, down)
    _battle_recorded(s)
    _battle_steps_as_procedures(s)
    _stages_as_procedures(s)
    _sub_steps_as_procedures(s)
    r = s.get("result")
    if r is not None and "reason" in r:  # a game that ended before: its words, kept as said
        r["why"] = [["as_saved", r.pop("reason")]]
    return s


def _battle_recorded(s: EState) -> None:
    """Saved in a battle told as sentences (`lines`): the battle goes on with a record of
    its forces; the rounds already fought were told when they were fought (issue 30)."""
    b = s.get("battle")
    if b is None or "record" in b:
        return
    cast(dict[str, Any], b).pop("lines", None)  # an older key, not in today's type
    b["record"] = battle_record(s, b)


# a battle's sub-step, once a string in the battle, now the procedure waiting on it
_BATTLE_STEP = {"walls": ("battle_walls", {}), "split": ("battle_split", {}),
                "att": ("battle_go_on", {"which": "att"}), "dfn": ("battle_go_on", {"which": "dfn"}),
                "whither": ("battle_whither", {})}


def _battle_steps_as_procedures(s: EState) -> None:
    """Saved with the battle's sub-step in `b["step"]` under one `battle` frame (issue 30):
    the frame becomes that sub-step's procedure. A `battle` frame under the wings' set-up
    stays: it goes on to the first round when they are done."""
    old = cast(dict[str, Any] | None, s.get("battle"))  # with a key today's type lacks
    if old is None or "step" not in old:
        return
    step = old.pop("step")
    frames = s["flow"]
    if frames and frames[-1]["name"] == "battle" and step in _BATTLE_STEP:
        name, args = _BATTLE_STEP[step]
        frames[-1] = {"name": name, "args": dict(args)}


def _long_walls_by_hex(s: EState, down_names: list[str] | None) -> None:
    """Saved before a fort could be an end of Long Walls (7.6.5): they were keyed by city
    name, 10.9's pairs implied unless listed in `long_walls_down`, and the works for them
    were {city, partner}. Now one map hex -> hex holds every standing pair."""
    if "long_walls" in s and down_names is None:
        return  # today's shape
    cities = B.comps().cities

    def hx(name: str) -> str:
        return cities[name].hex if name in cities else name

    down = {hx(n) for n in down_names or []}
    walls = {a: b for a, b in B.start_long_walls().items() if a not in down and b not in down}
    walls.update({hx(a): hx(b) for a, b in s.get("long_walls", {}).items()})
    # the old code dropped fallen Long Walls only while an end was down; now they stay down
    s["long_walls"] = {a: b for a, b in sorted(walls.items())
                       if B.fortress(s, a) and B.fortress(s, b)}
    for w in s.get("works", []):
        if "partner" in w:
            w["ends"] = [hx(w.pop("city")), hx(w.pop("partner"))]


def _stages_as_procedures(s: EState) -> None:
    """Saved while a season's or Campaign Turn's per-side stage was being played by a
    call straight from the season (issue 30): the same stage is now a `side_stage` frame
    between them, put in where the stage that had begun is one."""
    frames = s["flow"]
    out = []
    for k, frame in enumerate(frames):
        out.append(frame)
        nxt = frames[k + 1] if k + 1 < len(frames) else None
        if nxt is None or nxt["name"] == "side_stage":
            continue
        if frame["name"] == "season":
            walk, begun = stages(s), frame["args"].get("stage", 0)
        elif frame["name"] == "campaign":
            walk, begun = CAMPAIGN_STEPS, frame["args"].get("i", 0)
        else:
            continue
        if 0 < begun <= len(walk) and walk[begun - 1][0] == "side_stage":
            out.append({"name": "side_stage", "args": deepcopy(walk[begun - 1][1])})
    frames[:] = out


# the Event Cards stage's sub-step (args `step`), now the procedure of that sub-step, with
# the arguments it keeps (event_phase.py)
_CARD_STEP = {"play": ("cards", ("turn", "passes")), "discard": ("cards_discard", ("i",)),
              "draw": ("cards_draw", ("i", "pending")), "peace": ("cards_peace", ("i",)),
              "agree": ("cards_agree", ())}
# the Supply stage's likewise (supplyphase.py)
_SUPPLY_STEP = {"forage": ("supply_forage", ("side", "candidates")),
                "short": ("supply_short", ("side",))}


def _sub_steps_as_procedures(s: EState) -> None:
    """Saved with the Event Cards' or the Supply stage's sub-step in its frame's `step`
    argument (issue 30, point 2): the frame becomes that sub-step's procedure. The stages
    that call Supply passed it `step="forage"`: they pass nothing now. Then the attacks'
    questions likewise."""
    for k, frame in enumerate(s["flow"]):
        args = frame["args"]
        table = _CARD_STEP if frame["name"] == "cards" else \
            _SUPPLY_STEP if frame["name"] == "supply" else None
        if table is not None and args.get("step") in table:
            name, keep = table[args["step"]]
            s["flow"][k] = {"name": name, "args": {key: args[key] for key in keep if key in args}}
        elif frame["name"] in ("side_stage", "turns") and args.get("proc") == "supply":
            args.get("more", {}).pop("step", None)
    _attack_questions_as_procedures(s)
    _wings_as_procedures(s)


# the wings' set-up sub-step, once `b["wings"]["step"]` under one `wings` frame (wings.py)
_WING_STEP = {"deploy": "wings_deploy", "shift": "wings_shift"}


def _wings_as_procedures(s: EState) -> None:
    """Saved with the wings' set-up sub-step in the battle (issue 30, point 2): the `wings`
    frame becomes that sub-step's procedure; once the wings engaged ("fight") nothing
    else is needed (no set-up frame left on the stack says so)."""
    b = s.get("battle")
    w = b.get("wings") if b else None
    if not w or "step" not in w:
        return
    step = w.pop("step")
    frames = s["flow"]
    if frames and frames[-1]["name"] == "wings" and step in _WING_STEP:
        frames[-1] = {"name": _WING_STEP[step], "args": {}}


def _attack_questions_as_procedures(s: EState) -> None:
    """Saved while `combats` asked about its first attack, the question named by its
    frame's `ask` argument (issue 30, point 2): the question is now a procedure called by
    `combats` (battles.py), its frame on top. `pending`, from older saves still, goes."""
    out = []
    for frame in s["flow"]:
        out.append(frame)
        if frame["name"] != "combats":
            continue
        args = frame["args"]
        args.pop("pending", None)
        ask = args.pop("ask", None)
        if ask is not None:
            out.append({"name": f"attack_{ask}", "args": {"side": args["side"]}})
    s["flow"][:] = out
