"""Battles as procedures: which attacks are fought, the rounds with their decisions, and
what follows (rules 10.2.1, 17.3-17.10, 18.2-18.6, 7.8.6, 13.4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from engine import Option, Prompt
from engine.core import decisions
from engine.core.battle_record import close
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks
from engine.core.view import BATTLE_END

from . import board as B
from . import combat as K
from . import fleets as F
from . import longwalls as LW
from . import politics as P
from . import wings as W
from .battle_text import battle_end
from .cards import betrayed
from .events import after_battle, festival_battle, morale_shift
from .helots import quiet
from .leaders import eliminate as kill_leader
from .losses import drown, eliminate
from .notes import AnyFlow, note, roller
from .peace import battle_grievances, breach
from .places import name as full_place
from .places import short as short_place
from .raiding import outside as raiders_outside
from .retreats import attackers_may_retreat, landing_retreats, put_to_sea, retreat_hexes
from .sieges import capture, lose_siege_base
from .state import (
    FORAGERS_OUTSIDE,
    FORTRESS_RETREATS,
    MASKERS_STAY,
    SEPARATE_FLEETS,
    BattleState,
    EState,
    commanders,
    fighting,
    forces,
    on_board,
    other,
)
from .unit_names import listed, named

DEFENCE = {  # 17.4.4 (data: tables.defender_morale)
    "fort": 1, "walled_S": 1, "walled_M": 2, "walled_L": 3, "long_walls": 1,
    "unwalled_S": 1, "unwalled_M": 1, "unwalled_L": 2, "rough": 2, "river": 1, "coast": 2,
}
CAVALRY_IN_FORTRESS = -2  # 17.4.5
FORAGING = -1  # 17.10 example 2


def place_bonus(s: EState, h: str, origin: str | None, inside: bool,
                from_sea: bool = False) -> tuple[int, bool]:
    """The defenders' morale bonus and whether they hold a fortress. A fortress replaces
    terrain (17.4.4); terrain bonuses do not add up, the best counts (RULINGS.md)."""
    city = B.city_at(s, h)
    # City Betrayal: a betrayed city is fought for as if it had no walls (Appendix C)
    if inside and B.fortress(s, h) and not (city is not None and betrayed(s, city.name)):
        bonus = DEFENCE["fort"] if city is None else DEFENCE[f"walled_{city.size}"]
        if B.long_walls_held(s, h):  # 17.4.4 note: both ends held by one player
            bonus += DEFENCE["long_walls"]
        return bonus, True
    best = 0
    if inside and city is not None:
        best = DEFENCE[f"unwalled_{city.size}"]
    c = B.comps()
    if c.hexes[h].terrain == "rough":
        best = max(best, DEFENCE["rough"])
    side = c.side(origin, h) if origin and origin != h and origin in c.hexes else None
    if side is not None and side.river:
        best = max(best, DEFENCE["river"])
    if from_sea:
        best = max(best, DEFENCE["coast"])
    return best, False


def sea_battle(s: EState, attack: dict[str, Any], attacker: str) -> BattleState | None:
    """A battle between fleets at sea (16.4.4, 17.3.1): fleets only, at their own morale,
    sea ratings, no terrain; it counts in every region touching the sea (13.4 note ***)."""
    h = attack["hex"]
    foe = other(attacker)
    here = [u for u in attack["units"] if s["units"][u]["where"] == "map" and s["units"][u]["hex"] == h]
    att = [u for u in here if s["units"][u]["type"] == "fleet"]
    dfn = F.enemy_fleets_at(s, h, attacker)
    if "targets" in attack:  # an interception fights only the stack it stopped (16.4.5)
        dfn = [u for u in dfn if u in attack["targets"]]
    port = attack.get("port")
    if port == "mask":  # 10.2.1b: only the port's fleets that came out
        dfn = [u for u in dfn if u in attack["dfn_fleets"]]
    if not att or not dfn:
        return None
    if port is None:
        regions = sorted(sea_regions(s, h))
        can_retreat = bool(retreat_hexes(s, h, foe))
    else:  # a fight off a port counts in the port's region (10.2.1b, 10.8.2b)
        region = B.region_of_hex(h)
        regions = [region] if region is not None and region in s["regions"] else []
        # 10.2.1b: the port's fleets fall back inside; 10.8.2b: blockaders fall back ashore
        # only among besiegers who stayed out of the fight
        can_retreat = port == "mask" or any(
            s["units"][u]["type"] != "fleet" for u in B.units_at(s, h, foe))
    b: BattleState = {
        "hex": h, "attacker": attacker, "defender": foe, "origin": attack["origin"],
        "region": None, "regions": regions, "sea": True, "att": att,
        "dfn": dfn, "reserve": [], "waiting_cavalry": [],
        "morale": {u: int(s["units"][u]["morale"]) + morale_shift(s, s["units"][u]["side"],
                                                                   u in att)
                   for u in att + dfn},
        "retreat": [], "dead": [], "fortress": False, "storm": False, "big_city": False,
        "def_can_retreat": can_retreat, "port": port,
        "cargo": [u for u in here if u not in att],
        "att_leaders": [n for n in attack["leaders"] if s["leaders"][n]["where"] == "map"],
        # off a port, one leader goes with the fleets; the rest stay with the troops ashore
        "dfn_leaders": B.leaders_at(s, h, foe)[:1] if port else B.leaders_at(s, h, foe),
        "rounds": 0, "breach_bonus": 0, "voluntary": None,
    }
    b["record"] = K.battle_record(s, b)
    return b


def sea_regions(s: EState, area: str) -> set[str]:
    out: set[str] = set()
    for h, _ in F.landings(area):
        r = B.region_of_hex(h)
        if r is not None and r in s["regions"]:
            out.add(r)
    return out


def defender_retreats(s: EState, b: BattleState) -> list[str]:
    """17.7.1b, and not into a hex attackers came from: they may need it to fall back
    (17.7.7; RULINGS.md)."""
    return _open_ways(s, b["hex"], b["defender"], b["origin"], _survivors(b, "dfn"))


def _open_ways(s: EState, h: str, side: str, origin: str, units: list[str]) -> list[str]:
    """`units`: the defenders; fleets alone on land may also put to sea (17.7.1b)."""
    theirs = {origin} | {a["origin"] for a in s.get("attacks", [])}
    ways = retreat_hexes(s, h, side) + put_to_sea(s, h, side, units)
    return [x for x in ways if x not in theirs]


def open_battle(s: EState, attack: dict[str, Any], attacker: str) -> BattleState | None:
    """The battle record for one attack, or None when nothing is left to fight."""
    if attack.get("sea"):
        return sea_battle(s, attack, attacker)
    h = attack["hex"]
    foe = other(attacker)
    att = [u for u in attack["units"] if s["units"][u]["where"] == "map" and s["units"][u]["hex"] == h]
    dfn = B.units_at(s, h, foe)
    place = B.holder(s, h) == foe
    if attack.get("field"):  # 10.2.1a: only those who came out, in the open
        dfn = [u for u in dfn if u in attack["field"]]
        place = False
    bonus, fortress = place_bonus(s, h, attack["origin"], place, bool(attack.get("from_sea")))
    waiting = []
    if fortress:  # 18.6.3a: attacking cavalry sit out a fortress assault
        waiting = [u for u in att if s["units"][u]["type"] == "cavalry"]
        att = [u for u in att if u not in waiting]
    city = B.city_at(s, h)
    if not dfn and place and city is not None and not quiet(s, city.name):
        dfn = [K.GARRISON]  # 18.3.2 (not in a city of rising helots, Appendix C)
    if not att or not dfn:
        return None
    att_card, dfn_card = morale_shift(s, attacker, True), morale_shift(s, foe, False)
    morale = {u: K.base_morale(s, u) - (1 if s["units"][u]["forage"] else 0) + att_card
              for u in att}
    for u in dfn:
        m = K.base_morale(s, u) + bonus + (dfn_card if u != K.GARRISON else 0)
        if u != K.GARRISON:
            if fortress and s["units"][u]["type"] == "cavalry":
                m += CAVALRY_IN_FORTRESS
            if s["units"][u]["forage"]:
                m += FORAGING
        morale[u] = m
    unwalled_bonus = DEFENCE[f"unwalled_{city.size}"] if city else DEFENCE["unwalled_S"]
    b: BattleState = {
        "hex": h, "attacker": attacker, "defender": foe, "origin": attack["origin"],
        "region": B.region_of_hex(h), "att": att, "dfn": dfn, "reserve": [],
        "waiting_cavalry": waiting, "morale": morale, "retreat": [], "dead": [],
        "fortress": fortress, "storm": place, "big_city": bool(city and city.size == "L"),
        "def_can_retreat": bool(attack.get("field")) or
                           ((not place or (fortress and K.GARRISON not in dfn
                                            and _stormed_fresh(s, attack, attacker)))
                            and bool(_open_ways(s, h, foe, attack["origin"],
                                                [u for u in dfn if u != K.GARRISON]))),
        "into": h if attack.get("field") else None,  # 18.2a: back inside the walls
        "att_leaders": [n for n in attack["leaders"] if s["leaders"][n]["where"] == "map"],
        "dfn_leaders": B.leaders_at(s, h, foe), "rounds": 0,
        "breach_bonus": unwalled_bonus,
        "voluntary": None,
    }
    if attack.get("from_sea") and asks(s, SEPARATE_FLEETS):  # 17.7.7 ii
        b["ships"] = attack.get("sea_origin")
    b["record"] = K.battle_record(s, b)
    return b


class SideArgs(TypedDict):
    side: str  # the moving player, whose attacks these are


@dataclass(frozen=True)
class Fight:
    """What a question about the first attack ends with when the attack is to be fought
    (as `attack` says: at sea, in the field...); handed to `Combats.resume` in the same
    action, never kept in the state."""

    attack: dict[str, Any]


class Combats(Procedure[EState, SideArgs]):
    """17.2: the moving player's attacks, one after another, before the other moves."""

    name = "combats"

    def enter(self, flow: Flow[EState, SideArgs]) -> None:
        s, side = flow.state, flow.args["side"]
        if s["result"] is not None:
            return
        attacks = s.get("attacks", [])
        if not attacks:
            flow.end()
            return
        attack = attacks[0]
        h = attack["hex"]
        attacker = attack.get("attacker", side)
        if not any(s["units"][u]["where"] == "map" and s["units"][u]["hex"] == h
                   for u in attack["units"]):
            attacks.pop(0)  # beaten off outside the walls: nothing left to storm
            self.enter(flow)
            return
        if attack.get("port") == "relief":
            if not _fleets(s, h, other(attacker)):
                attacks.pop(0)  # the blockaders are gone already
                self.enter(flow)
                return
            flow.call("attack_ashore", side=side)
            return  # 10.2.3b, 10.8.2: the blockaders go ashore or fight at sea
        if B.holder(s, h) == other(attacker) and not attack["storm"]:
            if attack.get("from_sea") and "fleets_out" not in attack and \
                    _fleets(s, h, other(attacker)) and \
                    any(s["units"][u]["type"] == "fleet" for u in attack["units"]):
                flow.call("attack_fleets_out", side=side)
                return  # 10.2.1b: the port's fleets may come out to meet them
            forced = outside_walls(s, h, other(attacker))  # 7.6.5, 15.1: outside the walls
            if "outside" not in attack and \
                    [u for u in sally_candidates(s, attack, attacker) if u not in forced]:
                flow.call("attack_outside", side=side)
                return  # ask the defender who fights outside (10.2.1a, 18.2a)
            if "outside" not in attack and forced:
                attack["outside"] = []
                note(flow, f"{', '.join(forced)}, building Long Walls or raiding, stands "
                           f"outside the walls of {_where(s, h)} and fights there (7.6.5, 15.1)")
                self._fight(flow, {**attack, "field": forced})
                return
            attack["outside"] = []
            flow.call("attack_storm", side=side)
            return  # ask: storm or mask (10.2.1c)
        attacks.pop(0)
        self._fight(flow, attack)

    def _fight(self, flow: Flow[EState, SideArgs], attack: dict[str, Any]) -> None:
        s, side = flow.state, flow.args["side"]
        attacker = attack.get("attacker", side)
        b = open_battle(s, attack, attacker)
        if b is None:
            if self._walk_in(flow, attack, attacker):
                return
            self.enter(flow)
            return
        s["battle"] = b
        breach(s, b["attacker"], "a battle begun")  # 20.3, in a peace
        battle_grievances(s, b.get("region"), {
            b["attacker"]: [u for u in b["att"] if u in s["units"]],
            b["defender"]: [u for u in b["dfn"] + b["reserve"] if u in s["units"]]},
            bool(b.get("sea")))
        note(flow, f"Battle at {_where(s, b['hex'])}: {b['attacker'].title()} attacks (17.3)")
        line = festival_battle(s, b["attacker"], b.get("region"))
        if line:
            note(flow, line)
        flow.call("battle")

    def _walk_in(self, flow: Flow[EState, SideArgs], attack: dict[str, Any], attacker: str) -> bool:
        """A stormed city no one defends (its garrison sits out with the helots) is taken;
        for Athens it counts as a victory (Helot Uprising)."""
        s = flow.state
        h = attack["hex"]
        city = B.city_at(s, h)
        if attack.get("sea") or city is None or B.holder(s, h) != other(attacker) or \
                not quiet(s, city.name) or B.units_at(s, h, other(attacker)) or \
                not any(s["units"][u]["where"] == "map" and s["units"][u]["hex"] == h
                        for u in attack["units"]):
            return False
        capture(s, h, attacker)
        note(flow, f"{attacker.title()} walks into {city.name}: its garrison stands aside "
                   "(Helot Uprising, City Betrayal)")
        if attacker == "athens" or betrayed(s, city.name):  # both cards: a victory
            for line in P.victory(s, attacker, B.region_of_hex(h), city.size == "L"):
                note(flow, line)
        flow.call("capture", hex=h, side=attacker)
        return True

    def resume(self, flow: Flow[EState, SideArgs], result: object) -> None:
        if isinstance(result, Fight):  # a question answered: this attack is fought
            self._fight(flow, result.attack)
        else:  # fought, taken, masked or not fought after all: the next attack
            self.enter(flow)


