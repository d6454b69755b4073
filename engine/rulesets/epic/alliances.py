"""The three- and four-player games (rules 24.0, 25.0): the Peloponnesian League split
between allied players, Sparta, Thebes and (with four) Corinth, against Athens.

On the board the League stays one side, "sparta" (24.5: allies treat each other's units,
cities, bases and Areas as friendly for every purpose, so stacking, Area status and supply
lines are shared by the rules already written for two sides). What this module adds is the
*seat* behind each League piece and region:

    s["league"] = {"seats": League seats in turn order (24.4),
                   "holder": League region -> the seat controlling it (24.2.3, 24.3)}
    unit["seat"], leader["seat"]: the League seat owning the piece
    s["acting"]: the League seat playing the League's stage now, None otherwise
    s["treasury"]: one treasury per seat (24.2.4, 25.2.3)

A League stage (placement, building, assessment, supply, raids, movement) is played by each
League seat in turn
(`Turns`), each seat with its own pieces and its own treasury. Prompts the rules address
to the side "sparta" go to the seat that decides (`deciding_seat`), seated by the kernel's
hook (engine/core/seating.py, `league_turns.seat_for`). RULINGS.md (Three and four players) says where we had to decide."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import IllegalAction, Option, Prompt

from . import board as B
from .state import MAP, EState, Piece, clamp_al

LEAGUE = "sparta"  # the military side every League seat belongs to
SCENARIOS: dict[str, tuple[str, ...]] = {
    "three-player": ("athens", "sparta", "thebes"),  # 24.1
    "four-player": ("athens", "sparta", "thebes", "corinth"),  # 25.1
}
CAPITAL = {"sparta": "Sparta", "thebes": "Thebes", "corinth": "Corinth", "athens": "Athens"}
HOME = {"athens": "attica", "sparta": "laconia", "thebes": "boeotia", "corinth": "corinth"}
# The Campaign has no set end (24.7.1): a Peace Embassy card ends it. Only were these games
# played on the simplified turn, which deals no cards, would they run a set number of years
# (RULINGS M8); they play the full Seasonal Turn.
YEARS = 3
SEAT_KINDS = ("talents", "card", "discard", "peace", "abdicate", "agree")  # prompts put to a seat, not the League
TALENT_STEPS = (1, 2, 5, 10)  # the amounts offered at once when giving talents (24.5)


def multi(s: EState) -> bool:
    return "league" in s


def seats_of(scenario: str) -> tuple[str, ...]:
    return SCENARIOS.get(scenario, ("athens", "sparta"))


def league_seats(s: EState) -> list[str]:
    return list(s["league"]["seats"]) if multi(s) else [LEAGUE]


def title(seat: str) -> str:
    return seat.title()


def side_of(seat: str) -> str:
    """The side on the board a seat plays: Athens, or the League for every ally (24.6:
    cards naming Sparta apply to each League player)."""
    return "athens" if seat == "athens" else LEAGUE


# ------------------------------------------------------------------ pieces and regions
def owner(piece: Piece) -> str:
    """The seat a unit or leader belongs to."""
    return str(piece.get("seat") or piece["side"])


def mine(s: EState, piece: Piece) -> bool:
    """Whether the seat playing the League's stage now may use this piece: in a League
    stage of the three- or four-player game, only what it controls (24.5: each player moves
    and supplies what he controls)."""
    acting = s.get("acting")
    if acting is None or piece["side"] != LEAGUE:
        return True
    if "type" not in piece:  # a leader is always his own player's
        return owner(piece) == acting
    return commander(s, piece) == acting


def commander(s: EState, unit: Piece) -> str:
    """24.5: units stacked with a leader move with him, an ally's units too, until their own
    player brings a leader of his into the hex; units inside a fortification stay their
    owner's. With leaders of several allies there and none of the owner's, the first by
    name commands."""
    seat = owner(unit)
    h = unit.get("hex")
    if unit["where"] != MAP or not isinstance(h, str) or B.fortress(s, h) and \
            B.holder(s, h) == LEAGUE:
        return seat
    chiefs = [owner(s["leaders"][n]) for n in B.leaders_at(s, h, LEAGUE)]
    if not chiefs or seat in chiefs:
        return seat
    return chiefs[0]


def holder(s: EState, region: str) -> str | None:
    """The seat controlling a region: Athens, a League seat, or None (neutral)."""
    r = s["regions"].get(region)
    if r is None or r["side"] not in ("athens", LEAGUE):
        return None
    if r["side"] == LEAGUE and multi(s):  # None: won this moment, not yet given (24.3)
        seat = s["league"]["holder"].get(region)
        return str(seat) if seat else None
    return str(r["side"])


def holds(s: EState, region: str) -> bool:
    """Whether the acting seat (if any) controls the region (placing, 7.3.2)."""
    acting = s.get("acting")
    return acting is None or holder(s, region) == acting


def regions_of(s: EState, seat: str) -> list[str]:
    return sorted(r for r in s["regions"] if holder(s, r) == seat)


def payer(s: EState, side: str) -> str:
    """Whose treasury pays (or gains) for `side` now: the acting League seat."""
    return str(s.get("acting") or side) if side == LEAGUE else side


def units_of_seat(s: EState, units: list[str], seat: str) -> list[str]:
    return [u for u in units if owner(s["units"][u]) == seat]


# ------------------------------------------------------------------ set-up (24.2, 25.2)
def setup(s: EState) -> None:
    """Turn the scenario's League players into seats behind the one League side: regions,
    units and leaders get their seat; units and regions keep the side "sparta"."""
    seats = seats_of(s["scenario"])
    league = [x for x in seats if x != "athens"]
    s["league"] = {"seats": league, "holder": {}}
    s["acting"] = None
    for region, r in sorted(s["regions"].items()):
        if r["side"] in league:
            s["league"]["holder"][region] = r["side"]
            r["side"] = LEAGUE
    for u in s["units"].values():
        if u["side"] in league:
            u["seat"] = u["side"]
            u["side"] = LEAGUE
        elif u["side"] == LEAGUE:
            u["seat"] = holder(s, u["home"]) or LEAGUE
    sc = B.comps().scenarios[s["scenario"]]
    for name, x in s["leaders"].items():
        if x["side"] != LEAGUE:
            continue
        if x["where"] == "force":  # 24.2.2, 25.2.1: each in his player's home Force Pool
            pool = x["region"]
            x["seat"] = (holder(s, pool) if pool else None) or LEAGUE
        else:  # 24.2.2: Xenocleides in Corinth plays for the holder of that city's region
            home = B.comps().region_of_city(sc.leaders_on_map[name])
            x["seat"] = (holder(s, home) if home else None) or LEAGUE
    for seat in league:
        s["treasury"].setdefault(seat, 0)
    s["generic"] = {side: s["generic"].get(side, 0) for side in ("athens", LEAGUE)}
    set_order(s)


# ------------------------------------------------------------------ turn order (3.3, 24.4)
def set_order(s: EState) -> None:
    """3.3, 24.4: the side controlling more regions goes first, Athens on a tie (the League's
    regions counted together). Among the League, Sparta first unless an ally controls more
    regions; allies with equal counts keep the scenario's order (RULINGS.md)."""
    n_athens = sum(1 for r in s["regions"].values() if r["side"] == "athens")
    n_league = sum(1 for r in s["regions"].values() if r["side"] == LEAGUE)
    s["order"] = ["athens", LEAGUE] if n_athens >= n_league else [LEAGUE, "athens"]
    base = [x for x in seats_of(s["scenario"]) if x != "athens"]
    count = {seat: len(regions_of(s, seat)) for seat in base}
    allies = sorted(base[1:], key=lambda x: (-count[x], base.index(x)))
    beat = [x for x in allies if count[x] > count[LEAGUE]]
    rest = [x for x in allies if x not in beat]
    s["league"]["seats"] = beat + [LEAGUE] + rest


