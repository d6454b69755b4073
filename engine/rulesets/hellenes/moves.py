"""Group Moves and Musters (4.1, 5.0, 5.21), Pillage (5.5), DeepSea storms (5.22, 5.23)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import board as B
from .cargo import stow
from .flow import note
from .movement import (
    Route,
    can_carry_to,
    cargo_for,
    fleet_areas,
    may_engage,
    route_choices,
    safest_route,
    unit_dests,
    winter_routes,
    world,
)
from .olympians import open_appeal
from .options import placed_unit_option, unit_option, unit_words
from .siege import defender_of, established, refresh
from .state import (
    FALL,
    HIGH_SUMMER,
    PILLAGED_CLOSED,
    SPRING,
    SUMMER,
    WINTER,
    Crossing,
    HState,
    Side,
    Turn,
    add_prestige,
    other,
    to_pool,
)

STORM_ON = {SPRING: 3, WINTER: 3, SUMMER: 2, FALL: 2, HIGH_SUMMER: 1}  # 5.22


def _turn(s: HState) -> Turn:
    t = s["turn"]
    assert t is not None
    return t


def may_move(s: HState, side: Side) -> bool:
    """Earthquake: the enemy may not Move or Pillage this Season (sidebar)."""
    return side not in s["effects"]["earthquake"]


def movers(s: HState, side: Side, area: str) -> list[str]:
    """Units of the Group in `area` that have not moved this turn (5.0: once per turn)."""
    moved = set(_turn(s)["moved"])
    units = [b for b in B.units_in(s, area, side) if b not in moved]
    # fleets first: a fleet's order may carry a land unit of the Group (5.21)
    return sorted(units, key=lambda b: (B.spec(b).type != "fleet", b))


def group_areas(s: HState, side: Side) -> list[str]:
    if not may_move(s, side):
        return []
    blocks = s["blocks"]
    f = B.known(s)
    if f is not None:
        place = f.place
        return sorted({place[b][0] for b, dests in _group_reach(s, side).items() if dests})
    return sorted({blocks[b]["loc"] for b, dests in _group_reach(s, side).items() if dests})


@B.remembered()
def _group_reach(s: HState, side: Side) -> dict[str, frozenset[str]]:
    """Each unmoved unit's destinations for a Group Move (Engaging where it may, 5.4).
    Kept with the blocks' places across clicks that move nothing (a Reinforcement, a
    garrison): the same World, the same unmoved units, the same expedition limits."""
    w = world(s, side, B.blocking(s, side), may_engage(s, side), 0)
    moved = _turn(s)["moved"]
    memo = B.kept(s)
    key = ("group_reach", side, w, tuple(moved), s["year"], s["effects"]["war_resumed"])
    found = None if memo is None else memo.get(key)
    if found is None:
        gone = set(moved)  # as `movers`: one unmoved unit that can go will do
        units = [b for b in B.on_map(s, side) if b not in gone]
        found = dict(zip(units, unit_dests(s, units, w)))
        if memo is not None:
            memo[key] = found
    return found


def reach(s: HState, side: Side) -> dict[str, frozenset[str]]:
    """Each unmoved unit's destinations this turn."""
    return dict(_reach(s, side))


@B.remembered()
def _reach(s: HState, side: Side) -> dict[str, frozenset[str]]:
    """`reach`, handed out as it is (to callers here that only read it)."""
    w = world(s, side, B.blocking(s, side), False, 0)
    moved = set(_turn(s)["moved"])
    units = [b for b in B.on_map(s, side) if b not in moved]
    return dict(zip(units, unit_dests(s, units, w)))


def muster_targets(s: HState, side: Side) -> list[str]:
    """5.0 Muster: a friendly-controlled CityState that units elsewhere can reach."""
    if not may_move(s, side):
        return []
    # A Muster never engages, and a search that may not engage differs from one that may
    # only in the enemy-held areas (`movement._ends`), none of which is a target: the
    # Group Move's searches serve. Units of a kind standing together reach the same
    # areas: each set is taken once.
    reach, held, sieges = _group_reach(s, side), B.control_map(s), s["sieges"]
    # kept with the blocks' places, for the same searches, City control and sieges
    memo, key = B.kept(s), ("muster", side)
    found = None if memo is None else memo.get(key)
    if found is not None and found[0] is reach and found[1] is held and found[2] == [*sieges]:
        return list(found[3])
    reachable = set().union(*set(reach.values())) & B.city_areas()
    city_in = B.comps().city_in
    foes, friends = B.blocking(s, side), B.blocking(s, other(side))  # outside a City
    # 1.4: the side controls the area when only its units stand outside the City there,
    # or when nobody does and it controls the City (as `area_control` rules)
    areas = [a for a in reachable if city_in[a].name not in sieges and a not in foes
             and (a in friends or held[city_in[a].name] == side)]
    areas.sort(key=B.city_order().__getitem__)  # in the map data's order
    if memo is not None:
        memo[key] = (reach, held, [*sieges], areas)
    return list(areas)


