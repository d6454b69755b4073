"""Games started from a described position (POSITIONS.md): worked examples, bug reports,
teaching. A position that breaks the rules is refused with a message saying what is wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine import IllegalAction

from . import cards as C
from . import combat as K
from . import flow
from .board import SICILY, Board
from .replacements import start_build
from .state import AS, SIDES, compute_control, is_army, new_state, occupancy, siege_at

HERE = Path(__file__).parent / "positions"
PHASES = ("deal", "mulligan", "card", "move", "combat", "attrition", "replacement")


def load_position_file(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / f"{name}.json").read_text(encoding="utf-8"))
    return data


def _fail(msg: str) -> None:
    raise IllegalAction(f"Invalid position: {msg}")


def setup_position(bd: Board, ctx: Any, p: dict[str, Any], options: dict[str, Any]
                   ) -> AS:
    s = new_state(options)
    s["olympiad"] = int(p.get("olympiad", 84))
    s["turn"] = int(p.get("turn", 1))
    if not 84 <= s["olympiad"] <= 89 or not 1 <= s["turn"] <= 6:
        _fail("the Olympiad must be 84-89 and the game turn 1-6")
    phase = p.get("phase", "move")
    if phase not in PHASES:
        _fail(f"unknown phase {phase!r}; use one of {', '.join(PHASES)}")
    # ---- blocks
    listed = p.get("blocks") or {}
    for bid in listed:
        if bid not in bd.blocks:
            _fail(f"there is no block {bid!r}")
    off = set(p.get("offmap") or [])
    for bid, spec in bd.blocks.items():
        side = spec["side"]
        if bid in listed:
            d = listed[bid]
            h = d.get("hex")
            if h not in bd.hexes:
                _fail(f"{bid} stands on an unknown hex {h!r}")
            owner = d.get("side") or side
            if owner not in SIDES:
                _fail(f"{bid} is neutral: say which side it serves (\"side\")")
            st = int(d.get("strength", spec["max_strength"]))
            if not 1 <= st <= spec["max_strength"]:
                _fail(f"{bid} cannot have strength {st} (1 to {spec['max_strength']})")
            if spec["type"] != "navy" and bd.hexes[h]["kind"] == "sea":
                _fail(f"{bid} is an army and cannot stand at sea in {h}")
            coast = d.get("coast")
            if spec["type"] == "navy":
                if coast is None:
                    coast = bd.ports.get(h, 0)
            else:
                coast = None
            s["blocks"][bid] = {"loc": h, "str": st, "side": owner, "coast": coast,
                                "in": bool(d.get("in_city"))}
            if d.get("revealed"):
                s["revealed"].append(bid)
            if d.get("revolt"):
                s["blocks"][bid]["rv"] = True
        elif side == "neutral" and (bid in off or not p.get("neutral_pool")):
            s["blocks"][bid] = {"loc": "off", "str": 0, "side": side, "coast": None, "in": False}
        else:
            owner = side if side != "neutral" else "athens"
            s["blocks"][bid] = {"loc": "pool", "str": 0, "side": owner, "coast": None,
                                "in": False}
    # rebel navies: a twin on the map takes its Athenian navy out of play (9.4)
    for bid, spec in bd.blocks.items():
        if spec.get("special") == "rebel-twin" and s["blocks"][bid]["loc"] not in ("pool",):
            ath = next((b for b, sp in bd.blocks.items() if sp.get("special") == "rebel-navy"
                        and sp["home"] == spec["home"]), None)
            if ath and s["blocks"][ath]["loc"] not in ("pool", "off", "out"):
                _fail(f"{bid} and {ath} are the same ships and cannot both be in play")
            if ath:
                s["blocks"][ath]["loc"] = "out"
    # ---- control
    for name, c in bd.cities.items():
        s["control"][name] = c.get("side") or "none"
    for name, side in (bd.setup.get("control") or {}).items():
        s["control"][name] = side
    for name, side in (p.get("control") or {}).items():
        if name not in bd.cities:
            _fail(f"there is no city {name!r}")
        if side not in ("athens", "sparta", "neutral", "persia", "none"):
            _fail(f"{name} cannot be controlled by {side!r}")
        s["control"][name] = side
    # neutral blocks in a pool belong to whoever holds their home city (9.5)
    for bid, spec in bd.blocks.items():
        x = s["blocks"][bid]
        if spec["side"] == "neutral" and x["loc"] == "pool":
            owner = s["control"].get(spec["home"])
            x["side"] = owner if owner in SIDES else "athens"
    # ---- stacking and sieges
    occ = occupancy(s)
    for h, here in occ.items():
        if h == SICILY:
            continue
        total, armies = bd.stack_limit(h)
        for side, bids in here.items():
            bids = [b for b in bids if not s["blocks"][b].get("rv")]
            if len(bids) > total:
                _fail(f"{side} has {len(bids)} blocks in {h}; the stacking limit there is "
                      f"{total} (rule 4.1)")
            if sum(1 for b in bids if is_army(bd, b)) > armies:
                _fail(f"{side} has more than {armies} armies in {h} (rule 4.1)")
        inside = [b for bids in here.values() for b in bids if s["blocks"][b]["in"]]
        if inside:
            sides_in = {s["blocks"][b]["side"] for b in inside}
            if len(sides_in) > 1:
                _fail(f"both sides are inside the walls in {h}")
            lim = K.siege_limit(bd, h)
            if len(inside) > lim:
                _fail(f"{len(inside)} blocks inside the walls of {h}; the siege limit is {lim}")
        if len(here) == 2 and h not in bd.oracles:
            sg = siege_at(bd, s, h, occ)
            if sg is None and phase != "combat":
                _fail(f"both sides have blocks in {h} outside a siege; that is only possible "
                      "during a combat phase")
    # ---- cards
    cards = s["cards"]
    pc = p.get("cards") or {}
    used: list[str] = []
    for side in SIDES:
        cs = pc.get(side) or {}
        cards["hands"][side] = list(cs.get("hand") or [])
        used += cards["hands"][side]
        if cs.get("played"):
            cards["played"][side] = cs["played"]
            used.append(cs["played"])
        if cs.get("committed"):
            cards["committed"][side] = cs["committed"]
            used.append(cs["committed"])
        if cs.get("sicily"):
            cards["sicily"][side] = cs["sicily"]
            used.append(cs["sicily"])
    known = {c["id"] for c in bd.cards}
    for cid in used:
        if cid not in known:
            _fail(f"there is no card {cid!r}")
    if len(used) != len(set(used)):
        dup = sorted({c for c in used if used.count(c) > 1})
        _fail(f"card {', '.join(dup)} is in two places at once")
    if "deck" in pc:
        cards["deck"] = list(pc["deck"])
        if set(cards["deck"]) & set(used):
            _fail("a card is both in the deck and in play")
    else:
        cards["deck"] = [c["id"] for c in bd.cards if c["id"] not in used]
    # cards neither in a hand, the deck, Sicily nor face-down were played this Olympiad
    placed = set(cards["deck"]) | {c for x in SIDES for c in cards["hands"][x]} | \
        set(cards["committed"].values()) | set(cards["sicily"].values())
    cards["used"] = [c["id"] for c in bd.cards if c["id"] not in placed]
    cards["sicily_shown"] = bool(pc.get("sicily_shown"))
    if cards["sicily"]:
        cards["sicily_done"] = True
        s["syracuse_value"] = sum(bd.card[c]["mp"] for c in cards["sicily"].values())
    # ---- the rest
    s["persia"].update(p.get("persia") or {})
    if p.get("syracuse_value") is not None:
        s["syracuse_value"] = int(p["syracuse_value"])
    s["dice"] = [int(d) for d in p.get("dice") or []]
    if any(not 1 <= d <= 6 for d in s["dice"]):
        _fail("fixed dice must be 1 to 6")
    s["moved"] = list(p.get("moved") or [])
    _entries(bd, s, p.get("entries") or {})
    _revolts(bd, s, p)
    compute_control(bd, s)
    active = p.get("active")
    p1 = p.get("player1") or active or "sparta"
    if phase in ("move", "combat", "attrition"):
        if active not in SIDES:
            _fail("say whose player turn it is (\"active\")")
        assert active is not None
        for side in SIDES:
            if side not in cards["played"]:
                # a plain card of the right value is assumed played
                _fail(f"say which card {side} played this game turn (cards.{side}.played)")
        s["player1"] = p1
        s["active"] = active
        s["player_turn"] = 1 if active == p1 else 2
        s["move_points"] = int(p.get("mp", bd.card[cards["played"][active]]["mp"]))
        s["phase"] = phase
        first = phase  # the step the game starts at: move, combat or attrition
        C.turn_events(bd, s)  # Storm or Earthquake played this game turn (4.6)
        corinth = bd.cities.get("Corinth", {}).get("hex")
        s["oracle"] = sorted(b for b, x in s["blocks"].items()
                             if x["side"] == active and x["loc"] in bd.oracles)
        s["diolkos"] = sorted(b for b, x in s["blocks"].items() if x["side"] == active and
                              x["loc"] == corinth and bd.blocks[b]["type"] == "navy")
        if phase == "combat" and p.get("battle"):
            h = p["battle"]
            kinds = {x: k for x, k, _m in K.battle_hexes(bd, s)}
            if h not in kinds:
                _fail(f"there is no battle to fight in {h}")
            K.start_battle(bd, s, h, kinds[h], ctx)  # the combat step fights it first
            _battle_state(bd, s, p)
        elif p.get("half_hits") or p.get("battle_round"):
            _fail("half_hits and battle_round describe the battle in \"battle\"")
    elif phase in ("deal", "mulligan"):
        first = _card_phase_start(bd, s, p, phase)
    elif phase == "card":
        s["phase"] = "card"
        first = "commit"
        for side in SIDES:
            if not cards["hands"][side]:
                _fail(f"{side} has no cards to play")
    elif phase == "replacement":
        start_build(bd, s)
        assert s["build"] is not None
        s["build"]["menu"] = {"athens": None, "sparta": None}
        s["phase"] = "replacement"
        first = "build"
    if ctx.generation:  # the questions of the game's generation (rules.py)
        s["generation"] = ctx.generation
    flow.start(bd, s, ctx, first)
    return s


def _entries(bd: Board, s: AS, entries: dict[str, Any]) -> None:
    """How attackers entered a battle hex (4.1, 4.3). An army's entry must be a land
    hex-side of that hex, and it crossed a strait exactly when the map says so."""
    for h, ent in entries.items():
        s["entries"][h] = {}
        for b, e in ent.items():
            frm, crossed, sea = e.get("from"), bool(e.get("crossed")), bool(e.get("sea"))
            if b not in s["blocks"] or s["blocks"][b]["loc"] != h:
                _fail(f"entries: {b} does not stand in {h}")
            if is_army(bd, b) and not sea and frm is not None:
                if frm not in bd.land.get(h, {}):
                    _fail(f"entries: {b} cannot enter {h} by land from {frm}")
                strait = bd.crossing(h, frm, None) or bd.crossing(frm, None, h)
                if crossed != strait:
                    _fail(f"entries: the side {frm}-{h} "
                          f"{'crosses' if strait else 'does not cross'} a strait (rule 4.3)")
            s["entries"][h][b] = [frm, crossed, sea]


def _revolts(bd: Board, s: AS, p: dict[str, Any]) -> None:
    """Revolts already made this Olympiad (7.0: never twice against the same city by the
    same side) and a Helot revolt already crushed (7.1)."""
    for name, sides in (p.get("revolts") or {}).items():
        if name not in bd.cities:
            _fail(f"revolts: there is no city {name!r}")
        if not set(sides) <= set(SIDES):
            _fail(f"revolts: {name} lists an unknown side")
        s["revolts"][name] = sorted(set(sides))
    s["helot_ban"] = bool(p.get("helot_ban"))


def _battle_state(bd: Board, s: AS, p: dict[str, Any]) -> None:
    """The battle in "battle" may start in round 2 (5.42) and with half-hits already
    taken by blocks inside the walls (5.41: the next hit must go to the same block)."""
    bt = s["battle"]
    assert bt is not None  # started by the caller
    rnd = int(p.get("battle_round", 1))
    if rnd not in (1, 2):
        _fail("battle_round must be 1 or 2")
    bt["round"] = rnd
    for b in p.get("half_hits") or []:
        if bt["role"].get(b) is None or not s["blocks"][b]["in"]:
            _fail(f"half_hits: {b} is not inside the walls in the battle at {bt['hex']}")
        if s["blocks"][b]["str"] < 1:
            _fail(f"half_hits: {b} has no step left")
        s["half_hits"].append(b)


def _card_phase_start(bd: Board, s: AS, p: dict[str, Any], phase: str) -> str:
    """The start of an Olympiad: the deal itself ("deal": every card not set aside at
    Sicily is shuffled and dealt) or the mulligan question ("mulligan": the hands given are
    the ones dealt; `mulligan_used` marks a side that already had its redeal)."""
    cards = s["cards"]
    s["phase"] = "card"
    s["active"] = None
    if phase == "deal":
        if any(cards["hands"][x] for x in SIDES) or cards["played"]:
            _fail("at the deal no one holds or has played a card yet")
        return "deal"
    for side in SIDES:
        if not cards["hands"][side]:
            _fail(f"{side} has no hand to keep or show")
    used = (p.get("cards") or {}).get("mulligan_used") or {}
    cards["mulligan_used"] = {x: bool(used.get(x)) for x in SIDES}
    cards["used"] = []
    s["phase"] = "mulligan"
    return "mulligan"
