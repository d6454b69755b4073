"""The sequence of play (introduction: Olympiads, game turns, player turns, phases) as a
step machine. `advance` runs automatic steps until someone must decide, and stores that
decision as *asks* in `s["asks"]` (each ask: seat, kind, text, rule, options). `answer`
takes a player's choice for his ask and advances again. Prompts are built from the asks
only, so they cost nothing to compute."""

from __future__ import annotations

from typing import Any

from . import cards as C
from . import combat as K
from .board import SICILY, Board
from .hits import apply_hits, eliminate, start_hits
from .movement import destinations, do_move, movable
from .replacements import (
    build_options,
    disband_options,
    new_block_places,
    reinforce_options,
    spend,
    start_build,
)
from .siege import attrition_jobs
from .state import (
    SIDES,
    block_name,
    friendly,
    is_navy,
    occupancy,
    other,
    roll,
    siege_at,
)
from .strategics import athens_blocks_in_athens, end_of_phase, hellespont_applies
from .victory import olympiad_check, sudden_death

# sidebars have no rule number: prompts name them
MULLIGAN = "Mulligan sidebar"
SYRACUSE_POINTS = "Syracuse Points sidebar"
MOVE_RULES = {"op": "4.4", "march": "4.51", "sea": "4.52"}


def _ask(seat, kind, text, rule, opts, secret=False, **extra):
    return {"seat": seat, "kind": kind, "text": text, "rule": rule, "opts": opts,
            "secret": secret, **extra}


def set_phase(s, phase: str) -> None:
    s["phase"] = phase


def phase_end(s, ctx, phase: str) -> None:
    ctx.event("phase_end", f"End of the {phase} phase (Olympiad {s['olympiad']}, turn "
              f"{s['turn']}, {(s['active'] or '').title()})", phase=phase,
              olympiad=s["olympiad"], turn=s["turn"], active=s["active"])


# ====================================================================== driver
def advance(bd: Board, s: dict[str, Any], ctx: Any) -> None:
    for _ in range(10_000):
        if s["winner"] or s["resigned"]:
            s["asks"] = []
            s["phase"] = "over"
            s["step"] = "over"
            return
        if s["queue"] and s["battle"] is None and s["queue"][0]["kind"] == "flip_battle":
            start_flip_battle(bd, s, ctx)
        asks = STEPS[s["step"]](bd, s, ctx)
        if asks:
            s["asks"] = asks
            return
    raise RuntimeError("the step machine did not settle")


def start_flip_battle(bd: Board, s: dict[str, Any], ctx: Any) -> None:
    """Rule 9.5: neutral blocks that change sides among their former allies fight them at
    once, on the attack, whatever the phase (ruling R22)."""
    item = s["queue"].pop(0)
    h = item["hex"]
    occ = occupancy(s)
    if len(occ.get(h, {})) < 2 or siege_at(bd, s, h, occ) is not None:
        return
    K.start_battle(bd, s, h, "new", ctx, attacker=item["att"])
    s["resume"] = s["step"]
    s["step"] = "battle"


def answer(bd: Board, s: dict[str, Any], seat: str, option: str, ctx: Any) -> None:
    ask = next(a for a in s["asks"] if a["seat"] == seat)
    HANDLERS[ask["kind"]](bd, s, seat, option, ask, ctx)
    advance(bd, s, ctx)


def win(s, side: str, reason: str, rule: str) -> None:
    s["winner"] = side
    s["reason"] = reason
    s["rule"] = rule


# ====================================================================== set-up, bid
def st_bid(bd, s, ctx):
    """Tourney bidding (10.3): the winning bidder removes steps from his starting units,
    at most one step from any unit."""
    bid = s["bid"]
    if not bid or bid["left"] <= 0:
        s["step"] = "deal"
        return None
    set_phase(s, "bid")
    side = bid["side"]
    opts = [[f"b:{b}", f"{block_name(bd, b)} ({x['str']}) at {bd.label(x['loc'])}", "10.3"]
            for b, x in sorted(s["blocks"].items())
            if x["side"] == side and x["loc"] not in ("pool", "off", "out") and x["str"] >= 2
            and b not in bid["hit"]]
    if not opts:
        bid["left"] = 0
        return None
    return [_ask(side, "bid", f"Tourney bid (rule 10.3): remove one step from a starting unit "
                 f"({bid['left']} to go; one step per unit at most).", "10.3", opts)]


def h_bid(bd, s, seat, option, ask, ctx):
    b = option[2:]
    s["blocks"][b]["str"] -= 1
    s["bid"]["hit"].append(b)
    s["bid"]["left"] -= 1


# ====================================================================== cards
def st_deal(bd, s, ctx):
    set_phase(s, "card")
    s["active"] = None
    s["revolts"] = {}       # 7.0: one revolt per city and side each Olympiad
    s["helot_ban"] = False  # 7.1: the Helots may rise again next Olympiad
    C.deal(bd, s, ctx)
    if s["opts"].get("mulligan", True):
        s["step"] = "mulligan"
    else:
        s["step"] = "sicily"
    return None


def st_mulligan(bd, s, ctx):
    set_phase(s, "mulligan")
    cards = s["cards"]
    asks = []
    for side in SIDES:
        if side in cards["mull_ans"]:
            continue
        hand = cards["hands"][side]
        total = C.hand_mp(bd, hand)
        opts = [["keep", "Keep this hand", MULLIGAN]]
        if total < 10 and not cards["mull"][side]:
            opts.append(["redeal", f"Show it ({total} MP) and ask for a new deal", MULLIGAN])
        asks.append(_ask(side, "mulligan", f"Mulligan (sidebar): your hand totals {total} MP. "
                         "A hand under 10 MP may be shown and dealt again once per Olympiad.",
                         MULLIGAN, opts, secret=True))
    if asks:
        return asks
    req = [x for x in SIDES if cards["mull_ans"].get(x) == "redeal"]
    if not req:
        s["step"] = "sicily"
        return None
    for side in req:
        if not cards["mull"][side]:
            cards["mull"][side] = True
            ctx.reveal()
            ctx.event("card_reveal", f"{side.title()} shows a hand of "
                      f"{C.hand_mp(bd, cards['hands'][side])} MP and asks for a new deal",
                      side=side, cards=[C.card_public(bd, c) for c in cards["hands"][side]])
    if len(req) == 1 and other(req[0]) not in cards["mull_req"]:
        opp = other(req[0])
        return [_ask(opp, "mull_other", f"{req[0].title()} takes a new hand (mulligan). Do you "
                     "keep your cards or take a new hand too?", MULLIGAN,
                     [["keep", "Keep my cards", MULLIGAN], ["redeal", "New hand too", MULLIGAN]])]
    sides = req + [x for x in SIDES if cards["mull_req"].get(x) == "redeal" and x not in req]
    C.redeal(bd, s, sides, ctx)
    s["step"] = "sicily"
    return None


