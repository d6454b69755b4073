"""Sicily (rule 19.0) and its three cards (Appendix C): Sicilian Expedition Escalation,
Sicilian Expedition Resolution, Carthage Invades Sicily; and the Eclipse of the Moon's
Sicilian effect.

Pieces in the Sicily box have `where == "sicily"`; those in the Leaving Sicily box
`where == "leaving"` with `to`, the sea they come out into. Neither is on the map: no
combat (19.5), no supply in the box (19.3), but the Leaving box is paid for at the Supply
stage of the season it is entered. A voyage may end in Sicily from Corcyra's waters or the
North Ionian Sea (19.1); at the Placement stage pieces go from the box to the Leaving box
(19.2) and at the start of the first Campaign Turn they come out into the sea chosen.

State, `s["cards"]["sicily"]` (open to both players, like the cards lying in the box):
    escalations: the Escalation cards in the box
    first_year:  the year the first Escalation was played (the Resolution waits a year)
    result:      None until a Resolution: {band, victor, e, total}; with allies and a
                 League victory also seat, the League player the fleets serve (M18)
    carthage:    whether Carthage Invades Sicily has been played
Sicilian fleets (home "sicily") join the winner's Sicilian Force Pool at the Resolution.

With allies (24.0, 25.0) "Sparta" on Sicily's cards is the whole League (24.6): its hoplites
and leaders count in the Resolution, its checks and AL changes are the League's, and the
Sicilian fleets serve one League player, `result["seat"]` (`fleet_seat`, RULINGS M18-M21).
Each League player sends his own pieces out of Sicily and pays for them."""

from __future__ import annotations

import math
from typing import Any

from engine import IllegalAction, Option

from . import alliances as A
from . import board as B
from . import fleets as F
from . import ionian
from .cards import discard, kind_of, season_fx, title
from .leaders import HOME
from .leaders import eliminate as kill_leader
from .losses import drown, eliminate
from .notes import AnyFlow, note
from .sicily_box import active, box, resolved, tribute, victor
from .state import DEAD, MAP, POOL, EState, Piece, clamp_al, on_board

SICILY, LEAVING = "sicily", "leaving"
ENTRY_SEAS = ("corcyran-waters", "north-ionian")  # 19.1
ENTRY_COST = 1  # ours: entering the box costs what a sea Area does (16.6)
ESCALATION, RESOLUTION, CARTHAGE = ("sicilian-escalation", "sicilian-resolution",
                                    "carthage-invades")
KINDS = (ESCALATION, RESOLUTION, CARTHAGE)
SICILIAN_FLEETS = 4  # 23.2.1: Sicily's Force Pool, 4 fleets of morale 5
FLEET_MORALE = 5
ATHENS_WINS = 8  # 8-10 Syracuse taken, 11-12 a decisive victory
# The Resolution's morale checks: what is added to the die of each side's units in Sicily
CHECK = {"decisive Athenian defeat": (2, -2), "Athenians rebuffed": (0, 0),
         "Athenians take Syracuse": (-1, 1), "decisive Athenian victory": (-2, 2)}
HALF = ("Athenians rebuffed", "Athenians take Syracuse")  # AL changes of E/2, rounded up


def _n(k: int, what: str) -> str:
    return f"{k} {what}{'' if k == 1 else 's'}"


def locked(s: EState) -> bool:
    """19.4: while an Escalation lies in the box and no Resolution has come, no one leaves."""
    return active(s) and bool(box(s)["escalations"]) and not resolved(s)


def open_to(s: EState, side: str) -> bool:
    """19.4: after the Resolution only its victor may send units into Sicily."""
    return active(s) and victor(s) in (None, side)


def who(s: EState, side: str) -> str:
    """The name a Sicily line gives the acting player: the League seat playing its stage
    with allies, else the side (unchanged with two players)."""
    return A.title(A.payer(s, side))


def _camp(s: EState, side: str) -> str:
    """How a side is named in the Resolution's lines: with allies the League, whose hoplites,
    leaders, checks and regions are all "Spartan" on the card (24.6, RULINGS M19)."""
    return "League" if side == A.LEAGUE and A.multi(s) else side.title()


def pieces(s: EState, side: str | None, where: str = SICILY) -> tuple[list[str], list[str]]:
    units = sorted(u for u, x in s["units"].items()
                   if x["where"] == where and (side is None or x["side"] == side))
    leaders = sorted(n for n, x in s["leaders"].items()
                     if x["where"] == where and (side is None or x["side"] == side))
    return units, leaders


