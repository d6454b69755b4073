"""The Placement stage (rules 7.3, 7.8.5, 4.4.2, 22.4.5): units and leaders between the
Force Pool and their region's friendly cities; Athens' three permanent bases."""

from __future__ import annotations

from typing import Any

from engine import IllegalAction, Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import alliances as A
from . import board as B
from . import ionian, menus, persia, sicily, special
from . import places as P
from . import unit_names as N
from .notes import note
from .state import MAP, PLACING_IN_MASKED, POOL, EState, Unit, on_board

ATHENS_BASES = 3  # 22.4.5
BUILD_ML = 5  # 4.4.2


def home_cities(s: EState, side: str, region: str) -> list[str]:
    """7.3.2: friendly, unbesieged cities of the region (none while its ML is below 5)."""
    return list(B.steady_memo(s, ("home_cities", side, region),
                              lambda: _home_cities(s, side, region)))


def _home_cities(s: EState, side: str, region: str) -> list[str]:
    r = s["regions"].get(region)
    if r is None or r["side"] != side or r["ml"] < BUILD_ML or not A.holds(s, region):
        return []  # 24.2.3: with allies, only the regions the player controls
    return [city.name for city in B.region_cities(region)
            if B.city_owner(s, city.name) == side and city.hex not in s["sieges"]
            and _open_for_placing(s, city.hex)]


def _open_for_placing(s: EState, h: str) -> bool:
    """10.2.2 note: a masked city, unlike a besieged one, still takes and sends back units
    (they must fight the maskers to leave it); games before generation 6 barred it."""
    if asks(s, PLACING_IN_MASKED):
        return h not in s["sieges"]
    return not B.masked(s, h)


def _label(u: Unit) -> str:
    return f"{N.kind(u['home'], u['type'])} (morale {u['morale']})"


def _kind_key(u: Unit) -> tuple[str, str, int]:
    return u["home"], u["type"], u["morale"]


def _kind_text(home: str, utype: str, morale: int, n: int) -> str:
    return f"{N.kind(home, utype, n)} (morale {morale})"


def _places_for(s: EState, side: str, home: str, utype: str) -> list[str]:
    """7.3.2, 18.4: the cities a unit of this kind may be placed in (asked for each unit in
    the pool: once a kind while the state stands still)."""
    c = B.comps()
    return list(B.steady_memo(s, ("places_for", side, home, utype), lambda: [
        name for name in home_cities(s, side, home)
        if utype != "fleet" or B.is_port(s, c.cities[name].hex, side)]))


def _pool_kinds(s: EState, side: str) -> dict[tuple[str, str, int], list[str]]:
    """Force Pool units `side` may place now, by kind (home, type, morale)."""
    out: dict[tuple[str, str, int], list[str]] = {}
    for uid, u in sorted((k, u) for k, u in s["units"].items()  # the few first, then sorted
                         if u["where"] == POOL and u["side"] == side):
        if u["placed"] or not A.mine(s, u):
            continue
        if ionian.sicilian(u):
            continue  # Sicily's fleets come through the Sicily box (sicily.py)
        if _places_for(s, side, u["home"], u["type"]):
            out.setdefault(_kind_key(u), []).append(uid)
    return out


def _map_kinds(s: EState, side: str) -> dict[tuple[str, str, int], list[str]]:
    """Units in a friendly city of their own region that may go back to the Force Pool
    (7.3), by kind."""
    out: dict[tuple[str, str, int], list[str]] = {}
    for uid, u in sorted((k, u) for k, u in s["units"].items()  # the few first, then sorted
                         if u["where"] == MAP and u["side"] == side):
        if u["placed"] or not A.mine(s, u):
            continue
        if ionian.sicilian(u):
            continue  # Sicily's fleets stay out
        city = B.city_at(s, u["hex"])
        if city is not None and city.name in home_cities(s, side, u["home"]):
            out.setdefault(_kind_key(u), []).append(uid)
    return out


