"""Revolts (rules 6.1-6.5): the Revolt Check stage of the full Seasonal Turn (3.2 A).

For each Athenian region in the risk zone (AL 3 or less) Sparta names a city that is not
yet in revolt and rolls: 7 or more after the modifiers of 6.3 and it revolts. Athens may
roll for one revolting city in each of its regions outside the risk zone: 1 or less ends
the revolt (6.2). A revolt ends when its region's controller has a unit in the city at the
start of a Seasonal Turn, but never the season right after it broke out (6.5.3). An unwalled
city that revolts starts its walls at once, one season faster (6.5.5)."""

from __future__ import annotations

from engine import Option, Prompt
from engine.core import decisions
from engine.core.procedures import Flow, Procedure
from engine.core.ruleset import asks

from . import board as B
from . import politics as P
from .board import season_index
from .building import finish_walls, wall_time
from .notes import note, roll_with
from .state import WALLS_AND_REVOLTS, EState
from .unit_names import region_name

RISK_ZONE = 3  # 4.1
REVOLT_ON = 7  # 6.1
ENDS_ON = 1  # 6.2


def risk_zone(s: EState) -> list[str]:
    return sorted(r for r, x in s["regions"].items() if x["side"] == "athens"
                  and x["al"] <= RISK_ZONE)


def candidates(s: EState, region: str) -> list[str]:
    """Cities Sparta may name: Athenian, standing, not in revolt, never a capital (6.4)."""
    return [c.name for c in B.region_cities(region)
            if c.capital is None and B.city_at(s, c.hex) is not None
            and c.name not in s["revolts"] and c.name not in s.get("helots", ())
            and B.city_owner(s, c.name) == "athens"]


def modifiers(s: EState, region: str, city: str) -> list[tuple[int, str]]:
    """6.3 (the garbled rows as RULINGS.md 46 reads them). The tested city never counts
    among the region's revolting cities: in 6.1 it is not yet in revolt, and in Athens'
    voluntary check (6.2) counting it would make the "1 or lower" all but unreachable."""
    r = s["regions"][region]
    out = []
    al = r["al"]
    if al in (0, 1):
        out.append((1, "AL 0 or 1"))
    elif al == -1:
        out.append((2, "AL -1"))
    elif al <= -2:
        out.append((3, "AL -2 or less"))
    bad = [c.name for c in B.region_cities(region) if B.city_at(s, c.hex) is not None
           and c.name != city
           and (c.name in s["revolts"] or B.city_owner(s, c.name) not in (r["side"],))]
    if bad:
        out.append((len(bad), "revolting or enemy cities in the region"))
    mult = int(r["mult"] or 0)
    if mult > 1:
        out.append((1, "assessed above its BTV"))
    elif mult < 1:
        out.append((1, "assessed below its BTV"))  # as printed (ruling 46)
    if region in s.get("cut", ()):
        out.append((-1, "assessment lowered this year (5.3.5)"))
    if s["raided"].get(B.area_of(B.comps().cities[city].hex), 0):
        out.append((1, "city in a raided Area"))
    return out


def revolt(s: EState, city: str) -> list[str]:
    """6.5.1, 6.5.5: the Revolt marker; an unwalled city starts its walls at once."""
    s["revolts"].append(city)
    s["revolts"].sort()
    s["revolted"][city] = season_index(s)
    region = B.city_region()[city]
    white = s.setdefault("white", [])
    if city in white:
        white.remove(city)
    lines = [f"{city} revolts (6.1)"]
    side = s["regions"][region]["side"] if region else None
    if side in ("athens", "sparta") and B.units_at(s, B.comps().cities[city].hex, side):
        # 6.5.4: the controller's units are not forced out; they hold it until they leave
        s.setdefault("kept", {})[city] = side
        lines.append(f"{side.title()}'s units inside {city} stay and hold it (6.5.4)")
    if region and s["regions"][region]["ml"] <= B.NEUTRAL_REVOLT_ML:
        white.append(city)  # 6.5.1: the colour is set as the marker goes down
        lines.append(f"{region}'s ML is 4 or less: {city} is friendly to no one (6.5.1)")
    c = B.comps().cities[city]
    if not B.walled(s, c):
        t = wall_time(s, city)
        if t == 0:
            finish_walls(s, city)
            lines.append(f"{city} walls itself at once (6.5.5)")
        else:
            s.setdefault("works", []).append(
                {"city": city, "side": None, "due": season_index(s) + t, "revolt": True})
            lines.append(f"{city} begins its walls, done in {t} seasons (6.5.5)")
    return lines + P.lift_own_sieges(s)


