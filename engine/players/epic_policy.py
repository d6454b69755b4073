"""The Epic heuristic's rules of thumb for the decisions where its score alone blundered
(issue 33): walls pulled down, treasuries given away, allies shut out of supply, peace
offered to the winning enemy, armies fielded that the treasury cannot feed, revolt checks
that cannot succeed, tribute raised and lowered again.

Each reads only the seat's view and the options' data (public component data aside), and
answers with an option of the prompt, or None to leave the decision to the score's
lookahead (engine/players/epic.py). Treasuries and upkeep are the paying seat's: with
allies each League player pays for his own units (24.5)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..core.types import Prompt
from ..rulesets.epic import board as B
from ..rulesets.epic.cards import kind_of as kind_of_card
from . import epic_peace as peace_rolls

SEASONS = 4
# Rule 9.4.3: a unit costs a talent a supply phase, a good fleet (morale 5+) two, half as
# much in a friendly city of its home region (9.2.1).
FLEET_GOOD = 5
# Talents kept beyond the year's upkeep, for foraging failures and the odd build (9.1).
MARGIN = 3
# Years of tribute (and upkeep) past the current one that spending looks ahead to.
HORIZON = 2
# 6.2: Athens ends a revolt on a modified 1 or less.
ENDS_ON = 1


def side_of(seat: str) -> str:
    """The board side a seat plays: the League's allies (24.0, 25.0) all play "sparta"."""
    return "athens" if seat == "athens" else "sparta"


def other(side: str) -> str:
    return "sparta" if side == "athens" else "athens"


def unit_cost(view: dict[str, Any], u: dict[str, Any], hexid: str | None = None,
              winter: bool = False) -> float:
    """What one unit costs a supply phase standing at `hexid` (default: where it is);
    `winter`: in Winter's, when nobody forages (9.7.3)."""
    h = u["hex"] if hexid is None else hexid
    cost = 2.0 if u["type"] == "fleet" and int(u["morale"]) >= FLEET_GOOD else 1.0
    city = B.city_by_hex().get(h) if h is not None else None
    if not winter and foraging(view, u, h):
        return 0.0
    if city is not None and city.name not in view["razed"] \
            and B.city_owner(view, city.name) == u["side"] \
            and B.city_region().get(city.name) == u["home"]:
        cost /= 2
    return cost


def foraging(view: dict[str, Any], u: dict[str, Any], h: str | None) -> bool:
    """9.7.3: a land unit in a region the enemy controls may forage instead of drawing on
    the treasury, in a city there too, but not in Winter nor in an Area raided this year
    (the Raided markers go at the Yearly Start, 15.2)."""
    if h is None or u["type"] == "fleet" or int(view["season"]) == 3:
        return False
    hx = B.comps().hexes.get(h)
    area = hx.area if hx is not None else None
    if area is None or area not in B.comps().areas or (view.get("raided") or {}).get(area):
        return False
    r = view["regions"].get(B.comps().areas[area].region)
    return r is not None and r["side"] not in (u["side"], None) and r["side"] in ("athens", "sparta")


def upkeep(view: dict[str, Any], side: str, seat: str | None = None,
           winter: bool = False) -> float:
    """The talents `side`'s units on the map cost each supply phase (9.4.3); with `seat`,
    only the units that seat pays for (24.5); `winter`: in Winter's (no foraging)."""
    return sum(unit_cost(view, u, winter=winter) for u in view["units"].values()
               if u["side"] == side and u["where"] == "map"
               and (seat is None or u.get("seat", u["side"]) == seat))


def phases_left(view: dict[str, Any]) -> int:
    """Supply phases still to pay before the next Yearly Start brings income (5.4)."""
    return max(1, SEASONS - int(view["season"]))


def income(view: dict[str, Any], seat: str) -> int:
    """The tribute `seat` may expect at a Yearly Start (5.4): BTV times the assessment of
    each region it controls (with allies, those it holds itself, 24.5), before losses."""
    side = side_of(seat)
    holder = (view.get("league") or {}).get("holder", {})
    regions = B.comps().regions
    return sum(regions[r].btv * int(x.get("mult") or 0) for r, x in view["regions"].items()
               if x["side"] == side and holder.get(r, seat if side == "sparta" else side)
               == (seat if side == "sparta" else side) and r in regions)


