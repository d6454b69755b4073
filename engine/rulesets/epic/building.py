"""The Build stage of the full Seasonal Turn (rules 7.4-7.7, 4.4.2, 6.5.5, 7.9.1).

Units go from a friendly region's Build Pool to its Force Pool; forts and bases are put
down at once; city walls take 0, 1 or 2 seasons, paid when begun and finished at the Build
stage of the season they fall due. The simplified turn of the Argive League and the
"Fantasy" scenarios has no Build stage (22.4.1); the full Seasonal Turn calls it (3.2 C).
Long Walls (7.6.5) join two neighbouring fortresses, walled cities and/or forts, after two
seasons, if their builder stays put."""

from __future__ import annotations

from typing import Any

from engine import IllegalAction, Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import board as B
from . import menus
from . import places as P
from . import unit_names as N
from .board import season_index
from .cards import season_fx
from .notes import note
from .state import MAP, POOL, EState

BUILD = "build"  # a unit's place while in its region's Build Pool (7.4)
COST = {"hoplite": 1, "light": 1, "cavalry": 1, "fleet": 2, "base": 1, "fort": 1,
        "walls_S": 1, "walls_M": 1, "walls_L": 2, "long_walls": 2}  # 7.7
SEASONS_TO_BUILD = {"walls_S": 0, "walls_M": 1, "walls_L": 2, "long_walls": 2}  # 7.7
BUILD_ML = 5  # 4.4.2


def _buildable(s: EState, side: str) -> dict[tuple[str, str, int], list[str]]:
    """7.5: units waiting in a friendly region's Build Pool whose ML allows building
    (4.4.2) and which the Treasury can pay for, by kind (home, type, morale). With allies
    each League player builds in the regions he controls, from his own treasury (24.5)."""
    out: dict[tuple[str, str, int], list[str]] = {}
    for uid, u in sorted((k, u) for k, u in s["units"].items()  # the few first, then sorted
                         if u["where"] == BUILD and u["side"] == side):
        r = s["regions"].get(u["home"])
        if r is None or r["side"] != side or r["ml"] < BUILD_ML or not A.holds(s, u["home"]):
            continue
        if COST[u["type"]] > s["treasury"][A.payer(s, side)]:
            continue
        out.setdefault((u["home"], u["type"], u["morale"]), []).append(uid)
    return out


def unit_options(s: EState, side: str) -> list[Option]:
    """7.5: one option per kind of unit that may be built now; it opens `batch_prompt`
    (how many of them)."""
    opts = []
    for (home, utype, morale), uids in _buildable(s, side).items():
        cost = COST[utype]
        opts.append(Option(
            f"make:{home}:{utype}:{morale}",
            f"Build {N.kind(home, utype, len(uids))} (morale {morale}) from the Build Pool, "
            f"{N.count(cost, 'talent')} each", "7.5",
            data={"kind": "build_batch", "home": home, "type": utype, "morale": morale,
                  "count": len(uids), "cost": cost,
                  "also": [f"unit:{home}:{utype}:{morale}"]}))  # games recorded before
    return opts


KEEP, MAKE = "keep", "build"