def order_line(s: EState) -> str:
    sides = " then ".join(
        " & ".join(title(x) for x in s["league"]["seats"]) if side == LEAGUE else "Athens"
        for side in s["order"])
    return f"Turn order: {sides} (3.3, 24.4)"


# ------------------------------------------------------------------ who decides
def deciding_seat(s: EState) -> str:
    """The League seat that answers a prompt the rules put to the League side: the acting
    seat in a League stage; elsewhere (a battle, an interception, a capture, the sieges) the
    seat owning most League units at the place in question, the first in turn order on a
    tie or with no place (RULINGS.md)."""
    acting = s.get("acting")
    if acting:
        return str(acting)
    seats = league_seats(s)
    h = _place_in_question(s)
    if h is None:
        return seats[0]
    count = {seat: 0 for seat in seats}
    for uid in B.units_at(s, h, LEAGUE):
        seat = owner(s["units"][uid])
        if seat in count:
            count[seat] += 1
    return max(seats, key=lambda x: (count[x], -seats.index(x)))


def _place_in_question(s: EState) -> str | None:
    b = s.get("battle")
    if b and b.get("hex"):
        return str(b["hex"])
    for frame in reversed(s.get("flow", [])):
        h = frame.get("args", {}).get("hex")
        if isinstance(h, str):
            return h
    return None


