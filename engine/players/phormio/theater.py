"""Phormio's theater play (playbook 15.6-15.7; brief 15.4): one rule per Pericles prompt
kind of the theater and End phases, each reading only the faction's view and its Prime
Strategy's plan (theater_plan.py), and choosing at random with the player's own Rng
(15.15 E). `THEATER_RULES` has the shape of the heuristic's `RULES`
(engine/players/pericles.py), so a level can take these kinds from it and the rest from
elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.rng import Rng
from ...core.types import Prompt
from ..pericles import Rule
from . import theater_end, theater_issues, theater_place, theater_war
from .theater_plan import TheaterPlan, plan_for

# (view, prompt, rng, plan) -> option id
PlannedRule = Callable[[dict[str, Any], Prompt, Rng, TheaterPlan], str]

PLANNED: dict[str, PlannedRule] = {
    "place": theater_place.place,
    "reveal": theater_place.reveal,
    "league": theater_issues.league,
    "diplomatic": theater_issues.diplomatic,
    "levy": theater_issues.levy,
    "raid_choice": theater_issues.raid_choice,
    "persian_gold": theater_issues.persian_gold,
    "commit": theater_war.commit,
    "march": theater_war.march,
    "state_ship": theater_war.state_ship,
    "losses": theater_war.losses,
    "second_battle": theater_war.second_battle,
    "maintenance": theater_end.maintenance,
    "redeploy": theater_end.redeploy,
}


def _with_plan(rule: PlannedRule) -> Rule:
    def run(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
        return rule(view, prompt, rng, plan_for(view, prompt.seat))
    run.__doc__ = rule.__doc__
    return run


THEATER_RULES: dict[str, Rule] = {kind: _with_plan(rule) for kind, rule in PLANNED.items()}
