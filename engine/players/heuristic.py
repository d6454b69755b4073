"""The `heuristic` level: a hand-written evaluation per ruleset, applied through a short
lookahead where the outcome of a choice is certain, and simple rules where it is not.

A ruleset's heuristic is a `RulesetHeuristic`: `evaluate(view, seat)` scores a position
as the seat sees it (higher is better for the seat), and `choose(...)` may answer a
prompt by its own rules (returning None hands the prompt to the generic lookahead).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import decisions, games
from ..core.rng import Rng
from ..core.types import Prompt
from .base import Lookahead, Player, Preview, register_level

# Options that only navigate a menu ("Choose another block"): never an improvement.
NAVIGATION = frozenset({"back"})
# How deep the lookahead follows the seat's own menu steps (a place, a block in it, then
# its destination), and how wide each follow-up may be before it is cut short.
DEPTH = 3
WIDTH = 40
MENU_PENALTY = 1e-3


Imagine = Callable[[dict[str, Any], Prompt, str], dict[str, Any] | None]


def imagine_nothing(view: dict[str, Any], prompt: Prompt, option_id: str) -> None:
    return None


@dataclass(frozen=True)
class RulesetHeuristic:
    evaluate: Callable[[dict[str, Any], str], float]
    choose: Callable[[dict[str, Any], Prompt, Lookahead | None, Rng], str | None]
    # A cheap stand-in for the lookahead: the view after an option whose effect the
    # heuristic can work out from the view alone (a block's move), else None.
    imagine: Imagine = imagine_nothing
    # Option ids the lookahead never takes (besides going back in a menu).
    skip: frozenset[str] = frozenset()
    # How deep the lookahead follows the seat's own menu steps and how wide a follow-up
    # may be; a ruleset whose previews cost more (a larger state) looks less far.
    depth: int = DEPTH
    width: int = WIDTH
    # At most this many previews per decision (None: no cap); the options past the cap
    # are worth the position as it stands, like an uncertain one.
    previews: int | None = None
    # For the search level (engine/players/search.py). Prompt kinds at which a rollout
    # stops to be scored (the start of the next side's moves, the builds...); none: a
    # rollout runs its whole length.
    boundary: frozenset[str] = frozenset()
    # Prompt kinds of single decisions the search level weighs in sampled worlds (None:
    # every one of 2 to 8 options that is not a boundary); the rest are the heuristic's.
    # A ruleset whose rollouts cost more names the few where the dice decide most.
    searched: frozenset[str] | None = None
    # Prompt kinds of a phase the seat plays as a series of steps (its moves, each a block
    # then a destination), searched as whole plans, and the option that ends that phase.
    plan_kinds: frozenset[str] = frozenset()
    end_phase: str | None = None
    # Options of that phase opening menus the heuristic leaves alone (in `skip`), which
    # the search weighs as the first step of a plan (Athens & Sparta: revolts, rule 7.0);
    # their menus' prompt kinds belong in `plan_kinds`.
    ventures: frozenset[str] = frozenset()
    # The places where the seat's pieces meet the enemy's (battles to come), as its view
    # shows them: the search tries each plan's steps that add one without that step.
    contact: Callable[[dict[str, Any], str], frozenset[str]] | None = None
    # Keys of the view that a menu answer changes though nothing happened on the board
    # (the step of the procedure): a plan's step ends at a change of any other key.
    menu_keys: frozenset[str] = frozenset()
    # For the search level: the state of a sampled world as the seat would score it if
    # the world's own hidden facts were known (PIMC scores each sample with its facts:
    # they are dealt from the seat's view, not the game's). Without it the seat's view
    # of the world is scored, and losses the enemy takes out of sight count for nothing.
    sample_state: Callable[[Any, str], Any] | None = None
    # Or, where the ruleset's view has no way to show the hidden facts, the view of a
    # sampled world to score, made from its state (state, seat -> view): Hellenes adds
    # the enemy's dealt steps to its upright blocks.
    sample_view: Callable[[Any, str], dict[str, Any]] | None = None
    # For the search level: a decision too wide for it to weigh every option (a
    # destination among dozens, in a menu of places) narrowed to the few worth weighing
    # (view, prompt, the heuristic's answer -> option ids, that answer among them; fewer
    # than two: the heuristic's answer stands), and how a rollout finishes the seat's own
    # phase after one of them (the sampled world, the seat) before it plays on by the
    # quick rules. The Epic: destinations where an attack is on offer.
    candidates: Callable[[dict[str, Any], Prompt, str], list[str]] | None = None
    after_candidate: Callable[[Any, str], None] | None = None
    # Prompt kinds `candidates` narrows that are no step of a phase of the seat's: their
    # rollout plays on by the quick rules at once, without `after_candidate` (the Epic's
    # Event Cards, whose next prompt may be the seat's first move, not a move's rest).
    standalone: frozenset[str] = frozenset()
    # For the search level: stages the seat plays as a series of menu answers (the Epic's
    # Placement and Build), weighed whole at their first prompt. `stage_of`: the stage a
    # prompt kind belongs to (None: none). `stage_plans`: at a stage's first prompt (with
    # the heuristic's answer there), its named plans, the heuristic's own first as None
    # (a plan answers `answer(view, prompt)`, or None for the heuristic to answer
    # `rest(prompt)`; fewer than two: the heuristic's stage). `play_stage` plays the
    # seat's stage by a plan in a sampled world (sim, seat, plan, heuristic), `after_stage`
    # plays on to where the rollout is scored.
    stage_of: Callable[[str], str | None] | None = None
    stage_plans: Callable[[dict[str, Any], Prompt, str], dict[str, Any]] | None = None
    play_stage: Callable[[Any, str, Any, Any], None] | None = None
    after_stage: Callable[[Any, str, Any], None] | None = None


# Heuristics registered in the process (KERYX_PLUGINS modules, test fixtures); the games'
# own are named by their `keryx.games` entries (engine/core/games.py).
_REGISTERED: dict[str, RulesetHeuristic] = {}


def register_heuristic(ruleset_id: str, heuristic: RulesetHeuristic) -> None:
    """Make a heuristic (and so every level built on it) available for a ruleset that is
    not built in; a plug-in calls this when it registers its ruleset."""
    _REGISTERED[ruleset_id] = heuristic


def heuristic_for(ruleset_id: str) -> RulesetHeuristic:
    if ruleset_id in _REGISTERED:
        return _REGISTERED[ruleset_id]
    entry = games.game(ruleset_id)
    if entry is None or entry.heuristic is None:
        raise ValueError(f"no heuristic player for the ruleset {ruleset_id!r} yet")
    found = games.load_object(entry.heuristic)
    if not isinstance(found, RulesetHeuristic):
        raise TypeError(f"{entry.heuristic} is not a RulesetHeuristic")
    return found


def ruleset_of(view: dict[str, Any]) -> str:
    return str((view.get("game") or {}).get("ruleset") or view.get("ruleset"))


def best_by_lookahead(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead,
                      h: RulesetHeuristic, rng: Rng,
                      depth: int = DEPTH) -> tuple[str, float] | None:
    """The option whose result scores best, following the seat's own menu steps up to
    `depth`; None when no option's result is certain. An option whose result is not
    certain (it ends the phase and the next one deals cards, say) and going back in a menu
    are worth the position as it stands: neither is better than a certain improvement.
    Ties are broken by the player's own stream."""
    here = h.evaluate(view, prompt.seat)
    if h.previews is not None:
        lookahead = capped(lookahead, h.previews)
    scored: list[tuple[float, str]] = []
    certain = False
    for opt in prompt.options:
        if opt.id in h.skip:
            continue
        value = None if opt.id in NAVIGATION else _value(view, prompt, lookahead, opt.id, h,
                                                         min(depth, h.depth), here)
        certain = certain or value is not None
        scored.append((here if value is None else value, opt.id))
    if not certain:
        return None
    top = max(v for v, _ in scored)
    best = [o for v, o in scored if v >= top - 1e-9]
    return rng.choice(best), top


