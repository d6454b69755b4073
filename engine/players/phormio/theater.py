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
from .strategy import strategy_of
from .theater_plan import NO_PLAN, TheaterPlan, plan_of

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


StrategyOf = Callable[[dict[str, Any], str], Any]


def planned_rules(strategy: StrategyOf = strategy_of) -> dict[str, Rule]:
    """The theater rules reading each faction's Prime Strategy through `strategy`
    (view, faction) -> Strategy or None: by default the one the view records; the level
    passes its own (which draws one for a seat the game does not know is Phormio's), so
    that its political and theater play follow the same strategy."""
    def with_plan(rule: PlannedRule) -> Rule:
        def run(view: dict[str, Any], prompt: Prompt, rng: Rng) -> str:
            found = strategy(view, prompt.seat)
            return rule(view, prompt, rng, NO_PLAN if found is None else plan_of(found))
        run.__doc__ = rule.__doc__
        return run
    return {kind: with_plan(rule) for kind, rule in PLANNED.items()}


THEATER_RULES: dict[str, Rule] = planned_rules()
