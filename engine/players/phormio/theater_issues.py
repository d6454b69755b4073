"""Phormio's issue charts (15.62 A-D): what a revealed League, Diplomatic or Military
marker of its own does. The matrix's notes for a PS issue come first (15.62: the matrix
overrides the charts); the Oracle needs no chart here, as its only use is +3 Honor
(ruling R24), which is what the chart usually takes (15.62 B)."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from ...core.types import Prompt
from ...rulesets.pericles import persia
from .theater_force import winnable
from .theater_plan import TheaterPlan
from .theater_read import (
    capital,
    city_of,
    costly_pending,
    d6_pick,
    enemy_of,
    fed,
    granaries,
    in_pool,
    military_strength,
    prompt_theater,
    status,
    theater_kind,
    uncovered_bases,
)

DIPLOMATIC_BASE = 3  # Strategos that found a base where nobody stands (ruling R21)


def _military_to_come(view: dict[str, Any], me: str) -> bool:
    """A Military marker of the faction still in a queue, outside its capital: an
    expedition or a raid to come (15.62 A, C)."""
    return any(k == "military" for k, _ in costly_pending(view, me))


# ------------------------------------------------------------------ League (15.62 C)
def league(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """The matrix's note for a PS issue; Athens founding a base in a granary it lacks
    (15.15 G); units raised for an expedition still to come, of the theater's kind (16.0:
    the chart says land in a land theater); else a base, else Treachery removed, else
    units raised, else nothing."""
    me = prompt.seat
    city = city_of(me)
    ids = {o.id for o in prompt.options}
    theater = prompt_theater(prompt)
    step = plan.step_for("league", theater)
    if step is not None:
        build = step.word("build")
        if build in ids:
            return build
        if "base" in step.notes and "base" in ids:
            return "base"
    if city == "athens" and theater in granaries(city) and not fed(view, city) and "base" in ids:
        return "base"
    kind = theater_kind(theater) if theater else "land"
    builds = [k for k in (kind, "naval" if kind == "land" else "land") if k in ids]
    if _military_to_come(view, me) and builds:
        return builds[0]
    for choice in ("base", "treachery"):
        if choice in ids:
            return choice
    return builds[0] if builds else "none"


# ------------------------------------------------------------------ Diplomatic (15.62 A)
def diplomatic(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """The Peace of Callias where it can be made (13.2); else keep the tokens while a
    Military marker is still to come, unless the matrix calls for this issue; else
    convert an enemy League base (more than its side's strength there) or found a base
    where nobody stands (3); what cannot be paid is not spent (15.62 A)."""
    me = prompt.seat
    city = city_of(me)
    held = prompt.hi
    theater = prompt_theater(prompt)
    if theater == persia.EASTMED and city == "athens" and view["persian_war"]:
        return str(persia.CALLIAS if held >= persia.CALLIAS else 0)
    enemy = enemy_of(city)
    league = "P" if enemy == "sparta" else "D"
    if view["forces"].get(theater, {}).get(league, {}).get("bases", 0):
        need = military_strength(view, theater, enemy) + 1
    elif status(view, theater) == "neutral":
        need = DIPLOMATIC_BASE
    else:
        return str(prompt.lo)
    if plan.step_for("diplomatic", theater) is None and _military_to_come(view, me):
        return str(prompt.lo)
    return str(need) if need <= held else str(prompt.lo)


# ------------------------------------------------------------------ Military (15.62 D)
def levy(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """A Military marker in the capital raises City-State units (9.0): units of the
    capital's kind first as the pool allows, the other bases building the other kind
    (16.0: Sparta's two bases, two Spartan foot left in the pool, build two foot and a
    ship). The matrix's "build:naval" makes every base build a ship."""
    me = prompt.seat
    owner = "A" if city_of(me) == "athens" else "S"
    bases = prompt.hi
    step = plan.step_for("military", capital(city_of(me)))
    if step is not None and step.word("build") == "naval":
        return str(bases)
    if theater_kind(capital(city_of(me))) == "naval":
        return str(min(bases, max(0, in_pool(view, owner, "naval"))))
    land_pool = max(0, in_pool(view, owner, "land"))
    land_bases = min(bases, (land_pool + 1) // 2)
    return str(bases - land_bases)


def raid_choice(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """In a contested theater: the matrix's "raid" raids; any other PS issue is an
    expedition (the strategy is a battle there); otherwise (our ruling) an expedition
    where the strongest force the side could bring matches the defenders with every token
    they may commit, else a raid: 3 Honor for 3 Strategos and the enemy's tokens ravaged
    (9.1; the strategy guide, 18.0: raiding should be a major part of a military plan)."""
    me = prompt.seat
    ids = {o.id for o in prompt.options}
    if "raid" not in ids:
        return "expedition"
    theater = prompt_theater(prompt)
    step = plan.step_for("military", theater)
    if step is not None:
        return "raid" if "raid" in step.notes else "expedition"
    return "expedition" if winnable(view, theater, me) else "raid"


# ------------------------------------------------------------------ Persian gold (13.1)
def persian_gold(view: dict[str, Any], prompt: Prompt, rng: Rng, plan: TheaterPlan) -> str:
    """A ship bought with Persian gold: where it covers a naval theater's uncovered base,
    else any uncovered base, else at random (15.7's one unit a theater, R44)."""
    ids = sorted(o.id for o in prompt.options)
    bare = [t for t in uncovered_bases(view, "sparta") if t in ids]
    naval = [t for t in bare if theater_kind(t) == "naval"]
    return d6_pick(rng, naval or bare or ids)