def spare(view: dict[str, Any], seat: str, extra: float = 0.0,
          extra_winter: float | None = None) -> float:
    """Talents `seat` may spend without leaving units unsupplied (9.1): what it holds and
    the tribute of the next HORIZON years, less the upkeep of its army (plus `extra` a
    phase) to their end and a small margin. Looking past the next income keeps a rich
    treasury from fielding in one spring an army it cannot feed the years after. Each
    year's last supply phase is Winter's, when nobody forages (9.7.3): an army living off
    Elis all Summer cost Sparta nothing until its Winter bill came, with 2 talents in hand
    and nine units lost unsupplied (9.1). `extra_winter`: what the `extra` units cost in
    Winter's phases instead (an army that will forage pays only then)."""
    ahead = years_ahead(view)
    phases = phases_left(view) + SEASONS * ahead
    winters = 1 + ahead
    fed = upkeep(view, side_of(seat), seat) + extra
    cold = upkeep(view, side_of(seat), seat, winter=True) + (
        extra if extra_winter is None else extra_winter)
    money = int(view["treasury"].get(seat, 0)) + income(view, seat) * ahead
    return money - fed * (phases - winters) - cold * winters - MARGIN


def years_ahead(view: dict[str, Any]) -> int:
    """Years past the current one whose income and upkeep a budget counts: HORIZON, or
    fewer when the scenario's last control check (the start of its last year, 4.3.1,
    22.4.1) comes sooner. No region changes hands after it, so an army fed beyond it
    buys nothing for the result: Sparta ended the Argive League with 20 talents unspent
    and Elis one AL short of changing hands."""
    last = B.comps().scenarios[view["scenario"]].last_year
    if last is None:
        return HORIZON
    return max(0, min(HORIZON, int(view["year"]) - int(last) - 1))


def kind_of(prompt: Prompt, option_id: str) -> str | None:
    o = prompt.option(option_id)
    return str(o.data.get("kind")) if o is not None and o.data else None


def only(prompt: Prompt, keep: list[str]) -> Prompt:
    """The prompt with only the options `keep` (for the lookahead to choose among)."""
    return replace(prompt, options=tuple(o for o in prompt.options if o.id in keep))


# ------------------------------------------------------------------ raids and walls
def raid(view: dict[str, Any], prompt: Prompt) -> list[str]:
    """15.1-15.3: a raid plunders an enemy Area for a talent a unit, up to its Forage
    Number a year, but the raiders stay put for the Campaign Turn and the Area, Raided
    until the Yearly Start, feeds no forager (9.7.3). So raid on the last Campaign Turn
    of Autumn and Winter only: the talents come before Winter's upkeep and no foraging
    season is lost. Raiding from a city every turn held five Spartans in Lepreum all
    game, and raiding Elis in Spring left the army there paying a talent a unit all
    year: Sparta's treasury ran dry and five units went unsupplied in Winter. Walls are
    never pulled down (11.3.1b): our own walls shelter our units and keep our cities; a
    city we are about to leave to the enemy is the only case for it, and the score cannot
    see one."""
    ids = [o.id for o in prompt.options if kind_of(prompt, o.id) == "raid"]
    late = int(view["ct"]) >= 3 and int(view["season"]) >= RAID_FROM_SEASON
    return ids[:prompt.hi] if late else []


RAID_FROM_SEASON = 2  # Autumn


# ------------------------------------------------------------------ allies' treasuries
def talents(view: dict[str, Any], prompt: Prompt) -> str:
    """24.5: an ally's own cities stay open to every ally (a bar we set is lifted), and
    talents go to an ally only to cover the upkeep he cannot pay, out of what we do not
    need for our own."""
    ids = [o.id for o in prompt.options]
    lift = next((o for o in ids if o.startswith("allow:")), None)
    if lift is not None:
        return lift
    mine = spare(view, prompt.seat)
    best: tuple[int, str] | None = None
    for o in prompt.options:
        if not o.data or o.data.get("kind") != "give_talents":
            continue
        n, ally = int(o.data["talents"]), str(o.data["to"])
        short = -spare(view, ally)
        if short > 0 and n <= mine and n <= short + MARGIN and (best is None or n > best[0]):
            best = (n, o.id)
    return best[1] if best is not None else "done"