# ------------------------------------------------------------ going in (19.1)
def entry(s: EState, side: str, start: str, units: list[str], trip: dict[str, F.Voyage],
          mp: int = F.MAX_MP) -> dict[str, F.Voyage]:
    """The Sicily box as one more end of a voyage: from Corcyra's waters or the North
    Ionian Sea (an Open Sea ends a move, 16.4.6, so only a voyage starting there goes on
    from it). Only ships go: land units as their passengers, checked by `trip`."""
    if not open_to(s, side) or not any(s["units"][u]["type"] == "fleet" for u in units):
        return {}
    if start in ENTRY_SEAS:
        return {SICILY: F.Voyage(ENTRY_COST, start, False)} if mp >= ENTRY_COST else {}
    if not trip:
        return {}  # the fleets may not sail at all (no leader, no room)
    sea = ENTRY_SEAS[0]
    if sea in trip and trip[sea].cost + ENTRY_COST <= mp:
        return {SICILY: F.Voyage(trip[sea].cost + ENTRY_COST, sea, False)}
    return {}


def arrive(flow: AnyFlow, side: str, units: list[str], leaders: list[str]) -> None:
    s = flow.state
    for u in units:
        s["units"][u].update({"where": SICILY, "hex": None, "moved": True, "forage": False,
                              "raid": False})
    for n in leaders:
        s["leaders"][n].update({"where": SICILY, "hex": None, "moved": True})
    held = " (held there until a Resolution, 19.4)" if locked(s) else ""
    note(flow, f"{who(s, side)}: {_n(len(units), 'unit')}"
               f"{' with ' + ', '.join(leaders) if leaders else ''} reach Sicily (19.1){held}")


# ------------------------------------------------------------ the Placement stage (19.2)
def _heading(s: EState, side: str, sea: str) -> tuple[list[str], list[str], list[str]]:
    """What is bound for `sea` in the Leaving box: with allies an ally's ships and leader
    carry a player's land units too (24.5: allied units stack and go with an ally's leader;
    RULINGS M20)."""
    units, leaders = pieces(s, side, LEAVING)
    units = [u for u in units if s["units"][u].get("to") == sea]
    fleets = [u for u in units if s["units"][u]["type"] == "fleet"]
    return fleets, [u for u in units if u not in fleets], \
        [n for n in leaders if s["leaders"][n].get("to") == sea]


def _may_leave(s: EState, side: str, piece: str, sea: str) -> bool:
    """Land units need a ship and a leader going the same way (16.7.2), leaders ships."""
    fleets, cargo, leaders = _heading(s, side, sea)
    if piece in s["leaders"]:
        return bool(fleets)
    if s["units"][piece]["type"] == "fleet":
        return True
    return bool(leaders) and F.capacity_ok(s, fleets, cargo + [piece])


def place_options(s: EState, side: str) -> list[Option]:
    if not active(s):
        return []
    out: list[Option] = []
    if not locked(s):
        units, leaders = pieces(s, side)
        for p in units + leaders:
            x = s["units"][p] if p in s["units"] else s["leaders"][p]
            if x.get("placed") or not A.mine(s, x):
                continue
            for sea in ENTRY_SEAS:
                if _may_leave(s, side, p, sea):
                    out.append(Option(f"leave:{p}:{sea}", f"Send {p} to the Leaving Sicily box,"
                                                          f" bound for {sea} (19.2)", "19.2",
                                      data={"kind": "leave_sicily", "piece": p, "to": sea}))
    # after the Resolution, or in the Ionian War by 27.2.1 (ionian.py, RULINGS.md 67)
    due = resolved(s) or ionian.fleet_due(s, side)
    if due and sicilian_pool(s, side) and (side == "athens" or not _fleet_placed(s, side)):
        why = "Sicilian Expedition Resolution" if resolved(s) else "27.2.1"
        out.append(Option("sicilian-fleet", f"Place a Sicilian fleet in the Sicily box ({why})",
                          "19.0", data={"kind": "sicilian_fleet", "to": SICILY}))
    for uid in homebound(s, side):
        out.append(Option(f"sicilian-home:{uid}", f"Return {uid} from the Sicily box to "
                                                  "Sicily's Force Pool", "7.3",
                          data={"kind": "remove", "unit": uid, "from": SICILY}))
    return out