def options(s: EState, side: str) -> list[Option]:
    """Everything the Placement stage offers, one option each: a kind of unit to place in
    a batch (how many where: `batch_prompt`), a kind to send back in a batch, a leader, a
    base, the Sicily box's and Persia's choices, and `done`."""
    c = B.comps()
    opts: list[Option] = []
    for (home, utype, morale), uids in _pool_kinds(s, side).items():
        cities = _places_for(s, side, home, utype)
        opts.append(Option(
            f"put:{home}:{utype}:{morale}",
            f"Place {_kind_text(home, utype, morale, len(uids))} from the Force Pool", "7.3",
            data={"kind": "place_batch", "home": home, "type": utype, "morale": morale,
                  "count": len(uids), "to": [c.cities[x].hex for x in cities],
                  # the one-unit answers of games recorded before the batches
                  "also": [f"place:{home}:{utype}:{morale}:{x}" for x in cities]}))
    for (home, utype, morale), uids in _map_kinds(s, side).items():
        where = sorted({on_board(s["units"][u]) for u in uids})
        opts.append(Option(
            f"take:{home}:{utype}:{morale}",
            f"Return {_kind_text(home, utype, morale, len(uids))} to the Force Pool", "7.3",
            data={"kind": "return_batch", "home": home, "type": utype, "morale": morale,
                  "count": len(uids), "from": where,
                  "also": [f"remove:{home}:{utype}:{morale}:{B.city_by_hex()[h].name}"
                           for h in where]}))
    for name, x in sorted(s["leaders"].items()):
        if x["side"] != side or x.get("placed") or not A.mine(s, x):
            continue
        if x["where"] == "force" and x["region"] is not None:
            for there in _leader_cities(s, side, x["region"]):
                opts.append(Option(f"lplace:{name}:{there}", f"Bring {name} to {there}",
                                   "7.8.5", data={"kind": "place_leader", "leader": name,
                                                  "to": c.cities[there].hex}))
        elif x["where"] == MAP:
            city = B.city_at(s, x["hex"])
            region = c.region_of_city(city.name) if city else None
            if city is not None and region and B.city_owner(s, city.name) == side \
                    and _open_for_placing(s, city.hex):
                opts.append(Option(f"lremove:{name}", f"Send {name} to the "
                                                      f"{N.region_name(region)} Force Pool",
                                   "7.8.5", data={"kind": "remove_leader", "leader": name,
                                                  "from": city.hex, "region": region}))
    if side == "athens" and s["bases_placed"] < special.PERMANENT_BASES.get(s["scenario"], 0):
        for h in base_hexes(s):
            opts.append(Option(f"base:{h}", f"Place a permanent base at {_where(s, h)} "
                                            f"({ATHENS_BASES - s['bases_placed']} left)", "22.4.5",
                               data={"kind": "base", "at": h}))
    opts += sicily.place_options(s, side)  # 19.2: the Leaving Sicily box
    opts += persia.give_up_options(s, side)  # App. C: Sparta gives up an Offers Fleet card
    opts.append(Option("done", "Placement done", "7.3", data={"kind": "done"}))
    return opts


GROUPED = ("place_batch", "return_batch", "place_leader", "remove_leader", "base")


def _what(o: Option) -> tuple[str, str]:
    """A placement option's first group: its region's units, the leaders, the bases."""
    d = o.data or {}
    if d.get("kind") in ("place_batch", "return_batch"):
        return f"u:{d['home']}", f"{N.region_name(str(d['home']))} units"
    if d.get("kind") == "base":
        return "bases", "Permanent bases"
    return "leaders", "Leaders"


def _which(o: Option) -> tuple[str, str]:
    d = o.data or {}
    if d.get("kind") == "base":
        return P.region_key(str(d["at"]))
    if "leader" in d:
        return str(d["leader"]), str(d["leader"])
    return o.id, o.label