def h_mulligan(bd, s, seat, option, ask, ctx):
    s["cards"]["mull_ans"][seat] = option
    ctx.event("mulligan", f"{seat.title()} has decided about the mulligan")


def h_mull_other(bd, s, seat, option, ask, ctx):
    s["cards"]["mull_req"][seat] = option


def st_sicily(bd, s, ctx):
    """Syracuse points option: after the first deal each player sets one card face-down
    at Sicily; their sum is Syracuse's value."""
    cards = s["cards"]
    if not s["opts"].get("syracuse_points") or s["olympiad"] != 84 or \
            cards.get("sicily_done"):
        s["step"] = "commit"
        return None
    if len(cards["sicily"]) == 2:
        cards["sicily_done"] = True
        s["syracuse_value"] = sum(C.card_mp(bd, c) for c in cards["sicily"].values())
        s["step"] = "commit"
        return None
    set_phase(s, "sicily")
    return [_ask(side, "sicily", "Syracuse points (optional rule): set one card face-down at "
                 "Sicily; the two cards' MPs make Syracuse's value."
                 + _events_in(bd, cards["hands"][side]), SYRACUSE_POINTS,
                 [[f"c:{c}", C.card_label(bd, c), SYRACUSE_POINTS] for c in cards["hands"][side]],
                 secret=True)
            for side in SIDES if side not in cards["sicily"]]


def _events_in(bd, hand) -> str:
    """The events of the cards offered, with their text, so a player choosing a card can
    read what each event does (the labels only have room for its name)."""
    evs = {e["name"]: e["text"] for e in (C.event_of(bd, c) for c in hand) if e}
    return "".join(f"\n• {name}: {text}" for name, text in sorted(evs.items()))


def h_sicily(bd, s, seat, option, ask, ctx):
    c = option[2:]
    s["cards"]["hands"][seat].remove(c)
    s["cards"]["sicily"][seat] = c
    ctx.event("sicily", f"{seat.title()} sets a card aside at Sicily", seats=(seat,), card=c)
    ctx.event("sicily", f"{seat.title()} has set a card aside at Sicily")


def olympiad_over(s) -> bool:
    """Introduction: an Olympiad has six game turns, one card each per turn (five in the
    first Olympiad with the Syracuse points option). It is over when a new game turn would
    begin (no card committed yet) and a player has no card left; asked only then, so the
    second player still plays the sixth card after the first has committed his."""
    cards = s["cards"]
    if cards["committed"]:
        return False
    return not (cards["hands"]["athens"] and cards["hands"]["sparta"]) or s["turn"] > 6


def st_commit(bd, s, ctx):
    cards = s["cards"]
    if olympiad_over(s):
        s["step"] = "olympiad_end"
        return None
    set_phase(s, "card")
    s["active"] = None
    asks = [_ask(side, "commit", f"Game turn {s['turn']} of Olympiad {s['olympiad']}: play a "
                 "card face-down (introduction: card phase)." + _events_in(bd, cards["hands"][side]),
                 "intro",
                 [[f"c:{c}", C.card_label(bd, c), "intro"]
                  for c in sorted(cards["hands"][side], key=lambda c: (C.card_mp(bd, c), c))],
                 secret=True)
            for side in SIDES if side not in cards["committed"]]
    if asks:
        return asks
    # both committed: reveal
    ctx.reveal()
    cards["played"] = dict(cards["committed"])
    cards.setdefault("used", []).extend(cards["committed"][x] for x in SIDES)
    cards["committed"] = {}
    s["p1"] = C.decide_player1(bd, s)
    C.turn_events(bd, s)
    a, sp = cards["played"]["athens"], cards["played"]["sparta"]
    ctx.event("card_reveal", f"Cards revealed: Athens {C.card_label(bd, a)}, Sparta "
              f"{C.card_label(bd, sp)}. {s['p1'].title()} is Player 1.",
              athens=C.card_public(bd, a), sparta=C.card_public(bd, sp), player1=s["p1"])
    s["pturn"] = 1
    s["step"] = "pturn_start"
    return None


def h_commit(bd, s, seat, option, ask, ctx):
    c = option[2:]
    s["cards"]["hands"][seat].remove(c)
    s["cards"]["committed"][seat] = c
    ctx.event("commit", f"{seat.title()} plays {C.card_label(bd, c)} face-down", seats=(seat,),
              card=c)
    ctx.event("commit", f"{seat.title()} has played a card face-down")