def capped(lookahead: Lookahead, cap: int | None = None,
            deadline: float | None = None) -> Lookahead:
    """The lookahead, refusing (as for an uncertain result) once `cap` previews were made
    through it or through the lookaheads it hands on, or once `time.perf_counter()`
    passed `deadline`."""
    left = [cap if cap is not None else -1]

    def wrap(look: Lookahead) -> Lookahead:
        def preview(option_id: str) -> Preview | None:
            if left[0] == 0 or (deadline is not None and time.perf_counter() > deadline):
                return None
            left[0] -= 1
            seen = look(option_id)
            if seen is None or seen.then is None:
                return seen
            return Preview(seen.view, seen.prompt, wrap(seen.then))
        return preview

    return wrap(lookahead)


def _value(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead, option_id: str,
           h: RulesetHeuristic, depth: int, here: float) -> float | None:
    imagined = h.imagine(view, prompt, option_id)
    if imagined is not None:
        return h.evaluate(imagined, prompt.seat)
    seen = lookahead(option_id)
    if seen is None:
        return None
    value = h.evaluate(seen.view, prompt.seat)
    nxt = seen.prompt
    if depth <= 1 or nxt is None or seen.then is None or len(nxt.options) > h.width \
            or nxt.seat != prompt.seat or value != here:
        return value
    # A menu step: the seat decides again at once and nothing it values has changed (a
    # block chosen, now its destination). The option is worth what its best certain
    # follow-up is worth; with none, no more than the position as it stands (going back).
    then = seen.then
    follow = [v for o in nxt.options if o.id not in NAVIGATION and o.id not in h.skip
              and (v := _value(seen.view, nxt, then, o.id, h, depth - 1, value)) is not None]
    # A menu that leads to nothing better is worth a little less than staying put, so
    # that ending the phase wins the tie and the player does not walk the menus for ever.
    best = max(follow, default=value)
    return best if best > value else value - MENU_PENALTY


