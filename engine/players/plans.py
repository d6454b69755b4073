"""Whole-phase plans for the search level: the series of steps the heuristic would take
through a phase the seat plays alone (its moves: a block, then where it goes), found with
the certain lookahead, and variants of that series to weigh against it in sampled worlds.

A step is the run of answers up to a change the seat's view shows (the menu answers that
pick a block, then its destination). The variants leave out the steps that bring the
seat's pieces into contact with the enemy's (a battle to come), one at a time and all
together, and put in front of it the attacks the heuristic passed over and the moves it
never makes (revolts): whether an attack pays depends on the dice and on the hidden
strengths, which the heuristic's static score can only guess and sampled worlds can play
out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..core import decisions
from ..core.rng import Rng
from ..core.types import IllegalAction, Prompt
from .base import Lookahead
from .heuristic import RulesetHeuristic, best_by_lookahead
from .rollout import Sim

MAX_STEPS = 60      # answers in one phase at most (a phase of 8 moves takes about 30)
MAX_MENU = 6        # answers within one step before it is taken for a loop of menus
MAX_MENU_DEPTH = 3  # menus walked to find an attack: a place, a block, a kind of move
MAX_PLANS = 6       # plans weighed per phase, the heuristic's included
MAX_ATTACKS = 2     # and besides them, attacks the heuristic did not plan (the best-scored)
MAX_VENTURES = 2    # and moves of a kind the heuristic never makes (the best-scored)
BACK = ("back", "up")  # answers that go back up a menu (the options lists' own ids)

Step = tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    steps: tuple[Step, ...]
    label: str

    def answers(self, end_phase: str | None) -> list[str]:
        out = [a for step in self.steps for a in step]
        return out + ([end_phase] if end_phase else [])


# Keys of a seat's view that are not the ruleset's: the kernel's game summary (its version
# counter moves at every answer) and the common summary `Game.view` adds to the
# ruleset's view (a preview holds the ruleset's view alone).
KERNEL_KEYS = frozenset({"game", "common"})


def _board(view: dict[str, Any], h: RulesetHeuristic) -> dict[str, Any]:
    """What a step of a plan changes: the view without the keys that menus touch."""
    return {k: v for k, v in view.items() if k not in KERNEL_KEYS and k not in h.menu_keys}


def heuristic_answer(view: dict[str, Any], prompt: Prompt, look: Lookahead,
                     h: RulesetHeuristic, rng: Rng) -> str | None:
    answer = h.choose(view, prompt, look, rng)
    if answer is not None or prompt.form != decisions.ONE:
        return answer
    found = best_by_lookahead(view, prompt, look, h, rng)
    return found[0] if found is not None else None


@dataclass
class Found:
    """The heuristic's plan (None when there is none to weigh, see `heuristic_plan`),
    whether each step makes a new contact, and its first answer when it gave one."""

    plan: Plan | None
    contact_added: list[bool]
    first: str | None


def heuristic_plan(view: dict[str, Any], prompt: Prompt, look: Lookahead,
                   h: RulesetHeuristic, rng: Rng, deadline: float | None = None) -> Found:
    """The heuristic's steps from `prompt` to the end of the phase, and for each whether
    it brings the seat into contact with the enemy at a new place. No plan when the series
    leaves certainty (the lookahead refuses a step), walks menus in a loop, or the
    deadline passes; its first answer is still the heuristic's answer to `prompt`."""
    me = prompt.seat
    steps: list[Step] = []
    contact_added: list[bool] = []
    current: list[str] = []
    first: str | None = None
    v, p, lk = view, prompt, look
    base = _board(v, h)
    touching = h.contact(v, me) if h.contact else frozenset()
    for _ in range(MAX_STEPS):
        if deadline is not None and time.perf_counter() > deadline:
            break
        answer = heuristic_answer(v, p, lk, h, rng)
        if answer is None:
            break
        first = answer if first is None else first
        if answer == h.end_phase:
            return Found(Plan(tuple(steps), "heuristic"), contact_added, first)
        seen = lk(answer)
        if seen is None:
            break
        current.append(answer)
        now = _board(seen.view, h)
        if now != base:
            steps.append(tuple(current))
            after = h.contact(seen.view, me) if h.contact else frozenset()
            contact_added.append(bool(after - touching))
            touching, base, current = after, now, []
        elif len(current) > MAX_MENU:
            break
        nxt = seen.prompt
        if nxt is None or nxt.seat != me or nxt.kind not in h.plan_kinds:
            # the phase ended (no move points left)
            return Found(Plan(tuple(steps), "heuristic"), contact_added, first)
        if seen.then is None:
            break
        v, p, lk = seen.view, nxt, seen.then
    return Found(None, contact_added, first)


def variants(plan: Plan, contact_added: list[bool]) -> list[Plan]:
    """The plan itself; without all the steps that make a new contact; no step at all
    (ending the phase now); then without each step, those making contact first; at most
    MAX_PLANS."""
    out = [plan]
    contact = [i for i, c in enumerate(contact_added) if c]
    if len(contact) > 1:
        out.append(Plan(tuple(s for i, s in enumerate(plan.steps) if i not in contact),
                        "without its attacks"))
    if plan.steps:
        out.append(Plan((), "no move"))
    rest = [i for i in range(len(plan.steps)) if i not in contact]
    for i in contact + rest:
        out.append(Plan(plan.steps[:i] + plan.steps[i + 1:], f"without step {i + 1}"))
    unique: dict[tuple[Step, ...], Plan] = {}
    for p in out:
        unique.setdefault(p.steps, p)
    return list(unique.values())[:MAX_PLANS]