def muster_units(s: HState, side: Side, area: str) -> list[str]:
    # outside enemy-held areas the Group Move's searches answer as a Muster's (see
    # `muster_targets`), and the Action menu has just made them
    found = _reach(s, side) if area in B.blocking(s, side) else _group_reach(s, side)
    return sorted(b for b, dests in found.items() if area in dests)


def _move(s: HState, bid: str, dest: str) -> None:
    """Move one unit; a siege its besiegers leave lifts at once (7.3)."""
    _moves(s, [(bid, dest)])


def _moves(s: HState, orders: Iterable[tuple[str, str]],
           inside: Collection[str] = ()) -> None:
    """Move units together (one Group or Muster), those of `inside` into the City of
    their destination (a besieged Port's harbour, 1.3), then lift the sieges their
    besiegers left and note blockades (7.3, 8.21). Nothing between the moves reads the sieges, and
    the units only leave their areas for others, none of which another of them leaves:
    each siege and blockade can only end, or only begin, along the way, so one refresh
    after all the moves settles each as a refresh after every move would."""
    blocks, moved = s["blocks"], _turn(s)["moved"]
    for bid, dest in orders:
        x = blocks[bid]
        if B.spec(bid).nation == "gela" and x["loc"] == "GEL" and dest != "GEL":
            s["effects"]["gela_open"] = True  # 15.2-15.4: Gela opens once a Gelan unit leaves
        x["loc"], x["inside"] = dest, bid in inside
        moved.append(bid)
    refresh(s)


STAY = Option("stay", "Stay where it is", "5.0", data={"kind": "stay"})
STAY_ABOARD = Option("stay", "Stay aboard here (lost unless a fleet stays to carry it)",
                     "5.21", data={"kind": "stay", "aboard": True})


def storm_risk(deep: int, on: int) -> int:
    """5.22: the chance, in percent, that `deep` Storm dice raise a Storm (each on 1-`on`)."""
    return round(100 * (1 - (1 - on / 6) ** deep))


def route_id(r: Route, first: bool) -> str:
    """A route's answer: its destination for the shortest route there, with its number
    of DeepSea crossings for a safer, longer one (5.0: the player picks the route)."""
    return r.dest if first else f"{r.dest}~{r.deep}"


def _risk(r: Route, on: int, several: bool) -> str:
    """The route's length (where there is a choice) and its storm risk (5.22)."""
    way = f", {r.length} area(s)" if several else ""
    if r.deep:
        return f"{way}, {r.deep} DeepSea crossing(s): storm risk {storm_risk(r.deep, on)}%"
    return f"{way}, no DeepSea crossing" if several else ""


def _labelled(found: list[Route]) -> list[tuple[Route, bool, bool]]:
    """Each route with whether it is the first (shortest) to its destination and whether
    its destination has several."""
    count: dict[str, int] = {}
    for r in found:
        count[r.dest] = count.get(r.dest, 0) + 1
    seen: set[str] = set()
    out = []
    for r in found:
        out.append((r, r.dest not in seen, count[r.dest] > 1))
        seen.add(r.dest)
    return out


def _route_data(kind: str, r: Route, fight: bool, on: int) -> dict[str, Any]:
    """A route's facts: where to and from which area it enters, the DeepSea borders it
    crosses and the Storm number of the Season (5.22), whether it Engages (5.4)."""
    return {"kind": kind, "to": r.dest, "via": r.via, "deep": r.deep, "length": r.length,
            "engages": fight, "storm_on": on}


@lru_cache(maxsize=8192)
def _route_option(r: Route, fight: bool, first: bool, several: bool, on: int) -> Option:
    """A destination of a Group Move by one route (made once per route: the prompt is
    built often)."""
    names = B.comps().areas
    engaging = ", Engaging the enemy there" if fight else ""
    return Option(route_id(r, first), f"to {names[r.dest].name} (from {names[r.via].name}"
                  f"{_risk(r, on, several)}{engaging})", "5.4" if fight else "5.0",
                  data=_route_data("route", r, fight, on))


@lru_cache(maxsize=8192)
def _forced_option(r: Route, fight: bool, elite: str, first: bool, several: bool,
                   on: int) -> Option:
    """A Forced March/Sail one area beyond the range (5.3)."""
    names = B.comps().areas
    engaging = ", Engaging the enemy there" if fight else ""
    return Option(f"forced:{route_id(r, first)}", f"Forced March/Sail to "
                  f"{names[r.dest].name} (waits in {names[r.via].name}"
                  f"{_risk(r, on, several)}; succeeds on {elite} after your Actions"
                  f"{engaging})", "5.3", data=_route_data("forced", r, fight, on))


