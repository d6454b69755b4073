"""Phormio's placement of theater markers (15.61, the placement flowchart as the brief
gives it, 15.4) and its choice of which marker to reveal (15.62).

Placement, each time it is the faction's turn (the matrix's instructions come first
where it gives one, 15.61 A):
  1. nothing left to place: the faction is not asked (the engine skips it, 8.2);
  2. its 3rd, 6th or 9th placement with a Rumor in hand: the Rumor goes on a queue topped
     by an enemy marker, chosen at random; with none, on a theater by 1d20 (15.61 B);
  3. Athens only: without a base in a granary, and no League marker of the city queued
     in one, a League marker goes to a granary first (15.15 G, sudden death);
  3b. ours: a Military marker goes on top of an enemy marker that may be a raid on a
     base of the side (`raid_waits`), where the expedition can win, to clear the theater
     before the raid comes out (9.0, 9.1);
  4. PS issues left: the next step of the plan (15.61 C);
  5. a spare League marker: where it covers an uncovered base, else where it founds a
     base among friendly units only, else where it removes Treachery (15.61 D);
  6. otherwise a marker chosen at random (1d6) on a theater by 1d20 (15.61 D).
A faction left with Rumors only places them as in step 2 (our ruling, after 16.0).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.rng import Rng
from ...core.types import Prompt
from .theater_force import winnable
from .theater_plan import TheaterPlan
from .theater_read import (
    bases_of,
    city_of,
    d6_pick,
    d20_theater,
    enemy_of,
    fed,
    granaries,
    my_markers,
    placements_made,
    present,
    queued,
    status,
    top_is,
    uncovered_bases,
)

RUMOR_TURNS = (3, 6, 9)  # 15.61 B: every third chance to place


def place(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    me = prompt.seat
    city = city_of(me)
    held = Counter(my_markers(view, me))
    offered: dict[tuple[str, str], str] = {
        ((o.data or {})["marker"], (o.data or {})["theater"]): o.id for o in prompt.options}

    def where(kind: str) -> list[str]:
        return sorted(t for k, t in offered if k == kind)

    issues = sorted(k for k in held if k != "rumor")
    nth = placements_made(view, me) + 1
    if held["rumor"] and (nth in RUMOR_TURNS or not issues):
        return offered[("rumor", _rumor_theater(view, rng, where("rumor"), city, plan))]
    granary = _granary_first(view, rng, held, where, city)
    if granary is not None:
        return offered[granary]
    if held["military"]:
        answers = [t for t in where("military") if raid_waits(view, t, city) and winnable(view, t, me)]
        if answers:
            return offered[("military", d6_pick(rng, answers))]
    for step in plan.open_steps(queued(view, me), held):
        if (step.kind, step.theater) in offered:
            return offered[(step.kind, step.theater)]
    if held["league"]:
        spare = _spare_league(view, rng, where("league"), city)
        if spare is not None:
            return offered[("league", spare)]
    kind = d6_pick(rng, issues) if issues else "rumor"
    theater = d20_theater(rng, where(kind), avoid=plan.theater) or d6_pick(rng, where(kind))
    return offered[(kind, theater)]


def _rumor_theater(view: dict[str, Any], rng: Rng, allowed: list[str], city: str,
                   plan: TheaterPlan) -> str:
    """A queue topped by an enemy marker at random, else 1d20 (15.61 B)."""
    enemy_tops = [t for t in allowed if top_is(view, t, enemy_of(city))]
    if enemy_tops:
        return d6_pick(rng, enemy_tops)
    return d20_theater(rng, allowed, avoid=plan.theater) or d6_pick(rng, allowed)


def _granary_first(view: dict[str, Any], rng: Rng, held: Counter[str], where: Any,
                   city: str) -> tuple[str, str] | None:
    """Athens without a granary base and no League marker of the city queued in a
    granary (its own or its compatriot's, which it sees): a League marker goes where it
    can found a base, friendly units standing there, else to a granary at random; with
    no League marker, a Diplomatic one to a granary nobody holds (3 Strategos found a
    base there, ruling R21). None: no need, or nothing that helps (15.15 G)."""
    if city != "athens" or fed(view, city):
        return None
    mine = granaries(city)
    queued_league = any(m["kind"] == "league" and city_of(m["faction"]) == city
                        for g in mine for m in view["queues"].get(g, []))
    if queued_league:
        return None
    if held["league"]:
        spots = [g for g in where("league") if g in mine]
        ready = [g for g in spots if present(view, g, city) and _base_room(view, g)]
        if ready or spots:
            return ("league", d6_pick(rng, ready or spots))
    if held["diplomatic"]:
        empty = [g for g in where("diplomatic") if g in mine and status(view, g) == "neutral"]
        if empty:
            return ("diplomatic", d6_pick(rng, empty))
    return None


def _base_room(view: dict[str, Any], theater: str) -> bool:
    """At most three bases stand in a theater (8.5)."""
    return bases_of(view, theater, "athens") + bases_of(view, theater, "sparta") < 3


def _spare_league(view: dict[str, Any], rng: Rng, allowed: list[str], city: str) -> str | None:
    """15.61 D: cover an uncovered base (a League base raises units there), else found a
    League base where only friendly units stand, else remove an enemy Treachery marker."""
    league = "D" if city == "athens" else "P"
    uncovered = [t for t in uncovered_bases(view, city) if t in allowed
                 and view["forces"][t].get(league, {}).get("bases", 0)]
    if uncovered:
        return d6_pick(rng, uncovered)
    ours = [t for t in allowed if status(view, t) == city and _base_room(view, t)]
    if ours:
        return d6_pick(rng, ours)
    betrayed = [t for t in allowed if view["treachery"].get(t, {}).get(enemy_of(city), 0)]
    if betrayed:
        return d6_pick(rng, betrayed)
    return None


# ------------------------------------------------------------------ 15.62 reveal
def reveal(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """Ours first: a Military marker of the faction's own over enemy markers that may be
    raids on a base of the side (`covers_raids`), the expedition that answers them (step
    3b of the placement). Then a queue in the PS theater when its top marker is of
    Phormio's side; else one whose top marker is one of its own PS issues placed
    elsewhere (16.0: the Agiad looks for its PS issue in Sparta before choosing at
    random); else at random (15.62)."""
    me = prompt.seat
    by_theater = {(o.data or {})["theater"]: o.id for o in prompt.options}
    answers = sorted(t for t in by_theater if _top_mine(view, t, me) == "military"
                     and covers_raids(view, t, city_of(me)))
    if answers:
        return by_theater[d6_pick(rng, answers)]
    if plan.theater in by_theater:
        return by_theater[plan.theater]
    own_ps = sorted(t for t in by_theater
                    if _top_mine(view, t, me) and plan.step_for(_top_mine(view, t, me), t))
    if own_ps:
        return by_theater[d6_pick(rng, own_ps)]
    return by_theater[d6_pick(rng, sorted(by_theater))]


def _top_mine(view: dict[str, Any], theater: str, me: str) -> str:
    """The kind of the theater's top marker if it is the faction's own, else ""."""
    q = view["queues"].get(theater) or []
    return q[-1]["kind"] or "" if q and q[-1]["faction"] == me else ""


def raid_waits(view: dict[str, Any], theater: str, city: str) -> bool:
    """Whether an enemy marker on top of the theater's queue may be a raid on the side:
    a Military marker in a contested theater is a raid if its owner likes (9.0), and a
    raid's ravage takes the side's Strategos (9.1). Ours: the raider of the Pericles
    gauntlet won about one game in six against Phormio's Sparta with them."""
    q = view["queues"].get(theater) or []
    return bool(q) and city_of(q[-1]["faction"]) != city and _raidable(view, theater, city)


def covers_raids(view: dict[str, Any], theater: str, city: str) -> bool:
    """Whether the theater's top marker (the side's) lies over enemy markers that may be
    raids on the side (`raid_waits`)."""
    below = (view["queues"].get(theater) or [])[:-1]
    return any(city_of(m["faction"]) != city for m in below) and _raidable(view, theater, city)


def _raidable(view: dict[str, Any], theater: str, city: str) -> bool:
    """A contested theater holding a base of the side (9.0, 9.1)."""
    return status(view, theater) == "contested" and bases_of(view, theater, city) > 0
