"""The Placement stage (rules 7.3, 7.8.5, 4.4.2, 22.4.5): units and leaders between the
Force Pool and their region's friendly cities; Athens' three permanent bases."""

from __future__ import annotations

from typing import Any

from engine import IllegalAction, Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure

from . import alliances as A
from . import board as B
from . import ionian, persia, sicily, special
from .notes import note
from .state import MAP, POOL, EState

ATHENS_BASES = 3  # 22.4.5
BUILD_ML = 5  # 4.4.2


def home_cities(s: EState, side: str, region: str) -> list[str]:
    """7.3.2: friendly, unbesieged cities of the region (none while its ML is below 5)."""
    r = s["regions"].get(region)
    if r is None or r["side"] != side or r["ml"] < BUILD_ML or not A.holds(s, region):
        return []  # 24.2.3: with allies, only the regions the player controls
    return [city.name for city in B.region_cities(region)
            if B.city_owner(s, city.name) == side and city.hex not in s["sieges"]
            and not B.masked(s, city.hex)]


def _label(u: dict[str, Any]) -> str:
    return f"{u['home']} {u['type']} (morale {u['morale']})"


def _piece(u: dict[str, Any], kind: str, **where: str) -> dict[str, Any]:
    """An option's facts about a unit of a pool: which kind of piece, and where to or from."""
    return {"kind": kind, "home": u["home"], "type": u["type"], "morale": u["morale"], **where}


def options(s: EState, side: str) -> list[Option]:
    c = B.comps()
    opts: list[Option] = []
    seen: set[str] = set()
    for _uid, u in sorted(s["units"].items()):
        if u["side"] != side or u["placed"] or not A.mine(s, u):
            continue
        if u["where"] == POOL:
            if ionian.sicilian(u):
                continue  # Sicily's fleets come through the Sicily box (sicily.py)
            for name in home_cities(s, side, u["home"]):
                if u["type"] == "fleet" and not B.is_port(s, c.cities[name].hex, side):
                    continue  # 18.4: fleets enter only ports (one a base makes too, 7.6.3c)
                oid = f"place:{u['home']}:{u['type']}:{u['morale']}:{name}"
                if oid not in seen:
                    seen.add(oid)
                    opts.append(Option(oid, f"Place a {_label(u)} at {name}", "7.3",
                                       data=_piece(u, "place", to=c.cities[name].hex)))
        elif u["where"] == MAP and not ionian.sicilian(u):  # Sicily's fleets stay out
            city = B.city_at(s, u["hex"])
            if city is not None and city.name in home_cities(s, side, u["home"]):
                oid = f"remove:{u['home']}:{u['type']}:{u['morale']}:{city.name}"
                if oid not in seen:
                    seen.add(oid)
                    opts.append(Option(oid, f"Return a {_label(u)} from {city.name} to the "
                                            "Force Pool", "7.3",
                                       data=_piece(u, "remove", **{"from": city.hex})))
    for name, x in sorted(s["leaders"].items()):
        if x["side"] != side or x.get("placed") or not A.mine(s, x):
            continue
        if x["where"] == "force":
            for there in _leader_cities(s, side, x["region"]):
                opts.append(Option(f"lplace:{name}:{there}", f"Bring {name} to {there}",
                                   "7.8.5", data={"kind": "place_leader", "leader": name,
                                                  "to": c.cities[there].hex}))
        elif x["where"] == MAP:
            city = B.city_at(s, x["hex"])
            region = c.region_of_city(city.name) if city else None
            if city is not None and region and B.city_owner(s, city.name) == side \
                    and not B.masked(s, city.hex):
                opts.append(Option(f"lremove:{name}", f"Send {name} to the {region} Force Pool",
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


def _leader_cities(s: EState, side: str, region: str) -> list[str]:
    return [city.name for city in B.region_cities(region)
            if B.city_owner(s, city.name) == side and not B.masked(s, city.hex)]


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
    city = B.city_at(s, h)
    return f"{city.name} ({h})" if city else h


class Place(Procedure[EState]):
    name = "place"

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        side = flow.args["side"]
        who = A.payer(flow.state, side).title()  # with allies, the League player placing
        return [Prompt(side, f"{who}: place units from the Force Pool or return them (7.3)",
                       tuple(options(flow.state, side)), rule="7.3", kind="place")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s, side = flow.state, flow.args["side"]
        a = str(answer)
        if a == "done":
            for x in s["leaders"].values():
                x.pop("placed", None)
            flow.end()
            return
        if sicily.place_act(flow, side, a) or persia.give_up_act(flow, side, a):
            return
        parts = a.split(":")
        if parts[0] in ("place", "remove"):
            _, home, utype, morale, where = parts
            hexid = B.comps().cities[where].hex
            want = POOL if parts[0] == "place" else MAP
            uid = next((k for k, u in sorted(s["units"].items())
                        if u["side"] == side and A.mine(s, u) and u["home"] == home
                        and u["type"] == utype
                        and u["morale"] == int(morale) and u["where"] == want
                        and not u["placed"] and (want == POOL or u["hex"] == hexid)), None)
            if uid is None:
                raise IllegalAction("No such unit.")
            u = s["units"][uid]
            if parts[0] == "place":
                u.update(where=MAP, hex=hexid, placed=True, forage=False, raid=False)
                note(flow, f"{A.payer(s, side).title()} places {_label(u)} at {where} (7.3)")
            else:
                u.update(where=POOL, hex=None, placed=True, forage=False, raid=False)
                note(flow, f"{A.payer(s, side).title()} returns {_label(u)} from {where} (7.3)")
        elif parts[0] == "lplace":
            x = s["leaders"][parts[1]]
            x.update(where=MAP, hex=B.comps().cities[parts[2]].hex, region=None, placed=True)
            note(flow, f"{parts[1]} takes the field at {parts[2]} (7.8.5)")
        elif parts[0] == "lremove":
            x = s["leaders"][parts[1]]
            city = B.city_at(s, x["hex"])
            assert city is not None
            x.update(where="force", region=B.comps().region_of_city(city.name), hex=None,
                     placed=True)
            note(flow, f"{parts[1]} goes to the Force Pool (7.8.5)")
        elif parts[0] == "base":
            s["bases"][parts[1]] = "athens"
            s["bases_placed"] += 1
            note(flow, f"Athens places a permanent base at {_where(s, parts[1])} (22.4.5)")