def harbours(s: HState, bid: str, found: list[Route]) -> list[Route]:
    """1.3, 5.4 Sea Access, 7.4: a besieged Port keeps its harbour. A fleet of the
    besieged side that reaches the Port's Offshore Sea with an area of range left, the sea
    free of enemy units, may sail on into the City (inside, with the besieged, while the
    City has room: 7.1), without Engaging the besiegers. Routes to the Offshore Sea are
    from `found` (the fleet's route choices); one more area enters the City."""
    x = s["blocks"][bid]
    if B.spec(bid).type != "fleet" or not s["sieges"]:
        return []
    side: Side = x["side"]
    blocked = B.blocking(s, side)
    out = []
    for name, sg in sorted(s["sieges"].items()):
        city = B.comps().cities[name]
        sea = city.offshore
        if (sg["besieger"] == side or not city.port or sea is None or sea in blocked
                or x["loc"] == city.area or defender_of(s, city) != side
                or len(B.units_in(s, city.area, side, inside=True)) >= B.capacity(s, city)):
            continue
        if x["loc"] == sea:
            out.append(Route(city.area, sea, 0, 1))
        out += [Route(city.area, sea, r.deep, r.length + 1) for r in found
                if r.dest == sea and r.length < (B.spec(bid).sea_move or 1)]
    return out


@lru_cache(maxsize=4096)
def _harbour_option(r: Route, first: bool, several: bool, on: int) -> Option:
    """Into a besieged Port by its Offshore Sea (1.3, 7.4)."""
    names = B.comps().areas
    city = B.comps().city_in[r.dest]
    return Option(f"in:{route_id(r, first)}", f"into besieged {city.name} by its harbour "
                  f"(from {names[r.via].name}{_risk(r, on, several)}; no battle)", "1.3",
                  data=_route_data("harbour", r, False, on) | {"city": city.name})


def chosen(found: list[Route], answer: str) -> Route:
    """The route an answer names (see `route_id`)."""
    dest, _, deep = answer.partition("~")
    return next(r for r in found if r.dest == dest and (not deep or r.deep == int(deep)))


def _winter_choices(s: HState, bid: str, side: Side) -> list[Route]:
    """9.214: a Wintering Group Move's routes (Forced Marches succeed, 9.21), with the
    safer ways by fewer DeepSea crossings to the same Cities (5.0, as `route_choices`);
    none comes in through an Offshore Sea the enemy blockades."""
    base = winter_routes(s, bid, 1)
    if B.spec(bid).type != "fleet" or not any(r.deep for r in base):
        return base
    fewest = {r.dest: r.deep for r in base}
    foes = fleet_areas(s, other(side))
    city_in = B.comps().city_in
    out = list(base)
    for r in route_choices(s, bid, frozenset(), False, 1):
        city = city_in.get(r.dest)
        if (r.dest in fewest and r.deep < fewest[r.dest]
                and not (city is not None and city.offshore == r.via and r.via in foes)):
            out.append(r)
    out.sort(key=lambda r: (r.length, r.dest, r.deep))
    return out


