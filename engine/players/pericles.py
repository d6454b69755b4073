"""The Pericles heuristic: a position score read from a faction's view
(engine/rulesets/pericles/view.py) and rules of thumb for the secret and dice-like
decisions (debate cards, commitments, where a face-down marker goes).

Who wins: the city with more Honor wins the war and its faction with more Honor the game
(rule 1.0, 11.4). The score is therefore mostly the city's Honor lead over the other
city, with a smaller weight on the faction's lead over its compatriot ("us against them"
outside, "me against you" inside). Around it: Strategos held (they pay for raids, bases
and battles, and four buy a point of Honor at the end, 8.4), units and bases on the map
(battles pay Honor per enemy unit eliminated, 9.3) and the theater markers still to
resolve. The decisions read only the seat's view: hands, the compatriot's markers and
public facts; nothing here reads a game's state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.types import Option, Prompt
from ..rulesets.pericles import assembly as asm
from ..rulesets.pericles import persia
from ..rulesets.pericles import theaters as th
from ..rulesets.pericles.components import SIDE_OF, load_components
from .base import Lookahead
from .heuristic import RulesetHeuristic

WIN = 1000.0
CITY = 1.0            # a point of Honor the city leads the other city by
OWN = 0.3             # a point of Honor the faction leads its compatriot by
STRATEGOS = 0.35      # a Strategos held (a raid turns 3 into 3 Honor, 9.1; 4 buy 1, 8.4)
UNIT = 0.5            # a strength point of units on the map (battles pay Honor per unit)
BASE = 1.2            # a base on the map (2 strength, levies and League units come from it)
MARKER = {"oracle": 3.0, "military": 2.0, "league": 1.5, "diplomatic": 1.5, "rumor": 0.2}
ISSUE_WORTH = {"oracle": 3.0, "military": 3.0, "league": 2.0, "diplomatic": 2.0,
               "war_peace": 0.5, "ostracism": 1.0}
UNIQUE_WORTH = 3.2    # a unique issue: +2 Honor and Strategos (ruling R10)
WILL = 6.0            # a marker that can meet the Will of the Assembly (+5 a faction, 5.1)
GUARD = 2.0           # a strength point our threatened capital falls short by (rule 11.1, R32)
LEVY_COVER = 8        # the most strength a levy raises: 2 Spartan foot a base, 2 bases (9.0)
CG_MOST, OTHER_MOST = 5, 4  # the Strategos a faction may commit: the CG 5, any other 4 (9.2)


def city_of(faction: str) -> str:
    return asm.city_of(faction)


def enemy_of(city: str) -> str:
    return th.other(city)


def _forces_worth(view: dict[str, Any], city: str) -> float:
    counts = load_components().data.counts.strength
    total = 0.0
    for owners in view["forces"].values():
        for owner, n in owners.items():
            if owner == "persia" or SIDE_OF.get(owner) != city:
                continue
            total += UNIT * sum(n.get(k, 0) * int(counts[owner][k]) for k in th.KINDS
                                if k in counts[owner])
            total += BASE * n.get("bases", 0)
    return total


def _outcome_worth(view: dict[str, Any], me: str) -> float | None:
    """The end of the game as the seat sees it: its city's war and its place in it."""
    if not view["over"]:
        return None
    city = city_of(me)
    total = {c: sum(view["honor"][f] for f in asm.CITY_FACTIONS[c]) for c in ("athens", "sparta")}
    won = (view["victor"] or ("athens" if total["athens"] > total["sparta"] else
                              "sparta" if total["sparta"] > total["athens"] else None))
    if won is None:
        return 0.0
    return WIN if won == city else -WIN