def led_by(plan: Plan, leads: list[tuple[Step, str]], limit: int) -> list[Plan]:
    """The plan led by each of the first `limit` steps it does not already take, labelled
    as given (its own later steps go as far as the move points do: the last, which the
    heuristic valued least, give way first)."""
    planned = set(plan.steps)
    return [Plan((step,) + plan.steps, label) for step, label in leads
            if step not in planned][:limit]


def _keep_best(found: dict[str, tuple[float, Step]], key: str, value: float,
               step: Step) -> None:
    if key not in found or value > found[key][0]:
        found[key] = (value, step)


def _best_first(found: dict[str, tuple[float, Step]], label: str = "{}") -> list[tuple[Step, str]]:
    """Steps found (key -> best score and its step), best-scored first, with their labels."""
    ranked = sorted(found.items(), key=lambda kv: -kv[1][0])
    return [(step, label.format(key)) for key, (_, step) in ranked]


def attack_steps(view: dict[str, Any], prompt: Prompt, look: Lookahead,
                 h: RulesetHeuristic) -> list[tuple[Step, str]]:
    """Steps from `prompt` that bring the seat's pieces into contact with the enemy's at a
    new place, best first by the heuristic's score of the imagined result: each block
    reached through the menus (previews), each destination imagined (no preview);
    labelled "attack PLACE"."""
    contact = h.contact
    if contact is None:
        return []
    me = prompt.seat
    touching = contact(view, me)
    found: dict[str, tuple[float, Step]] = {}  # new contact place -> best step there

    def walk(v: dict[str, Any], p: Prompt, lk: Lookahead, path: Step, depth: int) -> None:
        here: dict[str, Any] | None = None  # the board before the option, once needed
        for o in p.options:
            if o.id in BACK or o.id == h.end_phase or o.id in h.skip:
                continue
            seen = h.imagine(v, p, o.id)
            if seen is not None:
                new = contact(seen, me) - touching
                if new:
                    _keep_best(found, min(new), h.evaluate(seen, me), path + (o.id,))
                continue
            if depth <= 1:
                continue
            nxt = lk(o.id)
            here = _board(v, h) if here is None else here
            if nxt is None or nxt.prompt is None or nxt.then is None \
                    or nxt.prompt.seat != me or nxt.prompt.kind not in h.plan_kinds \
                    or _board(nxt.view, h) != here:
                continue  # not a menu step: a change made, or the phase left
            walk(nxt.view, nxt.prompt, nxt.then, path + (o.id,), depth - 1)

    walk(view, prompt, look, (), MAX_MENU_DEPTH)
    return _best_first(found, "attack {}")


def venture_steps(view: dict[str, Any], prompt: Prompt, look: Lookahead,
                  h: RulesetHeuristic) -> list[tuple[Step, str]]:
    """Steps through the menus the heuristic leaves alone (`h.ventures`: Athens & Sparta's
    revolts), each followed with previews to its result, the best-scored first and one per
    choice made right after the venture's own option (a city: the best strength there),
    labelled by those two answers ("rv c:Abydos")."""
    me = prompt.seat
    found: dict[str, tuple[float, Step]] = {}
    touching = h.contact(view, me) if h.contact else frozenset()

    def walk(v: dict[str, Any], p: Prompt, lk: Lookahead, path: Step, depth: int) -> None:
        here = _board(v, h)
        for o in p.options:
            if o.id in BACK or (path and o.id == h.end_phase):
                continue
            if not path and o.id not in h.ventures:
                continue
            seen = lk(o.id)
            if seen is None:
                continue  # its result is not certain
            step = path + (o.id,)
            if _board(seen.view, h) != here:
                # A venture into a place the enemy holds with blocks (a revolt in a
                # garrisoned city, rule 7.0) is a battle a lone revolt block cannot win
                # against a garrison backed by walls: it cost the search about 1.4 failed
                # revolts a lost game (issue 35). Joining a battle our own attack began
                # there (ruling R28) is no new contact and stays.
                if h.contact is not None and h.contact(seen.view, me) - touching:
                    continue
                _keep_best(found, " ".join(step[:2]), h.evaluate(seen.view, me), step)
            elif depth > 1 and seen.prompt is not None and seen.then is not None \
                    and seen.prompt.seat == me and seen.prompt.kind in h.plan_kinds:
                walk(seen.view, seen.prompt, seen.then, step, depth - 1)

    walk(view, prompt, look, (), MAX_MENU_DEPTH)
    return _best_first(found)


def play_plan(sim: Sim, me: str, plan: Plan, h: RulesetHeuristic) -> None:
    """Take the plan's steps in a sampled world, skipping a step the world does not offer
    (a step left out earlier may have opened or closed it), then end the phase."""
    for step in plan.steps:
        p = sim.prompt()
        if p is None or p.seat != me or p.kind not in h.plan_kinds:
            return  # the phase is over (no move points left)
        for answer in step:
            p = sim.prompt()
            if p is None or p.seat != me or all(o.id != answer for o in p.options):
                _back_up(sim, me, h)
                break
            try:
                sim.act(me, answer)
            except IllegalAction:
                _back_up(sim, me, h)
                break
    _back_up(sim, me, h)
    p = sim.prompt()
    if p is not None and p.seat == me and p.kind in h.plan_kinds and h.end_phase \
            and any(o.id == h.end_phase for o in p.options):
        sim.act(me, h.end_phase)


def _back_up(sim: Sim, me: str, h: RulesetHeuristic) -> None:
    """Go back up the phase's menus to where the end of the phase is offered."""
    for _ in range(MAX_MENU):
        p = sim.prompt()
        if p is None or p.seat != me or p.kind not in h.plan_kinds:
            return
        ids = {o.id for o in p.options}
        if h.end_phase in ids:
            return
        back = next((b for b in BACK if b in ids), None)
        if back is None:
            return
        try:
            sim.act(me, back)
        except IllegalAction:
            return
