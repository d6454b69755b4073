"""The economic phase (rules 7.1-7.5): revenue, tribute rates and resentment, building,
and the clean-up that ends the turn."""

from __future__ import annotations

from engine.core.ruleset import Context
from engine.core.types import Option

from .battle import seamanship_lost
from .board import board
from .components import MAJORS
from .control import side_of, standing
from .kingdoms import subsidy
from .state import PpwState, add_sps, empty_tally, go_home, log

HOME_REVENUE = (500, 250)  # rule 7.1: all fortresses friendly and unravaged, or not
MESSENIA = (300, 150)  # rule 7.1: helot produce for Sparta
RATES = (100, 200, 300)  # rule 7.2
RESENTMENT_STEP = {100: -1, 200: 1, 300: 2}  # rule 7.2
BUILD_COST = {"hoplite": 100, "cavalry": 100, "naval": 150}  # rule 7.3
SPARTAN_HOPLITE = 200  # rule 7.3
STATION_COST = (25, 50)  # rule 7.4: a land SP, a naval SP
BUILD_LIMIT = {"hoplite": 2, "cavalry": 1, "naval": 3}  # rule 7.3, per turn
# rule 7.1: trade routes of the commercial city-states: talents, spaces an enemy fleet
# must stay out of, and (Pontic grain) spaces of which one of each group must be held
Route = tuple[int, tuple[str, ...], tuple[tuple[str, ...], ...]]
TRADE: dict[str, list[Route]] = {
    "athens": [(300, ("SES", "ABY", "BYZ", "CHL"), (("SES", "ABY"), ("BYZ", "CHL"))),
               (200, ("PIR", "AEG", "NIS"), ())],
    "corinth": [(300, ("NAU", "PAT"), ()), (200, ("CEN", "AEG"), ())],
}


def area_intact(s: PpwState, major: str, area: str) -> bool:
    """Rule 7.1: every fortress space of the area friendly and unravaged."""
    b = board()
    return all(standing(s, major, sp) == "friendly" and sp not in s["ravaged"]
               for sp in b.area_spaces[area] if sp in b.fortress)


def trade_open(s: PpwState, major: str, watch: tuple[str, ...],
               hold: tuple[tuple[str, ...], ...]) -> bool:
    me = side_of(s, major) or major
    for sp in watch:
        for o, v in s["forces"].get(sp, {}).items():
            if v[2] and (side_of(s, o) or o) != me and s["relations"].get(
                    "|".join(sorted((me, side_of(s, o) or o)))) == "war":
                return False
    return all(any(standing(s, major, sp) == "friendly" for sp in group) for group in hold)


def revenue(s: PpwState, major: str) -> dict[str, int]:
    """Rule 7.1: the home area, each tributary at the tribute rate (half when its area is
    not intact, nothing in rebellion), Messenia's fixed yield, the trade routes."""
    b = board()
    card = s["majors"][major]
    out = {"home": HOME_REVENUE[0 if area_intact(s, major, b.city_states[major].area) else 1]}
    tribute = 0
    for cs, st in s["stances"].items():
        if st["status"] != "tributary" or side_of(s, cs) != major or cs not in b.city_states:
            continue
        if b.city_states[cs].home in s["rebel"]:
            continue
        intact = area_intact(s, major, b.city_states[cs].area)
        if cs == "messenia":
            out["messenia"] = MESSENIA[0 if intact else 1]
        else:
            tribute += card["rate"] if intact else card["rate"] // 2
    out["tribute"] = tribute
    for n, (talents, watch, hold) in enumerate(TRADE.get(major, [])):
        if trade_open(s, major, watch, hold):
            out[f"trade_{n}"] = talents
    return out


def collect(s: PpwState, ctx: Context) -> None:
    """Rule 7.1, with Persia's gold (rule 9.6)."""
    for major in MAJORS:
        if s["majors"][major]["surrendered_to"] is not None:
            continue
        got = revenue(s, major)
        gold = subsidy(s, ctx, major)
        if gold:
            got["persia"] = gold
        s["majors"][major]["treasury"] += sum(got.values())
        log(s, "revenue", major=major, talents=sum(got.values()))