def evaluate(view: dict[str, Any], me: str) -> float:
    city, enemy = city_of(me), enemy_of(city_of(me))
    mates = asm.CITY_FACTIONS[city]
    honor = view["honor"]
    ours = sum(honor.get(f, 0) for f in mates)
    theirs = sum(honor.get(f, 0) for f in asm.CITY_FACTIONS[enemy])
    score = CITY * (ours - theirs) + OWN * (honor.get(me, 0) - honor.get(asm.rival(me), 0))
    end = _outcome_worth(view, me)
    if end is not None and len(view["cities"]) == 2:
        return float(score + end)
    score += STRATEGOS * sum(view["strategos"].get(f, 0) for f in mates)
    score -= STRATEGOS * sum(view["strategos"].get(f, 0) for f in asm.CITY_FACTIONS[enemy])
    score += _forces_worth(view, city) - _forces_worth(view, enemy)
    # the capital's last base may fall to the enemy markers waiting there (rule 11.1, R32)
    score -= GUARD * capital_shortfall(view, city)
    return float(score)


# ------------------------------------------------------------------ reading the view
def kind_strength(view: dict[str, Any], theater: str, city: str, kind: str) -> int:
    """Units of `kind` at their strength plus 2 a base (bases fight both ways, 9.3)."""
    counts = load_components().data.counts.strength
    total = 0
    for owner, n in view["forces"].get(theater, {}).items():
        if owner == "persia" or SIDE_OF.get(owner) != city:
            continue
        total += n.get(kind, 0) * int(counts[owner].get(kind, 0)) + 2 * n.get("bases", 0)
    return total


def present(view: dict[str, Any], theater: str, city: str) -> bool:
    return any(sum(n.values()) for o, n in view["forces"].get(theater, {}).items()
               if SIDE_OF.get(o) == city)


def status(view: dict[str, Any], theater: str) -> str:
    a, b = present(view, theater, "athens"), present(view, theater, "sparta")
    return "contested" if a and b else "athens" if a else "sparta" if b else "neutral"


def bases_of(view: dict[str, Any], theater: str, city: str) -> int:
    return sum(n.get("bases", 0) for o, n in view["forces"].get(theater, {}).items()
               if SIDE_OF.get(o) == city)


def theater_kind(theater: str) -> str:
    return "naval" if load_components().theaters[theater].type == "naval" else "land"


def reach(view: dict[str, Any], theater: str, city: str, kind: str) -> int:
    """Our strength of `kind` that could stand in `theater` after a march: what is
    there and what stands next door (the march's exit rule is left to the engine)."""
    comp = load_components()
    near = sum(kind_strength(view, t, city, kind) - 2 * bases_of(view, t, city)
               for t in comp.neighbours(theater) if t in view["forces"])
    return kind_strength(view, theater, city, kind) + near


def top_owner(view: dict[str, Any], theater: str) -> str | None:
    q = view["queues"].get(theater) or []
    return q[-1]["faction"] if q else None


def designated(view: dict[str, Any], city: str) -> dict[str, Any] | None:
    d = (view["debate"].get(city) or {}).get("designated")
    return next((i for i in view["displays"].get(city, []) if i["id"] == d), None)


def capital_threat(view: dict[str, Any], city: str) -> int:
    """The enemy markers waiting face down in our capital's queue: each may be an
    expedition against it (9.2), and a city left with no base of its own in its capital
    loses the war (rule 11.1, ruling R32)."""
    home = th.capital_of(city)
    return sum(city_of(m["faction"]) != city for m in view["queues"].get(home, []))


def _most_committed(view: dict[str, Any], city: str, most: tuple[int, int]) -> int:
    """The most Strategos the city's factions may put into one battle: the richer one up
    to `most[0]`, the other up to `most[1]` (9.2)."""
    held = sorted((int(view["strategos"].get(f, 0)) for f in asm.CITY_FACTIONS[city]),
                  reverse=True)
    return sum(min(cap, n) for cap, n in zip(most, held, strict=False))