def _near(o: Option) -> tuple[str, str]:
    d = o.data or {}
    return P.near_key(str(d["at"])) if "at" in d else (o.id, o.label)


def menu(s: EState, side: str, path: list[str]) -> list[Option]:
    """The Placement menu: `done` first, then the choices grouped (menus.py)."""
    opts = options(s, side)
    leaves = [o for o in opts if (o.data or {}).get("kind") in GROUPED]
    pinned = [o for o in opts if o not in leaves and o.id != "done"]
    done = [o for o in opts if o.id == "done"]
    return menus.grouped(leaves, [_what, _which, _near], path, first=done, last=pinned,
                         rule="7.3")


KEEP, STAY = "keep", "stay"


def batch_prompt(s: EState, side: str, batch: dict[str, Any]) -> Prompt:
    """7.3: how many units of one kind go where, in one answer; leaving them (the first
    choice) is what a player done with this kind answers."""
    home, utype, morale = batch["home"], batch["type"], batch["morale"]
    c = B.comps()
    if batch["kind"] == "place_batch":
        uids = _pool_kinds(s, side).get((home, utype, morale), [])
        n = len(uids)
        opts = [Option(KEEP, "Leave in the Force Pool", "7.3", cap=n, data={"kind": "keep"})]
        opts += [Option(f"at:{x}", f"{x} ({c.cities[x].hex})", "7.3", cap=n,
                        data={"kind": "place", "home": home, "type": utype, "morale": morale,
                              "city": x, "to": c.cities[x].hex})
                 for x in _places_for(s, side, home, utype)]
        text = (f"Place {_kind_text(home, utype, morale, n)}: allocate each to a city, "
                "or leave it in the Force Pool (7.3)")
    else:
        uids = _map_kinds(s, side).get((home, utype, morale), [])
        n = len(uids)
        here: dict[str, int] = {}
        for u in uids:
            name = B.city_by_hex()[on_board(s["units"][u])].name
            here[name] = here.get(name, 0) + 1
        opts = [Option(STAY, "Leave where it is", "7.3", cap=n, data={"kind": "stay"})]
        opts += [Option(f"from:{x}", f"Back from {x} ({k} there)", "7.3", cap=k,
                        data={"kind": "remove", "home": home, "type": utype, "morale": morale,
                              "city": x, "from": c.cities[x].hex})
                 for x, k in sorted(here.items())]
        text = (f"Return {_kind_text(home, utype, morale, n)} to the Force Pool: allocate "
                "each to stay or to come back from its city (7.3)")
    return decisions.allocate(side, text, opts, max(1, n), rule="7.3", kind="placement")


def _leader_cities(s: EState, side: str, region: str) -> list[str]:
    return [city.name for city in B.region_cities(region)
            if B.city_owner(s, city.name) == side and _open_for_placing(s, city.hex)]


def base_hexes(s: EState) -> list[str]:
    """22.4.5: where Athens has a unit or a friendly city, and no base stands yet."""
    out = {u["hex"] for u in s["units"].values() if u["side"] == "athens" and u["where"] == MAP}
    allowed = B.allowed(s, "athens")
    for city in B.comps().cities.values():
        if city.hex in allowed and B.city_owner(s, city.name) == "athens" \
                and city.hex not in s["sieges"]:
            out.add(city.hex)
    return sorted(h for h in out if h not in s["bases"] and h in B.comps().hexes)


def _where(s: EState, h: str) -> str:
    return P.name(h)