# ------------------------------------------------------------------ regions won (24.3)
def claimants(s: EState, region: str) -> dict[str, int]:
    """24.3 (1): League units in the region, each counted for its owner, except that the
    units stacked with a League leader count for the leader's player (several leaders: the
    first by name commands)."""
    out = {seat: 0 for seat in league_seats(s)}
    hexes: dict[str, list[str]] = {}
    for uid, u in s["units"].items():
        if u["where"] == MAP and u["side"] == LEAGUE and u["hex"] in B.comps().hexes \
                and B.region_of_hex(u["hex"]) == region:
            hexes.setdefault(u["hex"], []).append(uid)
    for h, units in sorted(hexes.items()):
        chief = B.leaders_at(s, h, LEAGUE)
        for uid in units:
            seat = owner(s["leaders"][chief[0]]) if chief else owner(s["units"][uid])
            if seat in out:
                out[seat] += 1  # 24.3 (1): every unit with a leader counts for his player
    return out


def new_holder(s: EState, region: str, roll: Callable[[], int]) -> tuple[str, str]:
    """24.3: the League seat that takes a region won from Athens, and why: (1) more units
    there, (2) more adjacent regions, (3) fewer regions, (4) at random."""
    seats = league_seats(s)
    c = B.comps()
    tests: list[tuple[str, dict[str, int]]] = [
        ("more units there (24.3 1)", claimants(s, region)),
        ("more adjacent regions (24.3 2)",
         {x: sum(1 for n in c.region_links.get(region, ()) if holder(s, n) == x) for x in seats}),
        ("fewer regions (24.3 3)", {x: -len(regions_of(s, x)) for x in seats}),
    ]
    alive = list(seats)
    for why, score in tests:
        best = max(score[x] for x in alive)
        alive = [x for x in alive if score[x] == best]
        if len(alive) == 1:
            return alive[0], why
    die = roll()
    return alive[(die - 1) % len(alive)], f"at random, die {die} (24.3 4)"


def settle(s: EState, roll: Callable[[], int]) -> list[str]:
    """After regions change hands: a League region without a holder gets one (24.3); a
    region no longer the League's has none. Units keep their seats."""
    if not multi(s):
        return []
    lines = []
    held = s["league"]["holder"]
    s["league"]["abdicate"] = [e for e in s["league"].get("abdicate", [])
                               if holder(s, e["region"]) == e["seat"]]
    for region in sorted(held):
        r = s["regions"].get(region)
        if r is None or r["side"] != LEAGUE:
            del held[region]
    for region, r in sorted(s["regions"].items()):
        if r["side"] == LEAGUE and region not in held:
            seat, why = new_holder(s, region, roll)
            held[region] = seat
            lines.append(f"{region} goes to {title(seat)}: {why}")
            # 24.3: he may give it to an ally now, when it is first taken over (RULINGS M22)
            s["league"].setdefault("abdicate", []).append(
                {"region": region, "seat": seat, "why": why, "paid": 0})
    return lines