# ====================================================================== player turns
def st_pturn_start(bd, s, ctx):
    side = s["p1"] if s["pturn"] == 1 else other(s["p1"])
    s["active"] = side
    s["mp"] = C.card_mp(bd, s["cards"]["played"][side])
    s["moved"] = []
    s["flipped"] = []
    s["entries"] = {}
    s["done_hexes"] = []
    s["bonus"] = None
    s["betrayal"] = None
    s["free"] = None
    corinth = bd.cities.get("Corinth", {}).get("hex")
    s["oracle"] = sorted(b for b, x in s["blocks"].items()
                         if x["side"] == side and x["loc"] in bd.oracles)
    s["diolkos"] = sorted(b for b, x in s["blocks"].items()
                          if x["side"] == side and x["loc"] == corinth and is_navy(bd, b))
    if "earthquake" in s["events"]:
        ctx.event("earthquake", "Earthquake: no moves and no combat this game turn; only "
                  "siege attrition (event)")
        s["mp"] = 0
        s["step"] = "attrition"
        set_phase(s, "attrition")
        return None
    ev = C.player_event(bd, s)
    set_phase(s, "event")
    if ev:
        ctx.event("event", f"{side.title()} plays the event {ev['name']} (rule 4.6)",
                  event=ev["id"], side=side)
        start_event(bd, s, ev, ctx)
    s["step"] = "event"
    return None


def start_event(bd, s, ev, ctx):
    side = s["active"]
    eid = ev["id"]
    eff = ev.get("effect") or {}
    kind = eff.get("kind")
    if kind == "attrition" or eid == "plague":
        target = eff.get("side", "athens")
        city = (eff.get("where") or {}).get("city", "Athens")
        h = bd.cities[city]["hex"]
        bids = sorted(b for b, x in s["blocks"].items() if x["loc"] == h and x["side"] == target)
        if bids:
            s["attr"] = [{"hex": h, "side": target, "need": int(eff.get("hit_min", 5)),
                          "bids": bids, "why": f"{ev['name']} (event)"}]
            s["attr_then"] = "event"
    elif kind == "free_steps":
        s["free"] = {"side": side, "left": int(eff.get("steps", 2)), "name": ev["name"],
                     "types": eff.get("block_types", ["navy"])}
    elif kind == "peek_hand":
        opp = other(side)
        s["peek"][side] = list(s["cards"]["hands"][opp])
        seen = s["cards"]["hands"][opp]
        # The private message itself lists the cards (the event text alone told nothing).
        ctx.event("peek", f"{ev['name']}: {opp.title()}'s hand holds {len(seen)} card"
                  f"{'s' if len(seen) != 1 else ''}: "
                  + ("; ".join(C.card_label(bd, c) for c in seen) or "none"),
                  seats=(side,), cards=list(seen))
    elif kind == "fire_bonus":
        s["bonus"] = {"side": side, "name": ev["name"], "types": eff.get("block_types"),
                      "amount": int(eff.get("amount", 1)), "max": int(eff.get("max_fire", 5)),
                      "bid": None}
    elif kind == "no_double_defense":
        s["betrayal"] = {"side": side, "hex": None}


def st_event(bd, s, ctx):
    if (s.get("attr") or s.get("hits")) and s.get("attr_then") == "event":
        asks = run_attrition(bd, s, ctx)
        if asks:
            return asks
        s["attr_then"] = None
    fr = s.get("free")
    if fr and fr["left"] > 0:
        side = fr["side"]
        opts = []
        for b, x in sorted(s["blocks"].items()):
            if x["side"] != side or x["loc"] in ("pool", "off", "out"):
                continue
            if bd.blocks[b]["type"] not in fr["types"] or x["str"] >= bd.blocks[b]["max_strength"]:
                continue
            h = x["loc"]
            if h not in bd.ports or not friendly(s, side, h) or siege_at(bd, s, h):
                continue
            opts.append([f"f:{b}", f"{block_name(bd, b)} {x['str']}→{x['str'] + 1} at "
                         f"{bd.label(h)}", "8.2"])
        if opts:
            opts.append(["done", "No more", "8.2"])
            return [_ask(side, "free", f"{fr['name']} (event): add a free step to a navy in a "
                         f"friendly port ({fr['left']} left).", "8.2", opts)]
        s["free"] = None
    set_phase(s, "move")
    s["step"] = "move"
    return None


def h_free(bd, s, seat, option, ask, ctx):
    if option == "done":
        s["free"] = None
        return
    b = option[2:]
    s["blocks"][b]["str"] += 1
    s["free"]["left"] -= 1


# ---------------------------------------------------------------------- move phase
def _block_label(bd, s, b) -> str:
    x = s["blocks"][b]
    return f"{block_name(bd, b)} ({x['str']}) at {bd.label(x['loc'])}"


def revolt_cities(bd, s, side) -> list[list[str]]:
    """Rule 7.0: an enemy major city other than Athens and Sparta, not already targeted by
    you this Olympiad; 7.1: Messene for the Helots."""
    occ = occupancy(s)
    out = []
    special = "demos" if side == "athens" else "tyrants"
    rb = next((b for b, sp in bd.blocks.items() if sp.get("special") == special
               and s["blocks"][b]["loc"] == "pool" and s["blocks"][b]["side"] == side), None)
    helot = next((b for b, sp in bd.blocks.items() if sp.get("special") == "helots"
                  and s["blocks"][b]["loc"] == "pool" and s["blocks"][b]["side"] == side), None)
    for name, c in sorted(bd.cities.items()):
        if name in ("Athens", "Sparta") or not c.get("major") or not c.get("hex"):
            continue
        if s["control"].get(name) != other(side):
            continue
        if side in s["revolts"].get(name, []):
            continue
        if _own_blocks_bar_revolt(s, c["hex"], side, occ):
            continue
        if name == "Messene" and side == "athens":
            if helot and not s["helot_ban"]:
                out.append([f"c:{name}", f"{name} (Helots)", "7.1"])
            continue
        if rb:
            out.append([f"c:{name}", name, "7.0"])
    return out


def _own_blocks_bar_revolt(s, h, side, occ) -> bool:
    """Ruling R15: no revolt where the sponsor already has blocks that did not just attack
    (a city he besieges, or holds); his blocks that entered the city this turn to attack do
    not bar it, and the revolt then joins their battle (R28)."""
    entered = s["entries"].get(h, {})
    return any(b not in entered for b in occ.get(h, {}).get(side, []))