def batch_prompt(s: EState, side: str, batch: dict[str, Any]) -> Prompt:
    """7.5: how many units of one kind to build, in one answer: each is left in the Build
    Pool (the first choice) or built, as many as the Treasury pays for."""
    home, utype, morale = batch["home"], batch["type"], batch["morale"]
    n = len(_buildable(s, side).get((home, utype, morale), []))
    cost = COST[utype]
    money = s["treasury"][A.payer(s, side)]
    most = min(n, money // cost)
    opts = [Option(KEEP, "Leave in the Build Pool", "7.5", cap=max(1, n),
                   data={"kind": "keep"}),
            Option(MAKE, f"Build ({N.count(cost, 'talent')} each, {money} in the Treasury)",
                   "7.5", cap=max(1, most),
                   data={"kind": "build", "home": home, "type": utype, "morale": morale,
                         "cost": cost})]
    return decisions.allocate(side, f"Build {N.kind(home, utype, n)} (morale {morale}): "
                                    "allocate each to be built or left (7.5)",
                              opts, max(1, n), rule="7.5", kind="building")


def _unit_hexes(s: EState, side: str) -> set[str]:
    """Where `side` has a unit (with allies, one the acting player commands, 24.5)."""
    return {u["hex"] for u in s["units"].values()
            if u["where"] == MAP and u["side"] == side and u["hex"] in B.comps().hexes
            and A.mine(s, u)}


def _own_city(s: EState, side: str, hexid: str) -> bool:
    """A city of `side` that the acting player may build on: with allies, one of a region
    he controls (RULINGS M13)."""
    region = B.region_of_hex(hexid)
    return s.get("acting") is None or (region is not None and A.holds(s, region))


def fort_hexes(s: EState, side: str) -> list[str]:
    """7.6.2: a non-city hex where `side` has a unit and no fort stands."""
    return sorted(h for h in _unit_hexes(s, side)
                  if B.city_at(s, h) is None and h not in s["forts"])


def base_hexes(s: EState, side: str) -> list[str]:
    """7.6.3: where `side` has a unit, or a friendly city; never inside a besieged city,
    but a besieger may build one on the city it besieges (7.6.3a)."""
    out = set(_unit_hexes(s, side))
    allowed = B.allowed(s, side)
    for city in B.comps().cities.values():
        if city.hex in allowed and B.city_at(s, city.hex) is not None and \
                B.city_owner(s, city.name) == side and _own_city(s, side, city.hex):
            out.add(city.hex)
    return sorted(h for h in out if h not in s["bases"]
                  and not (h in s["sieges"] and B.holder(s, h) == side))


def wall_cities(s: EState, side: str) -> list[str]:
    """7.6.4: friendly unfortified cities with no walls already going up."""
    going = {w["city"] for w in s.get("works", []) if "city" in w}
    allowed = B.allowed(s, side)
    mine = _unit_hexes(s, side)
    return sorted(c.name for c in B.comps().cities.values()
                  if c.hex in allowed and B.city_at(s, c.hex) is not None
                  and B.city_owner(s, c.name) == side and not B.walled(s, c)
                  and c.name not in going and c.hex not in s["sieges"]
                  and (_own_city(s, side, c.hex) or c.hex in mine))


def long_wall_ends(s: EState, side: str) -> set[str]:
    """7.6.5: hexes of the fortresses, walled cities and forts, `side` holds that have no Long
    Walls yet, standing or going up, and are not under siege."""
    going = {h for w in s.get("works", []) for h in w.get("ends", ())}
    places = {c.hex for c in B.comps().cities.values()} | set(s["forts"])
    return {h for h in places if h not in going and h not in s["sieges"]
            and B.holder(s, h) == side and B.fortress(s, h) and B.long_walls_partner(s, h) is None}


def long_wall_pairs(s: EState, side: str) -> list[tuple[str, str, str]]:
    """7.6.5: two neighbouring fortresses `side` holds, with one of its land units in either
    to build (hex, hex, builder). Walls are built over land: never across water between
    islands or shores (RULINGS.md 64)."""
    ends = long_wall_ends(s, side)
    out = []
    for a in sorted(ends):
        for b in sorted(n for n in B.comps().land_neighbors(a) if n in ends and n > a):
            # the builder stands outside the walls (7.6.5): not where enemies mask them
            builders = [u for h in (a, b) if not B.masked(s, h) for u in B.units_at(s, h, side)
                        if s["units"][u]["type"] != "fleet" and A.mine(s, s["units"][u])]
            if builders:
                out.append((a, b, builders[0]))
    return out


def knock_down_long_walls(s: EState, h: str) -> str | None:
    """11.3.1: a fortress razed or pulled down takes its Long Walls with it; they do not come
    back if the place is walled again (they may be built anew, 7.6.5)."""
    partner = s["long_walls"].pop(h, None)
    if partner is None:
        return None
    s["long_walls"].pop(partner, None)
    return f"The Long Walls between {B.place_name(s, h)} and {B.place_name(s, partner)} fall (11.3.1)"


def options(s: EState, side: str) -> list[Option]:
    money = s["treasury"][A.payer(s, side)]
    opts = unit_options(s, side)
    if money >= COST["fort"]:
        opts += [Option(f"fort:{h}", f"Build a fort at {_where(s, h)}, 1 talent", "7.6.2",
                        data={"kind": "fort", "at": h, "cost": COST["fort"]})
                 for h in fort_hexes(s, side)]
    if money >= COST["base"]:
        opts += [Option(f"base:{h}", f"Build a base at {_where(s, h)}, 1 talent", "7.6.3",
                        data={"kind": "base", "at": h, "cost": COST["base"]})
                 for h in base_hexes(s, side)]
    for name in wall_cities(s, side):
        size = B.comps().cities[name].size
        cost = COST[f"walls_{size}"]
        if cost <= money:
            t = wall_time(s, name)
            opts.append(Option(f"walls:{name}", f"Wall {name}, {N.count(cost, 'talent')}, "
                                                f"{N.count(t, 'season')}", "7.6.4",
                               data={"kind": "walls", "city": name,
                                     "at": B.comps().cities[name].hex, "cost": cost,
                                     "seasons": t}))
    if money >= COST["long_walls"]:
        opts += [Option(f"long:{a}:{b}", f"Long Walls from {_where(s, a)} to {_where(s, b)}, "
                                         f"2 talents, 2 seasons ({N.named(s, u)} builds)",
                        "7.6.5",
                        data={"kind": "long_walls", "from": a, "to": b, "at": a, "unit": u,
                              "cost": COST["long_walls"]})
                 for a, b, u in long_wall_pairs(s, side)]
    opts.insert(0, Option("done", "Building done", "7.5", data={"kind": "done"}))
    return opts


def _what(o: Option) -> tuple[str, str]:
    """A building option's first group: its region's units, or the kind of work."""
    d = o.data or {}
    if d.get("kind") == "build_batch":
        return f"u:{d['home']}", f"{N.region_name(str(d['home']))} units"
    return str(d.get("kind")), WORKS.get(str(d.get("kind")), str(d.get("kind")))


WORKS = {"fort": "Forts", "base": "Bases", "walls": "City walls", "long_walls": "Long Walls"}


def _where_key(o: Option) -> tuple[str, str]:
    d = o.data or {}
    return P.region_key(str(d["at"])) if "at" in d else (o.id, o.label)


def _near(o: Option) -> tuple[str, str]:
    d = o.data or {}
    return P.near_key(str(d["at"])) if "at" in d else (o.id, o.label)


def menu(s: EState, side: str, path: list[str]) -> list[Option]:
    """The Build menu: `done` first, then the choices grouped (menus.py)."""
    opts = options(s, side)
    return menus.grouped(opts[1:], [_what, _where_key, _near], path, first=opts[:1],
                         rule="7.5")


def wall_time(s: EState, name: str) -> int:
    """7.7; a revolting city builds one season faster (6.5.5)."""
    t = SEASONS_TO_BUILD[f"walls_{B.comps().cities[name].size}"]
    return max(0, t - 1) if name in s.get("revolts", ()) else t


def finish_walls(s: EState, name: str) -> None:
    city = B.comps().cities[name]
    if name in s["unwalled"]:
        s["unwalled"].remove(name)
    if not city.walled and name not in s.setdefault("built_walls", []):
        s["built_walls"].append(name)


def complete_works(s: EState) -> list[str]:
    """7.6.4: walls due this season are finished at its Build stage; walls of a city that
    has changed hands meanwhile are lost with it."""
    lines = []
    now = season_index(s)
    for w in list(s.get("works", [])):
        if w["due"] > now:
            continue
        s["works"].remove(w)
        if "ends" in w:
            lines.append(finish_long_walls(s, w))
            continue
        if w.get("revolt") and w["city"] not in s["revolts"]:
            # 6.5.5: the rebels' walls go when the revolt ends before they stand
            lines.append(f"The rebels' walls at {w['city']} are lost (6.5.5)")
            continue
        if not w.get("revolt") and B.city_owner(s, w["city"]) != w["side"]:
            lines.append(f"The walls begun at {w['city']} are lost (7.6.4)")
            continue
        finish_walls(s, w["city"])
        lines.append(f"The walls of {w['city']} are finished (7.6.4)")
    return lines


def finish_long_walls(s: EState, w: dict[str, Any]) -> str:
    """7.6.5: the Long Walls stand if their builder stayed in his hex the whole time and
    both ends are still fortresses its side holds."""
    a, b = w["ends"]
    u = s["units"].get(w["unit"])
    names = f"{B.place_name(s, a)} and {B.place_name(s, b)}"
    ok = u is not None and u["where"] == MAP and u["hex"] == w["hex"] and all(
        B.holder(s, h) == w["side"] and B.fortress(s, h) for h in (a, b))
    if not ok:
        return f"The Long Walls between {names} are abandoned (7.6.5)"
    for h in (a, b):
        knock_down_long_walls(s, h)  # any older Long Walls whose other end has fallen
    s["long_walls"][a] = b
    s["long_walls"][b] = a
    return f"The Long Walls between {names} are finished (7.6.5)"


class Build(Procedure[EState]):
    """7.5-7.6: one thing at a time, until the player is done."""

    name = "build"

    def enter(self, flow: Flow[EState]) -> None:
        if flow.args.get("first", True):
            flow.args["first"] = False
            for line in complete_works(flow.state):
                note(flow, line)

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        batch = flow.args.get("batch")
        if batch is not None:
            return [batch_prompt(s, side, batch)]
        payer = A.payer(s, side)
        return [Prompt(side, f"{payer.title()}: build (7.5-7.7; treasury "
                             f"{s['treasury'][payer]})",
                       tuple(menu(s, side, flow.args.get("path") or [])), rule="7.5",
                       kind="build")]

    def act(self, flow: Flow[EState], seat: str, answer: object) -> None:
        s, side = flow.state, flow.args["side"]
        batch = flow.args.pop("batch", None)
        if batch is not None:
            n = sum(1 for x in answer if x == MAKE) if isinstance(answer, tuple) else 0
            for _ in range(n):
                self._unit(flow, batch["home"], batch["type"], str(batch["morale"]), quiet=True)
            if n:
                self._pay(flow, 0, f"{N.kind(batch['home'], batch['type'], n)} for the Force "
                                   f"Pool (7.5)", spent=n * COST[batch["type"]])
            return
        a = str(answer)
        if menus.moved(flow.args, a):
            return
        if a == "done":
            flow.end()
            return
        verb, _, rest = a.partition(":")
        if verb == "make":
            home, utype, morale = rest.split(":")
            flow.args["batch"] = {"home": home, "type": utype, "morale": int(morale)}
        elif verb == "unit":  # one unit: a game recorded before the batches
            home, utype, morale = rest.split(":")
            self._unit(flow, home, utype, morale)
        elif verb == "fort":
            s["forts"][rest] = side
            self._pay(flow, COST["fort"], f"a fort at {rest} (7.6.2)")
        elif verb == "base":
            s["bases"][rest] = side
            self._pay(flow, COST["base"], f"a base at {_where(s, rest)} (7.6.3)")
        elif verb == "long":
            a, b = rest.split(":")
            pair = next((p for p in long_wall_pairs(s, side) if p[:2] == (a, b)), None)
            if pair is None:
                raise IllegalAction("Those Long Walls cannot be built.")
            self._pay(flow, COST["long_walls"],
                      f"Long Walls from {_where(s, a)} to {_where(s, b)} (7.6.5)")
            s.setdefault("works", []).append(
                {"ends": [a, b], "side": side, "unit": pair[2],
                 "hex": s["units"][pair[2]]["hex"],
                 "due": season_index(s) + SEASONS_TO_BUILD["long_walls"]})
        elif verb == "walls":
            size = B.comps().cities[rest].size
            t = wall_time(s, rest)
            self._pay(flow, COST[f"walls_{size}"], f"walls for {rest} (7.6.4)")
            if t == 0:
                finish_walls(s, rest)
            else:
                s.setdefault("works", []).append(
                    {"city": rest, "side": side, "due": season_index(s) + t})

    def _unit(self, flow: Flow[EState], home: str, utype: str, morale: str,
              quiet: bool = False) -> None:
        s, side = flow.state, flow.args["side"]
        uid = next((k for k, u in sorted(s["units"].items())
                    if u["where"] == BUILD and u["side"] == side and u["home"] == home
                    and u["type"] == utype and str(u["morale"]) == morale
                    and A.holds(s, home)), None)
        if uid is None:
            raise IllegalAction("No such unit in the Build Pool.")
        s["units"][uid]["where"] = POOL
        season_fx(s).setdefault("built", []).append(uid)  # for Allied Unrest
        if quiet:  # a batch pays once for all
            s["treasury"][A.payer(s, side)] -= COST[utype]
            return
        self._pay(flow, COST[utype], f"{N.kind(home, utype)} for the Force Pool (7.5)")

    def _pay(self, flow: Flow[EState], cost: int, what: str, spent: int | None = None) -> None:
        """`spent`: already taken from the Treasury (a batch), told here."""
        s, side = flow.state, flow.args["side"]
        payer = A.payer(s, side)  # 24.5: each League player pays from his own treasury
        s["treasury"][payer] -= cost
        note(flow, f"{payer.title()} builds {what}: -{N.count(spent or cost, 'talent')}")


def _where(s: EState, h: str) -> str:
    return P.name(h)