# ------------------------------------------------------------------ abdicating (24.3)
def abdication(s: EState) -> dict[str, Any] | None:
    """The first region won whose new holder has yet to say whether he keeps it (24.3),
    if it is still his."""
    for entry in s.get("league", {}).get("abdicate", []):
        if holder(s, entry["region"]) == entry["seat"] and s["result"] is None:
            return dict(entry)
    return None


def abdication_prompt(s: EState, entry: dict[str, Any]) -> Prompt:
    seat, region = entry["seat"], entry["region"]
    opts = [Option("keep", f"Keep {region}", "24.3", data={"kind": "keep", "region": region})]
    opts += [Option(f"give:{x}", f"Give {region} to {title(x)} (24.3)", "24.3",
                     data={"kind": "give_region", "region": region, "to": x})
             for x in league_seats(s) if x != seat]
    return Prompt(seat, f"{title(seat)}: {region} has come to you ({entry['why']}). Keep it "
                        "or give it up to an ally, now that it is first taken over (24.3)?",
                  tuple(opts), rule="24.3", kind="abdicate")


def abdicate(s: EState, seat: str, answer: str) -> list[str]:
    """Answer the first pending abdication (24.3): keep the region, or give it to an ally
    with all that goes with a region's holder: placing from it and building there (7.3,
    7.5), its tribute, the League units of its Force and Build Pools the giver had from it
    and the talents it brought him (Argos' BTV, RULINGS M15, M22)."""
    queue = s["league"].get("abdicate", [])
    while queue and holder(s, queue[0]["region"]) != queue[0]["seat"]:
        queue.pop(0)  # no longer his: nothing to give up
    if not queue or queue[0]["seat"] != seat:
        raise IllegalAction("You have no region to keep or give up now (24.3).")
    entry = queue[0]
    region = entry["region"]
    verb, _, taker = answer.partition(":")
    if verb == "keep":
        queue.pop(0)
        return [f"{title(seat)} keeps {region} (24.3)"]
    if verb != "give" or taker == seat or taker not in league_seats(s):
        raise IllegalAction("Keep the region or give it to an ally (24.3).")
    queue.pop(0)
    s["league"]["holder"][region] = taker
    moved = 0
    for u in s["units"].values():
        if u["home"] == region and u["side"] == LEAGUE and u.get("seat") == seat:
            u["seat"] = taker
            moved += 1
    line = f"{title(seat)} gives {region} up to {title(taker)} (24.3)"
    paid = min(int(entry.get("paid", 0)), s["treasury"].get(seat, 0))
    if paid > 0:
        s["treasury"][seat] -= paid
        s["treasury"][taker] += paid
        line += f", with the {paid} talents it paid"
    if moved:
        line += f" and its {moved} units"
    return [line]


def abdication_paid(s: EState, region: str, talents: int) -> None:
    """Talents a region won paid its new holder at once (Argos' BTV, M15): they follow it
    if he gives it up (24.3)."""
    for entry in s.get("league", {}).get("abdicate", []):
        if entry["region"] == region:
            entry["paid"] = talents


# ------------------------------------------------------------------ forbidding (24.5)
def forbidders(s: EState, seat: str) -> list[str]:
    """The allies who forbid `seat` the use of their cities, bases and Areas (24.5)."""
    if not multi(s):
        return []
    return [x for x, barred in sorted(s["league"].get("forbid", {}).items()) if seat in barred]


def withheld_regions(s: EState, seat: str) -> set[str]:
    """The regions of the allies forbidding `seat` (24.5, RULINGS M23)."""
    foes = forbidders(s, seat)
    return {r for r, x in s["league"]["holder"].items() if x in foes} if foes else set()


