"""Facts that must hold after every action (checked by `keryx selfplay`)."""

from __future__ import annotations

from functools import cache

from engine.core.battle_record import problems as record_problems

from . import alliances as A
from . import board as B
from . import persia
from .state import DEAD, MAP, POOL, EState

LEADER_CAP = 3  # 22.4.3; each scenario states its own (leaders_cap)


@cache
def _land_hexes() -> frozenset[str]:
    """The map's land hexes (component data)."""
    return frozenset(h for h, x in B.comps().hexes.items() if x.kind == "land")


def check(s: EState) -> list[str]:
    with B.steady(s):  # nothing changes while the facts are checked
        return _check(s)


def _check(s: EState) -> list[str]:
    bad: list[str] = []
    c = B.comps()
    active: dict[str, list[str]] = {}
    by_seat: dict[str, list[str]] = {}
    for n, x in s["leaders"].items():
        if x["where"] != DEAD and not x.get("persian"):  # Persia's generals: Appendix C
            active.setdefault(x["side"], []).append(n)
            by_seat.setdefault(A.owner(x), []).append(n)
    caps = c.scenarios[s["scenario"]].leaders_cap  # 22.4.3, 24.2.2, 25.2.1
    for seat, names in by_seat.items():
        if len(names) > caps.get(seat, LEADER_CAP):
            bad.append(f"{seat} has {len(names)} leaders in play")
    for side, names in s["leader_pool"].items():
        mine = active.get(side, [])
        # with allies the League's leaders share one side: A.check counts each seat's cap
        if not A.multi(s) and \
                len(mine) > c.scenarios[s["scenario"]].leaders_cap.get(side, LEADER_CAP):
            bad.append(f"{side} has {len(mine)} leaders in play")
        if set(names) & set(mine):
            bad.append(f"{side} leader both in the pool and in play")
    bad += A.check(s)
    allowed = {side: B.allowed(s, side) for side in ("athens", "sparta")}
    areas, land, units = c.areas, _land_hexes(), s["units"]  # this loop runs every action
    for uid, u in units.items():
        where = u["where"]
        if where == MAP:
            h = u["hex"]
            if h in areas:
                if areas[h].kind == "land":
                    bad.append(f"{uid} placed on a land Area {h}")
                elif u["type"] != "fleet" and not any(
                        units[f]["type"] == "fleet" and units[f]["side"] == u["side"]
                        for f in B.units_at(s, h)):
                    bad.append(f"{uid} at sea in {h} with no fleet")
            elif h not in land:
                bad.append(f"{uid} at {h}, not a land hex")
            elif h not in allowed[u["side"]] and not persia.in_satrapy(s, uid):
                bad.append(f"{uid} outside the scenario's map at {h}")
        elif where in (POOL, DEAD, "build", "sicily", "leaving"):  # 19.0: its boxes
            if u["hex"] is not None:
                bad.append(f"{uid} off the map with a hex")
        else:
            bad.append(f"{uid} in unknown place {where}")
        if where != MAP and (u["forage"] or u["raid"]):
            bad.append(f"{uid} off the map but marked")
    for name, x in s["leaders"].items():
        if x["where"] == MAP and x["hex"] not in c.hexes and x["hex"] not in c.areas:
            bad.append(f"{name} at unknown hex {x['hex']}")
        if x["where"] in ("sicily", "leaving") and x["hex"] is not None:
            bad.append(f"{name} in Sicily with a hex")
    for r, lv in s["regions"].items():
        if not -4 <= lv["al"] <= 20 or not 1 <= lv["ml"] <= 20:
            bad.append(f"{r} AL/ML out of range: {lv['al']}/{lv['ml']}")
    for h, sg in s["sieges"].items():
        if B.holder(s, h) in (None, sg["by"]):
            bad.append(f"siege at {h} of a place {sg['by']} holds")
        if not 1 <= sg["morale"] <= 12:
            bad.append(f"siege at {h} with morale {sg['morale']}")
    for name in s.get("revolts", []):
        if name in s["marks"] or name in s["razed"]:
            bad.append(f"{name} both in revolt and marked or razed")
    for name, side in s.get("kept", {}).items():  # 6.5.4
        if name not in s.get("revolts", []) or not B.units_at(s, c.cities[name].hex, side):
            bad.append(f"{name} kept by {side} with no revolt or none of its units inside")
    for name in s.get("helots", []):
        if c.cities[name].capital == "sparta" or B.city_region()[name] != "laconia":
            bad.append(f"helot marker on {name}")
    for h, p in s["long_walls"].items():  # 7.6.5, 10.9, 11.3.1
        if s["long_walls"].get(p) != h or p not in c.land_neighbors(h):
            bad.append(f"Long Walls {h}-{p} not a pair of neighbours")
        elif not B.fortress(s, h):
            bad.append(f"Long Walls standing at {h}, no fortress")
    for uid, u in s["units"].items():  # 19.2: who leaves Sicily knows where to
        if u["where"] == "leaving" and u.get("to") not in ("corcyran-waters", "north-ionian"):
            bad.append(f"{uid} in the Leaving Sicily box bound for {u.get('to')}")
    for side, t in s["treasury"].items():
        if t < 0:
            bad.append(f"{side} treasury {t}")
    if s["bases_placed"] > 3:
        bad.append("more than three Athenian bases placed")
    if s["battle"] is None:
        for h, here in B.units_by_hex(s).items():
            side = units[here[0]]["side"]
            if any(units[u]["side"] != side for u in here) and h in c.hexes and \
                    B.holder(s, h) is None and not any(
                    a["hex"] == h for a in s.get("attacks", [])):
                bad.append(f"both sides in the open at {h} with no battle due")
    else:  # a battle is told by the kernel's record, never by sentences (issue 30)
        bad += [f"battle record: {p}" for p in record_problems(s["battle"].get("record"))]
    return bad
