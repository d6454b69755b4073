"""Playing a sampled world forward for the search level: the rollout policy and where a
rollout stops.

A rollout runs in a `World` (the seat's hidden facts drawn afresh, engine/players/base.py),
never in the game: both sides answer by the heuristic's quick rules, and the rollout is cut
at the next phase boundary (a prompt kind the ruleset's heuristic names in `boundary`, such
as the next side's moves or the builds), where the heuristic evaluation scores it. Dice
come from the search's own stream, the same stream for every option compared in one world.
"""

from __future__ import annotations

import time
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.ruleset import Context
from ..core.types import IllegalAction, Prompt
from .base import World
from .heuristic import NAVIGATION, RulesetHeuristic

WIN = 1000.0
MAX_STEPS = 120  # actions at most in a rollout after the option tried (a battle is ~20,
# the enemy's answering move phase about 30)


class OutOfTime(Exception):
    """A rollout passed its deadline: its sample is incomplete and must not be compared."""


class Sim:
    """A private copy of a world's state being played forward."""

    def __init__(self, world: World, dice: Rng, policy: Rng, deadline: float | None = None):
        self.rules = world.rules
        self.state = self.rules.load(self.rules.dump(world.state))
        self.dice = dice
        self.policy = policy
        # `time.perf_counter()` past which `finish` gives up (OutOfTime): a rollout through
        # the enemy's moves is long, and a decision must keep to its time budget.
        self.deadline = deadline

    def prompt(self) -> Prompt | None:
        if self.rules.outcome(self.state) is not None:
            return None
        prompts = self.rules.prompts(self.state)
        return prompts[0] if prompts else None

    def next_prompt(self) -> Prompt | None:
        """The next prompt (None: the game is over); OutOfTime past the deadline."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime
        return self.prompt()

    def act(self, seat: str, option: str) -> None:
        """Apply `option` for `seat` (IllegalAction if the world does not offer it)."""
        self.rules.apply(self.state, seat, option, Context(self.dice))

    def view(self, seat: str) -> dict[str, Any]:
        seen: dict[str, Any] = self.rules.view(self.state, seat)
        return seen

    def finish(self, me: str, h: RulesetHeuristic, steps: int = MAX_STEPS) -> float:
        """Play on by the quick rules until the next phase boundary, then score for `me`.
        The enemy's own phase of steps met on the way (its moves: `plan_kinds`) is played
        through to the boundary after it: a storm of our capital or a counter-attack comes
        in the enemy's answer, which a rollout cut before it never saw (issue 35)."""
        answering = False
        for _ in range(steps):
            p = self.next_prompt()
            if p is None:
                break
            if p.seat != me and p.kind in h.plan_kinds and (answering or p.kind in h.boundary):
                answering = True  # the enemy's answer: play it out
            elif p.kind in h.boundary:
                break
            answer = quick_answer(self.view(p.seat), p, h, self.policy)
            try:
                self.act(p.seat, answer)
            except IllegalAction:
                break
        return self.score(me, h)

    def score(self, me: str, h: RulesetHeuristic) -> float:
        out = self.rules.outcome(self.state)
        if out is not None:
            return WIN if me in out.winners else -WIN if out.winners else 0.0
        if h.sample_view is not None:
            return h.evaluate(h.sample_view(self.state, me), me)
        state = self.state if h.sample_state is None else h.sample_state(self.state, me)
        return h.evaluate(self.rules.view(state, me), me)


def quick_answer(view: dict[str, Any], prompt: Prompt, h: RulesetHeuristic, rng: Rng) -> str:
    """The rollout policy: the heuristic's own rules, else the best option it can imagine
    from the view alone, else any option that is not going back in a menu."""
    if prompt.form != decisions.ONE:
        return decisions.random_answer(prompt, rng)
    answer = h.choose(view, prompt, None, rng)
    if answer is not None:
        return answer
    here = h.evaluate(view, prompt.seat)
    best, top = None, here
    for o in prompt.options:
        seen = h.imagine(view, prompt, o.id)
        if seen is not None and (v := h.evaluate(seen, prompt.seat)) > top:
            best, top = o.id, v
    if best is not None:
        return best
    ids = [o.id for o in prompt.options if o.id not in NAVIGATION and o.id not in h.skip] \
        or [o.id for o in prompt.options]
    return str(rng.choice(ids))
