"""The `search` level: determinized flat Monte Carlo search on top of the heuristic.

The player draws worlds (`Ruleset.determinize`: the hidden facts dealt afresh from what
the seat's view allows, never the true ones) and plays candidates forward in each: both
sides answer by the heuristic's quick rules until the next phase boundary, where the
heuristic evaluation scores the rollout (engine/players/rollout.py). Every candidate of a
world meets the same world and the same dice (common random numbers), so the comparison
is paired. The heuristic's own answer is kept unless another candidate beats it by more
than one standard error of the paired differences: search overrules it only on evidence.

Three kinds of decision are searched:

- **Phases the seat plays as a series of steps** (Athens & Sparta's moves): the candidates
  are whole plans for the phase, the heuristic's series of moves, that series without
  each move that starts a battle, and that series led by an attack it passed over or by
  a revolt, which it never makes (engine/players/plans.py). Once a plan is chosen the
  player follows it through the phase's later prompts, as long as they offer its steps.
- **Other decisions of 2 to MAX_OPTIONS options** (battles: engage or withdraw, fire or
  retreat, which hit, storm or wait): each option, then the rollout.

- **Stages the seat plays as a series of menu answers** (the Epic's Placement and Build,
  `RulesetHeuristic.stage_of`): at the stage's first prompt a few whole plans, the
  heuristic's among them, each played through the stage and on as the ruleset says
  (`after_stage`: the Epic plays a Campaign Turn of both sides' moves and battles); the
  chosen plan answers the stage's later prompts.

Everything else (commitments, the richer decision forms, rulesets that offer no worlds)
is the heuristic's. The player's randomness is its own stream. `samples` fixes
the number of worlds per decision (an iteration budget: replayable, and the same strength
on a busy machine as on a quiet one, for tests and duels); without it the time budget
`budget_s` bounds them.
"""

from __future__ import annotations

import copy
import math
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.types import IllegalAction, Prompt
from .base import Lookahead, Worlds, register_level
from .heuristic import (
    NAVIGATION,
    HeuristicPlayer,
    RulesetHeuristic,
    capped,
    heuristic_for,
    ruleset_of,
)
from .plans import (
    MAX_ATTACKS,
    MAX_VENTURES,
    Plan,
    attack_steps,
    heuristic_plan,
    led_by,
    play_plan,
    variants,
    venture_steps,
)
from .rollout import MAX_STEPS, WIN, OutOfTime, Sim, quick_answer

BUDGET_S = 1.0      # default thinking time per decision, the heuristic's share included
MAX_OPTIONS = 8     # larger single decisions are left to the heuristic
MAX_SAMPLES = 64    # worlds per decision at most, whatever the budget
HEURISTIC_SHARE = 0.6  # of the budget, for the heuristic's lookahead (and its plan)
# Of the budget, for sampling worlds: the rest covers a rollout stopping at its deadline
# and the choice made around it (at the whole budget the decision p95 was 1,007 ms).
SAMPLING_SHARE = 0.9
# Standard errors by which a candidate must beat the heuristic's answer. Two were tried on
# 2026-11-24 against one on the same 40 seeds (sh13, 6 worlds): fewer overrules, and worse
# on both sides (docs/players.md), so one it stays.
OVERRULE_Z = 1.0

__all__ = ["SearchPlayer", "WIN", "quick_answer"]