# ------------------------------------------------------------------ peace
def verdict(view: dict[str, Any]) -> str | None:
    """The side the scenario's victory conditions favour if the war ended now (20.2 for
    two players; 24.7.1, 24.8, 25.4 with allies: Athens' BTV decides, below its winning
    range the League wins): "athens", "sparta", "none" (a stalemate) or None when the
    scenario judges by something else."""
    sc = B.comps().scenarios[view["scenario"]]
    theirs = [r for r, x in view["regions"].items() if x["side"] == "athens"]
    counts = {"athenian_btv": sum(B.comps().regions[r].btv for r in theirs),
              "athenian_regions": len(theirs)}
    found = [v for v in sc.victory if v.measure in counts]
    if not found:
        return None
    for v in found:
        lo = v.min if v.min is not None else -99
        hi = v.max if v.max is not None else 999
        if lo <= counts[v.measure] <= hi:
            return "athens" if v.side == "athens" else "none" if v.side == "none" else "sparta"
    return "sparta"


def peace(view: dict[str, Any], prompt: Prompt) -> str | None:
    """20.1: offer, accept or force a peace roll only when a peace now would give our side
    the game (20.2's check at once; with allies the war ends, 24.7.1); never in the first
    season of the war on a whim. A grievance roll (20.3) that may restart a war is left to
    the score."""
    good = verdict(view) == side_of(prompt.seat)
    for o in prompt.options:
        kind = o.data.get("kind") if o.data else None
        if kind in ("offer_peace", "accept_peace", "peace_roll") and good:
            return o.id
        # 24.7.2 (with allies): a League player may make Athens roll; while Athens'
        # modifiers leave no die that signs, the roll can only send the embassy home (a
        # total of 1 or less) before Athens forces one on the League's likeliest signer
        if kind == "peace_roll" and view.get("league") \
                and (o.data or {}).get("roller") == "athens" \
                and peace_rolls.roll_chance(view, "athens") == 0:
            return o.id
    if prompt.option("decline") is not None:
        return "accept" if good else "decline"
    if prompt.option("no") is not None and not any(
            o.data and o.data.get("kind") == "grievance_roll" for o in prompt.options):
        return "no"
    return None


# ------------------------------------------------------------------ revolts
def revolt_plus(view: dict[str, Any], city: str) -> int:
    """The 6.3 modifiers of a check on `city` as the view shows them (RULINGS.md 46): the
    region's AL, its other revolting or enemy-held cities, an assessment off its BTV, a
    raided Area. The one modifier the view does not show (an assessment lowered this
    year, -1, 5.3.5) can only lower it: this is the worst the check can be."""
    region = B.city_region()[city]
    r = view["regions"][region]
    al = int(r["al"])
    plus = 1 if al in (0, 1) else 2 if al == -1 else 3 if al <= -2 else 0
    plus += sum(1 for c in B.region_cities(str(region))
                if c.name != city and c.name not in view["razed"]
                and (c.name in view["revolts"] or B.city_owner(view, c.name) != r["side"]))
    mult = int(r.get("mult") or 0)
    plus += 1 if mult != 1 else 0
    hexid = B.comps().cities[city].hex
    plus += 1 if view["raided"].get(B.area_of(hexid), 0) else 0
    return plus


def revolt(view: dict[str, Any], prompt: Prompt) -> str | None:
    """6.1: Sparta tests the city likeliest to revolt (the highest modifier). 6.2: Athens
    rolls to end a revolt only when a die can do it (a 1 with the modifiers must be 1 or
    less), the likeliest first; otherwise it is done."""
    checks = [(int(o.data.get("plus", 0)), o.id) for o in prompt.options
              if o.data and o.data.get("kind") == "revolt_check"]
    if checks:
        return max(checks)[1]
    ends = [(revolt_plus(view, str(o.data["city"])), o.id) for o in prompt.options
            if o.data and o.data.get("kind") == "end_revolt"]
    ends = [(p, o) for p, o in ends if 1 + p <= ENDS_ON]  # a 1 on the die, modified
    return min(ends)[1] if ends else "done"


# ------------------------------------------------------------------ tribute (5.3)
# Raise a region's tribute only while the price (1 AL for Athens, 1 ML for the League,
# 5.3.3) leaves it this far from trouble, and never beyond this multiple of its BTV.
RAISE_AL_FLOOR = 7     # Athens: well clear of the risk zone (AL 3 or less, 4.1)
RAISE_ML_FLOOR = 8     # the League: well clear of ML 5 (no placing or building, 4.4.2)
RAISE_TO = 2
RISK_ZONE = 3