def st_move(bd, s, ctx):
    if _pending(s):
        return queue_asks(bd, s, ctx)
    side = s["active"]
    if s["mp"] <= 0:
        return end_move(bd, s, ctx)
    occ = occupancy(s)
    blocks = movable(bd, s, side, occ)
    place = s.get("msel")
    if place:
        blocks = [b for b in blocks if s["blocks"][b]["loc"] == place]
    if len(blocks) > 20 and not place:
        # many blocks: choose the place first, then the block (short lists)
        places: dict[str, int] = {}
        for b in blocks:
            places[s["blocks"][b]["loc"]] = places.get(s["blocks"][b]["loc"], 0) + 1
        opts = [[f"p:{h}", f"{bd.label(h)} ({n} block{'s' if n > 1 else ''})", "4.0"]
                for h, n in sorted(places.items(), key=lambda kv: bd.label(kv[0]))]
    else:
        opts = [[f"b:{b}", _block_label(bd, s, b), "4.0"]
                for b in sorted(blocks, key=lambda b: (bd.label(s["blocks"][b]["loc"]), b))]
    if place:
        opts.append(["up", "Other places", "4.0"])
        return [_ask(side, "move", f"Move phase (rule 4.0): {s['mp']} MP left. Choose a block "
                     f"at {bd.label(place)}.", "4.0", opts)]
    if revolt_cities(bd, s, side):
        opts.append(["rv", "Sponsor a revolt", "7.0"])
    opts.append(["done", "End the move phase", "4.0"])
    return [_ask(side, "move", f"Move phase (rule 4.0): {s['mp']} MP left. Choose a block to "
                 "move (1 MP each), a revolt, or end the phase.", "4.0", opts)]


def end_move(bd, s, ctx):
    end_of_phase(bd, s, ctx)
    phase_end(s, ctx, "move")
    set_phase(s, "combat")
    s["step"] = "combat"
    return None


def h_move(bd, s, seat, option, ask, ctx):
    if option.startswith("p:"):
        s["msel"] = option[2:]
        return
    s["msel"] = None
    if option == "up":
        return
    if option == "done":
        s["mp"] = 0
        return
    if option == "rv":
        s["step"] = "revolt_city"
        return
    s["sel"] = option[2:]
    s["step"] = "move_dest"


def _dest_id(d) -> str:
    h, mode, frm, crossed, coast = d
    m = {"op": "o", "march": "m", "sea": "s"}[mode]
    return f"{m}|{h}|{frm or ''}|{int(bool(crossed))}|{'' if coast is None else coast}"


def _parse_dest(opt: str) -> tuple:
    m, h, frm, crossed, coast = opt.split("|")
    mode = {"o": "op", "m": "march", "s": "sea"}[m]
    return (h, mode, frm or None, crossed == "1", int(coast) if coast else None)


def st_move_dest(bd, s, ctx):
    b = s["sel"]
    x = s["blocks"][b]
    here = x["loc"]
    dests = destinations(bd, s, b)
    multi_from: dict[str, Any] = {}
    for d in dests:
        if d[2]:
            multi_from.setdefault(d[0], set()).add(d[2])
    dist = bd.distances(here) if here != SICILY else {}

    def place(h):
        # A hex without a city is named by a neighbouring city, so every destination
        # reads as a place a player can find on the map ("hex K7 by Chalcis").
        lab = bd.label(h)
        if lab != h:
            return lab
        near = next((bd.label(nb) for nb in bd.nbrs.get(h, ()) if bd.label(nb) != nb), None)
        return f"hex {h}" + (f" by {near}" if near else "")

    def label(d):
        h, mode, frm, crossed, coast = d
        lab = place(h)
        if mode == "march":
            lab += " — march (strategic, 4.51)"
        elif mode == "sea":
            lab += " — by sea (strategic, 4.52)"
        elif frm:
            lab += " (attack" + (f" from {place(frm)}" if len(multi_from[h]) > 1 else "") + \
                (", across the strait" if crossed else "") + ")"
        if coast is not None and len(bd.hexes[h].get("coasts") or []) > 1 and \
                h not in bd.ports:
            lab += f" coast {coast + 1}"
        return lab

    mode = s.get("mmode")
    modes = sorted({d[1] for d in dests}, key=["op", "march", "sea"].index)
    if len(dests) > 24 and len(modes) > 1 and not mode:
        names = {"op": ("Operation move", "4.4"), "march": ("March move", "4.51"),
                 "sea": ("Sea move", "4.52")}
        opts = [[f"k:{m}", f"{names[m][0]} ({sum(1 for d in dests if d[1] == m)} places)",
                 names[m][1]] for m in modes]
        opts.append(["back", "Choose another block", "4.0"])
        return [_ask(s["active"], "move_dest", f"Move {block_name(bd, b)} from "
                     f"{bd.label(here)} (rules 4.4, 4.5): which kind of move?", "4.4", opts)]
    if mode:
        dests = [d for d in dests if d[1] == mode]
    order = sorted(dests, key=lambda d: (dist.get(d[0], 50), {"op": 0, "march": 1, "sea": 2}
                                         [d[1]], bd.label(d[0]), d[2] or ""))
    opts = [[_dest_id(d), label(d), MOVE_RULES[d[1]]] for d in order]
    opts.append(["back", "Choose another block", "4.0"])
    what = "choose where it ends its move." if len(opts) > 1 else \
        "it has nowhere it may legally go (stacking, enemy hexes or terrain)."
    kinds = {d[1] for d in dests}
    if len(kinds) > 1:
        what += (" A bare place is an operation move (up to its move limit); 'march' and "
                 "'by sea' are strategic moves (4.5): a march goes twice as far and ends in a "
                 "friendly hex, a sea move goes port to friendly port.")
    rule = MOVE_RULES[next(iter(kinds))] if len(kinds) == 1 else "4.0"  # the kinds offered
    return [_ask(s["active"], "move_dest", f"Move {block_name(bd, b)} from {bd.label(here)} "
                 f"(rules 4.4, 4.5): {what}", rule, opts)]


