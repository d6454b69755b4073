"""Combat (rules 5.0-5.61, 7.0, 9.2): battles, storms, sallies, revolts, retreats, regroups
and pillage, run as a resumable machine.

`s["battle"]` holds the battle in progress; `run(bd, s, ctx)` advances it until some player
must decide, and returns that decision as a `Decision`: the name of the procedure that asks
it (flow.py) and its arguments (the block concerned, the stage). The procedure builds its
prompt on demand with `PROMPTS[name]` and applies the answer with `ANSWERS[name]`, which
may name a follow-up decision (a retreat's destination, a regroup's).

Battle stages per round (5.41): "sea" (navies against navies), "navy" (navies that did
not act choose land battle, withdrawal or staying at sea), "land", "siege_decl" (attacker
blocks that did not act choose to storm or stay in reserve), "siege". Kinds: "new" (the
active player attacked), "storm" (he besieges and assaults), "sally" (he is besieged, with or
without relief forces), "revolt" (7.0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import Prompt
from engine.core.ruleset import Context, asks

from . import battle_record as records
from .asks import OptionRow, arg, ask, destination
from .board import SICILY, Board
from .hits import eliminate, hit_prompt, start_hits
from .movement import _stack_ok, _water_bfs
from .replacements import step_cost
from .schema import Battle, FrameArgs
from .state import (
    AS,
    REGROUP_NO_STORM,
    SIEGE_READINGS,
    Occ,
    a_side,
    block_name,
    city_value,
    friendly,
    is_army,
    is_navy,
    occupancy,
    other,
    rating,
    roll,
    siege_at,
)

LETTERS = {"A": 0, "B": 1, "C": 2}

# A decision the battle waits for: the procedure's name and its arguments.
Args = FrameArgs  # a procedure's arguments (schema.py)
BT = Battle  # the battle in progress, s["battle"] (schema.py)
Decision = tuple[str, Args]


# ------------------------------------------------------------------ helpers
def _alive(s: AS, bt: BT, bid: str) -> bool:
    return s["blocks"][bid]["loc"] == bt["hex"]


def _side_blocks(s: AS, bt: BT, side: str) -> list[str]:
    return [b for b, r in bt["role"].items() if r == side and _alive(s, bt, b)]


def _city(bd: Board, h: str) -> dict[str, Any] | None:
    name = bd.city_at.get(h)
    return bd.cities.get(name) if name else None


def siege_limit(bd: Board, h: str) -> int:
    """Rule 5.31: a walled major city holds 4 blocks in siege, a minor one 2."""
    c = _city(bd, h)
    if not c or not c.get("walled"):
        return 0
    return 4 if c.get("major") else 2


def _holder(bd: Board, s: AS, h: str) -> str | None:
    c = bd.city_at.get(h)
    return s["control"].get(c) if c else None


def _reveal(s: AS, ctx: Context, bids: list[str]) -> None:
    for b in bids:
        if b not in s["revealed"]:
            s["revealed"].append(b)
    ctx.reveal()


def _in_count(s: AS, bt: BT, side: str) -> int:
    return sum(1 for b in _side_blocks(s, bt, side) if bt["status"][b] == "in"
               and not s["blocks"][b].get("rv"))


# ------------------------------------------------------------------ starting battles
def battle_hexes(bd: Board, s: AS) -> list[tuple[str, str, bool]]:
    """Hexes where the active player may or must fight now: (hex, kind, mandatory)."""
    act = s["active"]
    assert act is not None  # in a player turn
    occ = occupancy(s)
    out = []
    enemy = other(act)
    for h, here in occ.items():
        if len(here) < 2 or act not in here or enemy not in here:
            continue  # most hexes hold one side only
        if h in s["done_hexes"] or h in bd.oracles:
            continue
        blocks = s["blocks"]
        rv = [b for b in here[act] if blocks[b].get("rv")]
        if rv:
            # a revolt alone is a siege battle (7.0); with other attackers, or the Helots
            # (7.1), it is part of a normal new battle
            helot = bd.blocks[rv[0]].get("special") == "helots"
            alone = len(here[act]) == len(rv)
            out.append((h, "revolt" if alone and not helot else "new", True))
            continue
        sg = siege_at(bd, s, h, occ)
        if sg is None:
            out.append((h, "new", True))
        elif sg["besieger"] == act:
            if stormers(s, here[act]):
                out.append((h, "storm", False))
        else:
            relief = [b for b in here[act] if not blocks[b]["in"]]
            out.append((h, "sally", bool(relief)))
    out.sort(key=lambda t: (not t[2], bd.label(t[0])))
    return out


def start_battle(bd: Board, s: AS, h: str, kind: str, ctx: Context, attacker: str | None = None) -> None:
    act = attacker or s["active"]
    assert act is not None  # in a player turn, or a flip battle's attacker
    dfd = other(act)
    occ = occupancy(s)
    here = occ.get(h, {})
    role: dict[str, str] = {}
    st: dict[str, str] = {}
    for b in here.get(act, []):
        role[b] = act
        st[b] = "in" if s["blocks"][b]["in"] else "eng"
    for b in here.get(dfd, []):
        role[b] = dfd
        st[b] = "in" if s["blocks"][b]["in"] else "eng"
    relief = []
    if kind == "sally":
        relief = [b for b in here.get(act, []) if not s["blocks"][b]["in"]]
    bt: Battle = {
        "hex": h, "kind": kind, "attacker": act, "defender": dfd, "round": 1,
        "role": role, "status": st, "relief": relief, "acted": [], "queue": [],
        "to_declare": [], "retreats": {}, "sally": [], "helot": None, "revolt": None,
        "hex_taken": False, "record": records.start(h, kind, act, dfd),
        "end": None, "pillage": 0}
    for b in here.get(act, []):
        if s["blocks"][b].get("rv"):
            if bd.blocks[b].get("special") == "helots":
                bt["helot"] = b
            else:
                bt["revolt"] = b
    s["battle"] = bt
    s["hits"] = None
    name = bd.label(h)
    ctx.event("battle_start", f"Battle at {name}: {act.title()} attacks ({kind})",
              hex=h, attacker=act, defender=dfd, battle_kind=kind)
    if kind in ("new", "revolt"):
        # rule 5.4: the active player reveals all attacking blocks
        _reveal(s, ctx, [b for b in here.get(act, [])])
        if kind == "revolt":
            for b in here.get(dfd, []):
                st[b] = "in"
            rb = bt["revolt"]
            assert rb is not None  # a revolt battle has its revolt block
            st[rb] = "storm"
            return  # no declarations: the first stage hands straight on to the round
        lim = siege_limit(bd, h)
        if lim and _holder(bd, s, h) == dfd:
            bt["to_declare"] = sorted(here.get(dfd, []))
        else:
            _reveal(s, ctx, here.get(dfd, []))
    elif kind == "storm":
        bt["to_declare"] = sorted(stormers(s, here.get(act, [])))
    elif kind == "sally":
        bt["to_declare"] = sorted(b for b in here.get(act, []) if s["blocks"][b]["in"])
        for b in relief:
            bt["status"][b] = "eng"
        _reveal(s, ctx, relief)


def stormers(s: AS, bids: list[str]) -> list[str]:
    """The besiegers among `bids` that may storm now: blocks outside the walls, but not
    armies that regrouped into this siege earlier in the combat phase (rule 5.6: a
    regrouped army may not attack again this phase; generation 2 on)."""
    barred = s.get("regrouped_armies", ())
    return [b for b in bids if not s["blocks"][b]["in"] and b not in barred]


# ------------------------------------------------------------------ the machine
# The battle's stages (5.4-5.61), in the order a battle may pass through them: each is a
# procedure on the flow's stack (combat_flow.BattleStage, named `stage_proc(key)`), which
# runs the function `STAGES[key]` until it asks a question or hands on to another stage.
STAGE_KEYS = ("decl", "r_start", "sea", "navy", "land", "siege_decl", "siege", "r_end",
              "end", "extra", "forced", "regroup", "pillage", "finish")
# once the battle is decided: a side left without blocks no longer ends it again
DECIDED = frozenset({"end", "extra", "regroup", "pillage", "finish", "forced"})
FIRST = "decl"  # every battle begins with the defenders' declarations (5.4)


def stage_proc(key: str) -> str:
    """The procedure that runs battle stage `key`."""
    return f"battle_{key}"


STAGE_PROCS = {stage_proc(k): k for k in STAGE_KEYS}


class Stage:
    """One run of a battle stage: the stage running (`now`, a key of STAGES) and the one
    it hands on to (`next`, None: it stays). Not kept anywhere: where the battle stands is
    the stage procedure on the flow's stack."""

    __slots__ = ("now", "next")

    def __init__(self, now: str):
        self.now = now
        self.next: str | None = None