def release_kept(s: EState) -> None:
    """6.5.4: once the controller's last unit has left a revolting city (or the revolt is
    over) its garrison holds it again. Called after every action."""
    kept = s.get("kept")
    if not kept:
        return
    for city, side in list(kept.items()):
        if city not in s["revolts"] or not B.units_at(s, B.comps().cities[city].hex, side):
            del kept[city]


def season_start(s: EState) -> list[str]:
    """6.5.3: a unit of the controller inside a revolting city ends the revolt, but not in
    the season right after it began. Units masking or besieging it stand outside the walls
    and occupy nothing (the siege of revolting Potidaea goes on into a new season, 10.8.1)."""
    lines = []
    now = season_index(s)
    for city in list(s["revolts"]):
        region = B.city_region()[city]
        r = s["regions"].get(region) if region else None
        if r is None or now <= s["revolted"].get(city, -99) + 1:
            continue
        h = B.comps().cities[city].hex
        if B.holder(s, h) == r["side"] and B.units_at(s, h, r["side"]):
            s["revolts"].remove(city)
            lines.append(f"{r['side'].title()}'s units pacify {city}: its revolt ends (6.5.3)")
    return lines + P.lift_own_sieges(s)


def _plus(s: EState, city: str) -> int:
    return sum(n for n, _ in modifiers(s, str(B.city_region()[city]), city))


def voluntary(s: EState, hopeless: bool = False) -> list[str]:
    """6.2: revolting cities in Athenian regions outside the risk zone, one a region. A
    game of generation 1 on (issue 33) offers only those whose check can succeed (a die of
    1 with the modifiers of 6.3 makes 1 or less); with `hopeless`, those whose check
    cannot, which it passes over with a line. An older game offers them all."""
    done = set(s.get("revolt_rolled", ()))
    sifted = asks(s, WALLS_AND_REVOLTS)
    if hopeless and not sifted:
        return []
    out = []
    for region, x in sorted(s["regions"].items()):
        if x["side"] != "athens" or x["al"] <= RISK_ZONE or region in done:
            continue
        out += [c.name for c in B.region_cities(region) if c.name in s["revolts"]
                and (not sifted or (_plus(s, c.name) + 1 > ENDS_ON) == hopeless)]
    return out


def can_revolt(s: EState, region: str, city: str) -> bool:
    """6.1: a check that can reach 7 on a 6 with the modifiers of 6.3."""
    return 6 + sum(n for n, _ in modifiers(s, region, city)) >= REVOLT_ON


def testable(s: EState, region: str) -> list[str]:
    """The cities Sparta may name for a region's check (6.1): in a game of generation 1 on
    only those whose check can succeed (issue 33); in an older one every candidate."""
    names = candidates(s, region)
    if not asks(s, WALLS_AND_REVOLTS):
        return names
    return [n for n in names if can_revolt(s, region, n)]