def homebound(s: EState, side: str) -> list[str]:
    """7.3.1-7.3.2: a Sicilian fleet in the Sicily box (Sicily, its region of origin) may go
    back to Sicily's Force Pool at Placement, unless placed this stage (RULINGS.md 16) or
    held by an Escalation (19.4)."""
    if locked(s):
        return []
    return sorted(u for u, x in s["units"].items() if x["home"] == SICILY and x["side"] == side
                  and x["where"] == SICILY and not x["placed"] and A.mine(s, x))


def sicilian_pool(s: EState, side: str) -> list[str]:
    """Sicily's fleets waiting in its Force Pool for `side`; with allies only the League
    player they serve places them (RULINGS M18)."""
    return sorted(u for u, x in s["units"].items() if x["home"] == SICILY
                  and x["side"] == side and x["where"] == POOL and A.mine(s, x))


def _fleet_placed(s: EState, side: str) -> bool:
    """Sparta brings out one Sicilian fleet a Seasonal Turn (the card), a return to Sicily's
    Force Pool counting as one (ruling 75); one sent on to the Leaving box does not."""
    return any(x["home"] == SICILY and x["side"] == side and x["placed"]
               and x["where"] != LEAVING for x in s["units"].values())


def place_act(flow: AnyFlow, side: str, answer: str) -> bool:
    """Act on a Sicilian placement answer; False: not one of ours."""
    s = flow.state
    if answer == "sicilian-fleet":
        if not any(o.id == answer for o in place_options(s, side)):
            raise IllegalAction("No Sicilian fleet may be placed now.")
        uid = sicilian_pool(s, side)[0]
        s["units"][uid].update({"where": SICILY, "placed": True})
        note(flow, f"{who(s, side)} places a Sicilian fleet in the Sicily box (Sicilian "
                   "Expedition Resolution)")
        return True
    if answer.startswith("sicilian-home:"):
        uid = answer.partition(":")[2]
        if uid not in homebound(s, side):
            raise IllegalAction("That fleet cannot go back to Sicily's Force Pool now.")
        s["units"][uid].update({"where": POOL, "placed": True})
        note(flow, f"{who(s, side)} returns {uid} from the Sicily box to Sicily's Force Pool "
                   "(7.3)")
        return True
    if not answer.startswith("leave:"):
        return False
    _, piece, sea = answer.split(":")
    if not any(o.id == answer for o in place_options(s, side)):
        raise IllegalAction("That piece cannot leave Sicily now.")
    x: Piece = s["units"][piece] if piece in s["units"] else s["leaders"][piece]
    x.update({"where": LEAVING, "to": sea, "placed": True})
    note(flow, f"{who(s, side)} sends {piece} to the Leaving Sicily box, bound for {sea} "
               "(19.2; paid for at the Supply stage, 19.3)")
    return True


def leaving_units(s: EState, side: str) -> list[str]:
    """19.3: units in the Leaving box are paid from the Treasury (they draw no line)."""
    return [u for u in pieces(s, side, LEAVING)[0] if A.mine(s, s["units"][u])]


def free(s: EState, uid: str) -> bool:
    """Sparta's Sicilian fleets are supplied at no cost (the Resolution card, 27.2.1); they
    still need a line like any unit."""
    u = s["units"][uid]
    return bool(u["home"] == SICILY and u["side"] == "sparta")


def sail_out(flow: AnyFlow) -> None:
    """19.2: at the start of the first Campaign Turn the Leaving box empties into the seas
    chosen; the crossing is their move for that Campaign Turn (ours). Passengers whose ships
    were lost at the Supply stage drown, and so do leaders left with no ship (16.7.2)."""
    s = flow.state
    if not active(s):
        return
    landed: dict[tuple[str, str], set[str]] = {}  # (sea, side) -> whose pieces (M20)
    units, leaders = pieces(s, None, LEAVING)
    for u in units:
        x = s["units"][u]
        sea = x.pop("to")
        x.update({"where": MAP, "hex": sea, "moved": True, "sailed": x["type"] != "fleet"})
        landed.setdefault((sea, x["side"]), set()).add(A.owner(x))
    for n in leaders:
        y = s["leaders"][n]
        sea = y.pop("to")
        y.update({"where": MAP, "hex": sea, "moved": True, "sailed": True})
        landed.setdefault((sea, y["side"]), set()).add(A.owner(y))
    for (sea, side), whose in sorted(landed.items()):
        who_ = f"{' and '.join(A.title(x) for x in sorted(whose))}: pieces" if A.multi(s) \
            else f"{side.title()}'s pieces"
        note(flow, f"{who_} leaving Sicily come out into {sea} (19.2)")
        stranded(flow, sea, side)