@register_level
class HeuristicPlayer(Player):
    level = "heuristic"

    def __init__(self, seed: str | int = 0, **options: Any):
        super().__init__(seed)
        # Answers already given to the same prompt in the same position: menus that lead
        # back where they started (choose a block, go back, choose it again) must not be
        # walked for ever, so a repeated answer gives way to one not yet tried there.
        self._tried: dict[tuple[str, ...], set[str]] = {}

    def choose(self, view: dict[str, Any], prompt: Prompt,
               lookahead: Lookahead | None = None) -> str:
        answer = self._choose(view, prompt, lookahead)
        if prompt.form != decisions.ONE:  # answers of several ids: no menus to walk
            return answer
        tried = self._tried.setdefault(_situation(view, prompt), set())
        if answer in tried:
            fresh = [o.id for o in prompt.options if o.id not in tried]
            if fresh:
                answer = str(self.rng.choice(fresh))
        tried.add(answer)
        return answer

    def _choose(self, view: dict[str, Any], prompt: Prompt,
                lookahead: Lookahead | None) -> str:
        h = heuristic_for(ruleset_of(view))
        answer = h.choose(view, prompt, lookahead, self.rng)
        if answer is not None:
            return answer
        if prompt.form != decisions.ONE:
            return best_of_form(view, prompt, lookahead, h, self.rng)
        if lookahead is not None:
            found = best_by_lookahead(view, prompt, lookahead, h, self.rng)
            if found is not None:
                return found[0]
        return str(self.rng.choice(list(prompt.options)).id)


FORM_TRIES = 8  # drawn answers compared for a decision richer than one option


def best_of_form(view: dict[str, Any], prompt: Prompt, lookahead: Lookahead | None,
                 h: RulesetHeuristic, rng: Rng) -> str:
    """A pick, amount or allocation: the extremes (none, all, lowest, highest) and a few
    drawn answers, each worth the certain result the lookahead shows (uncertain ones are
    worth the position as it stands); ties go to the first candidate."""
    candidates: list[str] = []
    if prompt.form == decisions.AMOUNT:
        span = range(prompt.lo, prompt.hi + 1)
        candidates = [str(n) for n in (span if len(span) <= FORM_TRIES else
                                       (prompt.lo, prompt.hi))]
    elif prompt.form == decisions.PICK:
        ids = [o.id for o in prompt.options]
        candidates = [decisions.encode(prompt, ids[:prompt.hi]),
                      decisions.encode(prompt, ids[:prompt.lo])]
    candidates += [decisions.random_answer(prompt, rng) for _ in range(FORM_TRIES)]
    candidates = list(dict.fromkeys(candidates))
    if lookahead is None or len(candidates) == 1:
        return candidates[0] if prompt.form == decisions.AMOUNT else candidates[-1]
    here = h.evaluate(view, prompt.seat)
    best, top = candidates[-1], here
    for answer in candidates:
        seen = lookahead(answer)
        if seen is not None and (v := h.evaluate(seen.view, prompt.seat)) > top:
            best, top = answer, v
    return best


def _situation(view: dict[str, Any], prompt: Prompt) -> tuple[str, ...]:
    """The prompt and the position it stands in, without the game's version counter (a
    menu step bumps it though nothing on the board changed)."""
    board = {k: v for k, v in view.items() if k != "game"}
    return (prompt.text, *(o.id for o in prompt.options),
            json.dumps(board, sort_keys=True, default=str))