class Place(Procedure[EState]):
    name = "place"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, side = flow.state, flow.args["side"]
        batch = flow.args.get("batch")
        if batch is not None:
            return [batch_prompt(s, side, batch)]
        who = A.payer(s, side).title()  # with allies, the League player placing
        return [Prompt(side, f"{who}: place units from the Force Pool or return them (7.3)",
                       tuple(menu(s, side, flow.args.get("path") or [])), rule="7.3",
                       kind="place")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s, side = flow.state, flow.args["side"]
        if flow.args.get("batch") is not None:
            self._batch(flow, flow.args.pop("batch"), answer)
            return
        a = str(answer)
        if menus.moved(flow.args, a):
            return
        if a == "done":
            for x in s["leaders"].values():
                x.pop("placed", None)
            flow.end()
            return
        if sicily.place_act(flow, side, a) or persia.give_up_act(flow, side, a):
            return
        parts = a.split(":")
        if parts[0] in ("put", "take"):
            _, home, utype, morale = parts
            flow.args["batch"] = {"kind": "place_batch" if parts[0] == "put" else "return_batch",
                                  "home": home, "type": utype, "morale": int(morale)}
        elif parts[0] in ("place", "remove"):  # one unit: a game recorded before the batches
            _, home, utype, morale, where = parts
            self._one(flow, parts[0], home, utype, int(morale), where)
        elif parts[0] == "lplace":
            x = s["leaders"][parts[1]]
            x.update({"where": MAP, "hex": B.comps().cities[parts[2]].hex, "region": None,
                      "placed": True})
            note(flow, f"{parts[1]} takes the field at {parts[2]} (7.8.5)")
        elif parts[0] == "lremove":
            x = s["leaders"][parts[1]]
            city = B.city_at(s, x["hex"])
            assert city is not None
            x.update({"where": "force", "region": B.comps().region_of_city(city.name),
                      "hex": None, "placed": True})
            note(flow, f"{parts[1]} goes to the Force Pool (7.8.5)")
        elif parts[0] == "base":
            s["bases"][parts[1]] = "athens"
            s["bases_placed"] += 1
            note(flow, f"Athens places a permanent base at {_where(s, parts[1])} (22.4.5)")

    def _batch(self, flow: Flow[EState], batch: dict[str, Any],
               answer: decisions.Answer) -> None:
        """The allocation answered: so many units of the kind to each city (or back from
        each), in one go; a kind left alone changes nothing."""
        chosen = [str(x) for x in answer] if isinstance(answer, tuple) else [str(answer)]
        counts: dict[str, int] = {}
        for x in chosen:
            if x not in (KEEP, STAY):
                counts[x] = counts.get(x, 0) + 1
        verb = "place" if batch["kind"] == "place_batch" else "remove"
        for option, n in counts.items():
            city = option.split(":", 1)[1]
            for _ in range(n):
                self._one(flow, verb, batch["home"], batch["type"], batch["morale"], city,
                          quiet=True)
            what = _kind_text(batch["home"], batch["type"], batch["morale"], n)
            who = A.payer(flow.state, flow.args["side"]).title()
            note(flow, f"{who} places {what} at {city} (7.3)" if verb == "place" else
                 f"{who} returns {what} from {city} to the Force Pool (7.3)")

    def _one(self, flow: Flow[EState], verb: str, home: str, utype: str, morale: int,
             where: str, quiet: bool = False) -> None:
        s, side = flow.state, flow.args["side"]
        hexid = B.comps().cities[where].hex
        want = POOL if verb == "place" else MAP
        uid = next((k for k, u in sorted(s["units"].items())
                    if u["side"] == side and A.mine(s, u) and u["home"] == home
                    and u["type"] == utype
                    and u["morale"] == morale and u["where"] == want
                    and not u["placed"] and (want == POOL or u["hex"] == hexid)), None)
        if uid is None:
            raise IllegalAction("No such unit.")
        u = s["units"][uid]
        if verb == "place":
            u.update({"where": MAP, "hex": hexid, "placed": True, "forage": False, "raid": False})
        else:
            u.update({"where": POOL, "hex": None, "placed": True, "forage": False, "raid": False})
        if quiet:
            return
        who = A.payer(s, side).title()
        note(flow, f"{who} places {_label(u)} at {where} (7.3)" if verb == "place" else
             f"{who} returns {_label(u)} from {where} to the Force Pool (7.3)")