def h_move_dest(bd, s, seat, option, ask, ctx):
    if option.startswith("k:"):
        s["mmode"] = option[2:]
        return
    s["step"] = "move"
    if option == "back":
        s["sel"] = None
        s["mmode"] = None
        return
    s["mmode"] = None
    b = s["sel"]
    s["sel"] = None
    do_move(bd, s, b, _parse_dest(option), ctx)


def st_revolt_city(bd, s, ctx):
    opts = revolt_cities(bd, s, s["active"])
    opts.append(["back", "Back", "7.0"])
    return [_ask(s["active"], "revolt_city", "Revolt (rule 7.0): choose the enemy major city "
                 "to raise.", "7.0", opts)]


def h_revolt_city(bd, s, seat, option, ask, ctx):
    if option == "back":
        s["step"] = "move"
        return
    s["sel"] = option[2:]
    s["step"] = "revolt_str"


def _revolt_block(bd, s, side, city) -> str:
    special = "helots" if (city == "Messene" and side == "athens") else \
        ("demos" if side == "athens" else "tyrants")
    return next(b for b, sp in bd.blocks.items() if sp.get("special") == special
                and s["blocks"][b]["side"] == side)


def st_revolt_str(bd, s, ctx):
    side = s["active"]
    city = s["sel"]
    rb = _revolt_block(bd, s, side, city)
    top = min(s["mp"], bd.blocks[rb]["max_strength"])
    opts = [[f"s:{n}", f"Strength {n} ({n} MP)", "7.0"] for n in range(1, top + 1)]
    opts.append(["back", "Back", "7.0"])
    return [_ask(side, "revolt_str", f"Revolt in {city} (rule 7.0): one MP per step of the "
                 f"{block_name(bd, rb)} block.", "7.0", opts)]


def h_revolt_str(bd, s, seat, option, ask, ctx):
    if option == "back":
        s["step"] = "revolt_city"
        return
    n = int(option[2:])
    side = s["active"]
    city = s["sel"]
    s["sel"] = None
    rb = _revolt_block(bd, s, side, city)
    h = bd.cities[city]["hex"]
    x = s["blocks"][rb]
    x.update(loc=h, str=n, coast=None, rv=True, **{"in": False})
    s["moved"].append(rb)
    s["mp"] -= n
    s["revolts"].setdefault(city, []).append(side)
    s["step"] = "move"
    ctx.event("revolt", f"{side.title()} raises a revolt in {city} (rule 7.0)", city=city,
              side=side, strength=n)
    occ = occupancy(s)
    if other(side) not in occ.get(h, {}):
        # rule 7.0: a revolt in a vacant city succeeds at once
        x.pop("rv", None)
        ctx.event("revolt_won", f"The revolt in {city} succeeds: the city is vacant (rule 7.0)",
                  city=city)
        if bd.blocks[rb].get("special") != "helots":
            s["queue"].append({"kind": "revolt_won", "bid": rb, "hex": h})


# ---------------------------------------------------------------------- queued decisions
def _pending(s) -> bool:
    return any(i["kind"] != "flip_battle" for i in s["queue"])


def queue_asks(bd, s, ctx):
    # flip battles are started by `advance` as soon as no battle is in progress
    k = next(i for i, it in enumerate(s["queue"]) if it["kind"] != "flip_battle")
    if k:
        s["queue"].insert(0, s["queue"].pop(k))
    item = s["queue"][0]
    if item["kind"] == "revolt_won":
        b = item["bid"]
        x = s["blocks"][b]
        if x["loc"] != item["hex"]:
            s["queue"].pop(0)
            return None
        side = x["side"]
        opts = [["keep", "Keep the revolt block for now", "7.0"],
                ["disband", "Disband it (rule 8.6)", "8.6"]]
        for p, px in sorted(s["blocks"].items()):
            sp = bd.blocks[p]
            if px["side"] == side and px["loc"] == "pool" and sp["type"] == "peltast" and \
                    sp.get("special") not in ("demos", "tyrants", "helots") and \
                    sp["max_strength"] >= x["str"]:
                opts.append([f"x:{p}", f"Exchange for {block_name(bd, p)}", "7.0"])
        return [_ask(side, "revolt_won", f"The revolt in {bd.label(item['hex'])} succeeded (rule "
                     "7.0): keep the block, disband it, or exchange it for a peltast of the "
                     "same strength.", "7.0", opts)]
    if item["kind"] == "persia":
        if s["control"].get("Miletus") != "sparta" or s["persia"]["alliance"]:
            s["queue"].pop(0)
            return None
        return [_ask("sparta", "persia", "Sparta holds Miletus (rule 9.3): accept Persian "
                     "support? Navies then cost 1 BP a step and Persian hexes are friendly, but "
                     "Miletus no longer counts for victory. It cannot be undone.", "9.3",
                     [["accept", "Accept Persian support", "9.3"],
                      ["decline", "Decline", "9.3"]])]
    s["queue"].pop(0)
    return None


def exchange_options(bd, s, side) -> list[list[str]]:
    out = []
    for rb, x in sorted(s["blocks"].items()):
        if x["side"] != side or x["loc"] in ("pool", "off", "out") or x.get("rv"):
            continue
        if bd.blocks[rb].get("special") not in ("demos", "tyrants"):
            continue
        for p, px in sorted(s["blocks"].items()):
            sp = bd.blocks[p]
            if px["side"] == side and px["loc"] == "pool" and sp["type"] == "peltast" and \
                    sp.get("special") not in ("demos", "tyrants", "helots") and \
                    sp["max_strength"] >= x["str"]:
                out.append([f"x:{rb}|{p}", f"{block_name(bd, rb)} ({x['str']}) at "
                            f"{bd.label(x['loc'])} → {block_name(bd, p)}", "7.0"])
    return out


def _exchange(s, rb, p) -> None:
    x = s["blocks"][rb]
    s["blocks"][p].update(loc=x["loc"], str=x["str"], coast=None, **{"in": x["in"]})
    x.update(loc="pool", str=0, coast=None, **{"in": False})