def capital_needs(view: dict[str, Any], city: str, units_out: int = 0) -> list[int]:
    """The Strategos our capital's defence needs in each battle the enemy markers waiting
    there may bring, cards even (`capital_gap` with our units `units_out` strength points
    fewer): each expedition commits what the enemy still holds, the CG 5 and the other 4
    at most (9.2), and the State Ship comes once (12.0)."""
    held = {f: int(view["strategos"].get(f, 0)) for f in asm.CITY_FACTIONS[enemy_of(city)]}
    ship = int(enemy_of(city) == "athens" and view["state_ship"] == "ready")
    needs = []
    for _ in range(capital_threat(view, city)):
        rich, other = sorted(held, key=lambda f: -held[f])
        pushed = {rich: min(CG_MOST, held[rich]), other: min(OTHER_MOST, held[other])}
        needs.append(capital_gap(view, city, sum(pushed.values()), ship, units_out))
        held = {f: held[f] - pushed[f] for f in held}
        ship = 0
    return needs


def capital_shortfall(view: dict[str, Any], city: str, units_out: int = 0) -> int:
    """By how many strength points, over the battles the waiting enemy markers may bring,
    our capital could fall short even with every Strategos we hold kept for it (a city
    left with no base of its own in its capital loses the war, rule 11.1, ruling R32).
    Our factions commit at most 4 each in a battle (9.2); the rest only units can make
    up."""
    needs = capital_needs(view, city, units_out)
    most = 2 * OTHER_MOST
    held = sum(int(view["strategos"].get(f, 0)) for f in asm.CITY_FACTIONS[city])
    return sum(max(0, n - most) for n in needs) + max(0, sum(min(n, most) for n in needs) - held)


def capital_gap(view: dict[str, Any], city: str, pushed: int | None = None, ship: int = 0,
                units_out: int = 0) -> int:
    """By how many strength points an expedition into our capital could win its first
    battle (of the capital's own kind, 9.3: the one that kills the units; a base falls
    only once no unit is left), cards even and no Strategos of ours committed: the
    enemy's units there and next door (one moved a Strategos committed), its `pushed`
    Strategos (by default the most it may commit) and the State Ship, against our units
    and bases there, `units_out` strength points fewer."""
    home, enemy = th.capital_of(city), enemy_of(city)
    kind = theater_kind(home)
    if pushed is None:
        pushed = _most_committed(view, enemy, (CG_MOST, OTHER_MOST))
        ship = int(enemy == "athens" and view["state_ship"] == "ready")
    near = reach(view, home, enemy, kind) - kind_strength(view, home, enemy, kind)
    push = kind_strength(view, home, enemy, kind) + min(near, 2 * pushed) + pushed + ship
    return max(0, push - kind_strength(view, home, city, kind) + units_out)


def issue_worth(view: dict[str, Any], kind: str, city: str) -> float:
    if kind in ISSUE_WORTH:
        return ISSUE_WORTH[kind]
    return UNIQUE_WORTH if kind in asm.decks()[city].unique_issues else 1.0