def assess(view: dict[str, Any], prompt: Prompt) -> str:
    """5.3: a region at risk is eased (Athens: a region in the risk zone assessed above
    its BTV, whose cut also helps its revolt checks, 5.3.5; the League: one near ML 5);
    a region with AL or ML to spare is raised a step, up to twice its BTV; then done.
    One direction per region a year, so no step is paid for twice. A region gained at x0
    is first set at its BTV, which costs nothing (4.3.1a)."""
    athens = side_of(prompt.seat) == "athens"
    for o in prompt.options:
        data = o.data or {}
        region = view["regions"].get(str(data.get("region")))
        if region is not None and data.get("kind") == "base" and not int(region["mult"] or 0):
            return o.id
    for o in prompt.options:
        data = o.data or {}
        region = view["regions"].get(str(data.get("region")))
        if region is None or data.get("kind") != "lower":
            continue
        level = int(region["al"]) if athens else int(region["ml"])
        if level <= (RISK_ZONE if athens else RAISE_ML_FLOOR - 2) and int(data["to"]) >= 1:
            return o.id
    for o in prompt.options:
        data = o.data or {}
        region = view["regions"].get(str(data.get("region")))
        if region is None or data.get("kind") != "raise" or int(data["to"]) > RAISE_TO:
            continue
        level = int(region["al"]) if athens else int(region["ml"])
        if level - 1 >= (RAISE_AL_FLOOR if athens else _ml_floor(view, str(data["region"]))):
            return o.id
    return "done"


def _ml_floor(view: dict[str, Any], region: str) -> int:
    """The ML a League region keeps after a raise. With allies a League player's home
    ML below 10 adds one to the peace roll Athens may force on him (24.7.2): Thebes,
    raising Boeotia's tribute every year, went from ML 12 to 6 and rolled a peace at +1
    (four-player, `e11f:10`)."""
    if view.get("league") and region in peace_rolls.HOMES:
        return peace_rolls.ML_LOW
    return RAISE_ML_FLOOR


@lru_cache(maxsize=512)
def land_distances(targets: frozenset[str]) -> dict[str, int]:
    """Land hex -> hexes over land to the nearest of `targets` (public map data)."""
    c = B.comps()
    frontier = sorted(targets)
    dist = dict.fromkeys(frontier, 0)
    while frontier:
        nxt = []
        for h in frontier:
            for n in c.land_neighbors(h):
                if n not in dist:
                    dist[n] = dist[h] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


# ------------------------------------------------------------------ cards (Appendix C)
def playable_by(kind: str, seat: str, allies: bool) -> bool:
    """Whether `seat` could ever play a card of `kind` (Appendix C names who plays each;
    with allies the League's players play the cards naming Sparta, 24.6, and Allied
    Dissent, which needs allies to aim at)."""
    player = B.comps().card_kinds[kind].player
    if player == "either":
        return True
    if player == "league":
        return allies and seat != "athens"
    return player == side_of(seat)


def discards(view: dict[str, Any], prompt: Prompt) -> list[str]:
    """12.2: before the draw, throw away exactly the cards this seat can never play. Such a
    card only fills a place in the hand the draw could refill; every other card is kept
    for a later season (the score sees no gain in any discard, and its random pick threw
    away playable cards every season)."""
    allies = bool(view.get("league"))
    return [o.id for o in prompt.options if o.data and o.data.get("kind") == "discard_card"
            and not playable_by(kind_of_card(str(o.data["card"])), prompt.seat, allies)]


def card(view: dict[str, Any], prompt: Prompt) -> str | None:
    """An Immediate card's play-or-discard (Appendix C), where the lookahead cannot see
    past the dice and a blind draw decided: Perdiccas Switches Sides flips Macedon (4.3.1),
    so it is played only when the enemy holds Macedon; Athens discards the Plague, which
    would strike its own Attica. Other cards are left to the score."""
    play = next((o for o in prompt.options if o.data and o.data.get("kind") == "play_card"),
                None)
    if play is None or prompt.option("discard") is None:
        return None
    kind = kind_of_card(str(play.data["card"])) if play.data else ""
    me = side_of(prompt.seat)
    if kind == "perdiccas-switches":
        macedon = view["regions"].get("macedon") or {}
        return play.id if macedon.get("side") == other(me) else "discard"
    if kind == "plague":
        return "discard" if me == "athens" else play.id
    return None
