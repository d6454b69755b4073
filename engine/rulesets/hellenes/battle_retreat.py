"""The Retreat (6.4, 6.41, 5.21, 5.22, 8.12): the Retreating side's units leave one by one,
fleets first so land units may go aboard them; the owner chooses where when there is more
than one way out. Units with nowhere to go remain in the battle, or if Panicked are
eliminated; when all have gone or stayed, the rest fight on or the battle is over."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import battle_facts as BF
from . import board as B
from .battle_args import (
    BattleArgs,
    assault,
    attackers,
    battle_of,
    defenders,
    is_sea,
    note,
    record,
    units_of,
)
from .battle_end import settle
from .battle_facts import GARRISON
from .cargo import aboard, is_fleet
from .movement import fleet_steps
from .siege import may_shelter
from .state import AreaId, BlockId, HState, other, to_pool

CITY, STAY = "city", "stay"  # a Retreat into the City (7.1), or none: fight on (6.4)


class BattleRetreat(Procedure[HState]):
    """6.4: the Retreating side's units, each to where it may go."""

    name = "battle_retreat"

    def enter(self, flow: Flow[HState]) -> None:
        s, a = flow.state, battle_of(flow)
        side = a["retreating"]
        assert side is not None
        units = units_of(s, a, side)
        if assault(a) and side == a["defender"]:
            # 6.4: the garrison cannot Retreat; land units only aboard a leaving fleet
            units = [u for u in units if u != GARRISON
                     and (not is_fleet(u) or harbour(s, a, u))]
        if a["sea"]:  # the land units aboard go with their fleets (5.21, 6.4)
            units += [u for u in aboard(s, a["area"], side) if u not in units]
        # fleets first: a land unit may follow one to sea (6.4)
        a["queue"] = sorted(units, key=lambda u: (not is_fleet(u), u))
        a["went"], a["boarded"] = {}, {}
        advance(flow)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, battle_of(flow)
        u = a["queue"][0]
        label = {CITY: "Into the City, fortified (7.1)", STAY: "Stay and fight on (6.4)"}
        opts = tuple(Option(d, label.get(d) or B.comps().areas[d].name, "6.4",
                            data={"kind": "retreat", "unit": u, "to": d})
                     for d in retreats(s, a, u))
        assert a["retreating"] is not None
        return [Prompt(a["retreating"], f"Retreat: where does {B.spec(u).name} go? (6.4)",
                       opts, rule="6.4", kind="retreat")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, battle_of(flow)
        retreat_one(s, a, a["queue"].pop(0), str(answer))
        advance(flow)


def advance(flow: Flow[HState]) -> None:
    """Units with one way out (or none) go (or stay) without a question (6.4)."""
    s, a = flow.state, battle_of(flow)
    while a["queue"]:
        where = retreats(s, a, a["queue"][0])
        if len(where) > 1:
            return  # the owner chooses (6.4)
        u = a["queue"].pop(0)
        if where:
            retreat_one(s, a, u, where[0])  # the only way out: no question
        elif a["panic"]:
            to_pool(s["blocks"][u])
        else:
            a["stuck"].append(u)
    finish_retreat(flow)


def retreats(s: HState, a: BattleArgs, u: BlockId) -> list[str]:
    """6.4: aggressors only back where they came from; defenders anywhere adjacent they
    could move into, except where the attack came from, enemy-controlled or enemy-
    occupied areas; a controlled CityState's defenders may go into the City."""
    c = B.comps()
    side = s["blocks"][u]["side"]
    fleet = B.spec(u).type == "fleet"
    f = a["formations"][a["fi"]]
    if side == a["defender"] and assault(a):
        return harbour(s, a, u)  # 6.4, 8.12: only by the Offshore Sea
    if side == a["attacker"] and assault(a):
        return [STAY]  # 8.12: assaulters fall back into the Province
    if side == a["attacker"] and f.get("homing"):
        return [STAY]  # 9.31: beaten Homing units disband after the battle
    if side == a["attacker"] and f["via"] == CITY:
        return [CITY]  # 8.3: sortiers go back into the City
    if not fleet and a["sea"]:
        cands = sorted(berths(s, a))  # aboard: where its fleets went (5.21)
    elif side == a["attacker"]:
        cands = [f["via"]]
    else:
        # 6.4, 5.1: only where the unit could move; a fleet on land only to a sea of
        # its coast or one Province along it
        near = (c.adjacent(a["area"]) if fleet and a["sea"] else
                fleet_steps(a["area"]) if fleet else
                c.land_neighbours(a["area"]) | c.sea_neighbours(a["area"]))
        came = {g["via"] for g in a["formations"] if g["area"] == a["area"]}
        cands = sorted(n for n in near if n not in came)
        if fleet and not a["sea"] and f["from_sea"]:
            cands = []  # 6.6: fleets on land facing a Sea Landing cannot retreat
    out = []
    for n in cands:
        if B.neutral(s, n) or B.units_in(s, n, other(side)):
            continue
        if B.area_control(s, n) == other(side):
            continue
        if c.areas[n].kind == "sea" and not fleet and n not in berths(s, a):
            continue  # land units go to sea only aboard a fleet going there (6.4)
        if B.spec(u).sicilian and B.region(n) != "sicily":
            continue
        out.append(n)
    city = B.city_of(a["area"])
    if (side == a["defender"] and city is not None and not a["sea"]
            and may_shelter(s, city, side) and (not fleet or city.port)
            and len(B.units_in(s, a["area"], side, inside=True)) < B.capacity(s, city)):
        out.append(CITY)
    return out


def harbour(s: HState, a: BattleArgs, u: BlockId) -> list[str]:
    """6.4, 8.12: a besieged fleet may Retreat from an Assault into its Port's
    Offshore Sea, unless enemy units occupy it, "each Transporting a friendly land
    unit if desired" (a land unit may stay and fight on); the garrison stays."""
    if u == GARRISON:
        return []
    city = B.comps().cities[a["city"]]
    sea = city.offshore
    if not city.port or sea is None or B.units_in(s, sea, a["attacker"]):
        return []
    if not is_fleet(u):
        return [STAY, sea] if sea in berths(s, a) else []
    return [sea]


def berths(s: HState, a: BattleArgs) -> dict[AreaId, int]:
    """Where fleets of this Retreat have gone with room for a land unit aboard: one
    each, if the fleet has a step to spare (5.21)."""
    out = {}
    for dest, fleets in a["went"].items():
        room = sum(1 for f in fleets if s["blocks"][f]["cv"] >= 2)
        room -= a["boarded"].get(dest, 0)
        if room > 0:
            out[dest] = room
    return out


def retreat_one(s: HState, a: BattleArgs, u: BlockId, dest: str) -> None:
    x = s["blocks"][u]
    if dest == STAY:
        return
    rec = record(s, a)
    if any(p["id"] == u for p in rec["forces"]):  # not a land unit carried (6.5)
        BF.note(rec, BF.WITHDRAW, x["side"], "6.4", unit=u, to=dest)
    if dest == CITY:
        x["inside"] = True
    else:
        origin = x["loc"]
        if is_fleet(u):
            a["went"].setdefault(dest, []).append(u)
        elif is_sea(origin) or is_sea(dest):  # aboard a fleet that went there (5.21)
            a["boarded"][dest] = a["boarded"].get(dest, 0) + 1
            ships = max(s["blocks"][f]["cv"] for f in a["went"][dest])
            x["cv"] = min(x["cv"], ships - 1)  # weaker than its fleet (6.5)
        x["loc"], x["inside"] = dest, False
        if (is_fleet(u) and is_sea(origin) and is_sea(dest)
                and B.comps().is_deep(origin, dest)):
            # 5.22: fleets retreating together across a DeepSea border: one Storm die
            a["storm"].setdefault(dest, []).append(u)
    t = s["turn"]
    if t is not None and u not in t["moved"]:
        t["moved"].append(u)


def finish_retreat(flow: Flow[HState]) -> None:
    s, a = flow.state, battle_of(flow)
    side = a["retreating"]
    assert side is not None
    stuck, a["stuck"] = a["stuck"], []
    left = (defenders(s, a) if assault(a) and side == a["defender"] else
            [u for u in stuck if u in attackers(s, a) + defenders(s, a)])
    if left:
        # 6.4: units unable to Retreat (besieged ones: the garrison, those staying
        # inside, 8.12) remain in the Battle, which goes on
        note(s, a, "fight-on", side, "6.4", count=len(left))
        a["retreating"], a["harried"] = None, False
        flow.goto("battle_fight")
        return
    settle(flow, winner=other(side), reason="panic" if a["panic"] else "retreat")
