"""Sieges (7.0) and Siege Attrition (8.2); losses taken strongest-first (6.32, 8.2).

A siege is a fact in `s["sieges"]`: the City's defenders are `inside` (fortified) and the
besieger holds the Province. `refresh` keeps the records true to the blocks after every
phase (1.4: control is re-evaluated after each Action and Combat phase).
"""

from __future__ import annotations

from engine import Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import board as B
from .battle_words import counted, dice_words, hits_on_words
from .cargo import stow
from .components import City
from .olympians import open_appeal
from .options import unit_option
from .state import CAPTURED_CITIES, WINTER, HState, Side, add_prestige, other, to_pool

GARRISON = "garrison"  # the option id of a City's garrison block in a losses prompt


def defender_of(s: HState, city: City) -> Side | None:
    """Who holds the City from inside: fortified units or a garrison (7.1, 2.3)."""
    sides = {s["blocks"][b]["side"] for b in B.units_in(s, city.area, inside=True)}
    g = s["garrisons"].get(city.name)
    if g is not None:
        sides.add(g["side"])
    return next(iter(sides)) if len(sides) == 1 else None


def may_shelter(s: HState, city: City, side: Side) -> bool:
    """May `side`'s units defending this CityState fortify in its City (7.1, 6.1), or
    retreat into it (6.4)? Rule 7.1 asks only that they defend the CityState: a side
    that took an Opposing City holds it until the enemy is inside (the 431 set-up itself
    has Spartans fortified in captured Potidea; 7.3 gives such a siege no inherent
    garrison). So from generation 1 the City must hold no block of the other side (a
    garrison included); generation 0 asked that `side` control it, which, with both
    sides in the Province, meant its Loyalty, and left a captured City's holders outside."""
    if asks(s, CAPTURED_CITIES):
        return defender_of(s, city) in (None, side)
    return B.city_control(s, city) == side


def establish(s: HState, city: City, besieger: Side) -> None:
    """7.2/7.3: the siege starts now; a Loyal City gets its inherent garrison."""
    s["sieges"][city.name] = {"besieger": besieger, "since": s["stamp"], "blockade_since": None}
    defender = other(besieger)
    if city.loyalty == defender and city.name not in s["garrisons"]:
        s["garrisons"][city.name] = {"side": defender, "kind": "inherent"}


def lift(s: HState, city: City) -> None:
    """The besiegers are gone: defenders stand upright again; an inherent garrison goes,
    a detached or Event garrison stays (7.3)."""
    del s["sieges"][city.name]
    for x in s["blocks"].values():
        if x["loc"] == city.area:
            x["inside"] = False
    g = s["garrisons"].get(city.name)
    if g is not None and g["kind"] == "inherent":
        del s["garrisons"][city.name]


def refresh(s: HState) -> None:
    """Lift sieges whose besiegers or defenders are gone, note blockades (8.21); land
    units at sea stay aboard their fleets, or are lost without one (5.21, 6.5)."""
    stow(s)
    # Each siege is judged on its own City's area, its garrison and its Offshore Sea, none
    # of which lifting another siege touches: all are judged first, on one index of the
    # blocks, then carried out in order.
    with B.steady(s):
        verdicts = []
        for name in list(s["sieges"]):
            city = B.comps().cities[name]
            besieger = s["sieges"][name]["besieger"]
            outside = B.units_in(s, city.area, besieger, inside=False)
            gone = not outside or defender_of(s, city) != other(besieger)
            verdicts.append((city, gone, not gone and B.blockaded(s, city, other(besieger))))
    for city, gone, blockaded in verdicts:
        if gone:
            lift(s, city)
            continue
        sg = s["sieges"][city.name]
        if blockaded:
            if sg["blockade_since"] is None:
                sg["blockade_since"] = s["stamp"]
        else:
            sg["blockade_since"] = None
    # Garrisons left alone in a City their side does not hold from inside: a vacant Loyal
    # City needs no inherent garrison.
    for name in [n for n, g in s["garrisons"].items() if g["kind"] == "inherent"]:
        if name not in s["sieges"]:
            del s["garrisons"][name]


def established(s: HState, name: str) -> bool:
    """Siege Combat and Pillage only against sieges from a prior Season (7.2, 8.0)."""
    return name in s["sieges"] and s["sieges"][name]["since"] < s["stamp"]


def attrition_open(s: HState, name: str, side: Side) -> bool:
    """8.21: a Port must also have been blockaded since a prior Season."""
    if not established(s, name) or s["sieges"][name]["besieger"] != side:
        return False
    city = B.comps().cities[name]
    if city.port:
        since = s["sieges"][name]["blockade_since"]
        return since is not None and since < s["stamp"]
    return True