class GroupMove(Procedure[HState]):
    """5.0: the player picks the units of the Group that move, in one choice (the rest
    stay), then gives each a destination within its range. A fleet moving to land may
    carry one land unit of the Group (5.21).

    Args: `queue` is None until the movers are picked, then the picked units still
    waiting for a destination (fleets first); `orders` and `cargo` what was given."""

    name = "group_move"

    def enter(self, flow: Flow[HState]) -> None:
        a = flow.args
        if "queue" not in a:
            a["queue"] = None
            a["orders"], a["cargo"] = {}, {}
            a["asking"] = None
        if a["queue"] is None and not self._candidates(flow):
            a["queue"] = []
        if not a["queue"] and a["queue"] is not None and a["asking"] is None:
            self._execute(flow)

    def _group(self, flow: Flow[HState]) -> list[str]:
        """The units of the Group (fleets first)."""
        s, a = flow.state, flow.args
        return [b for b in movers(s, a["side"], a["area"])
                if not (a.get("winter") and B.spec(b).barbarian)
                and b in a.get("only", [b])]  # a barbarian's free move (2.25)

    def _candidates(self, flow: Flow[HState]) -> list[str]:
        """The units of the Group that have somewhere to go on their own; land units
        aboard at sea go only as a fleet's cargo (5.21), asked when their fleet sails."""
        return [b for b in self._group(flow)
                if self._routes(flow, b) or self._forced(flow, b) or self._harbours(flow, b)]

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        side = a["side"]
        here = B.comps().areas[a["area"]].name
        what = "The barbarians' free move" if a.get("only") else "Group Move"
        rule = "2.25" if a.get("only") else "5.0"
        if a["queue"] is None:
            opts = [placed_unit_option(s, b, rule) for b in self._candidates(flow)]
            aboard = any(B.spec(b).type != "fleet" for b in self._group(flow)) and \
                B.comps().areas[a["area"]].kind == "sea"
            warn = (" Land units aboard go only as a fleet's cargo, asked when it sails; "
                    "left without a fleet they are lost (5.21)." if aboard else "")
            return [decisions.pick(side, f"{what} from {here}: which units move? The rest "
                                   f"stay ({rule}).{warn}", opts, 0, len(opts), rule="5.0",
                                   kind="movers")]
        if a["asking"] is not None:
            fleet = a["asking"]
            dest = a["orders"][fleet]
            opts = [placed_unit_option(s, u, "5.21", fleet=fleet)
                    for u in self._cargo(flow, fleet, dest)]
            ask = decisions.pick(side, f"{B.spec(fleet).name} sails to "
                                 f"{B.comps().areas[dest].name}: carry a land unit? "
                                 "(5.21)", opts, 0, 1, rule="5.21", kind="cargo")
            # the facts players read (the fleet and where it sails), not the text
            return [replace(ask, data={"fleet": fleet, "to": dest,
                                       "orders": {u: d for u, d in a["orders"].items()
                                                  if u != fleet}})]
        bid = a["queue"][0]
        opts = self._destinations(flow, bid)
        opts.append(STAY_ABOARD if B.comps().areas[a["area"]].kind == "sea" and
                    B.spec(bid).type != "fleet" else STAY)
        return [Prompt(side, f"{what} from {here}: where does {unit_words(s, bid)} go? "
                       f"({rule})", tuple(opts), rule="5.0", kind="move",
                       data={"unit": bid, "from": a["area"], "orders": dict(a["orders"])})]

    def _destinations(self, flow: Flow[HState], bid: str) -> list[Option]:
        """Unit `bid`'s ways: each destination by its routes, Forced Marches one area
        further (5.3), into a besieged Port by its harbour (1.3)."""
        s = flow.state
        blocked = B.blocking(s, flow.args["side"])
        on = STORM_ON[s["season"]]
        normal = self._routes(flow, bid)
        opts = [_route_option(r, r.dest in blocked, first, several, on)
                for r, first, several in _labelled(normal)]
        reached = {r.dest for r in normal}
        elite = "3-6" if B.spec(bid).elite else "5-6"
        if B.peace(s):
            elite += ", or surely in Greece under the Peace (12.0)"
        opts += [_forced_option(r, r.dest in blocked, elite, first, several, on)
                 for r, first, several in _labelled([r for r in self._forced(flow, bid)
                                                     if r.dest not in reached])]
        opts += [_harbour_option(r, first, several, on)
                 for r, first, several in _labelled(self._harbours(flow, bid))]
        return opts

    def _routes(self, flow: Flow[HState], bid: str) -> list[Route]:
        s, side = flow.state, flow.args["side"]
        if flow.args.get("winter"):
            return _winter_choices(s, bid, side)
        return route_choices(s, bid, B.blocking(s, side), may_engage(s, side))

    def _forced(self, flow: Flow[HState], bid: str) -> list[Route]:
        """5.3: one area beyond the range, rolled for after the Actions (in Greece under
        the Peace it needs no roll, 12.0 2b); not in Winter, where the extra area is part
        of every Wintering range (9.21)."""
        s, side = flow.state, flow.args["side"]
        if flow.args.get("winter"):
            return []
        return [r for r in route_choices(s, bid, B.blocking(s, side), may_engage(s, side), 1)
                if r.via != s["blocks"][bid]["loc"]]

    def _harbours(self, flow: Flow[HState], bid: str) -> list[Route]:
        """Into a besieged Port of this side by its harbour (1.3, 7.4); not in Winter,
        whose moves end in unbesieged Cities (9.21)."""
        if flow.args.get("winter"):
            return []
        found = harbours(flow.state, bid, self._routes(flow, bid))
        going = flow.args.get("inside", [])
        # 7.1: room in the City for this fleet after those already sent in this move
        return [r for r in found if self._room(flow, r.dest) > 0] if going else found

    def _room(self, flow: Flow[HState], area: str) -> int:
        s, a = flow.state, flow.args
        city = B.comps().city_in[area]
        sent = [u for u in a.get("inside", []) if a["orders"].get(u) == area]
        sent += [a["cargo"][f] for f in sent if f in a["cargo"]]
        return (B.capacity(s, city) - len(sent)
                - len(B.units_in(s, area, a["side"], inside=True)))

    def _cargo(self, flow: Flow[HState], fleet: str, dest: str) -> list[str]:
        a, s = flow.args, flow.state
        if fleet in a.get("inside", []) and self._room(flow, dest) <= 0:
            return []  # 7.1: no room inside for a land unit too
        waiting = [u for u in self._group(flow) if u not in a["orders"]]
        return [u for u in cargo_for(s, fleet, waiting) if can_carry_to(s, u, dest)]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        a = flow.args
        if a["queue"] is None:  # the movers, picked in one choice; the rest stay (5.0)
            assert isinstance(answer, tuple)
            a["queue"] = list(answer)
        elif a["asking"] is not None:
            fleet = a["asking"]
            if isinstance(answer, tuple) and answer:
                unit = answer[0]
                a["cargo"][fleet] = unit
                a["orders"][unit] = a["orders"][fleet]
                if unit in a["queue"]:
                    a["queue"].remove(unit)
            a["asking"] = None
        else:
            bid = a["queue"].pop(0)
            dest = str(answer)
            if dest.startswith("forced:"):
                dest = dest.split(":", 1)[1]
                a.setdefault("forced", []).append(bid)
            elif dest.startswith("in:"):  # 1.3, 7.4: into a besieged Port
                dest = dest.split(":", 1)[1]
                a.setdefault("inside", []).append(bid)
            dest, _, deep = dest.partition("~")
            if deep:  # 5.0: a safer route than the shortest
                a.setdefault("deep", {})[bid] = int(deep)
            if dest != "stay":
                a["orders"][bid] = dest
                if B.spec(bid).type == "fleet" and self._cargo(flow, bid, dest):
                    a["asking"] = bid  # 5.21: to land or to sea
        if not a["queue"] and a["asking"] is None:
            self._execute(flow)

    def _execute(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        side = a["side"]
        # 5.0: one Formation per route (destination, the area it is entered from, and
        # the DeepSea borders crossed on the way)
        formations: dict[tuple[str, str, int, bool], list[str]] = {}
        deep: dict[tuple[str, str, int, bool], int] = {}
        picked = a.get("deep", {})
        harbour = set(a.get("inside", []))
        forced = set(a.get("forced", []))
        with B.steady(s):  # every route is looked up before anything moves
            blocked = B.blocking(s, side)
            for bid, dest in a["orders"].items():
                if bid in a["cargo"].values():
                    continue
                found = (self._forced(flow, bid) if bid in forced else
                         harbours(s, bid, self._routes(flow, bid)) if bid in harbour else
                         self._routes(flow, bid))
                r = chosen(found, f"{dest}~{picked[bid]}" if bid in picked else dest)
                key = (dest, r.via, r.deep, bid in harbour)
                formations.setdefault(key, []).append(bid)
                extra = 1 if bid in forced and B.comps().is_deep(r.via, dest) else 0
                deep[key] = r.deep - extra
        for key, fleets in sorted(formations.items()):
            if deep[key]:
                _turn(s)["crossings"].append({
                    "fleets": sorted(fleets), "deep": deep[key],
                    "cargo": {f: a["cargo"][f] for f in fleets if f in a["cargo"]}})
        for (dest, via, _deep, inside), units in sorted(formations.items()):
            if units[0] in forced:  # 5.3: they wait on the border for their roll
                _turn(s)["forced"].append({
                    "units": sorted(units), "dest": dest, "via": via,
                    "cargo": {f: a["cargo"][f] for f in units if f in a["cargo"]}})
                for u in units + [a["cargo"][f] for f in units if f in a["cargo"]]:
                    a["orders"][u] = via
                continue
            carried = [a["cargo"][f] for f in units if f in a["cargo"]]
            _turn(s).setdefault("arrived", []).append({"area": dest,
                                                       "units": sorted(units + carried)})
            if dest in blocked and not a.get("winter") and not inside:  # 5.4: Engaging
                _turn(s)["engaged"].append({"area": dest, "via": via, "units": sorted(units + carried),
                                            "from_sea": B.comps().areas[via].kind == "sea"})
        entering = harbour | {a["cargo"][f] for f in harbour if f in a["cargo"]}
        _moves(s, a["orders"].items(), entering)
        for fleet, unit in a["cargo"].items():
            x = s["blocks"][unit]
            x["cv"] = min(x["cv"], s["blocks"][fleet]["cv"] - 1)  # 5.21: shed steps to fit
        moved = len(a["orders"])
        dests = sorted({B.comps().areas[d].name for d in a["orders"].values()})
        note(flow, "move", f"{side.title()} moves {moved} unit(s) from "
             f"{B.comps().areas[a['area']].name} to {', '.join(dests) or 'nowhere'} (5.0)")
        flow.end()


class Muster(Procedure[HState]):
    """5.0 Muster: units from several areas converge on a friendly CityState; they may not
    Forced March or Engage."""

    name = "muster"

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        units = muster_units(s, a["side"], a["area"])
        on = STORM_ON[s["season"]]
        opts = []
        for u in units:
            r = self._route(flow, u)
            risk = _risk(r, on, False) if r is not None else ""
            opts.append(unit_option(s, u, "5.0", f"{B.spec(u).name} ({s['blocks'][u]['cv']} cv) "
                                    f"from {B.comps().areas[s['blocks'][u]['loc']].name}{risk}",
                                    deep=r.deep if r is not None else 0))
        ask = decisions.pick(a["side"], f"Muster at {B.comps().areas[a['area']].name}: "
                             "which units come? (5.0)", opts, 1, len(opts), rule="5.0",
                             kind="muster")
        return [replace(ask, data={"to": a["area"]})]  # the facts players read

    def _route(self, flow: Flow[HState], u: str) -> Route | None:
        """A fleet's way to the Muster: the one with the fewest DeepSea crossings (the
        safest, 5.22); fleets from one area by one way are a Formation (5.0)."""
        s, a = flow.state, flow.args
        return safest_route(s, u, a["area"], B.blocking(s, a["side"]))

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        assert isinstance(answer, tuple)
        ways: dict[tuple[str, str, int], list[str]] = {}
        with B.steady(s):  # every route is looked up before anything moves
            for u in answer:
                r = self._route(flow, u)
                if r is not None and r.deep:
                    ways.setdefault((s["blocks"][u]["loc"], r.via, r.deep), []).append(u)
        for (_, _, deep), fleets in sorted(ways.items()):  # 5.22: rolled for after the Actions
            _turn(s)["crossings"].append({"fleets": sorted(fleets), "deep": deep, "cargo": {}})
        _moves(s, [(u, a["area"]) for u in answer])
        note(flow, "muster", f"{seat.title()} musters {len(answer)} unit(s) at "
             f"{B.comps().areas[a['area']].name} (5.0)")
        flow.end()


# ------------------------------------------------------------------ Pillage (5.5)
def pillage_targets(s: HState, side: Side) -> list[str]:
    """5.5: an Opposing CityState under this side's siege since a prior Season, not
    pillaged this Year, whose besiegers can all withdraw."""
    if not may_move(s, side):
        return []
    out = []
    for name, sg in sorted(s["sieges"].items()):
        city = B.comps().cities[name]
        if sg["besieger"] != side or city.loyalty != other(side) or not established(s, name):
            continue
        if s["effects"]["pillaged"].get(name) == s["year"]:
            continue
        group = pillagers(s, side, city.area)
        if group and all(withdrawals(s, b) for b in group):
            out.append(name)
    return out


def pillagers(s: HState, side: Side, area: str) -> list[str]:
    """The besieging Group as it stood when the turn began (5.5)."""
    moved = set(_turn(s)["moved"])
    return sorted(b for b in B.units_in(s, area, side, inside=False) if b not in moved)


def withdrawals(s: HState, bid: str) -> list[str]:
    """Adjacent areas free of enemy units this unit could move into (5.5)."""
    x = s["blocks"][bid]
    c = B.comps()
    fleet = B.spec(bid).type == "fleet"
    near = c.adjacent(x["loc"]) if fleet else c.land_neighbours(x["loc"])
    out = []
    for n in sorted(near):
        if fleet and c.areas[n].kind == "land" and not (c.sea_neighbours(n) & c.sea_neighbours(x["loc"])):
            continue
        if B.neutral(s, n) or B.units_in(s, n, other(x["side"])):
            continue
        if B.spec(bid).sicilian and B.region(n) != "sicily":
            continue
        out.append(n)
    return out


class Pillage(Procedure[HState]):
    """5.5: the besiegers withdraw unit by unit to adjacent areas free of enemy units;
    then the Pillaged marker and the Prestige (14.12)."""

    name = "pillage"

    def enter(self, flow: Flow[HState]) -> None:
        a = flow.args
        if "queue" not in a:
            city = B.comps().cities[a["city"]]
            a["queue"] = pillagers(flow.state, a["side"], city.area)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        bid = a["queue"][0]
        opts = tuple(Option(n, B.comps().areas[n].name, "5.5", data={"kind": "area", "to": n})
                     for n in withdrawals(s, bid))
        return [Prompt(a["side"], f"Pillage of {a['city']}: where does {B.spec(bid).name} "
                       "withdraw? (5.5)", opts, rule="5.5", kind="pillage")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        _move(s, a["queue"].pop(0), str(answer))
        if a["queue"]:
            return
        city = B.comps().cities[a["city"]]
        side: Side = a["side"]
        gain = 2 if city.name in ("Athens", "Sparta") else 1
        if B.region(city.area) == "sicily" and B.sicily_neutral(s):
            gain = 0  # 15.2/15.4 rule 2
        add_prestige(s, side, gain)
        s["effects"]["pillaged"][city.name] = s["year"]
        s["effects"]["pillaged_last"][other(side)] = s["stamp"]
        _turn(s)["no_entry"].append(city.area)
        note(flow, "pillage", f"{side.title()} pillages {city.name} and withdraws: "
             f"+{gain} Prestige (5.5, 14.12)")
        flow.end()


# ------------------------------------------------------------------ Forced Marches (5.3)
def _succeeds(u: str, d: int) -> bool:
    """5.3: regular units succeed on 5-6, elite ones on 3-6."""
    return d >= (3 if B.spec(u).elite else 5)


class ForcedMarches(Procedure[HState]):
    """5.3: after all Actions, a die per unit trying (cargo goes with its fleet): regular
    units succeed on 5-6, elite on 3-6; the owner may still hold back units that succeed."""

    name = "forced_marches"

    def enter(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        rolls: dict[str, int] = {}
        closed = _turn(s)["no_entry"] if asks(s, PILLAGED_CLOSED) else []
        for f in _turn(s)["forced"]:
            if f["dest"] in closed:  # 5.5: pillaged since: no friendly unit enters it
                note(flow, "forced", "Forced March/Sail toward "
                     f"{B.comps().areas[f['dest']].name}: it was Pillaged this turn and "
                     "cannot be entered (5.5)")
                continue
            for u in f["units"]:
                if s["blocks"][u]["loc"] != f["via"]:
                    continue  # lost on the way
                if B.peace(s) and B.region(f["via"]) == B.region(f["dest"]) == "greece":
                    rolls[u] = 6  # 12.0 2b: always succeeds, no die is rolled
                    note(flow, "forced", "Forced March/Sail toward "
                         f"{B.comps().areas[f['dest']].name}: succeeds under the Peace (12.0)")
                else:
                    rolls[u] = self._roll(flow, u, f["dest"])
        a["rolls"], a["fi"] = rolls, 0
        self._appeals(flow)

    def _roll(self, flow: Flow[HState], u: str, dest: str) -> int:
        d = flow.context.die()
        note(flow, "forced", f"Forced March/Sail toward {B.comps().areas[dest].name}: {d}, "
             f"{'success' if _succeeds(u, d) else 'failure'} (5.3)")
        return d

    def _failed(self, flow: Flow[HState], i: int) -> list[str]:
        f = _turn(flow.state)["forced"][i]
        rolls = flow.args["rolls"]
        return [u for u in f["units"] if u in rolls and not _succeeds(u, rolls[u])]

    def _appeals(self, flow: Flow[HState]) -> None:
        """11.0 Hermes: the owner may have one Formation's failures rolled again."""
        s, a = flow.state, flow.args
        forced = _turn(s)["forced"]
        while a["fi"] < len(forced):
            i = a["fi"]
            a["fi"] += 1
            if self._failed(flow, i) and open_appeal(
                    flow, "Hermes", {"kind": "forced", "area": forced[i]["dest"]},
                    [a["side"]]):
                a["asking"] = i
                return
        a["winners"] = [u for u, d in sorted(a["rolls"].items()) if _succeeds(u, d)]
        if not a["winners"]:
            self._done(flow)

    def resume(self, flow: Flow[HState], result: object) -> None:
        a = flow.args
        if result:
            dest = _turn(flow.state)["forced"][a["asking"]]["dest"]
            for u in self._failed(flow, a["asking"]):
                a["rolls"][u] = self._roll(flow, u, dest)
        self._appeals(flow)

    def prompts(self, flow: Flow[HState]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        dest = {u: f["dest"] for f in _turn(s)["forced"] for u in f["units"]}
        opts = [unit_option(s, u, "5.3", f"{B.spec(u).name} on to "
                            f"{B.comps().areas[dest[u]].name}", to=dest[u])
                for u in flow.args["winners"]]
        return [decisions.pick(side, "Forced March/Sail succeeded: which units take the extra "
                               "area? (5.3)", opts, 0, len(opts), rule="5.3", kind="forced")]

    def act(self, flow: Flow[HState], seat: str, answer: decisions.Answer) -> None:
        s = flow.state
        assert isinstance(answer, tuple)
        t = _turn(s)
        blocked = B.blocking(s, seat)
        for f in t["forced"]:
            going = [u for u in f["units"] if u in answer]
            if not going:
                continue
            carried = [f["cargo"][u] for u in going if u in f["cargo"]]
            for u in going + carried:
                s["blocks"][u]["loc"] = f["dest"]
            t.setdefault("arrived", []).append({"area": f["dest"],
                                                "units": sorted(going + carried)})
            if B.comps().is_deep(f["via"], f["dest"]):
                t["crossings"].append({"fleets": going, "deep": 1,
                                       "cargo": {u: f["cargo"][u] for u in going if u in f["cargo"]}})
            if f["dest"] in blocked:
                t["engaged"].append({"area": f["dest"], "via": f["via"],
                                     "units": sorted(going + carried),
                                     "from_sea": B.comps().areas[f["via"]].kind == "sea"})
        refresh(s)
        self._done(flow)

    def _done(self, flow: Flow[HState]) -> None:
        _turn(flow.state)["forced"] = []
        flow.end()


# ------------------------------------------------------------------ storms (5.22, 5.23)
class Storms(Procedure[HState]):
    """After the Actions: a die per DeepSea crossing of each fleet Formation (the Storm
    roll, open to an Appeal to Poseidon, 11.0); on a Storm, a die per fleet: 1-3 Gale
    (fleet and cargo lost), 4-6 High Seas (-1 cv)."""

    name = "storms"

    def enter(self, flow: Flow[HState]) -> None:
        flow.args["i"] = 0
        self._next(flow)

    def _next(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        crossings = _turn(s)["crossings"]
        while a["i"] < len(crossings):
            c = crossings[a["i"]]
            if not any(s["blocks"][f]["loc"] not in ("pool", "aside") for f in c["fleets"]):
                a["i"] += 1
                continue
            a["rolls"] = flow.context.roll(c["deep"])
            owner: Side = s["blocks"][c["fleets"][0]]["side"]
            on = STORM_ON[s["season"]]
            storm = any(r <= on for r in a["rolls"])
            seats = [owner, other(owner)] if storm else [other(owner), owner]
            if open_appeal(flow, "Poseidon", {"kind": "storm", "dice": list(a["rolls"]), "on": on},
                           seats):
                return
            self._damage(flow)
        _turn(s)["crossings"] = []
        # 5.23, 6.5: a land unit whose fleet sank is lost with it, whether the crossing
        # named it as cargo (a move) or not (a Retreat, whose units go aboard as they can)
        stow(s)
        flow.end()

    def resume(self, flow: Flow[HState], result: object) -> None:
        s, a = flow.state, flow.args
        if result:  # 11.0 Poseidon: one Storm die again, the one that matters most
            on = STORM_ON[s["season"]]
            rolls = a["rolls"]
            j = next((k for k, r in enumerate(rolls) if r <= on), 0)
            rolls[j] = flow.context.die()
            note(flow, "storm", f"Poseidon: the Storm die is rolled again: {rolls} (11.0)")
        self._damage(flow)
        self._next(flow)

    def _damage(self, flow: Flow[HState]) -> None:
        s, a = flow.state, flow.args
        crossing = _turn(s)["crossings"][a["i"]]
        a["i"] += 1
        rolls = a["rolls"]
        on = STORM_ON[s["season"]]
        storms = sum(1 for r in rolls if r <= on)
        if not storms:
            note(flow, "storm", f"DeepSea crossing: {rolls}, no Storm (storm on 1-{on}, 5.22)")
            return
        # 5.22: a die "in each case", so each Storm die that comes up is a Storm met,
        # and each Storm is a Ship Damage roll for every fleet still afloat (RULINGS.md)
        for _ in range(storms):
            self._ship_damage(flow, crossing, rolls)

    def _ship_damage(self, flow: Flow[HState], crossing: Crossing, rolls: list[int]) -> None:
        """5.23: one Storm: a die per fleet of the Formation."""
        s = flow.state
        for fleet in crossing["fleets"]:
            x = s["blocks"][fleet]
            if x["loc"] in ("pool", "aside"):
                continue
            d = flow.context.die()
            cargo = crossing["cargo"].get(fleet)
            if d <= 3 or x["cv"] <= 1:
                to_pool(x)
                if cargo:
                    to_pool(s["blocks"][cargo])
                what = "a Gale sinks a fleet" if d <= 3 else "High Seas sink a weakened fleet"
            else:
                x["cv"] -= 1
                if cargo:
                    c = s["blocks"][cargo]
                    c["cv"] = min(c["cv"], x["cv"] - 1) if x["cv"] > 1 else 0
                    if c["cv"] <= 0:
                        to_pool(c)
                what = "High Seas cost a fleet a step"
            note(flow, "storm", f"Storm ({rolls}): ship damage {d}: {what} (5.23)")