def set_forbid(s: EState, seat: str, ally: str, on: bool) -> str:
    """24.5: `seat` forbids (or allows again) `ally` the use of his cities and bases as
    supply sources and links and the friendliness of his Areas; a standing choice, changed
    at the allies' moment each season (`Treasury`, RULINGS M23)."""
    if seat == ally or seat not in league_seats(s) or ally not in league_seats(s):
        raise IllegalAction("Only a League player may forbid an ally (24.5).")
    barred = s["league"].setdefault("forbid", {}).setdefault(seat, [])
    if on and ally not in barred:
        barred.append(ally)
        barred.sort()
    elif not on and ally in barred:
        barred.remove(ally)
    if not barred:
        del s["league"]["forbid"][seat]
    if on:
        return (f"{title(seat)} forbids {title(ally)} his cities, bases and Areas for "
                "supply (24.5)")
    return f"{title(seat)} lets {title(ally)} use his cities, bases and Areas again (24.5)"


# ------------------------------------------------------------------ money (24.5)
def tribute_lines(s: EState, tribute: Callable[[EState, str], tuple[int, list[str]]]
                  ) -> list[str]:
    """5.4 / 22.4.1 per seat: each League player collects from the regions he controls."""
    lines = []
    for side in s["order"]:
        for seat in league_seats(s) if side == LEAGUE else ["athens"]:
            s["acting"] = seat if side == LEAGUE else None
            got, parts = tribute(s, side)
            s["acting"] = None
            s["treasury"][seat] += got
            lines.append(f"{title(seat)} collects {got} talents "
                         f"({', '.join(parts) or 'no regions'}) (22.4.1, 5.4)")
    return lines


def may_forage_home(s: EState, uid: str, region: str) -> bool:
    """24.5: a League unit may forage in its own player's regions when that player's
    treasury is empty (9.4.2), in an ally's only when every League treasury is empty."""
    if not multi(s):
        return True
    u = s["units"][uid]
    if holder(s, region) == owner(u):
        return True
    return all(s["treasury"].get(x, 0) <= 0 for x in league_seats(s))


def give_talents(s: EState, giver: str, taker: str, amount: int) -> str:
    """24.5: allies may pass talents to each other at any time."""
    if giver == taker or giver not in league_seats(s) or taker not in league_seats(s):
        raise IllegalAction("Talents pass only between League allies (24.5).")
    if amount < 1 or amount > s["treasury"][giver]:
        raise IllegalAction(f"{title(giver)} has {s['treasury'][giver]} talents.")
    s["treasury"][giver] -= amount
    s["treasury"][taker] += amount
    return f"{title(giver)} gives {title(taker)} {amount} talents (24.5)"


HAND = 3  # 24.6: the most Event Cards a League player may hold


def give_card(s: EState, giver: str, taker: str, card: str) -> str:
    """24.6: allies may pass Event Cards to each other at any time (offered when the giver's
    turn to play a card comes, RULINGS M12); a hand may hold at most three."""
    cards = s.get("cards")
    hands = cards["hands"] if cards else None
    if not hands or card not in hands.get(giver, []):
        raise IllegalAction("No such card in hand (24.6).")
    if giver == taker or taker not in league_seats(s) or giver not in league_seats(s):
        raise IllegalAction("Cards pass only between League allies (24.6).")
    if len(hands[taker]) >= HAND:
        raise IllegalAction(f"{title(taker)} already holds {HAND} cards (24.6).")
    hands[giver].remove(card)
    hands[taker].append(card)
    return f"{title(giver)} passes a card to {title(taker)} (24.6)"


# ------------------------------------------------------------------ Allied Dissent (App. C)
DISSENT_EXEMPT = ("laconia", "boeotia", "corinth")  # capitals' regions; Corinth with four


def dissent_targets(s: EState, seat: str) -> list[str]:
    """Allied Dissent is played on a region an ally controls, never Laconia or Boeotia (nor
    Corinth in the four-player game)."""
    exempt = [r for r in DISSENT_EXEMPT if r != "corinth" or "corinth" in league_seats(s)]
    return [r for r in sorted(s["league"]["holder"])
            if holder(s, r) not in (seat, None) and r not in exempt]


