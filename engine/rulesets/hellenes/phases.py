"""The Action phase (4.0), the Combat phase (6.0, 8.0) and Winter Actions (9.2).

Each is a menu procedure: one prompt listing every Action the player can pay for now,
plus ending the phase. A chosen Action is paid, then carried out (directly, or by a
called procedure such as `recruit`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import board as B
from .assault import assault_targets, sortie_targets
from .building import garrison_cost, garrison_sites, reinforceable
from .cargo import aboard
from .components import City
from .flow import note, phase_end
from .homing import (
    HomingMove,
    homing_battle_moves,
    homing_units,
    in_need,
    settle_homing,
    start_homing,
)
from .movement import (
    WinterReach,
    fleet_areas,
    routes,
    shelters,
    winter_routes,
    winter_world,
)
from .moves import group_areas, muster_targets, pillage_targets
from .options import placed_unit_option, unit_option, unit_words
from .siege import attrition_open, establish, refresh
from .state import (
    HOMING_FROM_SIEGE,
    SICILY_MAINTENANCE,
    Engaged,
    HState,
    Side,
    Turn,
    other,
    to_pool,
)


def _turn(s: HState) -> Turn:
    t = s["turn"]
    assert t is not None
    return t


# Menu options, made once for each set of what they say: the menus are built after every
# click, mostly from the same options (and the kernel compares old and new prompts, which
# is quickest when they hold the very same option objects).
def _actions(cost: int) -> str:
    return f"{cost} Action{'s' if cost > 1 else ''}"


@lru_cache(maxsize=4096)
def _reinforce_option(b: str, area: str, cv: int, cost: int) -> Option:
    return Option(f"reinforce:{b}", f"Reinforce {B.spec(b).name} in "
                  f"{B.comps().areas[area].name} to {cv + 1} cv ({_actions(cost)})", "4.21",
                  data={"kind": "reinforce", "unit": b, "area": area, "cv": cv + 1,
                        "cost": cost})


RECRUIT = Option("recruit", "Recruit: draw 3 blocks from your pool, place one "
                 "(1 Action; 2 in a neutral Sicily)", "4.22", data={"kind": "recruit"})


@lru_cache(maxsize=1024)
def _garrison_option(city: str, cost: int) -> Option:
    return Option(f"garrison:{city}", f"Build a Detached Garrison in {city} "
                  f"({_actions(cost)})", "4.23",
                  data={"kind": "garrison", "city": city, "cost": cost})


@lru_cache(maxsize=1024)
def _move_option(area: str, cost: int) -> Option:
    return Option(f"move:{area}", f"Group Move from {B.comps().areas[area].name} "
                  f"({_actions(cost)})", "5.0",
                  data={"kind": "move", "from": area, "cost": cost})


@lru_cache(maxsize=1024)
def _muster_option(area: str, cost: int) -> Option:
    return Option(f"muster:{area}", f"Muster at {B.comps().areas[area].name} "
                  f"({_actions(cost)})", "5.0", data={"kind": "muster", "to": area, "cost": cost})


@lru_cache(maxsize=1024)
def _pillage_option(city: str, cost: int) -> Option:
    return Option(f"pillage:{city}", f"Pillage {city} and withdraw ({_actions(cost)})", "5.5",
                  data={"kind": "pillage", "city": city, "cost": cost})


@lru_cache(maxsize=64)
def _done_option(left: int) -> Option:
    return Option("done", f"End the Action phase ({left} Action(s) left are lost)", "4.0",
                  data={"kind": "done", "left": left})


def _priced(s: HState, areas: list[str], left: int) -> list[tuple[str, int]]:
    """The areas whose Action can be paid for, with its cost (4.0): 1 Action, double in
    Sicily while it is neutral (15.2/15.4 rule 2; asked for every option of a menu)."""
    if not B.sicily_neutral(s):
        return [(a, 1) for a in areas] if left >= 1 else []
    return [(a, cost) for a in areas if (cost := B.action_cost(s, a)) <= left]


def _building_options(s: HState, side: Side, left: int) -> list[Option]:
    opts = []
    blocks = s["blocks"]
    for b in reinforceable(s, side):
        area = blocks[b]["loc"]
        cost = B.action_cost(s, area)
        if cost <= left:
            opts.append(_reinforce_option(b, area, blocks[b]["cv"], cost))
    if left >= 1 and B.has_pool(s, side):
        opts.append(RECRUIT)
    return opts


def _pay_building(flow: Flow[HState], choice: str) -> bool:
    """Carry out a building choice; False if `choice` is not one."""
    s, side = flow.state, flow.args["side"]
    t = _turn(s)
    if choice.startswith("reinforce:"):
        b = choice.split(":", 1)[1]
        t["actions"] -= B.action_cost(s, s["blocks"][b]["loc"])
        s["blocks"][b]["cv"] += 1
        area = s["blocks"][b]["loc"]
        flow.context.event("build", f"{side.title()} builds a unit up a step in "
                           f"{B.comps().areas[area].name} (4.21)", side=side, area=area)
        flow.context.event("built", f"{B.spec(b).name} built up to {s['blocks'][b]['cv']} cv",
                           seats=(side,), unit=b, cv=s["blocks"][b]["cv"])
        return True
    if choice == "recruit":
        t["actions"] -= 1
        flow.call("recruit", side=side)
        return True
    return False


class Actions(Procedure[HState]):
    """4.0: spend the turn's Actions in any order; unused Actions are lost."""

    name = "actions"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        left = _turn(s)["actions"]
        opts = [_done_option(left)]  # first: the same number from one menu to the next
        opts += _building_options(s, side, left)
        if left >= 1:
            opts += [_garrison_option(c, cost) for c in garrison_sites(s, side)
                     if (cost := garrison_cost(s, c)) <= left]
        opts += [_move_option(a, cost) for a, cost in _priced(s, group_areas(s, side), left)]
        opts += [_muster_option(a, cost) for a, cost in _priced(s, muster_targets(s, side),
                                                                 left)]
        for city in pillage_targets(s, side):
            cost = B.action_cost(s, B.comps().cities[city].area)
            if cost <= left:
                opts.append(_pillage_option(city, cost))
        return [Prompt(side, f"Action phase: {left} Action(s) left (4.0)", tuple(opts),
                       rule="4.0", kind="actions")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, side, choice = flow.state, flow.args["side"], str(answer)
        if choice == "done":
            flow.args["ending"] = True
            if _turn(s)["forced"]:
                flow.call("forced_marches", side=side)  # 5.3: rolled after all Actions
            else:
                self._end(flow)
            return
        if _pay_building(flow, choice):
            return
        verb, _, target = choice.partition(":")
        if verb in ("move", "muster", "pillage"):
            area = target if verb != "pillage" else B.comps().cities[target].area
            _turn(s)["actions"] -= B.action_cost(s, area)
            if verb == "pillage":
                flow.call("pillage", side=side, city=target)
            else:
                flow.call("group_move" if verb == "move" else "muster", side=side, area=area)
            return
        if choice.startswith("garrison:"):
            city = choice.split(":", 1)[1]
            _turn(s)["actions"] -= garrison_cost(s, city)
            s["garrisons"][city] = {"side": side, "kind": "detached"}
            note(flow, "garrison", f"{side.title()} builds a Detached Garrison in {city} (4.23)")

    def resume(self, flow: Flow[HState], result: object) -> None:
        """Back from a called Action (a recruit, a move): the menu is asked again; back
        from the Forced March rolls, the phase ends."""
        if flow.args.get("ending"):
            self._end(flow)

    def _end(self, flow: Flow[HState]) -> None:
        side = flow.args["side"]
        if not flow.args.get("stormed"):
            flow.args["stormed"] = True
            if _turn(flow.state)["crossings"]:
                # 5.22: after all Actions (and Forced Marches: RULINGS.md)
                flow.call("storms", side=side)
                return
        phase_end(flow, f"{side.title()} Action phase")
        flow.goto("combat", side=side)


COMBAT_PHASES = {"turn": "Combat phase", "breaking": "SiegeBreaking Combat (9.3)",
                 "siege": "Winter Siege Combat (9.4)"}


class Combat(Procedure[HState]):
    """6.0/8.0: battles, then the acting player's Siege Combat: Sorties (8.3), and against
    sieges established in a prior Season an Assault (8.1) or Siege Attrition (8.2). The
    `mode` is "turn" (a Player Turn), "breaking" (Winter SiegeBreaking Combat: Sorties,
    9.3) or "siege" (Winter Siege Combat, 9.4)."""

    name = "combat"

    def _options(self, flow: Flow[HState]) -> list[Option]:
        s, side = flow.state, flow.args["side"]
        mode = flow.args.get("mode", "turn")
        done = flow.args.setdefault("done", [])
        opts = []
        if mode in ("turn", "breaking"):
            opts += [Option(f"sortie:{c}", f"Sortie from {c} against its besiegers (8.3)",
                            "8.3", data={"kind": "sortie", "city": c})
                     for c in sortie_targets(s, side) if c not in done]
        if mode in ("turn", "siege"):
            for c in sorted(s["sieges"]):
                if c in done:
                    continue
                if c in assault_targets(s, side):
                    opts.append(Option(f"assault:{c}", f"Siege Assault on {c} (8.1)", "8.1",
                                       data={"kind": "assault", "city": c}))
                if attrition_open(s, c, side):
                    opts.append(Option(f"attrition:{c}", f"Siege Attrition against {c} (8.2)",
                                       "8.2", data={"kind": "attrition", "city": c}))
        return opts

    def _sieges(self, flow: Flow[HState]) -> list[Option]:
        return self._options(flow)

    def _battles(self, flow: Flow[HState]) -> dict[str, list[Engaged]]:
        """6.0: areas where this turn's Formations face unbesieged enemy units."""
        s, side = flow.state, flow.args["side"]
        t = s["turn"]
        out: dict[str, list[Engaged]] = {}
        for f in t["engaged"] if t else []:
            here = any(s["blocks"][u]["loc"] == f["area"] for u in f["units"])
            if here and B.units_in(s, f["area"], other(side), inside=False):
                out.setdefault(f["area"], []).append(f)
        return out

    def _smallest(self, flow: Flow[HState]) -> list[str]:
        """6.0: smaller battles first, by the acting side's units in the first Formation;
        the acting player orders equal ones."""
        s = flow.state
        battles = self._battles(flow)
        size = {a: len([u for u in fs[0]["units"] if s["blocks"][u]["loc"] == a])
                for a, fs in battles.items()}
        if not size:
            return []
        least = min(size.values())
        return sorted(a for a, n in size.items() if n == least)

    def enter(self, flow: Flow[HState]) -> None:
        self._next(flow)

    def _next(self, flow: Flow[HState]) -> None:
        areas = self._smallest(flow)
        if len(areas) == 1:
            self._fight(flow, areas[0])
            return
        if areas:
            return  # the acting player chooses which battle comes first
        self._after_battles(flow)

    def _after_battles(self, flow: Flow[HState]) -> None:
        s, side = flow.state, flow.args["side"]
        if flow.args.get("mode") == "breaking":
            home, lost = settle_homing(s, side)
            if home or lost:
                note(flow, "homing", f"{side.title()}: {home} Homing unit(s) get home, "
                     f"{lost} fail and disband (9.31)", side=side, home=home, lost=lost)
        for city in invest_garrisons(s, side):
            note(flow, "invest", f"{side.title()} lays siege to {city.name}, held by its "
                 "garrison (7.2)", side=side, city=city.name)
        if not self._sieges(flow):
            self._finish(flow)

    def _fight(self, flow: Flow[HState], area: str) -> None:
        s, side = flow.state, flow.args["side"]
        forms = self._battles(flow)[area]
        t = s["turn"]
        assert t is not None
        t["engaged"] = [f for f in t["engaged"] if f["area"] != area]
        flow.call("battle", area=area, attacker=side, defender=other(side),
                  formations=[dict(f) for f in forms])

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        side = flow.args["side"]
        areas = self._smallest(flow)
        if areas:
            return [Prompt(side, "Several battles of the same size: which is fought first? "
                           "(6.0)", tuple(Option(f"battle:{a}", B.comps().areas[a].name, "6.0",
                                                 data={"kind": "battle", "area": a})
                                          for a in areas), rule="6.0", kind="battle-order")]
        opts = self._options(flow)
        opts.append(Option("done", "No more Siege Combat this turn", "8.0",
                           data={"kind": "done"}))
        return [Prompt(side, "Siege Combat: choose a siege to resolve (8.0)", tuple(opts),
                       rule="8.0", kind="siege-combat")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        choice = str(answer)
        if choice.startswith("battle:"):
            self._fight(flow, choice.split(":", 1)[1])
            return
        if choice == "done":
            self._finish(flow)
            return
        verb, _, city = choice.partition(":")
        side = flow.args["side"]
        flow.args["done"].append(city)
        if verb == "attrition":
            flow.call("attrition", side=side, city=city)
        elif verb == "assault":
            flow.call("assault", city=city, attacker=side, defender=other(side))
        else:
            flow.call("sortie", side=side, city=city)

    def resume(self, flow: Flow[HState], result: object) -> None:
        if self._battles(flow):
            self._next(flow)
            return
        self._after_battles(flow)

    def _finish(self, flow: Flow[HState]) -> None:
        # Winter has two Combat phases a side, told apart (issue 32: it told "Combat
        # phase" twice): SiegeBreaking Combat (9.3), then Winter Siege Combat (9.4)
        what = COMBAT_PHASES[flow.args.get("mode", "turn")]
        phase_end(flow, f"{flow.args['side'].title()} {what}")
        flow.state["turn"] = None
        flow.end()


def invest_garrisons(s: HState, side: Side) -> list[City]:
    """A Province taken round an enemy City that only a garrison holds: the siege of the
    garrison is established (7.2; RULINGS.md). Returns the Cities newly besieged."""
    peace = B.peace(s)
    cities = B.comps().cities
    # Each City is judged on its own area and garrison, which besieging another does not
    # touch: judged first on one index of the blocks, then besieged in the map's order.
    with B.steady(s):
        taken = []
        for name, g in s["garrisons"].items():
            city = cities[name]
            if g["side"] == side or name in s["sieges"]:
                continue
            if peace and B.region(city.area) == "greece":
                continue  # 12.0 2a: no besieging in Greece under the Peace
            if B.units_in(s, city.area, side) and not B.units_in(s, city.area, g["side"]):
                taken.append(city)
    taken.sort(key=lambda c: B.city_order()[c.area])
    for city in taken:
        establish(s, city, side)
    return taken


# ------------------------------------------------------------------ Winter (9.2)
def sheltered(s: HState, side: Side) -> dict[str, list[str]]:
    """Units inside friendly-controlled Cities, by City area (9.0). A City over Capacity
    lists all its units; the excess must be Maintained or disband (9.213, 9.22)."""
    return {area: list(units) for area, units in _sheltered(s, side).items()}


@B.remembered()
def _sheltered(s: HState, side: Side) -> dict[str, list[str]]:
    """`sheltered`, handed out as it is (to callers here that only read it); kept with
    the blocks' places for the same City control and sieges."""
    held, sieges, city_in = B.control_map(s), s["sieges"], B.comps().city_in
    memo, key = B.kept(s), ("sheltered", side)
    found = None if memo is None else memo.get(key)
    if found is not None and found[0] is held and found[1] == [*sieges]:
        return cast(dict[str, list[str]], found[2])
    out: dict[str, list[str]] = {}
    place = B.places(s)
    for b in B.on_map(s, side):
        area, _, inside = place[b]
        city = city_in.get(area)
        if city is None or held[city.name] != side:
            continue
        if not inside and city.name in sieges:
            continue  # besiegers are outside the City
        out.setdefault(area, []).append(b)
    if memo is not None:
        memo[key] = (held, [*sieges], out)
    return out


def exposed(s: HState, side: Side) -> list[str]:
    """Units not inside a friendly City: besiegers, fleets at sea, armies in the field."""
    inside = {b for units in _sheltered(s, side).values() for b in units}
    return sorted(b for b in B.on_map(s, side) if b not in inside)


def over_capacity(s: HState, side: Side) -> dict[str, int]:
    out = {}
    for area, units in _sheltered(s, side).items():
        city = B.city_of(area)
        assert city is not None
        extra = len(units) - B.capacity(s, city)
        if extra > 0:
            out[area] = extra
    return out


class WinterActions(Procedure[HState]):
    """9.2: Building and Maintenance (1 Action per unit outside a friendly City, 9.22);
    on ending, unmaintained units outside and every barbarian disband (9.24).

    One menu line per kind of wintering: Maintain, Quarter (9.211) and Home (9.212) each
    lead to one multi-select naming the units; a unit with several Cities to go to is
    then asked where. Args: `choosing` the kind being picked ("place": destinations for
    `placing`, by `verb`), `maintained` the units paid for."""

    name = "winter_actions"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        side = a["side"]
        left = _turn(s)["actions"]
        choosing = a.get("choosing")
        if choosing == "place":
            bid, verb = a["placing"][0], a["verb"]
            together = self._together(flow)
            make = _quarter_option if verb == "quarter" else _home_option
            places = tuple(make(bid, d) for d in self._dests(flow, verb, bid))
            names = "; ".join(unit_words(s, b) for b in together)
            return [Prompt(side, f"Where {'do' if len(together) > 1 else 'does'} {names} "
                           f"go? ({WINTERING[verb][1]}; to split them, pick fewer at once)",
                           places, rule=WINTERING[verb][1], kind="winter-place")]
        if choosing is not None:
            units = self._pickable(flow, choosing)
            words, rule = WINTERING[choosing]
            cost = MAINTAIN_COST.get(choosing)
            hi = min(left // cost, len(units)) if cost else len(units)
            free = self._sheltering(flow)
            return [decisions.pick(side, f"Winter: {words}: which units? None goes back to "
                                   f"the menu ({rule})",
                                   [placed_unit_option(s, b, rule, shelter=b in free)
                                    for b in units], 0, hi,
                                   rule=rule, kind=f"winter-{choosing}")]
        opts = [WINTER_DONE]  # first: the same number from one menu to the next
        for kind in WINTERING:
            n = len(self._pickable(flow, kind))
            if n and left >= MAINTAIN_COST.get(kind, 0):
                opts.append(_wintering_line(kind, n))
        opts += _building_options(s, side, left)
        opts += _wintering_options(s, side, left).others
        return [Prompt(side, f"Winter Actions: {left} left (9.2)", tuple(opts), rule="9.2",
                       kind="winter-actions")]

    def _pickable(self, flow: Flow[HState], kind: str) -> list[str]:
        s, side = flow.state, flow.args["side"]
        if kind in MAINTAIN_COST:
            kept = set(flow.args["maintained"])
            return [b for b in _needs_shelter(s, side)
                    if b not in kept and not B.spec(b).barbarian
                    and _maintain_cost(s, b) == MAINTAIN_COST[kind]]
        found = _wintering_options(s, side, _turn(s)["actions"])
        return list(found.quarter if kind == "quarter" else found.home)

    def _sheltering(self, flow: Flow[HState]) -> set[str]:
        """Units that may Quarter or go Home for free (9.211, 9.212)."""
        found = _wintering_options(flow.state, flow.args["side"], _turn(flow.state)["actions"])
        return set(found.quarter) | set(found.home)

    def _dests(self, flow: Flow[HState], verb: str, bid: str) -> list[str]:
        s, side = flow.state, flow.args["side"]
        found = _wintering_options(s, side, _turn(s)["actions"])
        return list((found.quarter if verb == "quarter" else found.home).get(bid, ()))

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        choosing = a.get("choosing")
        if choosing == "place":
            dest = str(answer).rsplit(":", 1)[1]
            for b in self._together(flow):  # all asked together go to the one City
                a["placing"].remove(b)
                if b not in _turn(s)["moved"] and dest in self._dests(flow, a["verb"], b):
                    self._winter_move(flow, a["verb"], b, dest)
            self._place(flow)
            return
        if choosing is not None:
            assert isinstance(answer, tuple)
            a["choosing"] = None
            if choosing in MAINTAIN_COST:
                for b in answer:
                    _turn(s)["actions"] -= MAINTAIN_COST[choosing]
                    a["maintained"].append(b)
                if answer:
                    where = "in a neutral Sicily" if choosing == "maintain-sicily" \
                        else "outside friendly Cities"
                    note(flow, "maintain", f"{seat.title()} maintains {len(answer)} unit(s) "
                         f"{where} over Winter (9.22)")
            elif answer:
                a["choosing"], a["verb"], a["placing"] = "place", choosing, list(answer)
                self._place(flow)
            return
        choice = str(answer)
        if choice in WINTERING:
            a["choosing"] = choice
            return
        if choice == "done":
            a["ending"] = True
            if _turn(s)["crossings"]:
                flow.call("storms", side=a["side"])  # 9.21: rolled for as usual
            else:
                self._disband(flow)
            return
        if _pay_building(flow, choice):
            return
        verb, _, rest = choice.partition(":")
        if verb == "hbattle":
            bid, dest, via = rest.split(":")
            with B.steady(s):  # looked up before anything moves
                move = next(m for m in homing_battle_moves(s, bid)
                            if m.dest == dest and m.via == via)
                way = next((r for r in routes(s, bid, frozenset(), False, 0)
                            if r.dest == move.via), None)
            cargo = _left_aboard(s, bid)
            if way is not None and way.deep and B.spec(bid).type == "fleet":
                # 5.22, 9.21: its DeepSea crossings to the sea it comes from are rolled for
                _turn(s)["crossings"].append({"fleets": [bid], "deep": way.deep,
                                              "cargo": {bid: cargo} if cargo else {}})
            for u in [bid] + ([cargo] if cargo else []):  # its cargo rides along (5.21)
                start_homing(s, u, move)
                _turn(s)["moved"].append(u)
            refresh(s)
            note(flow, "winter-move", f"{seat.title()} sends a unit home to {move.city}"
                 f"{' to fight its way in (9.31)' if move.battle else ' by its Offshore Sea (9.31)'}")
            return
        if verb == "wmove":
            _turn(s)["actions"] -= B.action_cost(s, rest)
            flow.call("group_move", side=a["side"], area=rest, winter=True)
            return

    def _together(self, flow: Flow[HState]) -> list[str]:
        """The picked units waiting that have the same Cities to go to as the first: one
        question sends them all (9.211, 9.212)."""
        a = flow.args
        verb, first = a["verb"], a["placing"][0]
        dests = self._dests(flow, verb, first)
        return [b for b in a["placing"] if b == first or self._dests(flow, verb, b) == dests]

    def _place(self, flow: Flow[HState]) -> None:
        """Send the picked units where they can go; stop at one with a choice of Cities.
        A unit gone meanwhile (carried along by its fleet, 5.21) or with nowhere left to
        go is passed over."""
        a, s = flow.args, flow.state
        while a["placing"]:
            bid = a["placing"][0]
            dests = [] if bid in _turn(s)["moved"] else self._dests(flow, a["verb"], bid)
            if len(dests) > 1:
                return
            a["placing"].pop(0)
            if dests:
                self._winter_move(flow, a["verb"], bid, dests[0])
        a["choosing"] = None
        a.pop("placing", None)
        a.pop("verb", None)

    def _winter_move(self, flow: Flow[HState], verb: str, bid: str, dest: str) -> None:
        _winter_move(flow.state, bid, dest, 0 if verb == "quarter" else 1)
        where = B.comps().areas[dest].name
        note(flow, "winter-move", f"{flow.args['side'].title()} "
             f"{'quarters' if verb == 'quarter' else 'sends home'} a unit in {where} "
             f"({WINTERING[verb][1]})")

    def resume(self, flow: Flow[HState], result: object) -> None:
        """Back from a recruit or a move: the menu again; back from the storms: the end."""
        if flow.args.get("ending"):
            self._disband(flow)

    def _disband(self, flow: Flow[HState]) -> None:
        s, side = flow.state, flow.args["side"]
        kept = set(flow.args["maintained"])
        kept |= homing_units(s, side)  # 9.31: they disband only if they fail to get home
        gone = [b for b in exposed(s, side) if b not in kept]
        gone += [b for b in B.on_map(s, side) if B.spec(b).barbarian and b not in gone]
        for b in gone:
            to_pool(s["blocks"][b])
        refresh(s)  # sieges whose besiegers disbanded are lifted (7.3)
        if gone:
            note(flow, "disband", f"{side.title()}: {len(gone)} unit(s) disband for the "
                 "Winter (9.24)")
        crowded = {a: n - sum(1 for b in sheltered(s, side)[a] if b in kept)
                   for a, n in over_capacity(s, side).items()}
        crowded = {a: n for a, n in crowded.items() if n > 0}
        if crowded:
            flow.goto("overcrowded", side=side, maintained=sorted(kept))
        else:
            phase_end(flow, f"{side.title()} Winter Actions")
            flow.end()


WINTER_DONE = Option("done", "End Winter Actions: unmaintained units outside friendly "
                     "Cities disband (9.24)", "9.24", data={"kind": "done"})
# the kinds of wintering chosen unit by unit in one multi-select: (what, rule)
WINTERING = {"maintain": ("Maintain units outside friendly Cities (1 Action each)", "9.22"),
             "maintain-sicily": ("Maintain units in Sicily while it is neutral (2 Actions "
                                 "each)", "9.22"),
             "quarter": ("Quarter units in a friendly City next to them (free)", "9.211"),
             "home": ("Send units home to a Home City (free)", "9.212")}
MAINTAIN_COST = {"maintain": 1, "maintain-sicily": 2}  # Actions a unit (9.22, 15.2 rule 2)


def _maintain_cost(s: HState, b: str) -> int:
    """9.22: one Action a unit; from generation 8 two in Sicily while it is neutral, where
    every Action costs double (15.2/15.4 rule 2)."""
    if not asks(s, SICILY_MAINTENANCE):
        return 1
    return B.action_cost(s, s["blocks"][b]["loc"])


@lru_cache(maxsize=256)
def _wintering_line(kind: str, n: int) -> Option:
    words, rule = WINTERING[kind]
    return Option(kind, f"{words}: {n} unit(s) may", rule,
                  data={"kind": f"winter-{kind}", "units": n,
                        "cost": MAINTAIN_COST.get(kind, 0)})


@lru_cache(maxsize=4096)
def _maintain_option(b: str, area: str) -> Option:
    return Option(f"maintain:{b}", f"Maintain {B.spec(b).name} in {B.comps().areas[area].name} "
                  "over Winter (1 Action)", "9.22",
                  data={"kind": "maintain", "unit": b, "area": area, "cost": 1})


@lru_cache(maxsize=4096)
def _quarter_option(b: str, dest: str) -> Option:
    return Option(f"quarter:{b}:{dest}", f"Quarter {B.spec(b).name} in "
                  f"{B.comps().areas[dest].name} (free)", "9.211",
                  data={"kind": "quarter", "unit": b, "to": dest, "cost": 0})


@lru_cache(maxsize=4096)
def _home_option(b: str, dest: str) -> Option:
    return Option(f"home:{b}:{dest}", f"Send {B.spec(b).name} home to "
                  f"{B.comps().areas[dest].name} (free)", "9.212",
                  data={"kind": "home", "unit": b, "to": dest, "cost": 0})


@lru_cache(maxsize=4096)
def _homing_battle_option(b: str, m: HomingMove) -> Option:
    names = B.comps().areas
    what = (f"fight the blockade in {names[m.battle].name}" if m.battle and
            m.battle != m.dest else f"fight the besiegers of {m.city}" if m.battle
            else "slip in by its Offshore Sea")
    return Option(f"hbattle:{b}:{m.dest}:{m.via}", f"Send {B.spec(b).name} home "
                  f"to {m.city}: {what} (free; a Homing Battle in SiegeBreaking "
                  "Combat, disbands unless it gets home)", "9.31",
                  data={"kind": "homing-battle", "unit": b, "to": m.dest, "via": m.via,
                        "city": m.city, "battle": m.battle, "cost": 0})


@lru_cache(maxsize=1024)
def _wmove_option(area: str) -> Option:
    return Option(f"wmove:{area}", f"Wintering Group Move from "
                  f"{B.comps().areas[area].name} to friendly Cities (1 Action)", "9.214",
                  data={"kind": "winter-move", "from": area, "cost": 1})


@B.remembered()
def _needs_shelter(s: HState, side: Side) -> list[str]:
    """Units outside friendly Cities, then those beyond a City's Capacity (9.213, 9.22);
    remembered while the state is steady (the Winter menu asks twice), and kept with the
    blocks' places for the same sheltered units and Capacities; not to be changed."""
    held = _sheltered(s, side)
    memo, key = B.kept(s), ("needs_shelter", side, B.peace(s), s["effects"]["war_resumed"])
    found = None if memo is None else memo.get(key)
    if found is not None and found[0] is held:
        return cast(list[str], found[1])
    crowded = over_capacity(s, side)
    out = exposed(s, side) + [b for a in crowded for b in held[a]]
    if memo is not None:
        memo[key] = (held, out)
    return out


@dataclass(frozen=True)
class Wintering:
    """What a side's units may do for the Winter: each unit's Cities to Quarter in (9.211)
    and to go Home to (9.212), both free; the menu lines of Homing Battles (9.31) and
    Wintering Group Moves (9.214, 1 Action)."""

    quarter: dict[str, list[str]]
    home: dict[str, list[str]]
    others: list[Option]


def _wintering_options(s: HState, side: Side, left: int) -> Wintering:
    """9.211 Quartering and 9.212 Homing (free), 9.214 Group Moves (1 Action)."""
    moved = set(_turn(s)["moved"])
    safe = shelters(s, side)
    foe_fleets = fleet_areas(s, other(side))
    near = WinterReach(s, winter_world(s, side, 0), safe, foe_fleets)  # 9.211
    reach = WinterReach(s, winter_world(s, side, 1), safe, foe_fleets)  # 9.212, 9.214: range + 1
    barbarian = B.barbarians()
    nation = B.nations()
    city_in = B.comps().city_in
    opts: list[Option] = []
    quarter: dict[str, list[str]] = {}
    home: dict[str, list[str]] = {}
    homed: set[str] = set()  # units already in a Home City (2.11: of their own colour)
    for area, units in _sheltered(s, side).items():
        nationality = city_in[area].nationality
        homed.update(b for b in units if nation[b] == nationality)
    for b in _needs_shelter(s, side):
        if b in moved or b in barbarian:
            continue
        for dest, length in near(b):
            if length == 1:
                quarter.setdefault(b, []).append(dest)
    place = B.places(s)
    here: dict[str, list[str]] = {}  # the free units (not moved, not barbarians) by area
    # those that may go home: not in a Home City; from generation 7 also a fleet besieged
    # in another City (9.212; 7.4: by its Offshore Sea), before it not one inside a City
    going = []
    from_siege = asks(s, HOMING_FROM_SIEGE)
    fleets = B.fleet_ids()
    for b in B.on_map(s, side):
        if b in moved or b in barbarian:
            continue
        area, _, inside = place[b]
        found = here.get(area)
        if found is None:
            here[area] = [b]
        else:
            found.append(b)
        if b not in homed and (not inside or (from_siege and b in fleets)):
            going.append(b)
    for b in going:
        homes = B.home_areas_of(b)
        for dest, _ in reach(b):
            if dest in homes:
                home.setdefault(b, []).append(dest)
    need = in_need(s, side)  # Homing Battles go only toward Home Cities in need (9.31)
    if need:
        for b in going:
            if not need.isdisjoint(B.home_city_names(b)):
                opts += [_homing_battle_option(b, m) for m in homing_battle_moves(s, b)]
    if left >= 1:
        for area, _ in _priced(s, sorted(here), left):
            if any(reach(b) for b in here[area]):
                opts.append(_wmove_option(area))
    return Wintering(quarter, home, opts)


def _winter_move(s: HState, bid: str, dest: str, extra: int) -> None:
    cargo = _left_aboard(s, bid)
    if B.spec(bid).type == "fleet":  # its DeepSea crossings are rolled for (5.22, 9.21)
        with B.steady(s):  # the route is looked up before anything moves
            r = next(r for r in winter_routes(s, bid, extra) if r.dest == dest)
        if r.deep:
            _turn(s)["crossings"].append({"fleets": [bid], "deep": r.deep,
                                          "cargo": {bid: cargo} if cargo else {}})
    for u in [bid] + ([cargo] if cargo else []):
        s["blocks"][u]["loc"], s["blocks"][u]["inside"] = dest, False
        _turn(s)["moved"].append(u)
    refresh(s)


def _left_aboard(s: HState, fleet: str) -> str | None:
    """A land unit a fleet leaving a sea takes along, if the fleets staying could not
    carry all those aboard (5.21: a carried unit goes where its fleet goes)."""
    x = s["blocks"][fleet]
    if B.spec(fleet).type != "fleet" or B.comps().areas[x["loc"]].kind != "sea":
        return None
    units = sorted(aboard(s, x["loc"], x["side"]), key=lambda u: (-s["blocks"][u]["cv"], u))
    staying = len(B.fleets_in(s, x["loc"], x["side"])) - 1
    return units[0] if len(units) > staying else None


class Overcrowded(Procedure[HState]):
    """9.213/9.22: units beyond a City's Capacity are outside it; unmaintained ones there
    disband, the owner choosing which."""

    name = "overcrowded"

    def _area(self, flow: Flow[HState]) -> tuple[str, int] | None:
        s, side = flow.state, flow.args["side"]
        kept = set(flow.args["maintained"])
        for area, n in sorted(over_capacity(s, side).items()):
            extra = n - sum(1 for b in sheltered(s, side)[area] if b in kept)
            if extra > 0:
                return area, extra
        return None

    def enter(self, flow: Flow[HState]) -> None:
        if self._area(flow) is None:
            phase_end(flow, f"{flow.args['side'].title()} Winter Actions")
            flow.end()

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        found = self._area(flow)
        assert found is not None
        area, extra = found
        kept = set(flow.args["maintained"])
        units = [b for b in sheltered(s, side)[area] if b not in kept]
        opts = [unit_option(s, b, "9.24") for b in units]
        return [decisions.pick(side, f"{B.comps().areas[area].name} is over Capacity: choose "
                               f"the {extra} unit(s) that disband (9.213, 9.24)", opts, extra,
                               extra, rule="9.24", kind="overcrowded")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        assert isinstance(answer, tuple)
        for b in answer:
            to_pool(s["blocks"][b])
        note(flow, "disband", f"{seat.title()}: {len(answer)} unit(s) beyond a City's "
             "Capacity disband (9.24)")
        self.enter(flow)


