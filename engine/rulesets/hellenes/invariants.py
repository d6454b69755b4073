"""Facts that must hold after every action (checked by `keryx selfplay`)."""

from __future__ import annotations

from collections import Counter

from engine.core.battle_record import problems

from . import board as B
from .cards import deck_cards
from .state import ASIDE, POOL, HState


def check(s: HState) -> list[str]:
    bad: list[str] = []
    areas = B.comps().areas
    for bid, x in s["blocks"].items():
        top = B.spec(bid).max_strength
        if x["loc"] in (POOL, ASIDE):
            if x["cv"] != 0 or x["inside"]:
                bad.append(f"{bid} off the map with cv {x['cv']}")
        elif x["loc"] not in areas:
            bad.append(f"{bid} in unknown place {x['loc']}")
        elif not 1 <= x["cv"] <= top:
            bad.append(f"{bid} at {x['cv']} cv (max {top})")
        elif x["inside"]:
            city = B.city_of(x["loc"])
            fighting = any(f["name"] == "battle" and f["args"]["area"] == x["loc"]
                           for f in s["flow"])
            if city is None or (city.name not in s["sieges"] and not fighting):
                bad.append(f"{bid} inside {x['loc']} without a siege there")
        city = B.city_of(x["loc"]) if x["loc"] in areas else None
        at_home = city is not None and city.nationality == B.spec(bid).nation
        if x["loc"] in areas and B.neutral(s, x["loc"]) and not at_home:
            bad.append(f"{bid} in neutral {x['loc']}")
    battles = {f["args"].get("area") for f in s["flow"] if f["name"] == "battle"}
    if s["battle"] is not None:  # the kernel's record, whole (forces name every unit)
        bad += problems(s["battle"])
    for name, sg in s["sieges"].items():
        city = B.comps().cities[name]
        if city.area in battles:
            continue  # settled when the battle ends (an Appeal to Ares may redo an attack)
        if not B.units_in(s, city.area, sg["besieger"], inside=False):
            bad.append(f"siege of {name} without besiegers")
    ships: Counter[tuple[str, str]] = Counter()
    for bid, x in s["blocks"].items():  # 5.21: a land unit at sea is aboard its own fleet
        if x["loc"] in areas and areas[x["loc"]].kind == "sea" and x["loc"] not in battles:
            ships[(x["loc"], x["side"])] += 1 if B.spec(bid).type == "fleet" else -1
    bad += [f"{side} land units at sea in {sea} without fleets to carry them"
            for (sea, side), n in sorted(ships.items()) if n < 0]
    for name in s["garrisons"]:
        if name not in B.comps().cities:
            bad.append(f"garrison in unknown city {name}")
    c = s["cards"]
    held = c["deck"] + c["discard"] + c["in_play"] + [n for h in c["hands"].values() for n in h]
    dup = [n for n, k in Counter(held).items() if k > 1]
    if dup:
        bad.append(f"cards in two places: {dup}")
    universe = set(deck_cards(s)) | set(B.setup_of(s).leaders.values())
    missing = universe - set(held)
    table = {r["card"] for r in c["revealed"].values()}
    if s["effects"]["pericles_dead"]:
        table |= {n for n in universe if B.card_in(c, n).name == "Pericles"}
    if missing - table:
        bad.append(f"cards lost: {sorted(missing - table)}")
    for side, n in c["leaders"].items():
        if n is not None and n not in c["in_play"]:
            bad.append(f"{side}'s Leader #{n} is not in play")
    return bad