def dissent_modifier(s: EState, seat: str, region: str) -> tuple[int, list[str]]:
    """Allied Dissent's modifiers: +1 for each adjacent region the player controls, -1 for
    each the ally controls; +1 if the player has more units in the region than the ally
    (each leader's troops counted for him), -1 if the ally has more."""
    ally = holder(s, region)
    links = B.comps().region_links.get(region, ())
    mine_n = sum(1 for n in links if holder(s, n) == seat)
    theirs = sum(1 for n in links if holder(s, n) == ally)
    units = claimants(s, region)
    mod = mine_n - theirs
    why = [f"+{mine_n} adjacent regions held", f"-{theirs} held by {title(str(ally))}"]
    if units[seat] > units.get(str(ally), 0):
        mod += 1
        why.append("+1 more units there")
    elif units[seat] < units.get(str(ally), 0):
        mod -= 1
        why.append("-1 fewer units there")
    return mod, why


def allied_dissent(s: EState, seat: str, region: str, die: int) -> list[str]:
    """Resolve an Allied Dissent card (Appendix C) played by `seat` on an ally's region: a
    modified 6 or more takes the region, its units staying in place and passing to the
    player; a natural 3 or less costs the region 1 AL. Played from a League hand in the
    Event Cards stage (`events.play`, RULINGS M12)."""
    if region not in dissent_targets(s, seat):
        raise IllegalAction(f"Allied Dissent may not be played on {region}.")
    ally = holder(s, region)
    mod, why = dissent_modifier(s, seat, region)
    total = die + mod
    lines = [f"{title(seat)} plays Allied Dissent on {title(str(ally))}'s {region}: die {die}, "
             f"{', '.join(why)}: {total}"]
    if total >= 6:
        s["league"]["holder"][region] = seat
        for u in s["units"].values():
            if u["home"] == region and u["side"] == LEAGUE:
                u["seat"] = seat
        lines.append(f"{region} passes to {title(seat)}, its units with it (Appendix C)")
    else:
        lines.append("The dissent comes to nothing (Appendix C)")
    if die <= 3:
        r = s["regions"][region]
        r["al"] = clamp_al(r["al"] - 1)
        lines.append(f"{region} -1 AL (Appendix C, cost)")
    return lines


# ------------------------------------------------------------------ victory (24.8, 25.4)
def btv(s: EState, seat: str) -> int:
    c = B.comps()
    return sum(c.regions[r].btv for r in regions_of(s, seat))


def capital_seat(city: str) -> str | None:
    return next((x for x, name in CAPITAL.items() if name == city), None)


def capital_taken(s: EState, city: str, captor_side: str, captor: str) -> dict[str, Any] | None:
    """21.1, 24.7.1, 25.3.1: a capital of a player taken ends the game. Athens taking
    Sparta, Thebes or Corinth wins decisively (24.8 1); a League player taking Athens ends
    it with the League's count, Attica's BTV credited to him (24.8 2)."""
    seat = capital_seat(city)
    if seat is None or seat not in seats_of(s["scenario"]):
        return None
    if captor_side == "athens" and seat != "athens":
        return {"winner": "athens", "winners": ["athens"], "level": "decisive",
                "why": [["captured", city, "athens"]], "rule": "24.8"}
    if captor_side == LEAGUE and seat == "athens":
        return league_result(s, bonus={captor: B.comps().regions["attica"].btv},
                             why=["captured", city, captor])
    return None


def home_lost(s: EState) -> dict[str, Any] | None:
    """21.1, 24.7.1 (2): Attica, Laconia, Boeotia or (four players) Corinth switching sides
    ends the game: Athens losing Attica is counted as Athens captured (24.8 2)."""
    for seat in seats_of(s["scenario"]):
        region = HOME[seat]
        side = "athens" if seat == "athens" else LEAGUE
        if s["regions"][region]["side"] != side:
            if seat == "athens":
                return league_result(s, bonus={}, why=["went_over", "attica", "league"])
            return {"winner": "athens", "winners": ["athens"], "level": "decisive",
                    "why": [["went_over", region, "athens"]], "rule": "24.8"}
    return None


