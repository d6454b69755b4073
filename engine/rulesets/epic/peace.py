"""Peace (rules 20.1-20.3): what follows a successful Peace Embassy.

The victory conditions are checked at once (20.2); a side that has won ends the game. At a
stalemate the peace is an armistice: until the next Yearly Start every siege is lifted (no
victory to anyone), no one may enter an enemy region, fight, intercept or play an Event
Card but the Immediate ones, and units still in an enemy region at the next Seasonal Turn go
to their Build Pools (no Militance lost); Persian and Sicilian units, which have none, leave
the map for good. No Seasonal AL/ML adjustments are made while the
peace lasts; at each Yearly Start of peace every region gains 1 ML and each region with
leaders in it rolls for AL. The peace ends when a Grievance Roll succeeds (20.3): a player
may roll in the Event Cards stage when the other broke one of 20.2's restrictions in the
season before (a battle begun, a siege begun, an interception, units in enemy regions, an
Event Card played), +1 for each grievance of 20.3's list he suffered that season (a battle
on his regions' territory, +1 more if the enemy's home troops fought in it; a city of his
besieged or captured; a naval battle with an enemy home fleet; a city of his destroyed, one
per size); 6 or more and war resumes, +1 AL +1 ML in the roller's regions.

State, `s["peace"]`: None at war, else {"restrict": bool, "breaches": side -> kinds of
violation this season, "griefs": side -> grievances suffered this season (facts,
`kind:place`), "violations": side -> the other side's violations last season (what
entitles a roll), "grievances": side -> the grievances of last season (the roll's
modifiers)}.

"""

from __future__ import annotations

from collections.abc import Callable

from . import board as B
from .ionian import sicilian
from .leaders import HOME  # 20.3: the home troops and fleets (Attica's, Laconia's)
from .state import MAP, EState, Peace, Unit, clamp_al, clamp_ml, other

GRIEVANCE_ON = 6  # 20.3
AL_BY_DIE = ((2, 0), (5, 1), (7, 2))  # 20.2: 1-2 +0, 3-5 +1, 6-7 +2, 8+ +3
AL_TOP = 3


def at_peace(s: EState) -> bool:
    return bool(s.get("peace"))


def restricted(s: EState) -> bool:
    """The armistice's restrictions, until the Yearly Start after the signing (20.2)."""
    p = s.get("peace")
    return bool(p and p["restrict"])


def sign(s: EState) -> list[str]:
    """20.2: a stalemate peace."""
    n = len(s["sieges"])
    s["sieges"].clear()
    s["peace"] = {"restrict": True, "breaches": {"athens": [], "sparta": []},
                  "griefs": {"athens": [], "sparta": []},
                  "violations": {"athens": [], "sparta": []},
                  "grievances": {"athens": [], "sparta": []}}
    return [f"An armistice until the next year: {n} sieges are lifted; no one may enter an "
            "enemy region, fight, intercept or play Event Cards (20.2)"]


def breach(s: EState, side: str, kind: str) -> None:
    """A breach of the peace by `side` (20.3) once the restrictions are over."""
    p = s.get("peace")
    if p and kind not in p["breaches"][side]:
        p["breaches"][side].append(kind)


GRIEF_WORDS = {"battle": "a battle in {}", "home-troops": "enemy home troops in it",
               "home-fleet": "a naval battle with an enemy home fleet",
               "besieged": "{} besieged", "captured": "{} captured", "destroyed": "{} destroyed"}


def grieve(s: EState, side: str, kind: str, place: str = "", n: int = 1) -> None:
    """`n` grievances of 20.3's list suffered by `side` this season, in a peace, kept as
    facts (`kind:place`; `grief_words` says them)."""
    p = s.get("peace")
    if p and not p["restrict"]:
        p.setdefault("griefs", {"athens": [], "sparta": []})[side] += [f"{kind}:{place}"] * n


def grief_words(fact: str) -> str:
    kind, _, place = fact.partition(":")
    return GRIEF_WORDS.get(kind, kind).format(place)


def battle_grievances(s: EState, region: str | None, sides: dict[str, list[str]],
                      sea: bool) -> None:
    """20.3: a battle on the territory of a friendly region, +1 more when the enemy's home
    troops (Attica's, Laconia's) fight in it; at sea, +1 when an enemy home fleet does.
    `sides`: each side's units in the battle."""
    if not at_peace(s):
        return
    for side, foes in ((x, sides.get(other(x), [])) for x in ("athens", "sparta")):
        home = [u for u in foes if s["units"][u]["home"] == HOME[other(side)]]
        if sea:
            if any(s["units"][u]["type"] == "fleet" for u in home):
                grieve(s, side, "home-fleet")
            continue
        r = s["regions"].get(region) if region else None
        if region is None or r is None or r["side"] != side:
            continue
        grieve(s, side, "battle", region)
        if home:
            grieve(s, side, "home-troops", region)


