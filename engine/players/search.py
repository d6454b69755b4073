"""The `search` level: determinized search on top of the heuristic.

For a decision with a few options, the player draws worlds (`Ruleset.determinize`: the
hidden facts dealt afresh from what the seat's view allows, never the true ones), and in
each world tries every option followed by a short rollout in which both sides play the
heuristic's quick rules, cut after `horizon` actions and scored by the heuristic
evaluation. Every option of a world meets the same world and the same dice (common random
numbers), so the comparison between options is paired. The heuristic's own answer is kept
unless another option beats it by more than one standard error of the paired differences:
searching can only overrule the heuristic on evidence.

Decisions with many options (a move's destinations, a long menu) are the heuristic's:
there its certain lookahead does well and the samples would be spread too thin. So are
the richer decision forms (pick k of n, amounts, allocations) and rulesets that offer no
worlds. The player's randomness is its own stream; the time budget (`budget_s`) bounds the
samples, and `samples` fixes their number instead (replayable, for tests and duels).
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.ruleset import Context
from ..core.types import IllegalAction, Prompt
from .base import Lookahead, World, Worlds, register_level
from .heuristic import (
    NAVIGATION,
    HeuristicPlayer,
    RulesetHeuristic,
    capped,
    heuristic_for,
    ruleset_of,
)

WIN = 1000.0
BUDGET_S = 1.0      # default thinking time per decision, the heuristic's share included
MAX_OPTIONS = 8     # larger decisions are left to the heuristic
HORIZON = 12        # rollout length in actions before the evaluation cuts it
MAX_SAMPLES = 64    # worlds per decision at most, whatever the budget
HEURISTIC_SHARE = 0.6  # of the budget, for the heuristic's lookahead


@register_level
class SearchPlayer(HeuristicPlayer):
    level = "search"
    uses_worlds = True

    def __init__(self, seed: str | int = 0, budget_s: float = BUDGET_S,
                 samples: int | None = None, horizon: int = HORIZON, **options: Any):
        super().__init__(seed)
        self.budget_s = budget_s
        self.samples = samples
        self.horizon = horizon
        self._worlds: Worlds | None = None
        self._start = 0.0
        self.decisions = 0
        self.searched = 0  # decisions settled by search (the rest: the heuristic alone)

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

    def _choose(self, view: dict[str, Any], prompt: Prompt,
                lookahead: Lookahead | None) -> str:
        fallback = super()._choose(view, prompt, lookahead)
        self.decisions += 1
        h = heuristic_for(ruleset_of(view))
        options = [o.id for o in prompt.options if o.id not in NAVIGATION
                   and o.id not in h.skip]
        if (self._worlds is None or prompt.form != decisions.ONE or len(options) < 2
                or len(options) > MAX_OPTIONS or fallback not in options):
            return fallback
        self.searched += 1
        return self._search(prompt, options, fallback, h, self._worlds)

    def _search(self, prompt: Prompt, options: list[str], fallback: str,
                h: RulesetHeuristic, worlds: Worlds) -> str:
        me = prompt.seat
        scores: dict[str, list[float]] = {o: [] for o in options}
        limit = self.samples or MAX_SAMPLES
        key = f"{self.seed}:{self.decisions}"
        for n in range(limit):
            world = worlds(Rng(f"search:{key}:world:{n}"))
            sample = {}
            for opt in options:
                if self.samples is None and time.perf_counter() - self._start > self.budget_s:
                    break
                sample[opt] = self._rollout(world, me, opt, h, f"{key}:{n}")
            if len(sample) < len(options):
                break  # out of time: only whole samples compare the options fairly
            for opt, value in sample.items():
                scores[opt].append(value)
        base = scores[fallback]
        if len(base) < 2:
            return fallback  # no evidence against the heuristic in the time given
        best, best_gain = fallback, 0.0
        for opt in options:
            if opt == fallback:
                continue
            diffs = [a - b for a, b in zip(scores[opt], base)]
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
            err = math.sqrt(var / len(diffs))
            if mean > err and mean > best_gain:
                best, best_gain = opt, mean
        return best

    def _rollout(self, world: World, me: str, option: str, h: RulesetHeuristic,
                 key: str) -> float:
        rules = world.rules
        state = rules.load(rules.dump(world.state))
        # The same dice for every option of this world: differences are the options'.
        dice = Rng(f"search:{key}:dice")
        policy = Rng(f"search:{key}:policy")
        try:
            rules.apply(state, me, option, Context(dice))
        except IllegalAction:
            return -WIN  # not legal in this world: the real one offered it, so never here
        for _ in range(self.horizon):
            if rules.outcome(state) is not None:
                break
            prompts = rules.prompts(state)
            if not prompts:
                break
            p = prompts[0]
            answer = quick_answer(rules.view(state, p.seat), p, h, policy)
            try:
                rules.apply(state, p.seat, answer, Context(dice))
            except IllegalAction:
                break
        out = rules.outcome(state)
        if out is not None:
            return WIN if me in out.winners else -WIN if out.winners else 0.0
        return h.evaluate(rules.view(state, me), me)


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
    ids = [o.id for o in prompt.options if o.id not in NAVIGATION] or \
        [o.id for o in prompt.options]
    return str(rng.choice(ids))