class Revolts(Procedure[EState]):
    """3.2 A: Sparta's checks in the risk zone, then Athens' voluntary ones."""

    name = "revolts"

    def enter(self, flow: Flow[EState]) -> None:
        s, a = flow.state, flow.args
        s["revolt_rolled"] = []
        if "todo" not in a:
            a["todo"] = [r for r in risk_zone(s) if candidates(s, r)]
            for city in voluntary(s, hopeless=True):  # issue 33: not asked one by one
                note(flow, f"Athens cannot end the revolt of {city} this season: a die "
                           f"{_plus(s, city):+d} never makes 1 or less (6.2, 6.3)")
        self._next(flow)

    def _next(self, flow: Flow[EState]) -> None:
        s, a = flow.state, flow.args
        while a["todo"]:
            region = a["todo"][0]
            names = testable(s, region)
            if len(names) > 1:
                return  # Sparta names the city
            a["todo"].pop(0)
            if names:
                self._check(flow, region, names[0])
            else:  # issue 33: a check that cannot succeed is not asked, nor rolled
                best = max(sum(n for n, _ in modifiers(s, region, c))
                           for c in candidates(s, region))
                note(flow, f"No city of {region_name(region)} can revolt this season: the "
                           f"best check is a die {best:+d}, 7 or more needed (6.1, 6.3)")
        if not voluntary(s):
            flow.end()

    def prompts(self, flow: Flow[EState]) -> list[Prompt]:
        s, a = flow.state, flow.args
        if a["todo"]:
            region = a["todo"][0]
            opts = []
            for name in testable(s, region):
                plus = sum(n for n, _ in modifiers(s, region, name))
                hope = "" if 6 + plus >= REVOLT_ON else ": cannot succeed"
                opts.append(Option(name, f"{name} (die {plus:+d}, 7 or more{hope})", "6.1",
                                   data={"kind": "revolt_check", "city": name, "plus": plus}))
            return [Prompt("sparta", f"Sparta: which city of {region_name(region)} is tested "
                                     "for revolt "
                                     "(6.1)?", tuple(opts), rule="6.1", kind="revolt")]
        opts = [Option(name, f"Roll to end the revolt of {name} (die "
                             f"{_plus(s, name):+d}, 1 or less"
                             f"{'' if 1 + _plus(s, name) <= ENDS_ON else ': cannot succeed'})",
                       "6.2", data={"kind": "end_revolt", "city": name,
                                    "plus": _plus(s, name)})
                for name in voluntary(s)]
        opts.append(Option("done", "No more revolt checks", "6.2", data={"kind": "done"}))
        return [Prompt("athens", "Athens: try to end a revolt (6.2)?", tuple(opts),
                       rule="6.2", kind="revolt")]

    def act(self, flow: Flow[EState], seat: str, answer: decisions.Answer) -> None:
        s, a = flow.state, flow.args
        if a["todo"]:
            region = a["todo"].pop(0)
            self._check(flow, region, str(answer))
            self._next(flow)
            return
        if answer == "done":
            flow.end()
            return
        city = str(answer)
        region = str(B.city_region()[city])
        s["revolt_rolled"].append(region)
        mods = modifiers(s, region, city)
        die, total, why = roll_with(flow, mods)
        if total <= ENDS_ON:
            s["revolts"].remove(city)
            note(flow, f"Athens' check at {city}: die {die}{why} = {total}: the revolt ends (6.2)")
            for line in P.lift_own_sieges(s):
                note(flow, line)
        else:
            note(flow, f"Athens' check at {city}: die {die}{why} = {total}: it stays in revolt "
                       "(6.2)")
        if not voluntary(s):
            flow.end()

    def _check(self, flow: Flow[EState], region: str, city: str) -> None:
        s = flow.state
        mods = modifiers(s, region, city)
        die, total, why = roll_with(flow, mods)
        if total >= REVOLT_ON:
            note(flow, f"Revolt check at {city}: die {die}{why} = {total} (6.1, 6.3)")
            for line in revolt(s, city):
                note(flow, line)
        else:
            note(flow, f"Revolt check at {city}: die {die}{why} = {total}: it stays loyal "
                       "(6.1, 6.3)")
