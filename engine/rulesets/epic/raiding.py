"""Raiding (rules 15.1-15.4): plunder unfriendly regions for talents, cost them Militance."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import alliances as A
from . import board as B
from . import places as P
from . import supply as S
from .building import knock_down_long_walls
from .notes import note
from .state import WALLS_AND_REVOLTS, EState, clamp_ml, on_board, other
from .unit_names import count, named, region_name


def raiders(s: EState, side: str) -> list[str]:
    """Hexes where `side` has land units in an Area of a region the enemy controls (15.2).
    Raiders are taken to stand outside any fortification (15.1), so a garrison of its own
    fort or city may raid too (the Ionian War's Decelea), unless enemies mask it and it is
    shut in (10.2.2d); in a battle that Campaign Turn they fight outside (`outside`)."""
    out = set()
    for uid in B.on_map(s, side):
        u = s["units"][uid]
        if u["type"] == "fleet" or u["hex"] not in B.comps().hexes or not A.mine(s, u):
            continue
        if B.holder(s, u["hex"]) == side and B.masked(s, u["hex"]):
            continue  # shut in its own city or fort by enemies (10.2.2d)
        region = B.region_of_hex(u["hex"])
        r = s["regions"].get(region) if region else None
        if r is not None and r["side"] == other(side):
            out.add(u["hex"])
    return sorted(out)


def outside(s: EState, h: str, side: str) -> list[str]:
    """Land units of `side` raiding from inside their own city or fort at `h`: they stand
    outside it (15.1), and so do units pulling its walls down, "raiding for combat
    purposes" (11.3.1b); a battle there finds them in the open."""
    if B.holder(s, h) != side:
        return []
    return sorted(u for u in B.units_at(s, h, side)
                  if s["units"][u]["raid"] and s["units"][u]["type"] != "fleet")


def raid(s: EState, side: str, h: str) -> str:
    units = [u for u in B.units_at(s, h, side)
             if s["units"][u]["type"] != "fleet" and A.mine(s, s["units"][u])]
    area = B.area_of(h)
    fn = B.comps().areas[area].forage or 0
    before = s["raided"].get(area, 0)
    supplied = S.supplied_areas(s, side)
    paying = [u for u in units if S.in_supply(s, u, supplied)]
    gain = max(0, min(len(paying), fn - before))  # 15.3
    s["raided"][area] = before + len(units)  # 15.2
    s["treasury"][A.payer(s, side)] += gain
    for u in units:
        s["units"][u]["raid"] = True
    text = (f"{A.payer(s, side).title()} raids {P.area_name(area) if area in B.comps().areas else area} "
            f"with {count(len(units), 'unit')}: +{count(gain, 'talent')} (15.2, 15.3)")
    if area not in s["raided_now"]:  # 15.4: once per Area a season
        s["raided_now"].append(area)
        region = B.region_of_hex(h)
        if region is None:
            raise RuntimeError(f"raided hex {h} lies in no region")
        r = s["regions"][region]
        r["ml"] = clamp_ml(r["ml"] - 1)
        text += f", {region_name(str(B.region_of_hex(h)))} -1 ML (15.4)"
    return text


def raze_raid(s: EState, side: str, h: str) -> str:
    """11.1.3: every land unit of the razer in the city's hex takes part and raids in all
    respects: a Raiding marker (it stays the turn, 15.1), a talent for each one in supply up
    to what the Area has left this year (15.3) and 1 ML once a season (15.4), both only in a
    region of the enemy's (15.2, as `raiders`); then the Area is Raided to its Forage
    Number."""
    units = [u for u in B.units_at(s, h, side) if s["units"][u]["type"] != "fleet"]
    area = B.area_of(h)
    fn = B.comps().areas[area].forage or 0
    before = s["raided"].get(area, 0)
    region = B.region_of_hex(h)
    r = s["regions"].get(region) if region else None
    enemy = r is not None and r["side"] == other(side)
    gain = 0
    if enemy:
        supplied = S.supplied_areas(s, side)
        paying = [u for u in units if S.in_supply(s, u, supplied)]
        gain = max(0, min(len(paying), fn - before))
        s["treasury"][A.payer(s, side)] += gain
    for u in units:
        s["units"][u]["raid"] = True
    s["raided"][area] = max(before + len(units), fn)
    text = f"its {len(units)} razers raid {area}: +{gain} talents (11.1.3, 15.3)"
    if enemy and area not in s["raided_now"]:
        assert r is not None and region is not None
        s["raided_now"].append(area)
        r["ml"] = clamp_ml(r["ml"] - 1)
        text += f", {region} -1 ML (15.4)"
    return text


def wreckers(s: EState, side: str) -> list[str]:
    """11.3.1b: walled cities and forts `side` holds with one of its land units inside that
    could spend the Campaign Turn pulling the walls down. Walls anchoring Long Walls only when
    `side` holds both ends (11.3.2: they fall with them, RULINGS.md). Never under an enemy's
    eyes: a place masked by enemy land units keeps its walls (ruling 81). A game of
    generation 1 on offers only places where it makes sense (`worth_pulling_down`)."""
    sifted = asks(s, WALLS_AND_REVOLTS)
    out = []
    for h in sorted({on_board(s["units"][u]) for u in B.on_map(s, side)
                     if A.mine(s, s["units"][u])}):
        if (B.holder(s, h) != side or not B.fortress(s, h) or B.masked(s, h)
                or not wrecker(s, side, h) or (sifted and not worth_pulling_down(s, side, h))):
            continue
        partner = B.long_walls_partner(s, h)
        if partner is not None and B.holder(s, partner) != side:
            continue
        out.append(h)
    return out


THREAT_HEXES = 3  # a hoplite's move (16.5): enemies this near may take the place next


def worth_pulling_down(s: EState, side: str, h: str) -> bool:
    """Where slighting a place makes sense (issue 33): in a region of the enemy's (a place
    taken from them, slighted before it goes back), or with enemy land units near enough
    to take it; never a place of one's own with no enemy about."""
    region = B.region_of_hex(h)
    r = s["regions"].get(region) if region else None
    if r is not None and r["side"] == other(side):
        return True
    near = {h}
    frontier = [h]
    for _ in range(THREAT_HEXES):
        frontier = [n for x in frontier for n in B.comps().land_neighbors(x) if n not in near]
        near.update(frontier)
    foe = other(side)
    return any(u["where"] == "map" and u["side"] == foe and u["type"] != "fleet"
               and u["hex"] in near for u in s["units"].values())


def wrecker(s: EState, side: str, h: str) -> str | None:
    """The land unit that does the work: one free to stay put this Campaign Turn."""
    for u in B.units_at(s, h, side):
        x = s["units"][u]
        if x["type"] != "fleet" and not x["raid"] and not x["moved"] and A.mine(s, x):
            return u
    return None


def tear_down(s: EState, side: str, h: str) -> str:
    """11.3.1b: the walls (or the fort) go; the unit stays the turn, as if raiding, with no
    AL/ML change for raiding."""
    u = wrecker(s, side, h)
    assert u is not None
    s["units"][u]["raid"] = True
    fell = knock_down_long_walls(s, h)  # 11.3.2: the Long Walls fall with the walls
    also = f"; {fell[0].lower()}{fell[1:]}" if fell else ""
    city = B.city_at(s, h)
    if city is None:
        s["forts"].pop(h, None)
        return f"{side.title()} pulls down its fort at {P.short(h)} with {named(s, u)} " \
               f"(11.3.1b){also}"
    s["unwalled"].append(city.name)
    return f"{side.title()} pulls down the walls of {city.name} with {named(s, u)} " \
           f"(11.3.1b){also}"


class Raid(Procedure[EState]):
    """The raiding step of a Campaign Turn (15.1), where units also settle down to pull walls
    down (11.3.1b): both keep the units where they are for the turn."""

    name = "raid"

    def enter(self, flow: Flow[EState]) -> None:
        s, side = flow.state, flow.args["side"]
        flow.args["options"] = raiders(s, side)
        flow.args["walls"] = wreckers(s, side)
        if not flow.args["options"] and not flow.args["walls"]:
            flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        side, s = flow.args["side"], flow.state
        chosen = flow.args.get("chosen")
        if chosen is not None:  # generation 1: the walls asked about once more, for good
            places = ", ".join(_wall_words(s, h[6:]) for h in chosen if h.startswith("walls:"))
            return [Prompt(side, f"{side.title()}: really pull down {places}? They stay down "
                                 "until walled again (11.3.1b, 7.6.4)",
                           (Option("no", "No, keep them", "11.3.1b", data={"kind": "keep"}),
                            Option("yes", "Yes, pull them down", "11.3.1b",
                                   data={"kind": "pull_down_confirmed"})),
                           rule="11.3.1b", kind="confirm")]
        opts = [Option(h, f"Raid with the units at {P.name(h)}", "15.1",
                       data={"kind": "raid", "at": h, "area": B.area_of(h)})
                for h in flow.args["options"]]
        for h in flow.args.get("walls", []):
            city = B.city_at(s, h)
            opts.append(Option(f"walls:{h}", f"Pull down {_wall_words(s, h)} for good (one "
                                             "unit stays the turn; they stay down until "
                                             "rebuilt)",
                               "11.3.1b", data={"kind": "pull_down", "at": h,
                                                "city": city.name if city else None}))
        return [decisions.pick(side, f"{side.title()}: which stacks raid, or pull walls down, "
                                     "this Campaign Turn (they may not move, 15.1, 11.3.1b)?", opts, 0, len(opts),
                               rule="15.1", kind="raid")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        if flow.args.get("chosen") is not None:  # the confirmation's answer
            chosen = flow.args.pop("chosen")
            if answer != "yes":
                chosen = [h for h in chosen if not h.startswith("walls:")]
                note(flow, f"{seat.title()} keeps its walls (11.3.1b)")
        else:
            chosen = [str(a) for a in answer] if isinstance(answer, tuple) else []
            if asks(flow.state, WALLS_AND_REVOLTS) and any(h.startswith("walls:")
                                                            for h in chosen):
                flow.args["chosen"] = chosen  # confirmed first (issue 33)
                return
        for h in chosen:
            if not h.startswith("walls:"):
                note(flow, raid(flow.state, seat, h))
        for h in chosen:  # after the raids: a raider is not free to do the work as well
            if h.startswith("walls:") and wrecker(flow.state, seat, h[6:]):
                note(flow, tear_down(flow.state, seat, h[6:]))
        flow.end()


def _wall_words(s: EState, h: str) -> str:
    city = B.city_at(s, h)
    return f"the walls of {city.name}" if city else f"the fort at {P.short(h)}"