class AttackQuestion(Procedure[EState, SideArgs]):
    """A question about the first of `s["attacks"]`, asked by `Combats` (17.2). The attack
    asked about is read from the queue, never kept in the frame as well: a snapshot would
    part the two. Ends with a `Fight`, or with nothing for the next attack."""

    def attack(self, flow: Flow[EState, SideArgs]) -> tuple[dict[str, Any], str, str]:
        """(the attack, its hex, its attacker)."""
        attack = flow.state["attacks"][0]
        return attack, attack["hex"], attack.get("attacker", flow.args["side"])

    def sally(self, flow: Flow[EState, SideArgs], units: list[str], doing: str,
              question: str) -> Prompt:
        """10.2.1: which of the attacked side's `units` come out to fight, any of them;
        each option says what the unit does (`doing`), the prompt asks `question`."""
        s = flow.state
        _attack, h, attacker = self.attack(flow)
        foe = other(attacker)
        out = [Option(u, f"{named(s, u)} {doing} (morale {s['units'][u]['morale']})",
                      "10.2.1", data={"kind": "unit", "unit": u, "from": h}) for u in units]
        return decisions.pick(foe, f"{foe.title()}: which of your {question}", out, 0,
                              len(out), rule="10.2.1", kind="sally")


class Ashore(AttackQuestion):
    """10.2.3b, 10.8.2: fleets force their way into a blockaded port: the blockaders go
    ashore (the port is open) or fight at sea."""

    name = "attack_ashore"

    def prompts(self, flow: Flow[EState, SideArgs]) -> list[Prompt]:
        s = flow.state
        _attack, h, attacker = self.attack(flow)
        foe = other(attacker)
        sieged = " and the siege is broken" if h in s["sieges"] else ""
        opts = (Option("fight", "Fight them at sea off the port", "10.8.2",
                       data={"kind": "fight", "at": h}),
                Option("ashore", f"Stay ashore: the port is open this turn{sieged}",
                       "10.2.3", data={"kind": "ashore", "at": h}))
        return [Prompt(foe, f"{foe.title()}: {attacker.title()}'s fleets force their way "
                            f"into {_where(s, h)} (10.2.3b, 10.8.2)", opts,
                       rule="10.8.2", kind="blockade")]

    def act(self, flow: Flow[EState, SideArgs], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        attack = s["attacks"].pop(0)
        if answer == "ashore":
            ashore(flow, attack["hex"], seat)
            flow.end()
            return
        note(flow, f"{seat.title()}'s blockading fleets fight off {_where(s, attack['hex'])} "
                   "(10.8.2b)")
        flow.end(Fight(attack))


class FleetsOut(AttackQuestion):
    """10.2.1b: the fleets in an attacked port may come out to meet the attackers at sea."""

    name = "attack_fleets_out"

    def prompts(self, flow: Flow[EState, SideArgs]) -> list[Prompt]:
        s = flow.state
        _attack, h, attacker = self.attack(flow)
        fleets = _fleets(s, h, other(attacker))
        return [self.sally(flow, fleets, "comes out", f"fleets in {_where(s, h)} come out to "
                                                      "fight at sea (10.2.1b)?")]

    def act(self, flow: Flow[EState, SideArgs], seat: str, answer: decisions.Answer) -> None:
        attack = flow.state["attacks"][0]
        out = [str(u) for u in answer] if isinstance(answer, tuple) else []
        attack["fleets_out"] = out
        if not out:
            flow.end()
            return
        note(flow, f"{seat.title()}'s fleets come out of {_where(flow.state, attack['hex'])} to "
                   "fight at sea (10.2.1b)")
        flow.end(Fight({**attack, "sea": True, "port": "mask", "dfn_fleets": out,
                        "origin": attack.get("sea_origin") or attack["origin"]}))


class Outside(AttackQuestion):
    """10.2.1a, 18.2a: the defender's land units that come out to fight outside the walls."""

    name = "attack_outside"

    def prompts(self, flow: Flow[EState, SideArgs]) -> list[Prompt]:
        s = flow.state
        attack, h, attacker = self.attack(flow)
        foe = other(attacker)
        forced = outside_walls(s, h, foe)
        units = [u for u in sally_candidates(s, attack, attacker) if u not in forced]
        also = f" ({listed(s, forced)}, building Long Walls or raiding, fights outside " \
               "anyway, 7.6.5, 15.1)" if forced else ""
        return [self.sally(flow, units, "fights outside",
                           f"units in {_where(s, h)} come out to fight (10.2.1a)?{also}")]

    def act(self, flow: Flow[EState, SideArgs], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        attack = s["attacks"][0]
        outside = list(answer) if isinstance(answer, tuple) else []
        outside += [u for u in outside_walls(s, attack["hex"], seat) if u not in outside]
        attack["outside"] = []  # asked once; the storm question comes after the field
        if not outside:
            flow.end()
            return
        note(flow, f"{seat.title()} comes out of {_where(s, attack['hex'])} to fight "
                   f"with {len(outside)} units (10.2.1a)")
        flow.end(Fight({**attack, "field": outside}))


class Storm(AttackQuestion):
    """10.2, 10.2.1c, 18.2: storm the place or mask it."""

    name = "attack_storm"

    def prompts(self, flow: Flow[EState, SideArgs]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        _attack, h, _attacker = self.attack(flow)
        opts = (Option("storm", f"Storm {_where(s, h)}", "18.2", data={"kind": "storm", "at": h}),
                Option("mask", f"Mask {_where(s, h)} and stay in its hex", "10.2",
                       data={"kind": "mask", "at": h}))
        return [Prompt(side, f"{side.title()}: storm or mask {_where(s, h)}?", opts,
                       rule="10.2", kind="storm")]

    def act(self, flow: Flow[EState, SideArgs], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        attack = s["attacks"].pop(0)
        if answer == "mask":
            note(flow, f"{seat.title()} masks {_where(s, attack['hex'])} (10.2)")
            flow.end()
            return
        flow.end(Fight(attack))


def _fleets(s: EState, h: str, side: str) -> list[str]:
    return [u for u in B.units_at(s, h, side) if s["units"][u]["type"] == "fleet"]


def ashore(flow: AnyFlow, h: str, side: str) -> None:
    """10.2.3b, 10.8.2a: the blockading fleets stay on land. The port is open for the rest of
    the Campaign Turn, and a siege of it is broken: a victory for its holder."""
    s = flow.state
    s.setdefault("ports_open", []).append(h)
    note(flow, f"{side.title()}'s fleets at {_where(s, h)} stay ashore: the port is open "
               "(10.2.3b)")
    break_port_siege(flow, h, with_victory=True)


def break_port_siege(flow: AnyFlow, h: str, with_victory: bool) -> None:
    s = flow.state
    sg = s["sieges"].pop(h, None)
    if sg is None:
        return
    note(flow, f"The siege of {_where(s, h)} is broken (10.8.2)")
    lost = lose_siege_base(s, h, sg["by"])
    if lost:
        note(flow, lost)
    if with_victory:
        city = B.city_at(s, h)
        for line in P.victory(s, other(sg["by"]), B.region_of_hex(h),
                              bool(city and city.size == "L")):
            note(flow, line)


def outside_walls(s: EState, h: str, side: str) -> list[str]:
    """`side`'s units at `h` that stand outside its walls whatever it would choose: Long Walls
    builders (7.6.5), raiders, who are set up outside any fortification (15.1), and
    foragers, set up outside the city or fort they forage from (9.7.2; generation 7)."""
    out = LW.builders_at(s, h, side)
    out += [u for u in raiders_outside(s, h, side) if u not in out]
    if asks(s, FORAGERS_OUTSIDE) and B.holder(s, h) == side:
        out += [u for u in B.units_at(s, h, side) if s["units"][u]["forage"]
                and s["units"][u]["type"] != "fleet" and u not in out]
    return out


def _stormed_fresh(s: EState, attack: dict[str, Any], attacker: str) -> bool:
    """17.4.4, 17.7.2: walls stormed by a stack that found them neither besieged nor masked
    (10.2.2d) leave their defenders free to choose to retreat; older games shut them in."""
    h = attack["hex"]
    return (asks(s, FORTRESS_RETREATS) and attack["origin"] != h and h not in s["sieges"]
            and not masked_before(s, attack, attacker))


def masked_before(s: EState, attack: dict[str, Any], attacker: str) -> bool:
    """The attacker's land units were in the place's hex before this stack came: the place
    was masked already (10.2.2)."""
    return any(u not in attack["units"] and s["units"][u]["type"] != "fleet"
               for u in B.units_at(s, attack["hex"], attacker))


def sally_candidates(s: EState, attack: dict[str, Any], attacker: str) -> list[str]:
    """10.2.1a: land units of the defender that may meet the attackers outside the walls,
    unless the place was masked already (its garrison is shut in, 10.2.2d)."""
    if masked_before(s, attack, attacker):
        return []
    return [u for u in B.units_at(s, attack["hex"], other(attacker))
            if s["units"][u]["type"] != "fleet"]


def mans_the_walls_first(b: BattleState) -> bool:
    """18.6.2: a fortress held by more than two units is stormed against two of them, the
    defender's pick; the rest wait in reserve."""
    return bool(b["fortress"]) and len(b["dfn"]) > 2 and not b["reserve"]


class Battle(Procedure[EState]):
    """A battle's way in (17.0): the walls manned first (18.6.2), or App. D's wings set up
    (a call to `wings`), then the first round."""

    name = "battle"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        b = fighting(s)
        if mans_the_walls_first(b):
            flow.goto("battle_walls")
        elif W.eligible(s, b):
            flow.call("wings")  # App. D: the choice of wings, deployments, shifts
        else:
            flow.goto("battle_round")

    def resume(self, flow: Flow[EState], result: object) -> None:
        flow.goto("battle_round")  # the wings are set up (or declined): the first round


class BattleWalls(Procedure[EState]):
    name = "battle_walls"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        b = fighting(flow.state)
        opts = [Option(u, f"{u} (morale {b['morale'][u]})", "18.6.2",
                       data={"kind": "unit", "unit": u, "morale": b["morale"][u]})
                for u in b["dfn"]]
        return [decisions.pick(b["defender"], "Which two units defend the walls (18.6.2)?",
                               opts, 2, 2, rule="18.6.2", kind="walls")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        b = fighting(flow.state)
        chosen = list(answer) if isinstance(answer, tuple) else []
        b["reserve"] = [u for u in b["dfn"] if u not in chosen]
        b["dfn"] = chosen
        flow.goto("battle_round")


class BattleRound(Procedure[EState]):
    """One round of fire (17.3-17.6, or App. D's wings), then the battle is decided or
    goes on: the Centre's winners split first (App. D 3), then the attacker is asked."""

    name = "battle_round"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        b = fighting(s)
        # 17.7.7 ii, 17.7.4: a side's results in a round are applied together, so whether a
        # landing party still has a way out is read once, before them (generation 12)
        b.pop("att_stranded", None)
        if not attackers_may_retreat(s, b):
            b["att_stranded"] = True
        fight = W.fight_round if W.active(s, b) else K.fight_round
        for line in fight(s, b, roller(flow)):
            note(flow, line)
        won = K.decided(b)
        if won is not None:
            _finish(flow, won, "fight")
        elif W.active(s, b) and b["wings"]["split"]:
            flow.goto("battle_split")
        else:
            _go_on(flow)


class BattleSplit(Procedure[EState]):
    name = "battle_split"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        return [W.split_prompt(flow.state, fighting(flow.state))]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        b = fighting(flow.state)  # App. D 3: the Centre's winners divide between the flanks
        note(flow, W.split(b, list(answer) if isinstance(answer, tuple) else []))
        _go_on(flow)


def _go_on(flow: AnyFlow) -> None:
    """17.8: the attacker is asked first whether to break off, if it has a way out: a
    stranded landing party has none (17.7.7 ii; generation 12), and then the defender is
    asked, if it has one, or the next round is fought."""
    s = flow.state
    b = fighting(s)
    if attackers_may_retreat(s, b):
        flow.goto("battle_go_on", which="att")
    elif b["def_can_retreat"]:
        flow.goto("battle_go_on", which="dfn")
    else:
        flow.goto("battle_round")


class BattleGoOn(Procedure[EState]):
    """17.8: after a round the attacker may break off, then a defender with a way out may
    retreat; `which` is the side asked ("att" or "dfn")."""

    name = "battle_go_on"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        b = fighting(flow.state)
        which = flow.args["which"]
        seat = b["attacker"] if which == "att" else b["defender"]
        word = "Break off the attack" if which == "att" else "Retreat from the battle"
        choice = (Option("go", "Fight another round", "17.3", data={"kind": "fight_on"}),
                  Option("off", word, "17.8", data={"kind": "break_off"}))
        return [Prompt(seat, f"Round {b['rounds']} fought at {short_place(b['hex'])}: go on (17.8)?",
                       choice,
                       rule="17.8", kind="continue")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        b = fighting(flow.state)
        which: str = flow.args["which"]
        if answer == "off":  # 17.8: all the side's units leave
            b["retreat"].extend(K.active(b, which))
            b["voluntary"] = which
            note(flow, f"{seat.title()} {'breaks off' if which == 'att' else 'retreats'} (17.8)")
            _finish(flow, "dfn" if which == "att" else "att", which)
        elif which == "att" and b["def_can_retreat"]:
            flow.goto("battle_go_on", which="dfn")
        else:
            flow.goto("battle_round")


class BattleWhither(Procedure[EState]):
    """17.7.1: the beaten defender, with more than one way out, chooses where it goes."""

    name = "battle_whither"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s = flow.state
        b = fighting(s)
        if b.get("winner") == "dfn":
            return [_landing_whither(s, b)]
        spots = defender_retreats(s, b)
        into = b.get("into")
        if into:
            spots = [into, *spots]
        where = tuple(Option(h, "Retreat inside the walls" if h == b.get("into")
                             else f"Put to sea in {full_place(h)}" if F.at_sea(h)
                             else f"Retreat to {full_place(h)}",
                             "18.2" if h == b.get("into") else "17.7.1",
                             data={"kind": "retreat", "from": b["hex"], "to": h,
                                   "inside": h == b.get("into")}) for h in spots)
        return [Prompt(b["defender"], "Where do your units retreat (17.7.1)?", where,
                       rule="17.7.1", kind="retreat")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        won = "dfn" if fighting(flow.state).get("winner") == "dfn" else "att"
        _conclude(flow, won, str(answer), "whither")


def _landing_whither(s: EState, b: BattleState) -> Prompt:
    """17.7.7 ii: the beaten landing party chooses its ships or a coastal hex."""
    where = tuple(Option(h, f"Back aboard the ships in {full_place(h)}" if F.at_sea(h)
                         else f"Retreat to {full_place(h)}", "17.7.7",
                         data={"kind": "retreat", "from": b["hex"], "to": h, "inside": False})
                  for h in landing_retreats(s, b))
    return Prompt(b["attacker"], f"Your landing at {_where(s, b['hex'])} is beaten back: where "
                                 "do your units retreat (17.7.7)?", where,
                  rule="17.7.7", kind="retreat")


BATTLE_STEPS: tuple[Procedure[EState, Any], ...] = (
    Battle(), BattleWalls(), BattleRound(), BattleSplit(), BattleGoOn(), BattleWhither(),
    Ashore(), FleetsOut(), Outside(), Storm())


def _finish(flow: AnyFlow, won: str, ended_in: str) -> None:
    """`ended_in`: the sub-step the battle ended in, which its end event has always told
    (a round's "fight", a side's break-off "att"/"dfn", the retreat's "whither")."""
    s = flow.state
    b = fighting(s)
    b["winner"] = won
    if won == "att":
        alive = _survivors(b, "dfn")
        options = defender_retreats(s, b) if alive else []
        into = b.get("into")
        if alive and into:
            options = [into, *options]
        if b.get("port"):  # inside the port, or ashore among the besiegers (10.2.1b, 10.8.2b)
            options = [b["hex"]] if alive and b["def_can_retreat"] else []
        if len(options) > 1:
            flow.goto("battle_whither")
            return
        _conclude(flow, won, options[0] if options else None, ended_in)
        return
    origin: str = b["origin"]
    dest: str | None = origin
    if b.get("ships") and F.at_sea(str(b["ships"])) and won == "dfn":  # 17.7.7 ii
        options = landing_retreats(s, b) if _survivors(b, "att") else []
        if len(options) > 1:
            flow.goto("battle_whither")
            return
        dest = options[0] if options else None
    elif b.get("port"):  # back to the sea they came from, or back inside (10.2.1b, 10.2.3b)
        if origin != b["hex"] and F.enemy_fleets_at(s, origin, b["attacker"]):
            dest = None
    elif origin == b["hex"] and b["storm"] and asks(s, MASKERS_STAY):
        pass  # 17.7.7 i: stormers of a place they had masked stay in its hex, masking it
    elif origin == b["hex"] or B.units_at(s, origin, b["defender"]):
        # interceptors already in this sea, or whose coast the enemy has since taken,
        # fall back to a free neighbouring sea; with none they cannot retreat (17.7.4)
        dest = next(iter(retreat_hexes(s, b["hex"], b["attacker"])), None) \
            if F.at_sea(b["hex"]) else None
    _conclude(flow, won, dest, ended_in)


def _survivors(b: BattleState, which: str) -> list[str]:
    """A side's units left alive in the battle, the defender's reserve included (not the
    city's garrison, which is no unit)."""
    return [u for u in forces(b, which) + (b["reserve"] if which == "dfn" else [])
            if u not in b["dead"] and u != K.GARRISON]


def _conclude(flow: AnyFlow, won: str, dest: str | None, ended_in: str) -> None:
    s = flow.state
    b = fighting(s)
    sides = {"att": b["attacker"], "dfn": b["defender"]}
    after_battle(s, sides.get(won))
    if won in ("att", "dfn"):
        for line in K.pursuit(s, b, won, roller(flow)):
            note(flow, line)
    killed = {"att": 0, "dfn": 0}
    elite = 0
    for which in ("att", "dfn"):
        for u in b[which] + (b["reserve"] if which == "dfn" else []):
            if u == K.GARRISON or u not in b["dead"]:
                continue
            killed[which] += 1
            x = s["units"][u]
            if x["side"] == "sparta" and x["morale"] == 6 and x["type"] == "hoplite":
                elite += 1
            eliminate(s, u)
    loser = {"att": "dfn", "dfn": "att"}.get(won)
    if loser is not None:
        survivors = _survivors(b, loser)
        leaders = commanders(b, loser)
        if survivors and dest is not None:
            if F.at_sea(b["hex"]):  # passengers go with their retreating ships
                survivors += [u for u in B.units_at(s, b["hex"], sides[loser])
                              if s["units"][u]["type"] != "fleet" and u not in survivors]
            elif b.get("port") and loser == "att":  # 10.2.1b: still aboard
                survivors += [u for u in b["cargo"] if s["units"][u]["where"] == "map"]
            for u in survivors:
                s["units"][u]["hex"] = dest
            for n in leaders:
                s["leaders"][n]["hex"] = dest
            why = "falls back inside the walls" if dest == b.get("into") else \
                f"retreats to {dest}"
            for line in LW.give_up(s, survivors, why):  # 7.6.5
                note(flow, line)
        else:
            for u in survivors:  # nowhere to go (cannot happen in a fortress: 17.7.2)
                eliminate(s, u)
            for n in leaders:
                if s["leaders"][n]["where"] == "map":
                    new = kill_leader(s, n, None)
                    note(flow, f"{n} falls with his army; {new} replaces him (7.8.6)")
    if won == "none":  # 7.8.6: a leader dies with a stack wholly destroyed
        for n in b["att_leaders"] + b["dfn_leaders"]:
            if s["leaders"][n]["where"] == "map":
                new = kill_leader(s, n, None)
                note(flow, f"{n} falls with his army; {new} replaces him (7.8.6)")
    # 7.8.6: every leader who fought rolls; on a 6 he dies
    for which in ("att", "dfn"):
        for n in commanders(b, which):
            chief = s["leaders"][n]
            if chief["where"] != "map":
                continue
            die = flow.context.die()
            if die == 6:
                h = on_board(chief)
                stack = h if B.units_at(s, h, chief["side"]) else None
                new = kill_leader(s, n, stack)
                note(flow, f"{n} rolls 6 and dies in the battle; {new} replaces him (7.8.6)")
    if won in ("att", "dfn"):
        winner = sides[won]
        decisive = killed[loser] >= 3 or (b["storm"] and b["big_city"])  # type: ignore[index]
        if winner == "athens" and elite:
            decisive = True  # 13.4: a Spartan elite hoplite killed by Athens
        counted: list[str | None] = [*b.get("regions", [])] or [b["region"]]  # 16.x at sea
        for line in P.victory_in(s, winner, counted, decisive):
            note(flow, line)
    if F.at_sea(b["hex"]):
        for side in sides.values():
            drown(flow, b["hex"], side)  # 17.3.1: passengers sink with their fleets
    elif dest is not None and F.at_sea(dest) and loser is not None:
        drown(flow, dest, sides[loser])  # 17.7.7 ii: no ships left to take them back
    note(flow, f"The battle at {_where(s, b['hex'])} ends: "
               f"{sides[won].title() + ' holds the field' if won in sides else 'no one holds the field'} (17.10)")
    if b.get("port") == "relief" and won == "att":  # 10.8.2b: the blockade is lifted
        s.setdefault("ports_open", []).append(b["hex"])
        break_port_siege(flow, b["hex"], with_victory=False)
    close(b["record"], sides.get(won),
          {"att": "attacker_won", "dfn": "defender_held"}.get(won, "no_one"))
    flow.context.event(BATTLE_END, battle_end(b["hex"], sides.get(won), sum(killed.values())),
                       battle={**b, "step": ended_in}, losses=sum(killed.values()))
    s["battle"] = None
    if won == "att" and b["storm"]:
        capture(s, b["hex"], b["attacker"])
        flow.goto("capture", hex=b["hex"], side=b["attacker"])
        return
    flow.end()


def _where(s: EState, h: str) -> str:
    return short_place(h)