def final(s: EState) -> dict[str, Any]:
    """24.8, 25.4 steps 3-5: Athens' BTV decides first; only if Athens loses (below 26)
    are the League players' own totals looked at."""
    n = sum(B.comps().regions[r].btv for r, x in s["regions"].items() if x["side"] == "athens")
    sc = B.comps().scenarios[s["scenario"]]
    for v in sc.victory:
        if v.measure != "athenian_btv":
            continue
        lo = v.min if v.min is not None else -99
        hi = v.max if v.max is not None else 999
        if lo <= n <= hi:
            if v.side == "none":
                return {"winner": None, "winners": [], "level": "stalemate",
                        "why": [["btv", n, "stalemate"]], "rule": sc.rule}
            return {"winner": "athens", "winners": ["athens"], "level": v.level,
                    "why": [["btv", n, v.level]], "rule": sc.rule}
    return league_result(s, bonus={}, why=["btv", n, "loses"])


def league_result(s: EState, bonus: dict[str, int], why: list[Any]) -> dict[str, Any]:
    """24.8 5, 25.4 5: each League player's own BTV against his levels. The house counts
    allies together (a team wins or loses as one), so every League seat is a winner when
    Athens loses; each player's own level is in `levels` and the reason (RULINGS.md)."""
    sc = B.comps().scenarios[s["scenario"]]
    levels: dict[str, str] = {}
    parts = []
    for seat in league_seats(s):
        n = btv(s, seat) + bonus.get(seat, 0)
        parts.append([seat, n])
        for v in sc.victory:
            if v.side != seat:
                continue
            lo = v.min if v.min is not None else -99
            hi = v.max if v.max is not None else 999
            if lo <= n <= hi:
                levels[seat] = v.level
    league = [x for x in seats_of(s["scenario"]) if x != "athens"]
    best = next((x for x in league if levels.get(x) == "decisive"),
                next((x for x in league if x in levels), league[0]))
    return {"winner": best, "winners": league, "levels": levels,
            "level": levels.get(best, "victory"),
            # the clause holds copies: a snapshot would part one list kept at two places
            "why": [why, ["league", parts, dict(levels), list(league)]], "rule": sc.rule}


def check(s: EState) -> list[str]:
    """Invariants of the alliance: every League region has a League holder, every League
    piece a League seat, no seat acting outside a League stage's turn."""
    if not multi(s):
        return []
    bad = []
    seats = set(league_seats(s))
    for region, r in s["regions"].items():
        if r["side"] == LEAGUE and s["league"]["holder"].get(region) not in seats:
            bad.append(f"League region {region} has no holder")
    for region in s["league"]["holder"]:
        if s["regions"][region]["side"] != LEAGUE:
            bad.append(f"{region} held by a League seat but not the League's")
    for what, pieces in (("unit", s["units"]), ("leader", s["leaders"])):
        for name, x in pieces.items():
            if x["side"] == LEAGUE and x.get("seat") not in seats:
                bad.append(f"League {what} {name} has no League seat")
    if s.get("acting") is not None and not any(f["name"] == "turns" for f in s["flow"]):
        bad.append(f"{s['acting']} acting outside a League stage")
    return bad


def view_part(s: EState) -> dict[str, Any] | None:
    """What every seat sees of the alliance: who holds which League region, turn order,
    which seat is acting. Nothing here is secret (24.5: the allies' boards are open)."""
    if not multi(s):
        return None
    return {"seats": list(s["league"]["seats"]),
            "holder": dict(sorted(s["league"]["holder"].items())),
            "acting": s.get("acting"),
            "abdicate": [{"region": e["region"], "seat": e["seat"]}
                         for e in s["league"].get("abdicate", [])],
            "forbid": {x: list(v) for x, v in sorted(s["league"].get("forbid", {}).items())}}
