"""Allegiance and Militance (rules 4.0, 13.0), control of regions (4.3) and tribute
(5.4, 22.4.1, 22.4.4)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.ruleset import asks

from . import alliances as A
from . import board as B
from .components import Components
from .sicily_box import tribute as sicilian
from .state import BTV_ON_CHANGE, MAP, POOL, EState, RegionState, clamp_al, clamp_ml, other

FLIP_BELOW = -2  # 4.3.1
TRIBUTE_LOST = {"S": 0, "M": 1, "L": 2}  # 5.4.2
EMPIRE_BASE = 15  # 22.4.4


def shift(s: EState, region: str, side: str, al: int, ml: int, floor5: bool = False) -> None:
    """Adjust a region for an act of `side` (13.1): the first figures apply where `side`
    controls the region, their negatives elsewhere. AL is kept from the controller's side.
    `floor5`: the adjustment may not lower AL below 5 (13.4 note **)."""
    r = s["regions"].get(region)
    if r is None:
        return
    sign = 1 if keeper(r) == side else -1
    new_al = r["al"] + sign * al
    if floor5 and new_al < r["al"]:
        new_al = max(new_al, min(r["al"], 5))
    r["al"] = clamp_al(new_al)
    r["ml"] = clamp_ml(r["ml"] + (ml if sign > 0 else -ml))


def keeper(r: RegionState) -> str:
    """Whose sheet a region's levels are kept on: its controller's, Athens' for a neutral
    region (23.2.3: the Athenian player keeps neutral Argolid's levels)."""
    return str(r["side"]) if r["side"] in ("athens", "sparta") else "athens"


def victory(s: EState, winner: str, region: str | None, decisive: bool) -> list[str]:
    """13.4 action rows: a victory in a region, and for a decisive one every other region."""
    lines: list[str] = []
    if region is not None and region in s["regions"]:
        if decisive:
            shift(s, region, winner, 5, 2)
        else:
            shift(s, region, winner, 2, 1)
        lines.append(f"{'Decisive v' if decisive else 'V'}ictory for {winner.title()} "
                     f"in {region} (13.4)")
    if decisive:
        for other_region in s["regions"]:
            if other_region != region:
                shift(s, other_region, winner, 2, 1, floor5=True)
    return lines


def victory_in(s: EState, winner: str, regions: list[str | None], decisive: bool) -> list[str]:
    """A victory counted in several regions at once (a sea battle, 13.4 note ***): each gets
    the region's adjustment; a decisive one touches every other region once."""
    if len(regions) <= 1:
        return victory(s, winner, regions[0] if regions else None, decisive)
    lines = []
    for region in regions:
        lines += victory(s, winner, region, False) if not decisive else []
        if decisive and region is not None and region in s["regions"]:
            shift(s, region, winner, 5, 2)
            lines.append(f"Decisive victory for {winner.title()} in {region} (13.4)")
    if decisive:
        for other_region in s["regions"]:
            if other_region not in regions:
                shift(s, other_region, winner, 2, 1, floor5=True)
    return lines


def unit_lost(s: EState, uid: str) -> None:
    """13.4: a unit eliminated costs its home region 1 ML."""
    r = s["regions"].get(s["units"][uid]["home"])
    if r is not None:
        r["ml"] = clamp_ml(r["ml"] - 1)


def city_razed(s: EState, size: str, by: str) -> None:
    """11.2: razing costs every region AL and ML, doubled for a medium city, tripled for a
    large one: -2 AL -1 ML where the razer rules, +2 AL (for the razer's foe) and -1 ML
    elsewhere."""
    times = {"S": 1, "M": 2, "L": 3}[size]
    for _region, r in s["regions"].items():
        if keeper(r) == by:
            r["al"] = clamp_al(r["al"] - 2 * times)
        else:
            r["al"] = clamp_al(r["al"] + 2 * times)
        r["ml"] = clamp_ml(r["ml"] - times)


# ------------------------------------------------------------------ seasonal (13.4)
def seasonal(s: EState, roll: Callable[[], int]) -> list[str]:
    """At most one adjustment per region a season (13.4 note *): an enemy-held city or fort
    (not masked, 10.2.2c), else an unopposed enemy unit, one in an Area with no friendly
    units (13.4's definition: the region's own cities do not oppose it); each costs 1 AL
    on 4-6."""
    c = B.comps()
    lines = []
    with B.steady(s):  # only AL changes below, nothing the index holds
        for region, r in sorted(s["regions"].items()):
            if r["side"] in ("athens", "sparta"):  # a neutral region has no controller
                lines.extend(_seasonal_one(s, c, region, r, roll))
    return lines


def _seasonal_one(s: EState, c: Components, region: str, r: RegionState,
                  roll: Callable[[], int]) -> list[str]:
    lines: list[str] = []
    if True:
        side = r["side"]
        foe = other(side)
        risen = [city.name for city in B.region_cities(region)
                 if city.name in s.get("revolts", ()) and not B.masked(s, city.hex)]
        if risen:  # 13.4: a revolting city costs 1 AL, before anything else
            r["al"] = clamp_al(r["al"] - 1)
            return [f"{region}: {risen[0]} is in revolt: -1 AL (13.4)"]
        held = [city.name for city in B.region_cities(region)
                if B.city_owner(s, city.name) == foe and not B.masked(s, city.hex)]
        held += [h for h, owner in s["forts"].items()
                 if owner == foe and B.region_of_hex(h) == region and not B.masked(s, h)]
        why = f"enemy-held {held[0]}" if held else None
        if why is None:
            for area in c.region_areas[region]:
                if B.unit_presence(s, area) == {foe}:
                    why = f"enemy units unopposed in {area}"
                    break
        if why is None:
            return lines
        die = roll()
        if die >= 4:
            r["al"] = clamp_al(r["al"] - 1)
            lines.append(f"{region}: {why}, die {die}: -1 AL (13.4)")
        else:
            lines.append(f"{region}: {why}, die {die}: no change (13.4)")
    return lines


# ------------------------------------------------------------------ yearly (4.3, 5.4)
def control_check(s: EState) -> list[str]:
    """4.3.1: a region whose AL is below -2 changes hands."""
    lines = []
    for region, r in sorted(s["regions"].items()):
        if r["al"] < FLIP_BELOW and r["side"] in ("athens", "sparta"):
            lines.append(flip(s, region))
    return lines


def flip(s: EState, region: str) -> str:
    """4.3.1: the region changes hands."""
    r = s["regions"][region]
    loser, gainer = r["side"], other(r["side"])
    r["side"], r["al"] = gainer, -r["al"]  # 4.3.1a: mirrored; ML and assessment stay
    if asks(s, BTV_ON_CHANGE):  # 4.3.1a: or the gainer sets it at the BTV (assessment.py)
        s.setdefault("gained", {})[region] = gainer
    for _uid, u in s["units"].items():  # 4.3.1b: the region's units go to its Force Pool
        if u["home"] == region and u["where"] == MAP:
            u.update({"where": POOL, "hex": None, "forage": False, "raid": False})
    for city in B.region_cities(region):
        if city.name in s.get("revolts", ()):
            s["revolts"].remove(city.name)  # 4.3.1: revolts end with the change
        if s["marks"].get(city.name) == gainer:
            del s["marks"][city.name]  # now simply friendly (4.3.1d)
        elif city.name not in s["marks"] and B.units_at(s, city.hex, loser):
            s["marks"][city.name] = loser  # 4.3.1c
    lift_own_sieges(s)
    return f"{region} passes to {gainer.title()} (4.3)"


def lift_own_sieges(s: EState) -> list[str]:
    """A siege of a place that has come back to its besieger (a revolt over, a region
    changing hands), or that no one holds any more (a white revolt, 6.5.1), is simply over:
    no victory for anyone."""
    lines = []
    for h, sg in list(s["sieges"].items()):
        if B.holder(s, h) in (sg["by"], None):
            del s["sieges"][h]
            lines.append(f"The siege at {h} is over: the place is {sg['by'].title()}'s again")
    return lines


def tribute(s: EState, side: str) -> tuple[int, list[str]]:
    """22.4.1 / 5.4: each controlled region pays BTV x its fixed multiplier, less the value
    of its cities enemy-held, besieged or razed; nothing if no friendly unbesieged city."""
    c = B.comps()
    total = 0
    lines = []
    for region, r in sorted(s["regions"].items()):
        if r["side"] != side or not A.holds(s, region):
            continue  # with allies, each League player collects his own regions (24.5)
        cities = B.region_cities(region)
        lost = 0
        good = 0
        for city in cities:
            bad = (city.name in s["razed"] or B.city_owner(s, city.name) != side
                   or city.hex in s["sieges"]
                   or city.name in s.get("helots", ()))  # as if in revolt (Appendix C)
            if bad:
                lost += TRIBUTE_LOST[city.size]
            else:
                good += 1
        due = max(0, c.regions[region].btv * int(r["mult"] or 0) - lost) if good else 0
        total += due
        lines.append(f"{region} {due}")
    if side == "athens" and sicilian(s):  # an allied Sicily pays by the Resolution card (19.0)
        total += sicilian(s)
        lines.append(f"Sicily {sicilian(s)}")
    return total, lines


def athenian_btv(s: EState) -> int:
    c = B.comps()
    return sum(c.regions[r].btv for r, x in s["regions"].items() if x["side"] == "athens")


def btv_victory(s: EState, rule: str, stalemate_ends: bool = True) -> bool:
    """23.5, 26.4: the Base Tribute Values of the regions Athens controls decide (exactly
    40, which the table leaves out, is an Athenian victory: data/README.md). A peace at a
    stalemate does not end the game (20.2: `stalemate_ends` False). True when it ended."""
    n = athenian_btv(s)
    for v in B.comps().scenarios[s["scenario"]].victory:
        lo = v.min if v.min is not None else -99
        hi = v.max if v.max is not None else 999
        if lo <= n <= hi:
            if v.side == "none" and not stalemate_ends:
                return False
            s["result"] = {"winner": v.side, "level": v.level,
                           "why": [["btv_regions", n, v.side, v.level]],
                           "rule": rule}
            s["flow"].clear()
            return True
    return False