def h_revolt_won(bd, s, seat, option, ask, ctx):
    item = s["queue"].pop(0)
    b = item["bid"]
    x = s["blocks"][b]
    if option == "disband":
        x.update(loc="pool", str=0, coast=None, **{"in": False})
    elif option.startswith("x:"):
        p = option[2:]
        _exchange(s, b, p)
        s["moved"].append(p)


def h_persia(bd, s, seat, option, ask, ctx):
    s["queue"].pop(0)
    if option == "accept":
        s["persia"]["alliance"] = True
        ctx.event("persia", "Sparta accepts Persian support (rule 9.3)")


# ---------------------------------------------------------------------- combat phase
def st_combat(bd, s, ctx):
    if _pending(s):
        return queue_asks(bd, s, ctx)
    if s["battle"]:
        s["step"] = "battle"
        return None
    side = s["active"]
    hexes = K.battle_hexes(bd, s)
    if not hexes:
        s["step"] = "combat_end"
        return None
    kinds = {"new": "battle", "storm": "storm the city?", "sally": "sally?", "revolt": "revolt"}
    opts = [[f"f:{h}", f"{bd.label(h)} ({'relief battle' if k == 'sally' and must else kinds[k]})",
             "5.0"] for h, k, must in hexes]
    if not any(must for _h, _k, must in hexes):
        opts.append(["done", "No more battles: end the combat phase", "5.0"])
    return [_ask(side, "battle_pick", "Combat phase (rule 5.0): choose the next battle. You "
                 "decide the order.", "5.0", opts)]


def h_battle_pick(bd, s, seat, option, ask, ctx):
    if option == "done":
        s["step"] = "combat_end"
        return
    h = option[2:]
    kind = next(k for x, k, _m in K.battle_hexes(bd, s) if x == h)
    K.start_battle(bd, s, h, kind, ctx)
    s["step"] = "battle"


def st_battle(bd, s, ctx):
    bt = s["battle"]
    if bt is None:
        s["step"] = "combat"
        return None
    bn = s.get("bonus")
    if bn and bn["bid"] is None and not bn.get("asked_" + bt["hex"]):
        cands = [b for b, r in bt["role"].items() if r == bn["side"] and
                 s["blocks"][b]["loc"] == bt["hex"] and
                 (not bn["types"] or bd.blocks[b]["type"] in bn["types"])]
        bn["asked_" + bt["hex"]] = True
        if cands:
            opts = [[f"k:{b}", block_name(bd, b), "5.2"] for b in sorted(cands)]
            opts.append(["none", "Not in this battle", "5.2"])
            return [_ask(bn["side"], "bonus", f"{bn['name']} (event): choose the block that hits "
                         "on one more pip this player turn.", "5.2", opts)]
    bet = s.get("betrayal")
    if bet and bet["hex"] is None and bt["att"] == bet["side"] and K._walled(bd, bt) and \
            not bet.get("asked_" + bt["hex"]):
        bet["asked_" + bt["hex"]] = True
        return [_ask(bet["side"], "betrayal", f"Betrayal (event): use it at {bd.label(bt['hex'])}?"
                     " Defenders inside the walls then get no double defence in both rounds.",
                     "5.41", [["yes", "Use Betrayal here", "5.41"], ["no", "Not here", "5.41"]])]
    ask = K.run(bd, s, ctx)
    if ask:
        return [dict(ask, secret=False)]
    if s["battle"] is None:
        s["step"] = s.pop("resume", None) or "combat"
    return None


def h_bonus(bd, s, seat, option, ask, ctx):
    if option.startswith("k:"):
        s["bonus"]["bid"] = option[2:]


def h_betrayal(bd, s, seat, option, ask, ctx):
    if option == "yes":
        s["betrayal"]["hex"] = s["battle"]["hex"]


_BATTLE_ANSWERS = {
    "act": K.answer_act, "navy": K.answer_navy, "siege_decl": K.answer_siege_decl,
    "retreat": K.answer_retreat, "regroup": K.answer_regroup,
    "regroup_to": K.answer_regroup_to, "pillage": K.answer_pillage,
}


def h_battle(bd, s, seat, option, ask, ctx):
    if ask["kind"] == "decl":
        K.answer_decl(bd, s, option, ctx)
    else:
        _BATTLE_ANSWERS[ask["kind"]](bd, s, option, ctx, ask)


def h_hit(bd, s, seat, option, ask, ctx):
    s["hits"]["choice"] = option[2:]


def adrift_navies(bd, s) -> list[str]:
    """Rule 4.4: navies end the combat phase in a friendly port or on blockade."""
    occ = occupancy(s)
    out = []
    for b, x in s["blocks"].items():
        if x["loc"] in ("pool", "off", "out") or not is_navy(bd, b):
            continue
        h = x["loc"]
        side = x["side"]
        if x["in"]:
            continue
        sg = siege_at(bd, s, h, occ)
        if sg and sg["besieger"] == side:
            continue
        if h in bd.ports and friendly(s, side, h) and other(side) not in occ.get(h, {}):
            continue
        out.append(b)
    return sorted(out)


def st_combat_end(bd, s, ctx):
    if _pending(s):
        return queue_asks(bd, s, ctx)
    if not s.get("ce_done"):
        end_of_phase(bd, s, ctx)
        s["ce_done"] = True
        if any(must for _h, _k, must in K.battle_hexes(bd, s)):
            s["ce_done"] = False
            s["step"] = "combat"  # a city changed sides with its blocks among enemies (9.5)
            return None
    for b in adrift_navies(bd, s):
        x = s["blocks"][b]
        fake = {"hex": x["loc"], "role": {b: x["side"]}, "kind": "x", "retreats": {}}
        opts = K.regroup_options(bd, s, fake, b)
        if not opts:
            eliminate(bd, s, b, ctx, "lost at sea: no friendly port within reach (rule 4.4)")
            continue
        if len(opts) == 1:
            _navy_to(bd, s, b, opts[0][0], ctx)
            continue
        return [_ask(x["side"], "adrift", f"{block_name(bd, b)} must end the combat phase in a "
                     "friendly port or on blockade (rule 4.4). Where to?", "4.4",
                     [[o[0], o[1], "4.4"] for o in opts], bid=b)]
    s["ce_done"] = False
    end_of_phase(bd, s, ctx)
    phase_end(s, ctx, "combat")
    set_phase(s, "attrition")
    s["step"] = "attrition"
    return None