def stranded(flow: AnyFlow, sea: str, side: str) -> None:
    """Passengers beyond what the ships left can carry drown, and leaders with no ship
    (16.7.2)."""
    s = flow.state
    drown(flow, sea, side)
    if not any(s["units"][u]["type"] == "fleet" for u in B.units_at(s, sea, side)):
        for n in B.leaders_at(s, sea, side):
            new = kill_leader(s, n, None)
            note(flow, f"{n} is lost with no ship to carry him; {new} takes his place")


# ------------------------------------------------------------ the cards
def _played(s: EState) -> list[str]:
    played: list[str] = season_fx(s).setdefault("played", [])
    return played


def escalation_ok(s: EState) -> bool:
    """One Escalation a season, none after the Resolution."""
    return active(s) and not resolved(s) and ESCALATION not in _played(s)


def resolution_ok(s: EState) -> bool:
    """Not in the year of the first Escalation, nor in a season with one; at least one
    Escalation in the box (ours: with none there is no expedition to resolve)."""
    b = box(s) if active(s) else None
    return (b is not None and b["result"] is None and bool(b["escalations"])
            and b["first_year"] != s["year"] and ESCALATION not in _played(s))


def plays(s: EState, side: str, cid: str) -> list[Option]:
    kind = kind_of(cid)
    if kind == ESCALATION and escalation_ok(s):
        return [Option(cid, f"{title(cid)} ({len(box(s)['escalations']) + 1} in the box)",
                       "19.4", data={"kind": "play_card", "card": cid})]
    if kind == RESOLUTION and resolution_ok(s):
        plus = sum(n for n, _ in resolution_mods(s))
        return [Option(cid, f"{title(cid)}: 2 dice {plus:+d}", "19.4",
                       data={"kind": "play_card", "card": cid, "plus": plus})]
    return []


def play(flow: AnyFlow, side: str, cid: str, seat: str | None = None) -> None:
    """An Escalation into the box, or the Resolution resolved; with allies `seat` is the
    player who played it (the League player among them takes Sicily's fleets, M18)."""
    s = flow.state
    if kind_of(cid) == ESCALATION:
        _played(s).append(ESCALATION)
        b = box(s)
        b["escalations"].append(cid)
        if b["first_year"] is None:
            b["first_year"] = s["year"]
        note(flow, f"The Sicilian expedition grows: {_n(len(b['escalations']), 'Escalation card')}"
                   " in the box; units in Sicily stay there until a Resolution (19.4)")
        return
    discard(s, cid, permanently=True)
    resolve(flow, seat=seat)