def stage_of(s: AS) -> str | None:
    """The stage the battle in progress is at (the view shows it), read from the stack."""
    for frame in reversed(s["flow"]):
        key = STAGE_PROCS.get(frame["name"])
        if key is not None:
            return key
    return None


def check_won(s: AS, bt: BT, st: Stage) -> None:
    """A side left without blocks in the battle ends it (5.43)."""
    if st.now in DECIDED or st.next in DECIDED:
        return
    if not _side_blocks(s, bt, bt["attacker"]) or not _side_blocks(s, bt, bt["defender"]):
        st.next = "end"
        bt["queue"] = []


_check_won = check_won  # the stage functions' own name for it


def _stage_decl(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    kind = bt["kind"]
    h = bt["hex"]
    while bt["to_declare"]:
        b = bt["to_declare"][0]
        if not _alive(s, bt, b):
            bt["to_declare"].pop(0)
            continue
        lim = siege_limit(bd, h)
        if kind == "new":
            if _in_count(s, bt, bt["defender"]) >= lim:
                bt["to_declare"].pop(0)
                _reveal(s, ctx, [b])
                continue
            return ("decl", {"block": b})
        if kind == "storm":
            n = sum(1 for x in bt["role"] if bt["status"].get(x) == "storm")
            if n >= lim:
                bt["to_declare"] = []
                break
            return ("decl", {"block": b})
        if kind == "sally":
            return ("decl", {"block": b})
        bt["to_declare"].pop(0)
    # declarations done
    if kind == "storm" and not any(bt["status"][b] == "storm" for b in bt["role"]):
        _cancel(bd, s, bt, ctx, "the besieger stays on siege")
        return None
    if kind == "sally":
        if not bt["sally"] and not bt["relief"]:
            _cancel(bd, s, bt, ctx, "the besieged stay in the city")
            return None
        # the besiegers (defenders) are revealed as they meet the sally
        _reveal(s, ctx, [b for b in _side_blocks(s, bt, bt["defender"])])
    st.next = "r_start"
    return None


def prompt_decl(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    h = bt["hex"]
    lim = siege_limit(bd, h)
    name = block_name(bd, b)
    if bt["kind"] == "new":
        return ask(bt["defender"], "decl",
                   f"Battle at {bd.label(h)} (rule 5.4): {name} engages, or withdraws "
                   f"into the walls and accepts siege (at most {lim} blocks).", "5.4",
                   [["eng", "Engage", "5.4"], ["wd", "Withdraw into the city", "5.4"]])
    if bt["kind"] == "storm":
        return ask(bt["attacker"], "decl",
                   f"Siege of {bd.label(h)} (rule 5.4): does {name} storm the city "
                   f"(at most {lim} blocks) or stay on siege?", "5.4",
                   [["storm", "Storm", "5.3"], ["stay", "Stay on siege", "5.4"]])
    return ask(bt["attacker"], "decl",
               f"Besieged at {bd.label(h)} (rule 5.4): does {name} sally out or "
               "remain in the city?", "5.4",
               [["sally", "Sally", "5.3"], ["stay", "Remain in the city", "5.4"]])


def answer_decl(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    bt = s["battle"]
    assert bt is not None
    b = bt["to_declare"].pop(0)
    if bt["kind"] == "new":
        if option == "wd":
            bt["status"][b] = "in"
            s["blocks"][b]["in"] = True
            ctx.event("withdraw", f"{a_side(bt['defender'])} withdraws into "
                      f"{bd.label(bt['hex'])} (rule 5.4)", hex=bt["hex"])
        else:
            _reveal(s, ctx, [b])
    elif bt["kind"] == "storm":
        if option == "storm":
            bt["status"][b] = "storm"
    elif bt["kind"] == "sally" and option == "sally":
        bt["status"][b] = "eng"
        s["blocks"][b]["in"] = False
        bt["sally"].append(b)
        _reveal(s, ctx, [b])


def _cancel(bd: Board, s: AS, bt: BT, ctx: Context, why: str) -> None:
    s["done_hexes"].append(bt["hex"])
    ctx.event("no_battle", f"No battle at {bd.label(bt['hex'])}: {why}", hex=bt["hex"])
    s["battle"] = None


def _stage_r_start(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    bt["acted"] = []
    for b, status in list(bt["status"].items()):
        if status in ("sea", "land", "res"):
            bt["status"][b] = "eng"
    records.new_round(bt["record"], bt["round"])
    # storms and revolts are siege battles only (5.3, 7.0)
    st.next = "siege" if bt["kind"] in ("storm", "revolt") else "sea"
    bt["queue"] = None
    return None


def _order(bd: Board, s: AS, bt: BT, bids: list[str], siege: bool = False) -> list[str]:
    """Rule 5.1: A before B before C; defenders before attackers on equal letters."""
    def key(b: str) -> tuple[int, int, str]:
        letter, _ = rating(bd, b, siege and _walled(bd, bt))
        return (LETTERS.get(letter, 3), 0 if bt["role"][b] == bt["defender"] else 1, b)
    return sorted(bids, key=key)


def _walled(bd: Board, bt: BT) -> bool:
    c = _city(bd, bt["hex"])
    return bool(c and c.get("walled"))


def _sea_navies(s: AS, bt: BT, side: str, bd: Board) -> list[str]:
    return [b for b in _side_blocks(s, bt, side) if is_navy(bd, b) and bt["status"][b] == "eng"]


def _def_sea_control(bd: Board, s: AS, bt: BT) -> bool:
    """Rule 4.3: the defender keeps sea control while a navy of his is outside the walls."""
    return any(is_navy(bd, b) and bt["status"][b] != "in" for b in _side_blocks(s, bt, bt["defender"]))


def _land_participants(bd: Board, s: AS, bt: BT, side: str) -> list[str]:
    out = []
    seactl = _def_sea_control(bd, s, bt)
    for b in _side_blocks(s, bt, side):
        st = bt["status"][b]
        if is_navy(bd, b):
            if st == "land":
                out.append(b)
        elif st == "eng":
            if side == bt["attacker"] and seactl and _crossed(s, bt, b):
                continue  # rule 4.3: cannot cross the strait to fight
            out.append(b)
    return out


def _crossed(s: AS, bt: BT, b: str) -> bool:
    e = s["entries"].get(bt["hex"], {}).get(b)
    return bool(e and e[1])


def _targets(bd: Board, s: AS, bt: BT, b: str, stage: str) -> list[str]:
    side = bt["role"][b]
    foe = other(side)
    if stage == "sea":
        return _sea_navies(s, bt, foe, bd)
    if stage == "land":
        return _land_participants(bd, s, bt, foe)
    if stage == "siege":
        st = bt["status"][b]
        if st == "storm":
            return [x for x in _side_blocks(s, bt, foe) if bt["status"][x] == "in"]
        if st == "in":
            return [x for x in _side_blocks(s, bt, foe) if bt["status"][x] == "storm"]
    if stage == "extra":
        return [x for x in _side_blocks(s, bt, foe) if is_army(bd, x) and bt["status"][x] != "in"]
    return []


def _can_withdraw(bd: Board, s: AS, bt: BT, b: str) -> bool:
    """Withdraw into siege (5.31): the city's holder only, never relief forces, within the
    siege limit."""
    side = bt["role"][b]
    h = bt["hex"]
    lim = siege_limit(bd, h)
    if not lim or bt["kind"] in ("storm", "revolt") or b in bt["relief"]:
        return False
    if h == SICILY and side == bt["attacker"]:
        return False
    if _holder(bd, s, h) != side or bt.get("fallen"):
        return False
    return _in_count(s, bt, side) < lim


def _can_retreat(bd: Board, s: AS, bt: BT, b: str, stage: str) -> bool:
    """Round 2 only (5.42); never sallying armies, helots or armies attacking Sicily."""
    if bt["round"] < 2:
        return False
    side = bt["role"][b]
    if b in bt["sally"] and is_army(bd, b):
        return False
    if b == bt["helot"] or b == bt["revolt"]:
        return False
    if stage == "siege":
        return bt["status"][b] == "storm"  # storming blocks pull back (combat summary)
    if bt["hex"] == SICILY and side == bt["attacker"] and is_army(bd, b):
        return False
    return bool(retreat_options(bd, s, bt, b))


def _stage_sea(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    if bt["queue"] is None:
        a = _sea_navies(s, bt, bt["attacker"], bd)
        d = _sea_navies(s, bt, bt["defender"], bd)
        bt["queue"] = _order(bd, s, bt, a + d) if a and d else []
    return _run_queue(bd, s, bt, ctx, st, "sea", "navy")


def _run_queue(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage, stage: str, nxt: str
               ) -> Decision | None:
    while bt["queue"]:
        b = bt["queue"][0]
        if not _alive(s, bt, b) or b in bt["acted"] or \
                (stage == "sea" and bt["status"][b] != "eng") or \
                (stage == "land" and b not in _land_participants(bd, s, bt, bt["role"][b])) \
                or (stage == "siege" and bt["status"][b] not in ("storm", "in")):
            bt["queue"].pop(0)
            continue
        tg = _targets(bd, s, bt, b, stage)
        if not tg:
            bt["queue"].pop(0)
            continue
        opts = _act_options(bd, s, bt, b, stage)
        if len(opts) == 1:
            bt["queue"].pop(0)
            fire(bd, s, bt, b, stage, ctx)
            if s.get("hits"):
                return None
            _check_won(s, bt, st)
            if st.next == "end":
                return None
            continue
        # the legal choices go with the question: working them out costs a search
        return ("act", {"block": b, "stage": stage, "choices": [o[0] for o in opts]})
    bt["queue"] = None
    st.next = nxt
    return None


ACT_CHOICES: dict[str, OptionRow] = {"fire": ["fire", "Attack", "5.2"],
                                     "wd": ["wd", "Withdraw into the city", "5.41"],
                                     "rt": ["rt", "Retreat", "5.5"]}


def _act_options(bd: Board, s: AS, bt: BT, b: str, stage: str) -> list[OptionRow]:
    opts = [ACT_CHOICES["fire"]]
    if stage != "siege" and _can_withdraw(bd, s, bt, b):
        opts.append(ACT_CHOICES["wd"])
    if _can_retreat(bd, s, bt, b, stage):
        opts.append(ACT_CHOICES["rt"])
    return opts


def prompt_act(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    b, stage = a["block"], a["stage"]
    rule = "5.41" if bt["round"] == 1 else "5.42"  # the round's own rule
    return ask(bt["role"][b], "act", f"Battle at {bd.label(bt['hex'])}, round {bt['round']}, "
               f"{stage} battle (rule {rule}): {block_name(bd, b)} "
               f"({s['blocks'][b]['str']}{bd.blocks[b]['rating']}) acts.", rule,
               [ACT_CHOICES[c] for c in a["choices"]] if "choices" in a
               else _act_options(bd, s, bt, b, stage))


def answer_act(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> Decision | None:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    stage = a["stage"]
    then: Decision | None = None
    if bt["queue"] and bt["queue"][0] == b:
        bt["queue"].pop(0)
    if option == "fire":
        fire(bd, s, bt, b, stage, ctx)
    elif option == "wd":
        bt["acted"].append(b)
        bt["status"][b] = "in"
        s["blocks"][b]["in"] = True
        _record(bd, s, bt, b, stage, "withdraw")
        ctx.event("withdraw", f"{a_side(bt['role'][b])} withdraws into "
                  f"{bd.label(bt['hex'])} (rule 5.41)", hex=bt["hex"])
    elif option == "rt":
        bt["acted"].append(b)
        if stage == "siege":
            bt["status"][b] = "res"
            _record(bd, s, bt, b, stage, "retreat")
        else:
            then = ("retreat", {"block": b, "why": "chosen"})  # where to, next (5.5)
    return then  # the stage checks whether the battle is won once the question ends


def _record(bd: Board, s: AS, bt: BT, b: str, stage: str, action: str,
            to: str | None = None) -> None:
    records.note_step(bd, s, bt["record"], b, bt["role"][b], stage, action, to=to)


def fire(bd: Board, s: AS, bt: BT, b: str, stage: str, ctx: Context) -> None:
    """Rule 5.2: roll one die per step; each die at or under the rating is a hit."""
    bt["acted"].append(b)
    siege = stage == "siege" and _walled(bd, bt)
    letter, fire_n = rating(bd, b, siege)
    bn = s.get("bonus")
    if bn and bn.get("block") == b:
        fire_n = min(bn["max_fire"], fire_n + bn["amount"])  # Brasidas / Phormio events
    blk = s["blocks"][b]
    tg = _targets(bd, s, bt, b, stage)
    dice = roll(s, ctx, blk["str"])
    hits = sum(1 for d in dice if d <= fire_n)
    if b not in s["revealed"]:
        s["revealed"].append(b)
    foe = other(bt["role"][b])
    # double defence: blocks inside a walled city take half-hits (5.41), except from a
    # revolt block (7.0) or when Betrayal is in force against the storm (event)
    half = (stage == "siege" and siege and bt["status"][b] == "storm" and b != bt["revolt"]
            and not betrayal(s, bt["role"][b], bt["hex"]))
    records.note_step(bd, s, bt["record"], b, bt["role"][b], stage, "fire", dice=dice,
                      hits=0 if half else hits,
                      facts={"rating": f"{letter}{fire_n}", "half_hits": hits} if half
                      else {"rating": f"{letter}{fire_n}"})
    ctx.event("dice", f"{block_name(bd, b)} ({bt['role'][b].title()}) rolls {dice}: "
              f"{hits} {'half-' if half else ''}hit{'s' if hits != 1 else ''}",
              dice=dice, hits=hits, side=bt["role"][b], hex=bt["hex"])
    if hits and tg:
        start_hits(s, foe, hits, tg, half, bt["hex"], record=True)


def betrayal(s: AS, side: str, h: str) -> bool:
    """The Betrayal event: no double defence in the one city its player chose (5.41)."""
    bet = s.get("betrayal")
    return bool(bet and bet["side"] == side and bet["hex"] == h)


def _stage_navy(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    """5.41: navies that did not act choose land battle, withdrawal or staying at sea."""
    for b in _order(bd, s, bt, [x for x in bt["role"] if _alive(s, bt, x)]):
        if not is_navy(bd, b) or bt["status"][b] != "eng" or b in bt["acted"]:
            continue
        if b in bt.get("navy_done", []):
            continue
        foe = other(bt["role"][b])
        if not any(bt["status"][x] != "in" for x in _side_blocks(s, bt, foe)):
            # only blocks in siege oppose it: an attacker's navy may still storm (5.41)
            if bt["role"][b] == bt["attacker"]:
                bt["status"][b] = "land"
            continue
        return ("navy", {"block": b})
    bt.pop("navy_done", None)
    st.next = "land"
    bt["queue"] = None
    return None


def prompt_navy(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    opts = [["land", "Engage in the land battle", "5.41"], ["sea", "Remain at sea", "5.41"]]
    withdraw = _can_withdraw(bd, s, bt, b)
    if withdraw:
        opts.insert(1, ["wd", "Withdraw into the city", "5.41"])
    # the question names only what is offered
    asked = ("Engage on land, withdraw, or remain at sea?" if withdraw
             else "Engage on land, or remain at sea?")
    return ask(bt["role"][b], "navy",
               f"Battle at {bd.label(bt['hex'])} (rule 5.41): {block_name(bd, b)} has no "
               f"enemy navy to fight. {asked}", "5.41", opts)


def answer_navy(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    bt.setdefault("navy_done", []).append(b)
    if option == "land":
        bt["status"][b] = "land"
    elif option == "sea":
        bt["status"][b] = "sea"
        bt["acted"].append(b)
    elif option == "wd":
        bt["status"][b] = "in"
        bt["acted"].append(b)
        s["blocks"][b]["in"] = True


def _stage_land(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    if bt["queue"] is None:
        a = _land_participants(bd, s, bt, bt["attacker"])
        d = _land_participants(bd, s, bt, bt["defender"])
        bt["queue"] = _order(bd, s, bt, a + d) if a and d else []
    return _run_queue(bd, s, bt, ctx, st, "land", "siege_decl")


def _stage_siege_decl(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    """5.41: when only defenders in siege remain, each attacker block that did not act
    storms or stays in reserve (within the siege limit)."""
    dfd = bt["defender"]
    if bt["kind"] == "sally":
        st.next = "r_end"
        return None
    defs = _side_blocks(s, bt, dfd)
    if not any(bt["status"][x] == "in" for x in defs) or any(
            _open_ashore(bd, s, bt, x) for x in defs):
        st.next = "r_end"
        return None
    lim = siege_limit(bd, bt["hex"])
    storming = [x for x in bt["role"] if bt["status"].get(x) == "storm" and _alive(s, bt, x)]
    able = _land_participants(bd, s, bt, bt["attacker"])
    for b in _order(bd, s, bt, _side_blocks(s, bt, bt["attacker"])):
        if b in bt["acted"] or bt["status"][b] not in ("eng", "land") or b in bt.get("stood_down", []):
            continue
        if b not in able and asks(s, REGROUP_NO_STORM):
            continue  # rule 4.3: it cannot cross the strait while the defender holds the sea
        if len(storming) >= lim:
            break
        return ("siege_decl", {"block": b})
    bt.pop("stood_down", None)
    st.next = "siege"
    bt["queue"] = None
    return None


def _open_ashore(bd: Board, s: AS, bt: BT, b: str) -> bool:
    """Whether defending block `b` still stands outside the walls in a way that keeps the
    attackers from storming. Rule 5.41 lets them storm once only blocks in siege are left
    in the *land* battle: a defending navy fighting the sea battle, or staying at sea, does
    not stop it (5.41: a navy left when the city falls cannot withdraw; 5.43 then sends
    it away or lets it blockade). Games before generation 2 waited for every defender to
    be inside the walls."""
    status = bt["status"][b]
    if status == "in":
        return False
    if not asks(s, REGROUP_NO_STORM):
        return True
    return is_army(bd, b) or status == "land"


def prompt_siege_decl(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    return ask(bt["attacker"], "siege_decl",
               f"Only defenders inside the walls of {bd.label(bt['hex'])} remain (rule "
               f"5.41): does {block_name(bd, a['block'])} storm the city or stay in reserve?",
               "5.41", [["storm", "Storm the city", "5.41"], ["res", "Stay in reserve", "5.41"]])


def answer_siege_decl(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    bt.setdefault("stood_down", []).append(b)
    bt["status"][b] = "storm" if option == "storm" else "res"


def _stage_siege(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    if bt["queue"] is None:
        storm = [x for x in _side_blocks(s, bt, bt["attacker"]) if bt["status"][x] == "storm"]
        ins = [x for x in _side_blocks(s, bt, bt["defender"]) if bt["status"][x] == "in"]
        if storm and ins:
            _reveal(s, ctx, storm + ins)
        bt["queue"] = _order(bd, s, bt, storm + ins, siege=True) if storm and ins else []
    return _run_queue(bd, s, bt, ctx, st, "siege", "r_end")


def _stage_r_end(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    if bt["kind"] == "new" and asks(s, REGROUP_NO_STORM) and _city_fell(s, bt):
        bt["fallen"] = True  # rule 5.41: a defending navy left outside may not withdraw
    if bt["kind"] == "new":
        # storming lasts for the round only in a new battle
        for b in bt["role"]:
            if bt["status"].get(b) == "storm":
                bt["status"][b] = "eng"
    if bt["round"] >= 2:
        st.next = "end"
        return None
    bt["round"] = 2
    st.next = "r_start"
    return None


def _city_fell(s: AS, bt: BT) -> bool:
    """The storm of this round emptied the walls: stormers stand and nobody is inside."""
    storming = any(bt["status"].get(b) == "storm" for b in _side_blocks(s, bt, bt["attacker"]))
    return storming and not any(bt["status"][b] == "in"
                                for b in _side_blocks(s, bt, bt["defender"]))


# ------------------------------------------------------------------ end of battle
def _stage_end(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    """Rule 5.43 and the battle's outcome."""
    att, dfd = bt["attacker"], bt["defender"]
    h = bt["hex"]
    if h == SICILY and bt["kind"] == "new" and _side_blocks(s, bt, att):
        # 9.2: Syracuse's defenders must withdraw into the city after round 2
        lim = siege_limit(bd, h)
        for b in _order(bd, s, bt, _side_blocks(s, bt, dfd)):
            if bt["status"][b] != "in" and _holder(bd, s, h) == dfd and _in_count(s, bt, dfd) < lim:
                bt["status"][b] = "in"
                s["blocks"][b]["in"] = True
    a_all = _side_blocks(s, bt, att)
    d_all = _side_blocks(s, bt, dfd)
    d_out = [b for b in d_all if bt["status"][b] != "in"]
    d_in = [b for b in d_all if bt["status"][b] == "in"]
    a_out = [b for b in a_all if bt["status"][b] != "in"]
    forced: list[str] = []
    result = None
    winner = None
    if bt["kind"] == "sally":
        if not d_all:
            result, winner = "siege_lifted", att
        else:
            for b in bt["sally"]:
                if _alive(s, bt, b):
                    bt["status"][b] = "in"
                    s["blocks"][b]["in"] = True
            forced = [b for b in bt["relief"] if _alive(s, bt, b)]
            result = "sally_repulsed" if a_all else "besieged_destroyed"
            winner = dfd
    elif not a_all:
        result, winner = "defender_held", dfd
    elif not d_all:
        result, winner = "attacker_took_hex", att
        bt["hex_taken"] = True
    elif bt["kind"] == "revolt" or (bt["kind"] == "new" and (bt["helot"] or bt["revolt"])):
        rb = bt["revolt"] or bt["helot"]
        if rb and _alive(s, bt, rb):
            eliminate(bd, s, rb, ctx, "lost (the revolt fails, rule 7.0)")
        if bt["kind"] == "revolt":
            result, winner = "revolt_failed", dfd
        else:
            a_all = _side_blocks(s, bt, att)
    if result is None:
        d_out_armies = [b for b in d_out if is_army(bd, b)]
        if d_out and (d_in or d_out_armies or not _walled(bd, bt)):
            # defenders remain outside the walls: the attacker must retreat (5.43)
            result, winner = "attacker_retreats", dfd
            if bt["kind"] == "new" and not bt.get("extra_done"):
                # 5.43: first one more fire from the defending peltasts and cavalry
                bt["extra_done"] = True
                bt["extra_queue"] = [b for b in _order(bd, s, bt, d_out)
                                 if bd.blocks[b]["type"] in ("peltast", "cavalry")]
                if bt["extra_queue"] and any(is_army(bd, b) for b in a_out):
                    records.new_round(bt["record"], bt["round"], records.PURSUIT)
                    st.next = "extra"
                    return None
            forced = [b for b in _side_blocks(s, bt, att) if bt["status"][b] != "in"]
        elif d_out and not d_in:
            # the attacker took the walled city; the defending navy retreats or blockades
            result, winner = "attacker_took_city", att
            bt["hex_taken"] = True
            a_nav = any(is_navy(bd, b) for b in a_out)
            lim = siege_limit(bd, h)
            for b in d_out:
                if a_nav or len(a_out) > lim:
                    forced.append(b)
            if not forced:
                bt["optional"] = list(d_out)  # each may stay on blockade or retreat
        else:
            result, winner = ("siege_continues" if d_in else "attacker_took_hex"), \
                None if d_in else att
            if not d_in:
                bt["hex_taken"] = True
    assert result is not None  # every branch above decides the battle's outcome
    records.close(bt["record"], winner, result)
    bt["winner"] = winner
    bt["forced"] = [b for b in forced if _alive(s, bt, b)]
    st.next = "forced"
    # half-hits recover at the end of a battle (5.41)
    s["half_hits"] = [b for b in s["half_hits"] if not _alive(s, bt, b)]
    # Rule 5.61 pays pillage for every major city captured, and 7.0 fights a revolt as a
    # normal siege battle, so a revolt that wins its battle pillages too (games of
    # generation 0 keep the older reading, which gave none).
    if bt["hex_taken"] and (bt["kind"] != "revolt" or asks(s, SIEGE_READINGS)):
        c = _city(bd, h)
        name = bd.city_at.get(h)
        if c and name and c.get("major") and s["control"].get(name) == dfd:  # c: a name
            bt["pillage"] = city_value(bd, s, name)  # rule 5.61
    return None


def _stage_extra(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    """5.43: an attacking army forced to retreat from a new battle first takes one more
    fire from each defending peltast and cavalry outside the walls."""
    while bt["extra_queue"]:
        b = bt["extra_queue"].pop(0)
        if not _alive(s, bt, b) or not _targets(bd, s, bt, b, "extra"):
            continue
        bt["acted"] = [x for x in bt["acted"] if x != b]
        fire(bd, s, bt, b, "extra", ctx)
        if s.get("hits"):
            return None  # the machine applies the hits (the owner may have to choose)
    st.next = "end"  # conclude: the attacker now retreats (extra_done is set)
    return None


def _stage_forced(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    """Forced retreats at the end of the battle (5.43, 5.5); a defending navy left outside
    a city the attacker took may instead stay on blockade (5.43)."""
    while bt.get("optional"):
        b = bt["optional"][0]
        if not _alive(s, bt, b):
            bt["optional"].pop(0)
            continue
        return ("retreat", {"block": b, "why": "blockade"})
    if "optional" in bt:
        del bt["optional"]
        outside = [b for b in _side_blocks(s, bt, bt["defender"]) if bt["status"][b] != "in"]
        if outside:  # the blockade holds: the victors are now the besieged
            for b in _side_blocks(s, bt, bt["attacker"]):
                bt["status"][b] = "in"
                s["blocks"][b]["in"] = True
    while bt["forced"]:
        b = bt["forced"][0]
        if not _alive(s, bt, b):
            bt["forced"].pop(0)
            continue
        if bt["role"][b] == bt["attacker"] and bt["hex"] == SICILY and is_army(bd, b):
            bt["forced"].pop(0)
            eliminate(bd, s, b, ctx, "lost: attacking armies cannot leave Sicily (rule 9.2)")
            continue
        opts = retreat_options(bd, s, bt, b)
        if not opts:
            bt["forced"].pop(0)
            eliminate(bd, s, b, ctx, "eliminated: no retreat (rule 5.5)")
            continue
        if len(opts) == 1:
            bt["forced"].pop(0)
            do_retreat(bd, s, bt, b, opts[0][0], ctx)
            continue
        return ("retreat", {"block": b, "why": "forced"})
    st.next = "regroup"
    bt["regrouped"] = []
    return None


def prompt_retreat(bd: Board, s: AS, a: Args) -> Prompt:
    """Where a block retreats: one that chose to in round 2 (5.5), one the battle's end
    forces back (5.43), or a defending navy that may stay on blockade instead (5.43)."""
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    opts = retreat_options(bd, s, bt, b)
    side = bt["role"][b]
    if a["why"] == "blockade":
        return ask(side, "retreat", f"{bd.label(bt['hex'])} has fallen (rule 5.43): "
                   f"does {block_name(bd, b)} stay on blockade or retreat?", "5.43",
                   [["stay", "Stay on blockade", "5.43"]] + opts)
    if a["why"] == "forced":
        return ask(side, "retreat", f"{block_name(bd, b)} must retreat from "
                   f"{bd.label(bt['hex'])} (rules 5.43, 5.5). Where to?", "5.5", opts)
    return ask(side, "retreat", f"{block_name(bd, b)} retreats from "
               f"{bd.label(bt['hex'])} (rule 5.5). Where to?", "5.5", opts)


def answer_retreat(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    if bt.get("optional") and bt["optional"][0] == b:
        bt["optional"].pop(0)
        if option == "stay":
            return
    elif bt.get("forced") and bt["forced"][0] == b:
        bt["forced"].pop(0)
    do_retreat(bd, s, bt, b, option, ctx)  # the stage then checks whether the battle is won


def retreat_options(bd: Board, s: AS, bt: BT, b: str) -> list[OptionRow]:
    """Rule 5.5: attackers go back through the hex-sides they came by, defenders through
    any other; to friendly or vacant hexes only, within terrain limits. Navies go to a
    friendly port within four hexes."""
    side = bt["role"][b]
    h = bt["hex"]
    occ = occupancy(s)
    out = []
    if is_navy(bd, b):
        if h == SICILY:
            starts = [(e, bd.ports.get(e, 0)) for e in bd.embark if friendly(s, side, e)]
            reach = {n: 0 for n in starts}
        else:
            reach = _water_bfs(bd, s, side, [(h, s["blocks"][b]["coast"] or 0)], 4, occ, True)
        for (x, c), _d in sorted(reach.items(), key=lambda kv: (kv[1], bd.label(kv[0][0]))):
            if x == h or x not in bd.ports or (bd.ports[x] != c and
                                                 bd.city_at.get(x) != "Corinth"):
                continue
            if not friendly(s, side, x) or other(side) in occ.get(x, {}):
                continue
            if not _stack_ok(bd, s, occ, side, x, b):
                continue
            out.append([f"t:{x}:{c}", bd.label(x), "5.5"])
        return out
    if h == SICILY:
        return []
    entry = s["entries"].get(h, {})
    if side == bt["attacker"] and b in entry and entry[b][0]:
        cands = [entry[b][0]]
        if entry[b][1] and _def_sea_control(bd, s, bt):
            return []  # rule 4.3/5.5: cannot cross the strait back under enemy sea control
    elif side == bt["attacker"]:
        cands = list(bd.land[h])
    else:
        used = {e[0] for x, e in entry.items() if bt["role"].get(x) == bt["attacker"] and e[0]}
        cands = [nb for nb in bd.land[h] if nb not in used]
    for nb in sorted(cands, key=bd.label):
        if nb not in bd.land[h]:
            continue
        if not _retreat_hex_open(bd, s, occ, side, nb):
            continue
        lim = bd.land[h][nb]
        if bt["retreats"].get(nb, 0) >= lim:
            continue
        if not _stack_ok(bd, s, occ, side, nb, b):
            continue
        out.append([f"t:{nb}", bd.label(nb), "5.5"])
    return out


def _retreat_hex_open(bd: Board, s: AS, occ: Occ, side: str, nb: str) -> bool:
    """Rule 5.5: an army retreats into a friendly or vacant hex, never one holding enemy
    blocks (contested included; oracles excepted, 1.4). A vacant enemy city is vacant, so
    it is open. Not into a neutral city (9.5: no stopping there except to attack), nor
    into Persia unless Sparta has the alliance (9.3)."""
    if other(side) in occ.get(nb, {}) and nb not in bd.oracles:
        return False
    if s["land_control"].get(nb) == "neutral" and nb in bd.city_at:
        return False
    if nb in bd.persian:
        return side == "sparta" and s["persia"]["alliance"]
    return True


def do_retreat(bd: Board, s: AS, bt: BT, b: str, option: str, ctx: Context) -> None:
    dest, coast = destination(option, bd.ports)
    blk = s["blocks"][b]
    src = blk["loc"]
    blk["loc"] = dest
    blk["in"] = False
    if is_navy(bd, b):
        blk["coast"] = coast
    else:
        bt["retreats"][dest] = bt["retreats"].get(dest, 0) + 1
    if b in s["half_hits"]:
        s["half_hits"].remove(b)
    if s["battle"] and s["battle"]["record"]["rounds"]:
        _record(bd, s, bt, b, "retreat", "retreat", to=dest)
    ctx.event("retreat", f"{a_side(blk['side'])} retreats from {bd.label(src)} to "
              f"{bd.label(dest)} (rule 5.5)", side=blk["side"], frm=src, to=dest)


def regroup_options(bd: Board, s: AS, bt: BT, b: str) -> list[OptionRow]:
    """Rule 5.6: victorious navies to a friendly port within 4; after a new battle, armies
    to adjacent friendly hexes (terrain limits apply)."""
    side = bt["role"][b]
    h = bt["hex"]
    occ = occupancy(s)
    out = []
    if is_navy(bd, b):
        if h == SICILY:
            return []
        reach = _water_bfs(bd, s, side, [(h, s["blocks"][b]["coast"] or 0)], 4, occ, True)
        for (x, c), _d in sorted(reach.items(), key=lambda kv: (kv[1], bd.label(kv[0][0]))):
            if x == h or x not in bd.ports or (bd.ports[x] != c and
                                                 bd.city_at.get(x) != "Corinth"):
                continue
            if not friendly(s, side, x) or other(side) in occ.get(x, {}):
                continue
            if _stack_ok(bd, s, occ, side, x, b):
                out.append([f"t:{x}:{c}", bd.label(x), "5.6"])
        return out
    if bt["kind"] != "new" or h == SICILY:
        return []
    for nb in sorted(bd.land[h], key=bd.label):
        if not friendly(s, side, nb):
            continue
        sg = siege_at(bd, s, nb, occ)
        if other(side) in occ.get(nb, {}) and not (sg and sg["besieger"] == side):
            continue
        if bt["retreats"].get(nb, 0) >= bd.land[h][nb]:
            continue
        if _stack_ok(bd, s, occ, side, nb, b):
            out.append([f"t:{nb}", bd.label(nb), "5.6"])
    return out


def _regroupers(bd: Board, s: AS, bt: BT) -> list[str]:
    """Who may regroup (5.6): the side that holds the field after the battle. After a
    storm only a victorious besieger's navies may: the armies of an on-going siege never
    regroup (5.6), and `regroup_options` offers armies a regroup after new battles only."""
    w = bt.get("winner")
    side = w if w else bt["attacker"]
    if bt["kind"] == "revolt":
        return []
    if bt["kind"] == "storm" and side == bt["attacker"] and w != bt["attacker"]:
        return []  # the storm did not take the city: nobody won, the siege goes on
    out = []
    for b in _side_blocks(s, bt, side):
        if bt["status"][b] == "in" or b in bt["regrouped"]:
            continue
        out.append(b)
    return sorted(out)


def _regroup_candidates(bd: Board, s: AS, bt: BT) -> list[str]:
    return [b for b in _regroupers(bd, s, bt) if regroup_options(bd, s, bt, b)]


def _stage_regroup(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    cands = _regroup_candidates(bd, s, bt)
    if not cands:
        st.next = "pillage"
        return None
    return ("regroup", {"blocks": cands})  # found by a search each: kept with the question


def prompt_regroup(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    cands = a["blocks"] if "blocks" in a else _regroup_candidates(bd, s, bt)
    side = bt["role"][cands[0]]
    opts = [[f"g:{b}", f"{block_name(bd, b)} ({s['blocks'][b]['str']})", "5.6"]
            for b in cands[:24]]
    opts.append(["done", "No (more) regrouping", "5.6"])
    return ask(side, "regroup", f"After the battle at {bd.label(bt['hex'])} (rule 5.6): "
               "choose a block of yours to regroup, or finish.", "5.6", opts)


def answer_regroup(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> Decision | None:
    bt = s["battle"]
    assert bt is not None
    if option == "done":
        return (stage_proc("pillage"), {})  # the regroups are over: on to pillage (5.61)
    return ("regroup_to", {"block": arg(option)})  # the block chosen: now where to (5.6)


def prompt_regroup_to(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    b = a["block"]
    return ask(bt["role"][b], "regroup_to", f"Regroup {block_name(bd, b)} from "
               f"{bd.label(bt['hex'])} (rule 5.6): where to?", "5.6",
               list(regroup_options(bd, s, bt, b)) + [["back", "Choose another block", "5.6"]])


def answer_regroup_to(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    bt = s["battle"]
    assert bt is not None
    if option == "back":
        return
    b = a["block"]
    bt["regrouped"].append(b)
    dest, coast = destination(option, bd.ports)
    blk = s["blocks"][b]
    blk["loc"] = dest
    if is_navy(bd, b):
        blk["coast"] = coast
    else:
        bt["retreats"][dest] = bt["retreats"].get(dest, 0) + 1
        if asks(s, REGROUP_NO_STORM):
            # rule 5.6: it may join a siege of its side but not storm it this phase
            s.setdefault("regrouped_armies", []).append(b)
    ctx.event("regroup", f"{a_side(blk['side'])} regroups from {bd.label(bt['hex'])} "
              f"to {bd.label(dest)} (rule 5.6)", side=blk["side"], frm=bt["hex"], to=dest)


def _stage_pillage(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    """Rule 5.61: pillage BPs spent at once on victorious blocks that did not regroup."""

    if bt["pillage"] > 0 and _pillage_options(bd, s, bt):
        return ("pillage", {})
    st.next = "finish"
    return None


def _pillage_options(bd: Board, s: AS, bt: BT) -> list[OptionRow]:
    opts: list[OptionRow] = []
    for b in _side_blocks(s, bt, bt["attacker"]):
        blk = s["blocks"][b]
        cost = step_cost(bd, s, b)
        if blk["str"] < bd.blocks[b]["max_strength"] and cost <= bt["pillage"]:
            opts.append([f"p:{b}", f"{block_name(bd, b)} {blk['str']}→{blk['str'] + 1} "
                         f"({cost} BP)", "5.61"])
    return opts


def prompt_pillage(bd: Board, s: AS, a: Args) -> Prompt:
    bt = s["battle"]
    assert bt is not None
    opts = _pillage_options(bd, s, bt) + [["done", "Keep the rest (lost)", "5.61"]]
    return ask(bt["attacker"], "pillage", f"Pillage of {bd.label(bt['hex'])} (rule 5.61): "
               f"{bt['pillage']} BP to add steps to the victors who stayed.", "5.61", opts)


def answer_pillage(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    bt = s["battle"]
    assert bt is not None
    if option == "done":
        bt["pillage"] = 0
        return
    b = arg(option)
    bt["pillage"] -= step_cost(bd, s, b)
    s["blocks"][b]["str"] += 1
    ctx.event("pillage", f"{bt['attacker'].title()} spends pillage on a block", seats=(bt["attacker"],),
              block=b)


def _stage_finish(bd: Board, s: AS, bt: BT, ctx: Context, st: Stage) -> Decision | None:
    h = bt["hex"]
    occ = occupancy(s)
    here = occ.get(h, {})
    if len(here) < 2:
        for side_blocks in here.values():
            for b in side_blocks:
                s["blocks"][b]["in"] = False
    s["half_hits"] = [b for b in s["half_hits"] if s["blocks"][b]["loc"] != h]
    # rule 5.4: blocks revealed in battle stand up again
    s["revealed"] = [b for b in s["revealed"] if b not in bt["role"]]
    rec = bt["record"]
    s["last_battle"] = rec
    s["done_hexes"].append(h)
    if bt["revolt"] and s["blocks"][bt["revolt"]]["loc"] == h and len(here) == 1:
        s["queue"].append({"kind": "revolt_won", "bid": bt["revolt"], "hex": h})
    if bt["helot"] and s["blocks"][bt["helot"]]["loc"] != h:
        s["helot_ban"] = True
    for rb in (bt["revolt"], bt["helot"]):
        if rb and s["blocks"][rb]["loc"] == h:
            s["blocks"][rb].pop("rv", None)
    s["battle"] = None
    ctx.event("battle_end", f"Battle at {bd.label(h)}: {records.outcome_words(rec['outcome'])}",
              hex=h, battle=rec)
    return None


STAGES: dict[str, Callable[[Board, AS, BT, Context, Stage], Decision | None]] = {
    "decl": _stage_decl, "r_start": _stage_r_start, "sea": _stage_sea, "navy": _stage_navy,
    "land": _stage_land, "siege_decl": _stage_siege_decl, "siege": _stage_siege,
    "r_end": _stage_r_end, "end": _stage_end, "extra": _stage_extra,
    "forced": _stage_forced,
    "regroup": _stage_regroup, "pillage": _stage_pillage, "finish": _stage_finish,
}


def answer_hit(bd: Board, s: AS, a: Args, option: str, ctx: Context) -> None:
    hits = s["hits"]
    assert hits is not None  # asked while hits are pending
    hits["choice"] = arg(option)


# The battle's decisions: how each is asked, and what its answer does.
PROMPTS: dict[str, Callable[[Board, Any, Args], Prompt]] = {
    "decl": prompt_decl, "act": prompt_act, "navy": prompt_navy,
    "siege_decl": prompt_siege_decl, "retreat": prompt_retreat, "regroup": prompt_regroup,
    "regroup_to": prompt_regroup_to, "pillage": prompt_pillage,
    "hit": lambda bd, s, a: hit_prompt(bd, s, "hit"),
}
ANSWERS: dict[str, Callable[[Board, Any, Args, str, Any], Decision | None]] = {
    "decl": answer_decl, "act": answer_act, "navy": answer_navy,
    "siege_decl": answer_siege_decl, "retreat": answer_retreat, "regroup": answer_regroup,
    "regroup_to": answer_regroup_to, "pillage": answer_pillage, "hit": answer_hit,
}

__all__ = ["ANSWERS", "DECIDED", "FIRST", "PROMPTS", "STAGES", "STAGE_PROCS", "Stage",
           "battle_hexes", "check_won", "stage_of", "stage_proc", "start_battle"]