def _navy_to(bd, s, b, option, ctx):
    parts = option.split(":")
    x = s["blocks"][b]
    src = x["loc"]
    x["loc"] = parts[1]
    x["coast"] = int(parts[2]) if len(parts) > 2 else bd.ports.get(parts[1], 0)
    ctx.event("navy_port", f"A {x['side'].title()} navy returns from {bd.label(src)} to "
              f"{bd.label(parts[1])} (rule 4.4)", frm=src, to=parts[1])


def h_adrift(bd, s, seat, option, ask, ctx):
    _navy_to(bd, s, ask["bid"], option, ctx)


# ---------------------------------------------------------------------- attrition
def run_attrition(bd, s, ctx):
    while s.get("hits") or s.get("attr"):
        if s.get("hits"):
            ask = apply_hits(bd, s, ctx)
            if ask:
                return [dict(ask, secret=False, kind="attr_hit")]
            continue
        job = s["attr"].pop(0)
        bids = [b for b in job["bids"] if s["blocks"][b]["loc"] == job["hex"]]
        if not bids:
            continue
        dice = roll(s, ctx, len(bids))
        hits = sum(1 for d in dice if d >= job["need"])
        ctx.event("dice", f"{job['side'].title()} rolls {job['why']} at {bd.label(job['hex'])} "
                  f"({job['need']}+): {dice}, {hits} hit{'s' if hits != 1 else ''}",
                  dice=dice, hits=hits, side=job["side"], hex=job["hex"], need=job["need"])
        if hits:
            start_hits(s, job["side"], hits, bids, False, job["hex"], rule="6.0")
    s["attr"] = None
    return None


def st_attrition(bd, s, ctx):
    set_phase(s, "attrition")
    if s.get("attr") is None:
        s["attr"] = attrition_jobs(bd, s, s["active"])
        s["attr_then"] = "attrition"
    asks = run_attrition(bd, s, ctx)
    if asks:
        return asks
    s["attr_then"] = None
    end_of_phase(bd, s, ctx)
    phase_end(s, ctx, "attrition")
    s["step"] = "hellespont"
    return None


def h_attr_hit(bd, s, seat, option, ask, ctx):
    s["hits"]["choice"] = option[2:]


def st_hellespont(bd, s, ctx):
    # ruling R34: an Earthquake cancels the game turn but for siege attrition (sidebar);
    # the Hellespont's grain loss (9.1) is not siege attrition, so it is cancelled too
    if s["active"] == "athens" and "earthquake" not in s["events"] and \
            hellespont_applies(bd, s):
        bids = athens_blocks_in_athens(bd, s)
        if bids:
            set_phase(s, "hellespont")
            return [_ask("athens", "hellespont", "Hellespont (rule 9.1): Sparta controls the sea "
                         "at Abydos. Remove one block from Athens.", "9.1",
                         [[f"b:{b}", f"{block_name(bd, b)} ({s['blocks'][b]['str']})", "9.1"]
                          for b in bids])]
    s["step"] = "pturn_end"
    return None


def h_hellespont(bd, s, seat, option, ask, ctx):
    eliminate(bd, s, option[2:], ctx, "removed for want of grain (rule 9.1)")
    s["step"] = "pturn_end"


def st_pturn_end(bd, s, ctx):
    s["revealed"] = []
    if s["pturn"] == 1:
        s["pturn"] = 2
        s["step"] = "pturn_start"
        return None
    s["step"] = "gturn_end"
    return None


def st_gturn_end(bd, s, ctx):
    sd = sudden_death(bd, s)
    if sd:
        win(s, sd[0], sd[1], "10.1")
        return None
    s["turn"] += 1
    s["events"] = []
    s["active"] = None
    s["pturn"] = 0
    s["step"] = "commit"
    return None


# ---------------------------------------------------------------------- Olympiad end
def st_olympiad_end(bd, s, ctx):
    set_phase(s, "victory")
    res = olympiad_check(bd, s)
    ctx.event("victory_check", f"Victory check after Olympiad {s['olympiad']} (rule 10.2)",
              olympiad=s["olympiad"])
    if res:
        win(s, res[0], res[1], "10.2")
        return None
    # leftover cards go back to the deck
    cards = s["cards"]
    for x in SIDES:  # cards never played (a short Olympiad) go back to the deck
        cards["deck"] += cards["hands"][x]
    cards["hands"] = {"athens": [], "sparta": []}
    start_build(bd, s)
    s["bsel"] = {"athens": None, "sparta": None}
    set_phase(s, "replacement")
    s["step"] = "build"
    return None


