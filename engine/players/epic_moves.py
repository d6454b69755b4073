"""The Epic players' readers of a move, a placement or a build: the view copies a
decision imagines (a stack moved, a batch placed, returned or built), whether the paying
seat can feed what it places (9.1), which pieces of a stack go, which destinations are
worth weighing, and whether a storm is worth it (10.2, 18.2). Read from the seat's view
and the options' data; shared by the heuristic (engine/players/epic.py) and the search's
stages (engine/players/epic_stage.py)."""

from __future__ import annotations

from typing import Any

from ..core.types import Prompt
from ..rulesets.epic import board as B
from ..rulesets.epic.battles import DEFENCE
from ..rulesets.epic.combat import GARRISON_MORALE
from ..rulesets.epic.sieges import NEED as SIEGE_NEED
from . import epic_policy as policy
from . import epic_reach as reach
from .epic_policy import side_of

ARRIVING = "arriving"  # a view copy's key: our units moved in by `moved`


def pieces(view: dict[str, Any], prompt: Prompt) -> list[str]:
    """The pieces that go when a stack moves: all of them, but from our own capital the
    guard its danger asks for stays (the best units, for the capital is the game, 21.1).
    A stack moved whole, so Sparta's nine hoplites either all stayed home, against the
    four Argos' threat asked for, or left the capital bare: they stayed, and Elis, the
    region Sparta had to take, saw three or four of them."""
    me = side_of(prompt.seat)
    ids = [o.id for o in prompt.options]
    units = view["units"]
    land = [u for u in ids if u in units and units[u]["type"] != "fleet"]
    capital = next((c for c in reach.our_capitals(view, me)
                    if land and units[land[0]]["hex"] == reach.hex_of(c)), None)
    siege = siege_need(view, units[land[0]]["hex"], me) if land and capital is None else 0
    if capital is None and not siege:
        return ids[:prompt.hi]
    here: dict[str, dict[str, int]] = {}
    for x in units.values():
        if x["where"] == "map" and x["type"] != "fleet":
            here.setdefault(x["hex"], {}).setdefault(x["side"], 0)
            here[x["hex"]][x["side"]] += 1
    at = units[land[0]]["hex"]
    staying = here.get(at, {}).get(me, 0) - len(land)  # not in this stack
    if capital is not None:
        # rounded up
        need = -(-reach.coming(view, here, me, capital) // reach.walls(view, capital))
        order = sorted(land, key=lambda u: (-int(units[u]["morale"]), u))  # the best stay
    else:  # a siege of ours keeps the units it needs (10.6, 10.8.1), the weakest
        need = siege
        order = sorted(land, key=lambda u: (int(units[u]["morale"]), u))
    keep = order[:max(0, need - staying)]
    city = B.city_by_hex().get(at)
    if capital is None and city is not None and city.port:  # and a port's fleet (10.3.2)
        keep += [u for u in ids if u in units and units[u]["type"] == "fleet"]
    going = [o for o in ids if o not in keep]
    if not any(o in land for o in going):
        # every unit stays: a spare leader may still go alone (7.8), the best one staying
        leaders = sorted((o for o in going if o in view["leaders"]),
                         key=lambda n: (-int(view["leaders"][n]["land"]), n))
        return leaders[1:prompt.hi + 1] if len(leaders) > 1 else ids[:prompt.hi]
    return going[:prompt.hi]


def siege_need(view: dict[str, Any], h: str, me: str) -> int:
    """Land units a siege of ours at `h` needs to go on (10.3.2, 10.6: short of them, it is
    broken at its next roll, 10.8.1); 0 where we besiege nothing. The army that took a
    city moved whole, so the next siege waited for the first to end (`e8base:6`)."""
    siege = (view.get("sieges") or {}).get(h)
    city = B.city_by_hex().get(h)
    if siege is None or siege.get("by") != me or city is None:
        return 0
    return SIEGE_NEED[city.size]


BAR = 0.05  # a move must gain this much over standing still (no pointless marching)


# Destinations imagined for one stack at most: a Campaign stack by Area movement reaches
# 100-150 hexes, and weighing each (about 2 ms a score) made a four-player move decision
# take 2-3 s under load (issue 35 asks a p95 of 1 s).
MOVE_DESTINATIONS = 40


def shortlist(view: dict[str, Any], me: str,
              leaves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves and attacks among a destination menu's leaves, at most MOVE_DESTINATIONS:
    attacks and our capital and its neighbours first, then the hexes nearest the cities
    of the region we aim at (a city counting two hexes nearer), the rest left out."""
    moves = [d for d in leaves if d.get("kind") in ("move", "attack")]
    if len(moves) <= MOVE_DESTINATIONS:
        return moves
    target = reach.target(view, me)
    goal = reach.goal(view, target, me) if target is not None else {}
    home = {h for c in reach.our_capitals(view, me)
            for h in reach.neighbours(reach.hex_of(c)) | {reach.hex_of(c)}}
    cities = B.city_by_hex()

    def key(d: dict[str, Any]) -> tuple[int, int, str]:
        h = str(d["to"])
        must = d["kind"] == "attack" or h in home
        return (0 if must else 1, goal.get(h, reach.PULL) - (2 if h in cities else 0), h)
    return sorted(moves, key=key)[:MOVE_DESTINATIONS]


def affordable(view: dict[str, Any], seat: str, facts: dict[str, Any], k: int,
               where: str) -> bool:
    """Placing (7.3) or building (7.5) `k` units of one kind leaves the paying seat able
    to feed its army (9.1; epic_policy.spare): the `k` units weighed, each at its place's
    upkeep (the smaller batches of a kind stay on offer, so a kind the seat can feed only
    some of is still placed); a unit built costs its price and its upkeep."""
    kind = facts.get("kind")
    if kind in ("place", "place_batch"):
        u = {"side": side_of(seat), "home": facts["home"], "type": facts["type"],
             "morale": facts["morale"]}
        here = policy.unit_cost(view, u, where)
        if marching(view, side_of(seat), u, where):  # pays this season, then Winters
            return policy.spare(view, seat, 0.0, k * policy.unit_cost(
                view, u, "", winter=True)) - k * here >= 0  # "": in the field
        return policy.spare(view, seat, k * here) >= 0
    if kind in ("build", "build_batch"):
        each = float(facts.get("cost", 1)) + policy.phases_left(view)
        return policy.spare(view, seat) - k * each >= 0
    if "cost" in facts:  # a fort, a base, walls (7.6, 7.7): their price only
        return policy.spare(view, seat) - k * float(facts["cost"]) >= 0
    return True


MARCH = 6  # hexes from the target's cities within which a unit placed will go forage


def marching(view: dict[str, Any], me: str, u: dict[str, Any], where: str) -> bool:
    """Whether a land unit placed at `where` will march on the enemy region we aim at
    (within MARCH hexes of its cities, the pull draws it there) and live off it (9.7.3:
    no upkeep but in Winter). Costed at home all year, Sparta's budget left 25 of its 34
    units in the Force Pool and the army that was to take Elis was five Corinthians
    (`e6s:9`)."""
    target = reach.target(view, me)
    if u["type"] == "fleet" or target is None or not where:
        return False
    return reach.goal(view, target, me).get(where, reach.PULL) <= MARCH


def batch_candidates(leaf: dict[str, Any]) -> list[list[tuple[str, int]]]:
    """A few batches worth weighing: all, half or one of the units to each place."""
    n = int(leaf.get("count", 1))
    places = [str(h) for h in leaf.get("to", leaf.get("from", [""]))] \
        if leaf["kind"] != "build_batch" else [""]
    return [[(h, k)] for h in places for k in sorted({n, (n + 1) // 2, 1})]


def changed(view: dict[str, Any], me: str, facts: dict[str, Any],
            changes: list[tuple[str, int]]) -> dict[str, Any]:
    """A copy of the view with units of one kind placed at, returned from or built for
    each (hex, how many) of `changes`."""
    kind = facts["kind"]
    units = dict(view["units"])
    treasury = dict(view["treasury"])
    want = {"place_batch": "pool", "place": "pool", "return_batch": "map", "remove": "map",
            "build_batch": "build", "build": "build"}[kind]
    for h, k in changes:
        picked = [u for u, x in sorted(units.items())
                  if x["side"] == me and x["home"] == facts["home"] and x["type"] == facts["type"]
                  and int(x["morale"]) == int(facts["morale"]) and x["where"] == want
                  and (want != "map" or x["hex"] == h)][:k]
        for u in picked:
            if want == "pool":
                units[u] = dict(units[u], where="map", hex=h)
            elif want == "map":
                units[u] = dict(units[u], where="pool", hex=None)
            else:
                units[u] = dict(units[u], where="pool")
                treasury[me] = int(treasury.get(me, 0)) - int(facts.get("cost", 1))
    return dict(view, units=units, treasury=treasury)


def moved(view: dict[str, Any], me: str, start: str, dest: str,
          pieces: set[str] | None) -> dict[str, Any]:
    """A copy of the view with our pieces (units and leaders) moved from `start` to
    `dest`; `pieces` None: every unit of ours there that has not raided (15.1)."""
    def going(pid: str, x: dict[str, Any], unit: bool) -> bool:
        if x["side"] != me or x["where"] != "map" or x["hex"] != start:
            return False
        return pid in pieces if pieces is not None else not (unit and x.get("raid"))
    units = {u: dict(x, hex=dest) if going(u, x, True) else x
             for u, x in view["units"].items()}
    leaders = {n: dict(x, hex=dest) if going(n, x, False) else x
               for n, x in view["leaders"].items()}
    moved = [u for u, x in view["units"].items() if going(u, x, True)]
    return dict(view, units=units, leaders=leaders,
                **{ARRIVING: [*view.get(ARRIVING, ()), *moved]})


def named(facts: dict[str, Any]) -> set[str] | None:
    """The pieces a destination's facts say are moving (None: the whole stack)."""
    if "units" not in facts and "leaders" not in facts:
        return None
    return {str(x) for x in [*facts.get("units", []), *facts.get("leaders", [])]}


def storm_worth(view: dict[str, Any], h: str, me: str) -> bool:
    """10.2, 18.2: storm with a three-to-one edge over the defenders doubled by standing
    walls (18.6: a fortress), a place no unit defends counting its garrison, one unit of
    morale 3 (18.3.2-3). An unwalled place is stormed only where its best defender, with
    the place's bonus (17.4.4), is no steadier than our stack on average: odds count
    units, but each round is a morale check (17.3). Reading every place as walled, three
    Spartans masked unwalled Cyllene, the port of Elis, for two years (`e8s2:18`); storming
    at three to one alone, five Spartans twice attacked one Elean hoplite (morale 5, 6 in
    Elis) and lost four units, a decisive victory in Elis for Athens (`e9s:20`)."""
    mine: list[int] = []
    theirs: list[int] = []
    for u in view["units"].values():
        if u["where"] == "map" and u["hex"] == h and u["type"] != "fleet":
            (mine if u["side"] == me else theirs).append(int(u["morale"]))
    city = B.city_by_hex().get(h)
    walls = h in (view.get("forts") or {}) if city is None else (
        city.walled and city.name not in view["unwalled"] and city.name not in view["razed"])
    if walls:
        return len(mine) >= 6 * max(1, len(theirs))
    if not mine or len(mine) < 3 * max(1, len(theirs)):
        return False
    bonus = DEFENCE[f"unwalled_{city.size}"] if city is not None else 0
    steadiest = max(theirs, default=GARRISON_MORALE) + bonus
    return steadiest * len(mine) <= sum(mine)


# The prompt kinds of a stack's move (16.x): the source, its pieces, the destination.
MOVING = ("move", "pieces", "destination")
