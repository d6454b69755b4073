"""Sieges (rules 10.3-10.9) and what a captor does with a city (10.7, 11.1-11.3, 21.1)."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import alliances as A
from . import board as B
from . import politics as P
from .building import knock_down_long_walls
from .cards import discard, season_fx, title
from .events import card_seat, siege_betrayals, siege_bonus
from .losses import eliminate
from .notes import note
from .peace import breach, grieve, restricted
from .raiding import raze_raid
from .result_text import reason
from .state import SIEGES_KEPT_EVERY_PHASE, EState, dealt, other

NEED = {"fort": 2, "S": 2, "M": 4, "L": 6}  # 10.3.2
MORALE = {"fort": 3, "S": 4, "M": 5, "L": 6}  # 10.3.3 (labels ours, data/README.md)


def size(s: EState, h: str) -> str:
    city = B.city_at(s, h)
    return city.size if city is not None else "fort"


def besiegers(s: EState, h: str, side: str) -> list[str]:
    return B.units_at(s, h, side)


def enough(s: EState, h: str, side: str) -> bool:
    """10.3.2: units enough for the place's size, and at a port a fleet besides them: 10.8.1
    counts "4 units plus a fleet" for a medium port, 10.9 five units, one a fleet, for the
    Piraeus hex. To begin (10.3), to keep up (10.6) and to hold at the Siege stage (10.8.1).
    The Long Walls' other end is `partner_ok`'s to check (10.9)."""
    units = besiegers(s, h, side)
    if not needs_fleet(s, h):
        return len(units) >= NEED[size(s, h)]
    fleets = sum(1 for u in units if s["units"][u]["type"] == "fleet")
    return fleets >= 1 and len(units) >= NEED[size(s, h)] + 1


def needs_fleet(s: EState, h: str) -> bool:
    """10.3.2: a port is besieged with a fleet among the besiegers: a port city, or a coastal
    fort its holder's base makes a port (7.6.3b, RULINGS.md 79); a city that is a port only
    by a base is besieged by land units alone (7.6.3c)."""
    city = B.city_at(s, h)
    if city is not None:
        return city.port
    return B.base_port(s, h) is not None and B.base_port(s, h) == B.holder(s, h)


def partner_ok(s: EState, h: str, side: str) -> bool:
    """10.9: a fortress joined by Long Walls to another its holder holds (walled city or
    fort) is besieged only together with it: that one already besieged, or masked by enough
    units to begin both now."""
    if not B.long_walls_held(s, h):
        return True
    partner = B.long_walls_partner(s, h)
    assert partner is not None
    return partner in s["sieges"] or (B.masked(s, partner) and enough(s, partner, side))


def start_morale(s: EState, h: str) -> int:
    m = MORALE[size(s, h)]
    city = B.city_at(s, h)
    if B.long_walls_held(s, h):  # ours (data/README.md), like the 17.4.4 note: one holder
        m += 1
    if city is not None and not B.walled(s, city):
        m -= 1
    if s["raided"].get(B.area_of(h), 0):
        m -= 1
    return max(1, m)


def can_begin(s: EState, side: str) -> list[str]:
    """Masked enemy cities and forts `side` could now put under siege (10.3.1); none under
    an armistice (20.2)."""
    if restricted(s):
        return []
    out = []
    places = {c.hex for c in B.comps().cities.values()} | set(s["forts"])
    for h in sorted(places):
        if h in s["sieges"] or B.holder(s, h) != other(side) or not B.masked(s, h):
            continue
        if enough(s, h, side) and partner_ok(s, h, side):
            out.append(h)
    return out


def upkeep(s: EState, side: str) -> list[str]:
    """10.6: a siege short of units at the end of a movement or combat phase gains 1
    morale, once a Campaign Turn. Any phase counts, the other side's too (its attacks on
    the besiegers most of all); games before generation 5 look only at `side`'s own
    sieges after its own battles."""
    lines = []
    every = asks(s, SIEGES_KEPT_EVERY_PHASE)
    for h, sg in sorted(s["sieges"].items()):
        if (every or sg["by"] == side) and not enough(s, h, sg["by"]) \
                and h not in s["short_noted"]:
            s["short_noted"].append(h)
            sg["morale"] += 1
            lines.append(f"The siege at {h} is short of units: its morale rises to "
                         f"{sg['morale']} (10.6)")
    return lines


def capture(s: EState, h: str, side: str) -> None:
    """The captor takes the place (10.7, 18.3.4): its defenders are gone."""
    if B.city_at(s, h) is not None and B.holder(s, h) == other(side):
        grieve(s, other(side), "captured", B.place_name(s, h))  # 20.3, in a peace
    for uid in B.units_at(s, h, other(side)):
        eliminate(s, uid)
    s["sieges"].pop(h, None)
    if s["bases"].get(h) == other(side):
        del s["bases"][h]  # 7.6.3d: never captured; the captor's units end there and burn it
    city = B.city_at(s, h)
    if city is None:
        s["forts"][h] = side
        return
    region = B.comps().region_of_city(city.name)
    r = s["regions"].get(region) if region else None
    if city.name in s.get("revolts", ()):
        s["revolts"].remove(city.name)  # 6.5.2: the revolt is over either way
    if city.name in s.get("helots", ()):
        s["helots"].remove(city.name)  # taken: the helots' rising there is over
    if r is not None and r["side"] == side:
        s["marks"].pop(city.name, None)
    else:
        s["marks"][city.name] = side


def lose_siege_base(s: EState, h: str, by: str) -> str | None:
    """7.6.3a: a base the besiegers built on the place they besiege is lost with the siege
    when it is broken."""
    if s["bases"].get(h) != by or B.holder(s, h) == by:
        return None
    del s["bases"][h]
    return f"{by.title()}'s base at {B.place_name(s, h)} is lost with the siege (7.6.3a)"


def enter_revolt(s: EState, h: str, side: str) -> str | None:
    """6.5.2: units entering a revolting city friendly to them turn its Revolt marker into
    their control marker."""
    city = B.city_at(s, h)
    if (city is None or city.name not in s.get("revolts", ()) or B.city_owner(s, city.name) != side
            or B.holder(s, h) != side):  # 6.5.4: not while the controller's units hold it
        return None
    s["revolts"].remove(city.name)
    s["marks"][city.name] = side
    return f"{side.title()} enters revolting {city.name}: it takes its side (6.5.2)"


class Sieges(Procedure[EState]):
    """The Siege stage (10.5): each side may begin sieges, then every siege is rolled."""

    name = "sieges"

    def enter(self, flow: Flow[EState]) -> None:
        s = flow.state
        i = flow.args["i"]
        if s["result"] is not None:
            return
        if i < 2:
            side = s["order"][i]
            flow.args["side"] = side
            flow.args["options"] = can_begin(s, side)
            if flow.args["options"]:
                return  # ask
            flow.args["i"] = i + 1
            self.enter(flow)
            return
        todo = sorted(h for h in s["sieges"] if h not in flow.args.get("done", []))
        if not todo:
            flow.end()
            return
        h = todo[0]
        flow.args.setdefault("done", []).append(h)
        if enough(s, h, s["sieges"][h]["by"]) and siege_betrayals(s, s["sieges"][h]["by"], h):
            flow.args["betray"] = h
            return  # ask: City Betrayal (b) on this siege?
        self._resolve(flow, h)

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        if flow.args.get("betray"):
            s, h = flow.state, flow.args["betray"]
            side = s["sieges"][h]["by"]
            city = _name(s, h)
            opts = [Option(cid, f"Play {title(cid)}: +{siege_bonus(cid, city)} to the siege "
                                "roll", "App. C", data={"kind": "card", "card": cid, "at": h,
                                                        "bonus": siege_bonus(cid, city)})
                    for cid in siege_betrayals(s, side, h)]
            opts.append(Option("no", "Roll without it", "10.5", data={"kind": "pass"}))
            seat = card_seat(s, side)  # with allies, the League player deciding (M4)
            return [Prompt(seat, f"{seat.title()}: play a City Betrayal on the siege of {city} "
                                 "(Appendix C b)?", tuple(opts), rule="10.5", kind="card")]
        side = flow.args["side"]
        opts = [Option(h, f"Begin the siege of {_name(flow.state, h)}", "10.3",
                       data={"kind": "siege", "at": h}) for h in flow.args["options"]]
        return [decisions.pick(side, f"{side.title()}: which masked places do you besiege "
                                     "(10.3)?", opts, 0, len(opts), rule="10.3", kind="siege")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        if flow.args.get("betray"):
            h = flow.args.pop("betray")
            plus = 0
            if answer != "no":
                cid = str(answer)
                dealt(s)["hands"][seat].remove(cid)
                discard(s, cid)
                plus = siege_bonus(cid, _name(s, h))
                season_fx(s).setdefault("played", []).append(f"betrayal:{_name(s, h)}")
                note(flow, f"{seat.title()} plays {title(cid)} on the siege of {_name(s, h)}: "
                           f"+{plus} to its roll (Appendix C)")
            self._resolve(flow, h, plus)
            return
        for h in answer if isinstance(answer, tuple) else ():
            m = start_morale(s, h)
            s["sieges"][h] = {"by": seat, "morale": m, "initial": m}
            note(flow, f"{seat.title()} besieges {_name(s, h)}: siege morale {m} (10.3)")
            breach(s, seat, "a siege begun")  # 20.3, in a peace
            if B.city_at(s, h) is not None:
                grieve(s, other(seat), "besieged", B.place_name(s, h))
        flow.args["i"] += 1
        self.enter(flow)

    def _resolve(self, flow: Flow[EState], h: str, plus: int = 0) -> None:
        s = flow.state
        sg = s["sieges"][h]
        side = sg["by"]
        big = size(s, h) == "L"
        region = B.region_of_hex(h)
        if not enough(s, h, side):  # 10.8.1: broken, a victory for the defender
            del s["sieges"][h]
            note(flow, f"The siege of {_name(s, h)} is broken (10.8.1)")
            lost = lose_siege_base(s, h, side)
            if lost:
                note(flow, lost)
            for line in P.victory(s, other(side), region, big):
                note(flow, line)
            self.enter(flow)
            return
        die = flow.context.die() + plus  # a City Betrayal adds to the roll (Appendix C b)
        if die > sg["morale"]:  # 10.5: surrender
            note(flow, f"{_name(s, h)} rolls {die} against siege morale {sg['morale']}: it "
                       "surrenders (10.5, 10.7)")
            capture(s, h, side)
            for line in P.victory(s, side, region, big):
                note(flow, line)
            flow.call("capture", hex=h, side=side)
            return
        sg["morale"] = max(1, sg["morale"] - 1)
        note(flow, f"{_name(s, h)} rolls {die}: it holds, siege morale now {sg['morale']} (10.5)")
        self.enter(flow)

    def resume(self, flow: Flow[EState], result: object) -> None:
        self.enter(flow)


_name = B.place_name


class Capture(Procedure[EState]):
    """10.7, 11.1, 11.3: on taking a city the captor may raze it, tear down its walls, or
    keep it as it is. A capital taken ends the game (21.1)."""

    name = "capture"

    def enter(self, flow: Flow[EState]) -> None:
        s, h, side = flow.state, flow.args["hex"], flow.args["side"]
        city = B.city_at(s, h)
        if city is not None and A.multi(s):  # 24.7.1, 25.3.1: four capitals
            result = A.capital_taken(s, city.name, side, A.deciding_seat(s))
            if result is not None:
                s["result"] = result
                note(flow, f"{city.name} has fallen: {reason(result)} (21.1, 24.8)")
                s["flow"].clear()
                return
        elif city is not None and city.capital in ("athens", "sparta") and city.capital != side:
            s["result"] = {"winner": side, "level": "decisive",
                           "why": [["captured", city.name, side]],
                           "rule": "21.1"}
            note(flow, f"{city.name} has fallen: decisive {side.title()} victory (21.1)")
            s["flow"].clear()
            return
        if city is None and h not in s["forts"]:
            flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, h, side = flow.state, flow.args["hex"], flow.args["side"]
        city = B.city_at(s, h)
        opts = [Option("keep", "Keep it as it stands", "10.7", data={"kind": "keep", "at": h})]
        # 11.3.2: walls holding up Long Walls only if the captor holds the other end too
        partner = B.long_walls_partner(s, h)
        may_wreck = partner is None or B.holder(s, partner) == side
        if city is None and may_wreck:
            opts.append(Option("walls", "Tear down the fort", "11.3",
                               data={"kind": "walls", "at": h}))
        elif city is not None:
            if B.walled(s, city) and may_wreck:
                opts.append(Option("walls", f"Tear down the walls of {city.name}", "11.3",
                                   data={"kind": "walls", "at": h, "city": city.name}))
            opts.append(Option("raze", f"Raze {city.name}", "11.1",
                               data={"kind": "raze", "at": h, "city": city.name}))
        return [Prompt(side, f"{side.title()} has taken {_name(s, h)} (10.7)", tuple(opts),
                       rule="10.7", kind="capture")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s, h = flow.state, flow.args["hex"]
        city = B.city_at(s, h)
        if answer in ("walls", "raze"):
            fell = knock_down_long_walls(s, h)  # 11.3.1: the Long Walls go with their end
            if fell:
                note(flow, fell)
        if answer == "walls":
            if city is None:
                s["forts"].pop(h, None)
            else:
                s["unwalled"].append(city.name)
            note(flow, f"{seat.title()} tears down the walls of {_name(s, h)} (11.3)")
        elif answer == "raze" and city is not None:
            plunder = raze_raid(s, seat, h)  # 11.1.3: the razers raid, before the city goes
            s["razed"].append(city.name)
            s["marks"].pop(city.name, None)
            P.city_razed(s, city.size, seat)
            grieve(s, other(seat), "destroyed", city.name, {"S": 1, "M": 2, "L": 3}[city.size])
            note(flow, f"{seat.title()} razes {city.name} (11.1, 11.2); {plunder}")
        flow.end()