# ------------------------------------------------------------------ rules of thumb
def _nominate(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """The issue worth most to the city (oracles and expeditions first, 3.3); onto our
    own space, one our hand can also win (6.2)."""
    city = city_of(me)
    cards = load_components().cards
    halves = [cards[c["card"]].halves[me].issue for c in view["hand"] if c["card"] in cards]

    def score(o: Option) -> float:
        kind = (o.data or {}).get("issue", o.id)
        aligned = halves.count(kind)
        return issue_worth(view, kind, city) + 0.3 * aligned
    return max(prompt.options, key=score).id


def _hand_issue_strength(view: dict[str, Any], me: str, kind: str) -> int:
    return max((asm.value(c["card"], me, kind) for c in view["hand"]), default=0)


def _lead(issue: dict[str, Any], me: str) -> int:
    """How deep an issue sits on our track (negative: on the compatriot's)."""
    return issue["box"] if issue["track"] == me else -issue["box"] if issue["track"] else 0


def _designate(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """An issue still in the centre first: one left there is lost to the whole city,
    while one on either track becomes one of the city's markers (6.3, 7.3); then one of
    ours not yet safe."""
    city = city_of(me)

    def score(o: Option) -> float:
        d = o.data or {}
        worth = issue_worth(view, d["kind"], city)
        lead = _lead(d, me)
        urgency = 1.0 if lead == 0 else 0.6 - 0.1 * lead if lead > 0 else 0.2
        return worth * urgency + 0.1 * _hand_issue_strength(view, me, d["kind"])
    return max(prompt.options, key=score).id


def _debate(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """A card for the designated issue: a high value where the issue matters and is not
    yet the city's, an aligned card earning Strategos where it is (on the compatriot's
    track it still becomes a marker of the city: us against them first); strong cards
    are kept for issues worth them (6.3)."""
    city = city_of(me)
    issue = designated(view, city)
    kind = issue["kind"] if issue else ""
    worth = issue_worth(view, kind, city) / 3.0
    lead = _lead(issue, me) if issue else 0
    if lead >= 4 or lead < 0:
        worth *= 0.3
    elif lead > 0:
        worth *= 0.7

    def score(o: Option) -> float:
        d = o.data or {}
        value, award = d.get("value", 0), d.get("award", 0)
        spent = d.get("face", 7 if d.get("leader") or d.get("brain_trust") else value)
        return float(worth * value + 1.2 * award - 0.35 * spent)
    return max(prompt.options, key=score).id


def _entourage(view: dict[str, Any], prompt: Prompt) -> str:
    """The weakest cards go face down (they serve only a Brain Trust, 6.1)."""
    ranked = sorted(prompt.options, key=lambda o: ((o.data or {}).get("face", 0),
                                                   (o.data or {}).get("strategos", 0)))
    return decisions.encode(prompt, [o.id for o in ranked[:prompt.hi]])


def _board(prompt: Prompt) -> str:
    """The leader buys more Strategos on the Board than any other card (7.2)."""
    leader = next((o for o in prompt.options if (o.data or {}).get("leader")), None)
    return (leader or prompt.options[0]).id


def _placement_score(view: dict[str, Any], me: str, kind: str, theater: str) -> float:
    city = city_of(me)
    enemy = enemy_of(city)
    top = top_owner(view, theater)
    blocks = top is not None and city_of(top) == enemy  # covering an enemy marker (8.2)
    here = status(view, theater)
    will = _will_bonus(view, city, kind, theater)
    persian = _persian_score(view, me, kind, theater)
    if persian is not None:
        return will + persian
    return will + _plain_score(view, me, kind, theater, blocks, here)


def _persian_score(view: dict[str, Any], me: str, kind: str, theater: str) -> float | None:
    """Persia and the Eastern Mediterranean (13.0): a Persian base for Sparta while
    Alcibiades is in Persia, the Peace of Callias for Athens; no unit enters Persia, so
    anything else placed there is wasted. None: an ordinary theater."""
    city = city_of(me)
    if kind in ("oracle", "rumor") or theater not in (persia.PERSIA, persia.EASTMED):
        return None
    if theater == persia.PERSIA:
        founds = (city == "sparta" and view["alcibiades"] == "persia"
                  and kind in ("league", "diplomatic") and bases_of(view, theater, city) < 3)
        return 3.5 if founds else -3.0
    if city == "athens" and view["persian_war"] and kind == "diplomatic":
        return 6.0 if view["strategos"].get(me, 0) >= persia.CALLIAS else 1.0
    return None


def _will_bonus(view: dict[str, Any], city: str, kind: str, theater: str) -> float:
    """The Will of the Assembly (5.1): a base of ours in its theater, or the theater
    held; worth +5 Honor to each of our factions, -5 each if missed."""
    task = (view.get("will") or {}).get(city)
    if not task or task["theater"] != theater:
        return 0.0
    here = status(view, theater)
    if task["task"] == "base":
        if bases_of(view, theater, city):
            return 0.0
        if kind == "league" and present(view, theater, city):
            return WILL
        if kind == "diplomatic" and (here == "neutral" or bases_of(view, theater, enemy_of(city))):
            return WILL * 0.8
        if kind == "military":
            return WILL * 0.5
        return 0.0
    if here == city:
        return 0.0
    if kind == "military":
        return WILL
    if kind == "diplomatic" and here == "neutral":
        return WILL * 0.8
    return 0.0


def _plain_score(view: dict[str, Any], me: str, kind: str, theater: str, blocks: bool,
                 here: str) -> float:
    city = city_of(me)
    enemy = enemy_of(city)
    top = top_owner(view, theater)
    if kind in ("oracle", "rumor"):
        return (2.0 if blocks else 0.0) + (0.5 if top is None else 0.0) +             (MARKER[kind] if kind == "oracle" else 0.0)
    if kind == "military":
        if theater == th.capital_of(city):
            # a levy (9.0), raised before the enemy markers it covers resolve (8.3):
            # worth what it spares the Strategos the capital would otherwise keep back
            short = min(sum(capital_needs(view, city)), LEVY_COVER)
            return 1.0 + 0.3 * bases_of(view, theater, city) + GUARD / 4 * short
        if here == "neutral" or here == city:
            return 0.2
        fight = theater_kind(theater)
        edge = reach(view, theater, city, fight) - kind_strength(view, theater, enemy, fight)
        raid = 2.0 if here == "contested" and view["strategos"].get(me, 0) >= 3 else 0.0
        return 0.4 * edge + raid + (0.5 if blocks else 0.0)
    if kind == "league":
        mine = bases_of(view, theater, city)
        if theater == th.capital_of(enemy):
            return -5.0
        score = 0.8 * mine  # raised units (8.5)
        if present(view, theater, city) and bases_of(view, theater, "athens") +                 bases_of(view, theater, "sparta") < 3:
            score += 2.5 if here != "contested" else 1.0  # a base for 1 (or 4) Strategos
        return score + (0.3 if blocks else 0.0)
    if kind == "diplomatic":
        if here == "neutral":
            return 2.0
        theirs = bases_of(view, theater, enemy)
        if theirs and view["strategos"].get(me, 0) > sum(
                kind_strength(view, theater, enemy, k) for k in th.KINDS) - 2 * theirs:
            return 3.0  # a conversion (8.5)
        return 0.0
    return 0.0


def _place(view: dict[str, Any], prompt: Prompt, me: str, rng: Rng) -> str:
    scored = [(_placement_score(view, me, (o.data or {})["marker"], (o.data or {})["theater"])
               + 0.001 * rng.randbelow(10), o.id) for o in prompt.options]
    return max(scored)[1]


REVEAL_ORDER = {"oracle": 5, "league": 4, "diplomatic": 3, "military": 2, "rumor": 0}


def _reveal(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """Our own markers before the compatriot's; units raised before they march; a Rumor
    that keeps an enemy marker covered comes off last (8.3)."""
    city = city_of(me)

    def score(o: Option) -> float:
        t = (o.data or {})["theater"]
        q = view["queues"][t]
        marker = q[-1]
        below = q[-2]["faction"] if len(q) > 1 else None
        kind = marker.get("kind") or "rumor"
        s = float(REVEAL_ORDER.get(kind, 1)) + (0.5 if marker["faction"] == me else 0.0)
        if below is not None and city_of(below) != city:
            s -= 4.0  # lifting this marker frees the enemy's beneath it
        return s
    return max(prompt.options, key=score).id


def _held(view: dict[str, Any], me: str) -> int:
    return int(view["strategos"].get(me, 0))


def _capital_reserve(view: dict[str, Any], me: str) -> int:
    """The Strategos a faction keeps back from an attack while an enemy marker waits in
    its capital: its share (by what each holds) of those the capital's defence needs to
    hold each battle the enemy markers waiting there may bring, cards even (9.2, 9.3;
    rule 11.1, R32), 4 a faction and battle at most."""
    city = city_of(me)
    need = sum(min(n, 2 * OTHER_MOST) for n in capital_needs(view, city))
    if not need:
        return 0
    held = _held(view, me)
    total = sum(int(view["strategos"].get(f, 0)) for f in asm.CITY_FACTIONS[city])
    return min(held, -(-need * held // max(total, 1)))


def _commit(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """Attackers commit what moves the units in and wins the fight; defenders enough to
    matter where the fight is close (9.2)."""
    ex = view["expedition"] or {}
    city = city_of(me)
    hi = prompt.hi
    target = ex.get("theater")
    if not target:
        return str(prompt.lo)
    fight = theater_kind(target)
    if ex.get("city") == city:
        keep = _capital_reserve(view, me) if target != th.capital_of(city) else 0
        if status(view, target) == "neutral":
            return str(max(prompt.lo, min(hi, 2, _held(view, me) - keep)))
        return str(max(prompt.lo, min(hi if ex.get("cg") == me else min(hi, 2),
                                      _held(view, me) - keep)))
    if target == th.capital_of(city) and capital_gap(view, city):
        return str(hi)  # the capital's last base may be at stake (rule 11.1, R32)
    ours = kind_strength(view, target, city, fight)
    theirs = reach(view, target, enemy_of(city), fight)
    if ours == 0 and not bases_of(view, target, city):
        return str(prompt.lo)
    return str(min(hi, 3 if theirs - ours < 8 else 1))


def _march(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """The strongest unit of the battle's kind first; nothing that cannot fight there.
    A unit leaving our own capital while an enemy marker waits there pays for the
    strength points by which the capital could then fall short (rule 11.1, R32)."""
    ex = view["expedition"] or {}
    fight = theater_kind(ex.get("theater", "athens"))
    counts = load_components().data.counts.strength
    city = city_of(me)
    home = th.capital_of(city)
    short = capital_shortfall(view, city)

    def guard(d: dict[str, Any]) -> float:
        if d["from"] != home or d["kind"] != theater_kind(home):
            return 0.0
        gone = int(counts[d["owner"]][d["kind"]])
        return GUARD * (capital_shortfall(view, city, units_out=gone) - short)

    def score(o: Option) -> float:
        d = o.data or {}
        if o.id == "stop":
            return 0.5
        if d.get("short"):  # a unit stopping short of the battle (R62) fights nothing
            return 0.0
        if d.get("the_300"):
            return 3.0 - guard(d)
        if d["kind"] != fight:
            return 0.0
        return 1.0 + int(counts[d["owner"]][d["kind"]]) - guard(d)
    return max(prompt.options, key=score).id


def _losses(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """The enemy's City-State units go first; ours, the League's (9.3)."""
    mine = city_of(me)
    city_units = set(th.CITY_UNITS.values())

    def score(o: Option) -> float:
        owner = o.id
        theirs = SIDE_OF.get(owner) != mine
        return (2.0 if owner in city_units else 1.0) if theirs else \
            (2.0 if owner not in city_units else 1.0)
    return max(prompt.options, key=score).id


def _second(view: dict[str, Any], me: str) -> str:
    ex = view["expedition"] or {}
    t = ex.get("theater")
    battle = view.get("battle") or {}
    done = "naval" if (battle.get("kind") == "naval") else "land"
    other_kind = "land" if done == "naval" else "naval"
    if t is None:
        return "end"
    city = city_of(me)
    edge = kind_strength(view, t, city, other_kind) - kind_strength(view, t, enemy_of(city),
                                                                    other_kind)
    return "fight" if edge >= 2 else "end"


def _maintenance(prompt: Prompt, me: str) -> str:
    """The unit whose upkeep buys the least strength goes (11.2); of equals, one away
    from our capital before one guarding it (rule 11.1, R32)."""
    counts = load_components().data.counts
    cost = counts.limits["maintenance_cost"]
    home = th.capital_of(city_of(me))

    def score(o: Option) -> tuple[float, bool]:
        d = o.data or {}
        return (int(counts.strength[d["owner"]][d["kind"]]) / float(cost[d["kind"]]),
                d["theater"] == home)
    return min(prompt.options, key=score).id


def next_turn_gap(view: dict[str, Any], city: str) -> int:
    """By how many strength points an expedition into our capital could win its first
    battle next turn, when the enemy holds Strategos again: the most its factions may
    commit (the CG 5, the other 4, 9.2) and the State Ship, ready again (12.0), against
    our units and bases there, cards even and no Strategos of ours (`capital_gap`). A
    scenario without the State Ship ("none") never gets it back."""
    ship = int(enemy_of(city) == "athens" and view["state_ship"] != "none")
    return capital_gap(view, city, CG_MOST + OTHER_MOST, ship)


def _redeploy(view: dict[str, Any], prompt: Prompt, me: str) -> str:
    """Redeployment (11.3) is the one move home between turns: while our capital could
    fall next turn (`next_turn_gap`; a city with no base of its own in its capital loses
    the war, rule 11.1, R32), the strongest unit of the capital's kind comes home, one at
    a time. Otherwise units stay where they stand; a stranded one goes to a base rather
    than away."""
    city = city_of(me)
    home = th.capital_of(city)
    kind = theater_kind(home)
    if next_turn_gap(view, city) > 0:
        strength = load_components().data.counts.strength
        homeward = [o for o in prompt.options
                    if (o.data or {}).get("to") == home and (o.data or {})["kind"] == kind]
        if homeward:
            return max(homeward, key=lambda o: int(strength[(o.data or {})["owner"]][kind])).id
    ids = [o.id for o in prompt.options]
    if "done" in ids:
        return "done"
    moved = [o for o in prompt.options if (o.data or {}).get("to")]
    return (moved or list(prompt.options))[0].id


Rule = Callable[[dict[str, Any], Prompt, Rng], str]
# The prompt kinds answered by a rule of thumb; the rest (League, Diplomatic, levies)
# go to the lookahead, which sees their certain result.
RULES: dict[str, Rule] = {
    "nominate": lambda v, p, r: _nominate(v, p, p.seat),
    "designate": lambda v, p, r: _designate(v, p, p.seat),
    "debate": lambda v, p, r: _debate(v, p, p.seat),
    "entourage": lambda v, p, r: _entourage(v, p),
    "board": lambda v, p, r: _board(p),
    "place": lambda v, p, r: _place(v, p, p.seat, r),
    "reveal": lambda v, p, r: _reveal(v, p, p.seat),
    "commit": lambda v, p, r: _commit(v, p, p.seat),
    "march": lambda v, p, r: _march(v, p, p.seat),
    "losses": lambda v, p, r: _losses(v, p, p.seat),
    "second_battle": lambda v, p, r: _second(v, p.seat),
    # a raid turns 3 Strategos into 3 Honor at once (9.1): better than any trade
    "raid_choice": lambda v, p, r: "raid" if any(o.id == "raid" for o in p.options)
    else "expedition",
    "state_ship": lambda v, p, r: "ship",  # it is ready again next turn (12.0)
    "hostage": lambda v, p, r: "keep",
    "maintenance": lambda v, p, r: _maintenance(p, p.seat),
    "redeploy": lambda v, p, r: _redeploy(v, p, p.seat),
}


def choose(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
           rng: Rng) -> str | None:
    rule = RULES.get(prompt.kind)
    return rule(view, prompt, rng) if rule is not None else None


HEURISTIC = RulesetHeuristic(evaluate=evaluate, choose=choose, previews=60)