def attrition_hits_on(s: HState, city: City) -> int:
    """8.2: hits on 1 in the campaigning Seasons, 1-3 in Winter, 1-2 under Hunger; Athens
    besieged and grain-blockaded always on 1-3 (8.22)."""
    if s["season"] == WINTER:
        return 3
    if city.name == "Athens" and B.blockaded(s, city, "athens"):
        return 3
    if city.name in s["effects"]["hunger"]:
        return 2
    return 1


def defenders(s: HState, city: City) -> list[str]:
    return sorted(B.units_in(s, city.area, inside=True))


class Attrition(Procedure[HState]):
    """8.2: the besieger rolls a die per besieged block; the owner takes the hits."""

    name = "attrition"

    def enter(self, flow: Flow[HState]) -> None:
        self._roll(flow)

    def _roll(self, flow: Flow[HState]) -> None:
        s, ctx = flow.state, flow.context
        city = B.comps().cities[flow.args["city"]]
        blocks = len(defenders(s, city)) + (1 if city.name in s["garrisons"] else 0)
        on = attrition_hits_on(s, city)
        dice = ctx.roll(blocks)
        hits = sum(1 for d in dice if d <= on)
        flow.args["hits"] = hits
        text = (f"{flow.args['side'].title()} wages Siege Attrition on {city.name}: "
                f"{dice_words(dice)} — {hits_on_words(on)}: {counted(hits, 'hit')} (8.2)")
        ctx.event("attrition", text, city=city.name, dice=dice, hits=hits)
        side = flow.args["side"]
        if flow.args.get("appealed") or not open_appeal(
                flow, "Demeter", {"kind": "attrition", "city": city.name, "hits": hits},
                [other(side), side]):
            self._losses(flow)

    def resume(self, flow: Flow[HState], result: object) -> None:
        """Back from the Appeal window (11.0 Demeter): the roll again, or its losses."""
        flow.args["appealed"] = True
        if result:
            self._roll(flow)
        else:
            self._losses(flow)

    def _losses(self, flow: Flow[HState]) -> None:
        a = flow.args
        flow.goto("losses", owner=other(a["side"]), city=a["city"], hits=a["hits"],
                  cause="attrition", by=a["side"])


def strongest(s: HState, ids: list[str]) -> list[str]:
    top = max(s["blocks"][b]["cv"] for b in ids)
    return [b for b in ids if s["blocks"][b]["cv"] == top]


class Losses(Procedure[HState]):
    """Hits taken one at a time by the strongest besieged block, the garrison last
    (8.2); the owner chooses among equals (6.32). When the City is emptied it falls."""

    name = "losses"

    def enter(self, flow: Flow[HState]) -> None:
        self._apply_forced(flow)

    def _choices(self, flow: Flow[HState]) -> list[str]:
        s = flow.state
        city = B.comps().cities[flow.args["city"]]
        units = defenders(s, city)
        if units:
            return strongest(s, units)
        return [GARRISON] if city.name in s["garrisons"] else []

    def _apply_forced(self, flow: Flow[HState]) -> None:
        while flow.args["hits"] > 0:
            choices = self._choices(flow)
            if len(choices) > 1:
                return  # the owner chooses
            if not choices:
                break
            self._hit(flow, choices[0])
        self._finish(flow)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s = flow.state
        opts = tuple(unit_option(s, b, "6.32", loss="hit") for b in self._choices(flow))
        return [Prompt(flow.args["owner"], f"{counted(flow.args['hits'], 'hit')} in "
                       f"{flow.args['city']}: which of your equally strong blocks takes the "
                       "next one? (6.32, 8.2)", opts, rule="8.2", kind="losses")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        self._hit(flow, str(answer))
        self._apply_forced(flow)

    def _hit(self, flow: Flow[HState], target: str) -> None:
        s = flow.state
        flow.args["hits"] -= 1
        if target == GARRISON:
            del s["garrisons"][flow.args["city"]]
            return
        x = s["blocks"][target]
        x["cv"] -= 1
        if x["cv"] <= 0:  # 6.32: eliminated to its own Recruit Pool
            to_pool(x)

    def _finish(self, flow: Flow[HState]) -> None:
        s = flow.state
        city = B.comps().cities[flow.args["city"]]
        if not defenders(s, city) and city.name not in s["garrisons"]:
            by = flow.args["by"]
            del s["sieges"][city.name]
            add_prestige(s, by, 1)
            text = f"{city.name} falls to {by.title()} by Siege Attrition: +1 Prestige (14.11)"
            flow.context.event("capture", text, city=city.name, taken=city.name)  # TAKEN
        flow.end()