def _enemy_region(s: EState, h: str | None, side: str) -> bool:
    if h is None or h not in B.comps().hexes:
        return False
    region = B.region_of_hex(h)
    r = s["regions"].get(region) if region else None
    return r is not None and r["side"] == other(side)


def barred(s: EState, side: str, h: str) -> bool:
    """A hex `side` may not enter under the armistice: one in an enemy region."""
    return restricted(s) and _enemy_region(s, h, side)


def _builds(u: Unit) -> bool:
    """Whether a unit has a Build Pool: Persia's come with its cards and leave with them
    (Appendix C), Sicily's come one a season and are never replaced (27.2.1)."""
    return not (u["home"].startswith("persia-") or sicilian(u))


def _sent(u: Unit) -> str:
    """Where 20.2 sends a unit left in an enemy region (RULINGS.md 62)."""
    if u["home"].startswith("persia-"):
        return f"back to {u['home'].removeprefix('persia-').title()}, off the map for good"
    if sicilian(u):
        return "home to Sicily, for good (27.2.1)"
    return "to its Build Pool" if u["where"] == "build" else "lost for good (7.9.1)"


def season_start(s: EState) -> list[str]:
    """At each Seasonal Turn of peace: units left in enemy regions go to their Build Pools
    while the restrictions last, else they are a breach; last season's breaches become the
    other side's grievances."""
    p = s.get("peace")
    if not p:
        return []
    lines = []
    for uid, u in sorted(s["units"].items()):
        if u["where"] != MAP or not _enemy_region(s, u["hex"], u["side"]):
            continue
        if p["restrict"]:
            gone = u["morale"] >= 6 or not _builds(u)
            u.update({"where": "dead" if gone else "build", "hex": None, "forage": False,
                      "raid": False})
            lines.append(f"{uid} had not left the enemy's lands: {_sent(u)} (20.2)")
        else:
            breach(s, u["side"], "units in enemy regions")
    griefs = p.get("griefs", {})
    p["violations"] = {side: list(p["breaches"][other(side)]) for side in ("athens", "sparta")}
    p["grievances"] = {side: list(griefs.get(side, [])) for side in ("athens", "sparta")}
    p["breaches"] = {"athens": [], "sparta": []}
    p["griefs"] = {"athens": [], "sparta": []}
    return lines


def year_start(s: EState, roll: Callable[[], int]) -> list[str]:
    """20.2: at the end of each year of peace, +1 ML everywhere and an AL roll in each
    region with leaders; the restrictions end."""
    p = s.get("peace")
    if not p:
        return []
    p["restrict"] = False
    lines = []
    for r in s["regions"].values():
        r["ml"] = clamp_ml(r["ml"] + 1)
    lines.append("A year of peace: +1 ML in every region (20.2)")
    count: dict[str, int] = {}
    for x in s["leaders"].values():
        if x["where"] == MAP and x["hex"] in B.comps().hexes:
            region = B.region_of_hex(x["hex"])
            if region is not None and region in s["regions"]:
                count[region] = count.get(region, 0) + 1
    for region, n in sorted(count.items()):
        die = roll()
        total = die + n - 1
        plus = next((v for top, v in AL_BY_DIE if total <= top), AL_TOP)
        r = s["regions"][region]
        r["al"] = clamp_al(r["al"] + plus)
        lines.append(f"{region}: {n} leaders, die {die} = {total}: {plus:+d} AL (20.2)")
    return lines


def in_force(s: EState) -> Peace:
    """The Peace Treaty's record; asked for only while one is in force (20.0)."""
    p = s.get("peace")
    if p is None:
        raise RuntimeError("no Peace Treaty is in force")
    return p


def grievance(s: EState, side: str, die: int) -> list[str]:
    """20.3: `side`, wronged by a violation last season, rolls with +1 a grievance."""
    p = in_force(s)
    kinds = p["grievances"][side]
    total = die + len(kinds)
    why = "".join(f" +1 ({grief_words(k)})" for k in kinds)
    if total < GRIEVANCE_ON:
        p["grievances"][side] = []
        p.setdefault("violations", {"athens": [], "sparta": []})[side] = []
        return [f"{side.title()}'s grievance roll: die {die}{why} = {total}: the peace holds "
                "(20.3)"]
    s["peace"] = None
    for r in s["regions"].values():
        if r["side"] == side:
            r["al"], r["ml"] = clamp_al(r["al"] + 1), clamp_ml(r["ml"] + 1)
    return [f"{side.title()}'s grievance roll: die {die}{why} = {total}: war resumes; "
            f"+1 AL +1 ML in {side.title()}'s regions (20.3)"]