def st_build(bd, s, ctx):
    bld = s["build"]
    asks = []
    for side in SIDES:
        if bld["done"][side]:
            continue
        sel = s["bsel"][side]
        left = bld["left"][side]
        if sel is None:
            opts = []
            if reinforce_options(bd, s, side):
                opts.append(["R", "Add a step to a block in a city", "8.2"])
            if build_options(bd, s, side):
                opts.append(["N", "Build a new block", "8.3"])
            if exchange_options(bd, s, side):
                opts.append(["X", "Exchange a revolt block for a peltast", "7.0"])
            opts.append(["D", "Disband a block", "8.6"])
            opts.append(["done", "Finish the replacement phase", "8.0"])
            asks.append(_ask(side, "build", f"Replacement phase (rule 8.0): {left} BP left of "
                             f"{bld['bp'][side]}.", "8.0", opts, secret=True))
        elif sel == "R" or sel.startswith("R:"):
            opts = reinforce_options(bd, s, side)
            where = sel[2:] if sel.startswith("R:") else None
            if where:
                opts = [o for o in opts if s["blocks"][o[0][2:]]["loc"] == where]
            elif len(opts) > 20:
                # many blocks: choose the city first (short lists)
                places: dict[str, int] = {}
                for o in opts:
                    h = s["blocks"][o[0][2:]]["loc"]
                    places[h] = places.get(h, 0) + 1
                opts = [[f"w:{h}", f"{bd.label(h)} ({n})", "8.2"]
                        for h, n in sorted(places.items(), key=lambda kv: bd.label(kv[0]))]
            asks.append(_ask(side, "build", f"Reinforce (rule 8.2): {left} BP left.", "8.2",
                             opts + [["back", "Back", "8.0"]], secret=True))
        elif sel == "N":
            asks.append(_ask(side, "build", f"New block (rule 8.3): {left} BP left.", "8.3",
                             build_options(bd, s, side) + [["back", "Back", "8.0"]],
                             secret=True))
        elif sel == "X":
            asks.append(_ask(side, "build", "Exchange a successful revolt block for a peltast of "
                             "the same strength from the pool (rule 7.0).", "7.0",
                             exchange_options(bd, s, side) +
                             [["back", "Back", "8.0"]], secret=True))
        elif sel == "D":
            asks.append(_ask(side, "build", "Disband a block to the pool (rule 8.6): its steps "
                             "are lost.", "8.6", disband_options(bd, s, side) +
                             [["back", "Back", "8.0"]], secret=True))
        elif sel.startswith("P:"):
            b = sel[2:]
            raise_at = new_block_places(bd, s, side, b)
            asks.append(_ask(side, "build", f"Where is {block_name(bd, b)} raised (rule 8.3)?",
                             "8.3", [[f"p:{h}", bd.label(h), "8.3"] for h in raise_at] +
                             [["back", "Back", "8.0"]], secret=True))
    if asks:
        return asks
    s["build"] = None
    s["bsel"] = None
    phase_end(s, ctx, "replacement")
    s["olympiad"] += 1
    s["turn"] = 1
    s["step"] = "deal"
    return None


def h_build(bd, s, seat, option, ask, ctx):
    sel = s["bsel"][seat]
    if option == "done":
        s["build"]["done"][seat] = True
        ctx.event("build_done", f"{seat.title()} has finished its replacements")
        return
    if option in ("R", "N", "D"):
        s["bsel"][seat] = option
        return
    if option == "back":
        s["bsel"][seat] = None
        return
    if option == "X":
        s["bsel"][seat] = "X"
        return
    kind, _, arg = option.partition(":")
    if kind == "x":
        rb, _, p = arg.partition("|")
        _exchange(s, rb, p)
        ctx.event("exchange", f"{seat.title()} exchanges a revolt block for a peltast (rule 7.0)")
        s["bsel"][seat] = None
        return
    if kind == "w":
        s["bsel"][seat] = f"R:{arg}"
        return
    if kind == "r":
        x = s["blocks"][arg]
        spend(bd, s, seat, arg, x["loc"])
        x["str"] += 1
        ctx.event("build", f"{seat.title()} adds a step at {bd.label(x['loc'])}",
                  seats=(seat,), block=arg)
        if not reinforce_options(bd, s, seat):
            s["bsel"][seat] = None
        elif sel and sel.startswith("R:") and not any(
                s["blocks"][o[0][2:]]["loc"] == sel[2:] for o in reinforce_options(bd, s, seat)):
            s["bsel"][seat] = "R"
    elif kind == "n":
        places = new_block_places(bd, s, seat, arg)
        if len(places) > 1:
            s["bsel"][seat] = f"P:{arg}"
            return
        _raise(bd, s, seat, arg, places[0], ctx)
    elif kind == "p":
        b = sel[2:]
        _raise(bd, s, seat, b, arg, ctx)
    elif kind == "d":
        x = s["blocks"][arg]
        src = x["loc"]
        x.update(loc="pool", str=0, coast=None, **{"in": False})
        x.pop("rv", None)
        ctx.event("disband", f"{seat.title()} disbands a block at {bd.label(src)} (rule 8.6)",
                  hex=src)
        s["bsel"][seat] = None


def _raise(bd, s, side, b, h, ctx):
    spend(bd, s, side, b, h)
    x = s["blocks"][b]
    x.update(loc=h, str=1, coast=(bd.ports.get(h, 0) if is_navy(bd, b) else None),
             **{"in": False})
    ctx.event("build", f"{side.title()} raises a new block at {bd.label(h)} (rule 8.3)", hex=h)
    s["bsel"][side] = None


STEPS = {
    "bid": st_bid, "deal": st_deal, "mulligan": st_mulligan, "sicily": st_sicily,
    "commit": st_commit, "pturn_start": st_pturn_start, "event": st_event, "move": st_move,
    "move_dest": st_move_dest, "revolt_city": st_revolt_city, "revolt_str": st_revolt_str,
    "combat": st_combat, "battle": st_battle, "combat_end": st_combat_end,
    "attrition": st_attrition, "hellespont": st_hellespont, "pturn_end": st_pturn_end,
    "gturn_end": st_gturn_end, "olympiad_end": st_olympiad_end, "build": st_build,
}

_battle_kinds = ("decl", "act", "navy", "siege_decl", "retreat", "regroup", "regroup_to",
                 "pillage")
HANDLERS = {
    "bid": h_bid, "mulligan": h_mulligan, "mull_other": h_mull_other, "sicily": h_sicily,
    "commit": h_commit, "free": h_free, "move": h_move, "move_dest": h_move_dest,
    "revolt_city": h_revolt_city, "revolt_str": h_revolt_str, "revolt_won": h_revolt_won,
    "persia": h_persia, "battle_pick": h_battle_pick, "bonus": h_bonus,
    "betrayal": h_betrayal, "hit": h_hit, "adrift": h_adrift, "attr_hit": h_attr_hit,
    "hellespont": h_hellespont, "build": h_build,
    **{k: h_battle for k in _battle_kinds},
}