def resolution_mods(s: EState, eclipse: bool = False) -> list[tuple[int, str]]:
    units, leaders = pieces(s, None)
    e = len(box(s)["escalations"])
    out = [(-e, "Escalation cards played")] if e else []
    hop = sum(1 for u in units if s["units"][u]["side"] == "sparta"
              and s["units"][u]["type"] == "hoplite")  # with allies every League one (M19)
    if hop:
        out.append((-hop, f"{'League' if A.multi(s) else 'Spartan'} hoplites in Sicily"))
    ath = sum(1 for u in units if s["units"][u]["side"] == "athens"
              and s["units"][u]["type"] in ("fleet", "hoplite"))
    if ath // 2:
        out.append((ath // 2, "Athenian fleets and hoplites in Sicily, one for two"))
    for side, n in (("athens", 1), ("sparta", -1)):
        if any(s["leaders"][x]["side"] == side and s["leaders"][x]["land"] == 1
               for x in leaders):
            out.append((n, f"{_camp(s, side)} has a land leader rated 1 in Sicily"))
    if eclipse:
        out.append((-1, "the Eclipse of the Moon"))
    return out


def band(total: int) -> str:
    """The card's table (data: tables.sicilian_resolution); totals beyond 2-12 go to the
    nearest band."""
    table = B.comps().tables["sicilian_resolution"]
    t = max(2, min(12, total))
    for key, name in table.items():
        lo, hi = (int(x) for x in key.split("-"))
        if lo <= t <= hi:
            return str(name)
    raise ValueError(f"no Sicilian band for {total}")


def fleet_seat(s: EState, seat: str | None) -> str:
    """With allies, the League player Sicily's fleets serve after an Athenian failure (the
    card gives them to "Sparta", 24.6): the League player who played the Resolution (or drew
    the Eclipse); when Athens did, the League player with most units in the Sicily box, the
    first in turn order (24.4) on a tie (as M4 puts the League's questions; RULINGS M18)."""
    seats = A.league_seats(s)
    if seat in seats:
        return str(seat)
    count = {x: 0 for x in seats}
    for uid in pieces(s, A.LEAGUE)[0]:
        x = A.owner(s["units"][uid])
        if x in count:
            count[x] += 1
    return max(seats, key=lambda x: (count[x], -seats.index(x)))


def resolve(flow: AnyFlow, eclipse: bool = False, seat: str | None = None) -> None:
    """The Resolution: two dice and the modifiers, one of four bands; morale checks in
    Sicily, AL changes everywhere, Sicilian fleets for Sparta or Sicily an Athenian ally.
    With allies `seat` played (or drew) the card: see `fleet_seat`."""
    s = flow.state
    b = box(s)
    e = len(b["escalations"])
    # counted before the checks: the League player with most men in the expedition (M18)
    gets = fleet_seat(s, seat) if A.multi(s) else None
    mods = resolution_mods(s, eclipse)
    d1, d2 = flow.context.die(), flow.context.die()
    total = d1 + d2 + sum(n for n, _ in mods)
    why = "".join(f" {n:+d} ({t})" for n, t in mods)
    name = band(total)
    victor = "athens" if max(2, total) >= ATHENS_WINS else "sparta"
    note(flow, f"Sicilian Expedition Resolution: dice {d1}+{d2}{why} = {total}: {name} "
               "(Appendix C)")
    _checks(flow, name, eclipse)
    n = math.ceil(e / 2) if name in HALF else e
    shift = n if victor == "athens" else -n
    for r in s["regions"].values():
        if r["side"] == "athens":
            r["al"] = clamp_al(r["al"] + shift)
        elif r["side"] == "sparta":
            r["al"] = clamp_al(r["al"] - shift)
    if n:  # with allies every League region, whichever player holds it (M19)
        note(flow, f"{shift:+d} AL in every Athenian region, {-shift:+d} in every "
                   f"{_camp(s, A.LEAGUE)} one")
    fleets = min(e, SICILIAN_FLEETS)
    known = sum(1 for x in s["units"].values() if x["home"] == SICILY)
    for i in range(fleets):
        uid = f"{SICILY}-fleet-{known + i + 1}"
        s["units"][uid] = {"side": victor, "home": SICILY, "type": "fleet",
                           "morale": FLEET_MORALE, "where": POOL, "hex": None,
                           "forage": False, "raid": False, "moved": False, "placed": False}
        if gets is not None and victor == A.LEAGUE:
            s["units"][uid]["seat"] = gets  # with allies, one League player's (M18)
    if victor == "sparta":
        note(flow, f"{_n(fleets, 'Sicilian fleet')} for "
                   f"{A.title(gets) if gets and A.multi(s) else 'Sparta'}: one a season may "
                   "be placed in the Sicily box, supplied free")
    else:
        note(flow, f"Sicily becomes an Athenian ally: {_n(e, 'talent')} of tribute a year, "
                   f"{_n(fleets, 'Sicilian fleet')} in its Force Pool")
    for cid in b["escalations"]:
        discard(s, cid, permanently=True)
    b["result"] = {"band": name, "victor": victor, "e": e, "total": total}
    if gets is not None and victor == A.LEAGUE:
        b["result"]["seat"] = gets  # the League player Sicily's fleets serve (M18)
    b["escalations"] = []
    units, leaders = pieces(s, None)
    for n_ in leaders:  # ours: a leader left without his army goes home
        side = s["leaders"][n_]["side"]
        if not any(s["units"][u]["side"] == side for u in units):
            x = s["leaders"][n_]  # to his own player's home Force Pool (24.2.2)
            x.update({"where": "force", "region": HOME.get(A.owner(x), HOME[side])})
            note(flow, f"{n_} has no army left in Sicily and goes home to the Force Pool")


def _checks(flow: AnyFlow, name: str, eclipse: bool) -> None:
    """Each unit in Sicily rolls a die plus its side's modifier: above its morale, it is
    lost. The Eclipse costs the Athenians one more morale."""
    s = flow.state
    plus = dict(zip(("athens", "sparta"), CHECK[name], strict=True))  # "sparta": the League
    if eclipse:
        plus["athens"] += 1
    lost = []
    for uid in pieces(s, None)[0]:
        u = s["units"][uid]
        if flow.context.die() + plus[u["side"]] > u["morale"]:
            eliminate(s, uid)
            lost.append(uid)
    note(flow, f"Morale checks in Sicily (Athens {plus['athens']:+d}, {_camp(s, A.LEAGUE)} "
               f"{plus['sparta']:+d}): {len(lost)} lost ({', '.join(lost) or 'none'})")


def eclipse(flow: AnyFlow, seat: str | None = None) -> None:
    """The Eclipse of the Moon is a Resolution, at -1 more, while Escalations lie in the box
    (ours: an Immediate card does not wait for the Resolution's timing rules). `seat`: its
    drawer (with allies, a League drawer takes Sicily's fleets, M18)."""
    if locked(flow.state):
        note(flow, "The eclipse falls on the Sicilian expedition: it is resolved now")
        resolve(flow, eclipse=True, seat=seat)


# ------------------------------------------------------------ drawing the cards
def at_draw(s: EState, cid: str) -> bool:
    """Cards acted on as they are drawn: Carthage always; Escalation and Resolution once
    a Resolution has been played (out for good)."""
    kind = kind_of(cid)
    return kind == CARTHAGE or (kind in (ESCALATION, RESOLUTION) and resolved(s))


def draw_options(s: EState, cid: str) -> list[Option]:
    if kind_of(cid) == CARTHAGE and victor(s) is not None and not box(s)["carthage"]:
        return [Option("play", "Carthage invades Sicily: play it", "App. C",
                       data={"kind": "play_card", "card": cid}),
                Option("discard", "Discard it", "App. C", data={"kind": "discard_card", "card": cid})]
    return []


def drawn(flow: AnyFlow, side: str, cid: str, answer: str | None) -> None:
    """Carthage, or a card come too late. `side`: the drawer's seat (with allies the League
    player who drew it decides whether Carthage is played, M21)."""
    s = flow.state
    kind = kind_of(cid)
    if kind != CARTHAGE:
        discard(s, cid, permanently=True)
        note(flow, f"{title(cid)} comes too late: the expedition is over (out for good)")
        return
    if victor(s) is None:
        discard(s, cid)
        note(flow, "Carthage Invades Sicily, drawn before the Resolution, is discarded")
        return
    if box(s)["carthage"]:
        discard(s, cid, permanently=True)
        note(flow, "Carthage has invaded already: the card is out for good")
        return
    if answer != "play":
        discard(s, cid)
        note(flow, f"{side.title()} discards Carthage Invades Sicily")
        return
    box(s)["carthage"] = True
    discard(s, cid, permanently=True)
    if victor(s) == "athens":
        note(flow, f"Carthage invades Sicily: its tribute to Athens falls to {tribute(s)} "
                   "talents a year")
        return
    gone = [u for u, x in s["units"].items() if x["home"] == SICILY and x["where"] != DEAD]
    seas = sorted({(on_board(s["units"][u]), s["units"][u]["side"]) for u in gone
                   if s["units"][u]["where"] == MAP and F.at_sea(on_board(s["units"][u]))})
    for u in gone:
        s["units"][u].update({"where": DEAD, "hex": None, "forage": False, "raid": False})
        s["units"][u].pop("to", None)
    for sea, side_ in seas:
        stranded(flow, sea, side_)
    note(flow, f"Carthage invades Sicily: {_n(len(gone), 'Sicilian fleet')} leave the war")


def view_part(s: EState) -> dict[str, Any] | None:
    """The box, open to both (the cards in it lie face up)."""
    if not active(s):
        return None
    b = box(s)
    return {"escalations": len(b["escalations"]), "first_year": b["first_year"],
            "result": dict(b["result"]) if b["result"] else None, "carthage": b["carthage"],
            "locked": locked(s), "tribute": tribute(s),
            # with allies, the League player Sicily's fleets serve (M18); public (24.5)
            **({"fleets_for": b["result"].get("seat")} if A.multi(s) and b["result"] else {})}