@register_level
class SearchPlayer(HeuristicPlayer):
    level = "search"
    uses_worlds = True

    def __init__(self, seed: str | int = 0, budget_s: float = BUDGET_S,
                 samples: int | None = None, horizon: int = MAX_STEPS, **options: Any):
        super().__init__(seed)
        self.budget_s = budget_s
        self.samples = samples
        self.horizon = horizon  # rollout length in actions at most, past the boundary
        self._worlds: Worlds | None = None
        self._start = 0.0
        # The rest of the plan chosen for the phase under way: answers still to give.
        self._plan: list[str] = []
        self.decisions = 0
        self.searched = 0  # decisions settled by search (the rest: the heuristic alone)
        self.overruled = 0  # of those, decisions where search chose against the heuristic
        self.plans = 0  # phase plans made (their later answers are followed, not decided)
        # The stage under way (RulesetHeuristic.stage_of) and the plan chosen for it at its
        # first prompt (None: the heuristic's); of the decisions searched and overruled,
        # how many were such stages.
        self._stage: tuple[str, Any] | None = None
        self.stages_searched = 0
        self.stages_overruled = 0
        self.stage_choices: Counter[str] = Counter()  # the plans chosen, by name

    def choose(self, view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None = None,
               worlds: Worlds | None = None) -> str:
        self._worlds = worlds
        self._start = time.perf_counter()
        if lookahead is not None and self.samples is None:
            # The heuristic's own lookahead gets a share of the budget, so that the whole
            # decision keeps to it even where the heuristic alone would take longer.
            lookahead = capped(lookahead, deadline=self._start + HEURISTIC_SHARE * self.budget_s)
        try:
            return super().choose(view, prompt, lookahead)
        finally:
            self._worlds = None

    def _out_of_time(self, share: float = SAMPLING_SHARE) -> bool:
        return self.samples is None and \
            time.perf_counter() - self._start > share * self.budget_s

    def _choose(self, view: dict[str, Any], prompt: Prompt,
                lookahead: Lookahead | None) -> str:
        self.decisions += 1
        h = heuristic_for(ruleset_of(view))
        staged = self._staged(view, prompt, lookahead, h)
        if staged is not None:
            return staged
        if prompt.kind in h.plan_kinds and prompt.form == decisions.ONE:
            planned = self._planned(view, prompt, lookahead, h)
            if planned is not None:
                return planned
        else:
            self._plan = []
        fallback = super()._choose(view, prompt, lookahead)
        if h.candidates is not None and self._worlds is not None \
                and prompt.form == decisions.ONE:
            narrowed = h.candidates(view, prompt, fallback)
            if len(narrowed) > 1 and fallback in narrowed:
                return self._narrowed(prompt, narrowed, fallback, h)
        options = [o.id for o in prompt.options if o.id not in NAVIGATION
                   and o.id not in h.skip]
        if (self._worlds is None or prompt.form != decisions.ONE or len(options) < 2
                or len(options) > MAX_OPTIONS or fallback not in options
                or prompt.kind in h.boundary or prompt.kind in h.plan_kinds
                or (h.searched is not None and prompt.kind not in h.searched)):
            return fallback
        self.searched += 1

        def tryout(sim: Sim, option: str) -> float:
            sim.act(prompt.seat, option)
            return sim.finish(prompt.seat, h, self.horizon)

        best = self._best(prompt.seat, options, fallback, tryout)
        self.overruled += best != fallback
        return best

    def _narrowed(self, prompt: Prompt, candidates: list[str], fallback: str,
                  h: RulesetHeuristic) -> str:
        """A wide decision weighed among the few options the ruleset's heuristic names
        (`RulesetHeuristic.candidates`): each taken in the sampled worlds, the seat's own
        phase finished as the ruleset says (`after_candidate`), then the rollout."""
        self.searched += 1
        finish = h.after_candidate if prompt.kind not in h.standalone else None

        def tryout(sim: Sim, option: str) -> float:
            sim.act(prompt.seat, option)
            if finish is not None:
                finish(sim, prompt.seat)
            return sim.finish(prompt.seat, h, self.horizon)

        best = self._best(prompt.seat, candidates, fallback, tryout)
        self.overruled += best != fallback
        return best

    # -------------------------------------------------------------- stages
    def _staged(self, view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
                h: RulesetHeuristic) -> str | None:
        """The answer of the plan chosen for the stage under way (chosen at the stage's
        first prompt among the ruleset's `stage_plans`), or None to let the heuristic
        answer (its own plan, or no stage)."""
        stage = h.stage_of(prompt.kind) if h.stage_of is not None else None
        if stage is None:
            self._stage = None
            return None
        if self._stage is None or self._stage[0] != stage:
            self._stage = (stage, None)
            if h.stage_plans is None or self._worlds is None:
                return None
            # the heuristic's answer first, in its share of the budget, as elsewhere
            fallback = super()._choose(view, prompt, lookahead)
            plans = h.stage_plans(view, prompt, fallback)
            if len(plans) < 2:
                return fallback
            self._stage = (stage, self._stage_plan(prompt, plans, h))
            if self._stage[1] is None:
                return fallback
        plan = self._stage[1]
        if plan is None:
            return None
        answer = plan.answer(view, prompt)
        if answer is not None:
            return str(answer)
        return super()._choose(view, plan.rest(prompt), lookahead)

    def _stage_plan(self, prompt: Prompt, plans: dict[str, Any], h: RulesetHeuristic) -> Any:
        """The stage's plan whose rollouts score best (the heuristic's, the first, unless
        another beats it on evidence): each played through the seat's stage in the sampled
        worlds, then on as the ruleset says (`after_stage`)."""
        me = prompt.seat
        play, after = h.play_stage, h.after_stage
        assert play is not None and after is not None

        def tryout(sim: Sim, name: str) -> float:
            plan = plans[name]
            play(sim, me, copy.copy(plan) if plan is not None else None, h)
            after(sim, me, h)
            return sim.score(me, h)

        first = next(iter(plans))
        best = self._best(me, list(plans), first, tryout)
        self.stage_choices[best] += 1
        self.searched += 1
        self.stages_searched += 1
        self.overruled += best != first
        self.stages_overruled += best != first
        chosen = plans[best]
        return copy.copy(chosen) if chosen is not None else None

    # -------------------------------------------------------------- phase plans
    def _planned(self, view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
                 h: RulesetHeuristic) -> str | None:
        """The next answer of the phase's plan (a new plan when none is under way or the
        prompt does not offer its next answer), or None to let the heuristic answer."""
        ids = {o.id for o in prompt.options}
        if self._plan and self._plan[0] in ids:
            return self._plan.pop(0)
        self._plan = []
        if lookahead is None:
            return None
        deadline = None if self.samples is not None else \
            self._start + HEURISTIC_SHARE * self.budget_s
        found = heuristic_plan(view, prompt, lookahead, h, self.rng, deadline)
        if found.plan is None:
            # No plan to weigh. Out of time: the heuristic's answer worked out on the way
            # (the capped lookahead would now refuse every preview). A step whose result
            # is not certain: the heuristic afresh.
            if self._out_of_time(HEURISTIC_SHARE) and found.first in ids:
                return found.first
            return None
        plan, contact_added = found.plan, found.contact_added
        self.plans += 1
        extra: list[Plan] = []  # attacks the heuristic passed over, revolts it never makes
        if self._worlds is not None and not self._out_of_time(HEURISTIC_SHARE):
            extra = led_by(plan, attack_steps(view, prompt, lookahead, h), MAX_ATTACKS) + \
                led_by(plan, venture_steps(view, prompt, lookahead, h), MAX_VENTURES)
        candidates = variants(plan, contact_added) + extra
        chosen = plan
        if self._worlds is not None and (any(contact_added) or extra) and len(candidates) > 1:
            self.searched += 1
            me = prompt.seat

            def tryout(sim: Sim, label: str) -> float:
                play_plan(sim, me, by_label[label], h)
                return sim.finish(me, h, self.horizon)

            by_label = {p.label: p for p in candidates}
            best = self._best(me, list(by_label), plan.label, tryout)
            chosen = by_label[best]
            self.overruled += chosen is not plan
        answers = chosen.answers(h.end_phase)
        if not answers or answers[0] not in ids:
            return None
        self._plan = answers[1:]
        return answers[0]

    # ---------------------------------------------------------------- sampling
    def _best(self, me: str, candidates: list[str], fallback: str,
              tryout: Callable[[Sim, str], float]) -> str:
        """The candidate whose rollouts score best, paired world by world against
        `fallback`; `fallback` unless another beats it by more than a standard error."""
        assert self._worlds is not None
        scores: dict[str, list[float]] = {c: [] for c in candidates}
        limit = self.samples or MAX_SAMPLES
        key = f"{self.seed}:{self.decisions}"
        deadline = None if self.samples is not None else \
            self._start + SAMPLING_SHARE * self.budget_s
        for n in range(limit):
            if self._out_of_time():
                break
            world = self._worlds(Rng(f"search:{key}:world:{n}"))
            sample: dict[str, float] = {}
            for c in candidates:
                if self._out_of_time():
                    break
                # The same dice and policy stream for every candidate of this world.
                sim = Sim(world, Rng(f"search:{key}:{n}:dice"), Rng(f"search:{key}:{n}:policy"),
                          deadline)
                try:
                    sample[c] = tryout(sim, c)
                except IllegalAction:
                    sample[c] = -WIN  # not legal in this world: the real one offered it
                except OutOfTime:
                    break
            if len(sample) < len(candidates):
                break  # out of time: only whole samples compare the candidates fairly
            for c, value in sample.items():
                scores[c].append(value)
        return paired_best(scores, fallback)


def paired_best(scores: dict[str, list[float]], fallback: str, z: float = OVERRULE_Z) -> str:
    """The candidate with the largest mean gain over `fallback` in paired samples, if
    that gain exceeds `z` standard errors; else `fallback`."""
    base = scores[fallback]
    if len(base) < 2:
        return fallback  # no evidence against the heuristic in the time given
    best, best_gain = fallback, 0.0
    for c, values in scores.items():
        if c == fallback:
            continue
        diffs = [a - b for a, b in zip(values, base)]
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        err = math.sqrt(var / len(diffs))
        if mean > z * err and mean > best_gain:
            best, best_gain = c, mean
    return best