def has_tributaries(s: PpwState, major: str) -> bool:
    return any(st["status"] == "tributary" and st["patron"] == major
               for st in s["stances"].values())


def set_rate(s: PpwState, major: str, rate: int) -> None:
    """Rule 7.2: the rate for the next turn; resentment moves by it (0-10)."""
    card = s["majors"][major]
    card["rate"] = rate
    card["resentment"] = max(0, min(10, card["resentment"] + RESENTMENT_STEP[rate]))


def unit_cost(major: str, kind: str) -> int:
    return SPARTAN_HOPLITE if (major, kind) == ("sparta", "hoplite") else BUILD_COST[kind]


def headroom(s: PpwState, major: str, kind: str) -> int:
    """Rule 1.9: what the counter mix still allows."""
    i = ("hoplite", "cavalry", "naval").index(kind)
    have = sum(v.get(major, [0, 0, 0])[i] for v in s["forces"].values())
    return board().mix[major][kind] - have


def build_options(s: PpwState, major: str) -> list[Option]:
    """Rule 7.3: each SP a major could build this turn, one option apiece (ships only
    with a friendly port)."""
    b = board()
    cs = b.city_states[major]
    out = []
    limit = dict(BUILD_LIMIT, hoplite=1 if major == "sparta" else 2,
                 naval=4 if major == "athens" else 3, cavalry=2 if major == "thebes" else 1)
    money = s["majors"][major]["treasury"]
    for kind in ("hoplite", "cavalry", "naval"):
        if kind == "naval" and (cs.port is None or standing(s, major, cs.port) != "friendly"):
            continue
        n = min(limit[kind], headroom(s, major, kind), money // unit_cost(major, kind))
        for k in range(1, n + 1):
            out.append(Option(f"{kind}{k}", f"Build {kind} SP {k}", "7.3",
                              data={"kind": kind, "cost": unit_cost(major, kind)}))
    return out


def build(s: PpwState, major: str, chosen: list[str]) -> None:
    """Rule 7.3: the SPs chosen, in order, as far as the treasury pays; new land SPs stand
    at home, ships at the port."""
    b = board()
    cs = b.city_states[major]
    card = s["majors"][major]
    for opt in chosen:
        kind = opt.rstrip("0123456789")
        cost = unit_cost(major, kind)
        if cost > card["treasury"] or headroom(s, major, kind) <= 0:
            continue
        card["treasury"] -= cost
        where = cs.port if kind == "naval" and cs.port else cs.home
        add_sps(s, where, major, int(kind == "hoplite"), int(kind == "cavalry"),
                int(kind == "naval"))
        log(s, "built", major=major, kind=kind)


def upkeep(s: PpwState) -> None:
    """Rule 7.4: SPs on year-round station cost 25 talents a land SP and 50 a naval SP;
    a stack its major cannot pay for goes home."""
    for space in sorted(s["station"]):
        for major in sorted(s["station"][space]):
            v = s["forces"].get(space, {}).get(major)
            if v is None:
                continue
            cost = STATION_COST[0] * (v[0] + v[1]) + STATION_COST[1] * v[2]
            card = s["majors"][major]
            if card["treasury"] >= cost:
                card["treasury"] -= cost
                continue
            go_home(s, space, major)
            s["station"][space].remove(major)
            log(s, "station_unpaid", major=major, space=space)


def clean_up(s: PpwState) -> None:
    """Rule 7.5: ravaged markers go, the turn's tallies restart (Athens' seamanship
    stays lost, rule 5.3), leaders sent off the map come back (rule 1.12), the turn
    advances."""
    s["ravaged"] = []
    if seamanship_lost(s):
        s["seamanship_lost"] = True  # rule 5.3: for good
    s["tally"] = {m: empty_tally() for m in MAJORS}
    for ldr, status in s["leaders"].items():
        if status == "away":  # rule 1.12: back for the next turn
            s["leaders"][ldr] = "pool"
    s["turn"] += 1
