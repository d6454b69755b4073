"""Phormio at war (15.62 D-F, 15.64): Strategos commitment, the commanding general's
expedition chart, the State Ship, battle losses and the optional second battle."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.types import Prompt
from ...rulesets.pericles.schema import TOKENS_FIGHT
from .theater_force import hopeless, spare, strongest_reachable, unit_strength
from .theater_plan import Step, TheaterPlan
from .theater_read import (
    bases_of,
    city_of,
    costly_pending,
    d6_pick,
    enemy_of,
    fed,
    granaries,
    kind_strength,
    status,
    theater_kind,
    uncovered_bases,
    units,
)

CITY_STATE = ("A", "S")
OTHER = {"land": "naval", "naval": "land"}


# ------------------------------------------------------------------ commitment (15.62 D)
def critical_reserve(view: dict[str, Any], me: str) -> int:
    """Strategos kept back from an expedition to found a League base in a granary when
    Athens has none (15.15 G, 15.62 D): the base's price, 4 where the theater is
    contested and 1 elsewhere (ruling R20), if such a League marker of the faction waits."""
    city = city_of(me)
    if city != "athens" or fed(view, city):
        return 0
    costs = [4 if status(view, t) == "contested" else 1
             for k, t in costly_pending(view, me) if k == "league" and t in granaries(city)]
    return min(costs, default=0)


def _battle_ahead(view: dict[str, Any], target: str, city: str) -> bool:
    """The expedition will fight: enemy forces stand in the target (9.2)."""
    return status(view, target) in ("contested", enemy_of(city))


def _no_force(view: dict[str, Any], target: str, city: str) -> bool:
    """The attackers have no unit in the target and none able to reach it by the exit
    rule (9.2): an expedition there moves nothing and, in games of generation 0, fights
    nothing (ruling PT22). From generation TOKENS_FIGHT committed tokens fight alone
    where the enemy stands (R61): then it is no reason to hold back, and only an obvious
    defeat is (PT21; ruling PT24)."""
    if any(units(view, target, city, k) for k in ("land", "naval")):
        return False
    if view.get("generation", 0) >= TOKENS_FIGHT and _battle_ahead(view, target, city):
        return False
    return not any(strongest_reachable(view, target, city, k, 1) for k in ("land", "naval"))


def commit(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """Nothing to an obvious defeat (15.8), whoever commits for the attackers.
    The CG: the matrix's number for a PS issue; all out when a battle is coming; with
    no battle, 1 into a theater nobody holds (to hold it) or to bring a unit to a base
    of ours lacking one of the theater's kind, else nothing (our ruling: tokens moved
    nowhere return to the stock, where four would have bought 1 Honor, 8.4).
    Another faction: nothing of what its own costly markers still to come may take, so
    nothing while a Military marker of its own waits (15.62 D, 16.0; ruling PT23); the
    rest, up to the most it may, in defence (15.8: maximum effort) and, for the
    attackers, when a battle is coming.
    Nothing, whoever commits, to an expedition no unit of the side can reach (PT22),
    unless its tokens would fight there alone (generation 1 on, R61; PT24).
    Sudden death keeps back the price of a granary base (15.15 G)."""
    me = prompt.seat
    city = city_of(me)
    ex = view["expedition"] or {}
    target = ex.get("theater", "")
    held = view["strategos"].get(me, 0)
    cap = max(prompt.lo, min(prompt.hi, held - critical_reserve(view, me)))
    attacking = ex.get("city") == city
    battle = _battle_ahead(view, target, ex.get("city", city))
    if attacking and battle and hopeless(view, target, ex.get("cg", me)):
        return str(prompt.lo)
    if attacking and _no_force(view, target, city):
        return str(prompt.lo)  # tokens nobody can use go back to the stock (PT22)
    if ex.get("cg") != me:
        if attacking and not battle:
            return str(prompt.lo)
        # the spare tokens: none of what its own waiting markers may need (PT23)
        return str(max(prompt.lo, min(cap, spare(view, me, prompt.hi))))
    step = plan.step_for("military", target)
    wanted = step.number("commit") if step is not None else None
    if wanted is not None:
        return str(max(prompt.lo, min(cap, wanted)))
    if battle:
        return str(cap)
    useful = status(view, target) == "neutral" or target in uncovered_bases(view, city)
    return str(min(cap, 1) if useful else prompt.lo)


# ------------------------------------------------------------------ the expedition chart (15.62 E)
def wanted_kind(view: dict[str, Any], target: str, city: str, step: Step | None) -> str:
    """The kind of unit the CG sends next: the theater's own kind (land in a land
    theater), unless the matrix names a kind, or says "opposite" or "naval_excess" (ships
    until they outnumber the enemy's ships there, then land units)."""
    own = theater_kind(target)
    named = step.word("units") if step is not None else None
    if named in OTHER:
        return named
    if step is not None and "opposite" in step.notes:
        return OTHER[own]
    if step is not None and "naval_excess" in step.notes:
        enemy = enemy_of(city)
        return "naval" if units(view, target, city, "naval") <= units(view, target, enemy,
                                                                         "naval") else "land"
    return own


def may_draw(view: dict[str, Any], here: str, city: str, kind: str) -> bool:
    """Whether one unit of `kind` may leave `here` by 15.62 D and 15.4: a land theater
    keeps its last land unit; a theater with a queue still to resolve keeps one unit of
    its own kind a base of the side."""
    left = units(view, here, city, kind) - 1
    if theater_kind(here) != kind:
        return True
    keep = 1 if kind == "land" else 0
    if view["queues"].get(here):
        keep = max(keep, bases_of(view, here, city))
    return left >= keep


def _holds(view: dict[str, Any], here: str, city: str, kind: str, owner: str) -> bool:
    """Whether the side still matches the enemy's strength of `kind` in `here` once the
    unit has left: units left behind an enemy edge could not get out, nor could others
    pass through (the exit rule, 9.2; 15.15 F: never strand a unit, keep the road open;
    16.0 keeps the two Spartan foot holding Thessalia where they stand)."""
    ours = kind_strength(view, here, city, kind) - unit_strength(owner, kind)
    return ours >= kind_strength(view, here, enemy_of(city), kind)


def march(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """As many units as the attackers committed, the 300 counted among them (16.0), the
    strongest first of the kind wanted, from where they can be spared (the 300 first);
    a unit whose leaving keeps its theater's road open before one that would not, then
    the strongest, then the most crowded theater's, ties at random.
    When no unit of the wanted kind can come, one of the other kind (15.8: maximum
    effort); when none can be spared, the march stops (15.62 D: fewer units rather than a
    stripped theater)."""
    me = prompt.seat
    city = city_of(me)
    ex = view["expedition"] or {}
    target = ex.get("theater", "")
    step = plan.step_for("military", target)
    want = wanted_kind(view, target, city, step)
    # Phormio counts the 300 among the units its commitment sends (16.0: "Phormio does
    # not make this distinction"), though the engine lets them march free (12.0)
    moves = ex.get("moves", 0) - int(city == "sparta" and view["the_300"] == target)
    if moves <= 0:
        return "stop"
    # units that would stop short of the target (ruling R62) are not Phormio's way: its
    # chart sends units into the battle
    units_offered = [o for o in prompt.options if o.id != "stop" and o.data
                     and not o.data.get("short")]
    for kind in (want, OTHER[want]):
        if step is not None and kind != want and (
                "opposite" in step.notes or "naval_excess" in step.notes or step.word("units")):
            break  # the matrix names the kind: no other
        fit = [o for o in units_offered if (o.data or {})["kind"] == kind
               and may_draw(view, (o.data or {})["from"], city, kind)]
        if not fit:
            continue
        free = [o for o in fit if (o.data or {}).get("the_300")]
        if free:
            return free[0].id

        ranked = [(_holds(view, (o.data or {})["from"], city, kind, (o.data or {})["owner"]),
                   unit_strength((o.data or {})["owner"], kind),
                   units(view, (o.data or {})["from"], city, kind), o.id) for o in fit]
        best = max(r[:3] for r in ranked)
        return d6_pick(rng, sorted(r[3] for r in ranked if r[:3] == best))
    return "stop"


# ------------------------------------------------------------------ the State Ship (15.62 F)
def state_ship(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """At once: it adds to the first battle it can (15.62 F; 16.0's Phormio Athenians
    commit it in defence of Chalcidice too)."""
    ids = {o.id for o in prompt.options}
    return "ship" if "ship" in ids else prompt.options[0].id


# ------------------------------------------------------------------ battle (15.64)
def losses(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """As winner (naming the loser's units): City-State units first, for Hostages, then
    the most units. As loser (naming the winner's units): the owner whose units fall most
    cheaply, to kill as many as possible (15.64 A, B)."""
    target = (view["expedition"] or {}).get("theater", "")
    owners = [o.id for o in prompt.options]
    # the options say whose units they are: the loser's when Phormio won (9.3)
    as_winner = any((o.data or {}).get("units_of") == "loser" for o in prompt.options)
    if as_winner:
        citizens = [o for o in owners if o in CITY_STATE]
        if citizens:
            return citizens[0]

    def count(o: str) -> int:
        return sum(view["forces"].get(target, {}).get(o, {}).get(k, 0) for k in ("land", "naval"))

    def cost(o: str) -> int:
        return min(unit_strength(o, k) or 9 for k in ("land", "naval"))
    best = min((cost(o), -count(o)) for o in owners)
    return d6_pick(rng, sorted(o for o in owners if (cost(o), -count(o)) == best))


def battleunit_strength(view: dict[str, Any], target: str, city: str, kind: str) -> int:
    """A side's strength in a battle of `kind` there, the card apart (9.3): units of the
    kind, 2 a base, committed Strategos, Treachery, the State Ship, the 300."""
    ex = view["expedition"] or {}
    committed = sum(int(n) for f, n in view["committed"].items() if city_of(f) == city)
    extra = (int(city == "athens" and bool(ex.get("ship")))
             + int(city == "sparta" and view["the_300"] == target))
    return (kind_strength(view, target, city, kind) + committed
            + int(view["treachery"].get(target, {}).get(city, 0)) + extra)


def second_battle(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """Fight the other kind's battle only at equal or greater strength (15.64 C)."""
    me = prompt.seat
    city = city_of(me)
    target = (view["expedition"] or {}).get("theater", "")
    kind = OTHER[theater_kind(target)]  # the first battle was the theater's own (9.3)
    ours = battleunit_strength(view, target, city, kind)
    theirs = battleunit_strength(view, target, enemy_of(city), kind)
    return "fight" if ours >= theirs else "end"


