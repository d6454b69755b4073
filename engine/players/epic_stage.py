"""For the Epic search level: the Placement stage (7.3) and the Build stage (7.4-7.7)
weighed whole, and the rollout that follows them through the season's moves and battles.

At the first prompt of its stage the seat has a few plans (`plans`): the heuristic's own
answers, holding the Force Pool's units back (7.3: they may stay there, and cost their
upkeep only on the map), every unit placed in the city nearest the enemy region we aim at
(the front), or in the city nearest the enemy's land units (where an attack is likely).
At the Build stage: the heuristic's, nothing built, or as many units as the treasury can
feed. Each is a series of batches (a kind of unit, a city, how many), answered through the
stage's menus; once its batches are given, the heuristic answers what is left but a batch
(leaders, bases, works, `done`).

A unit placed is worth little to the evaluation where it stands (ALIVE counts it in the
pool as well): what it is worth shows when it marches and fights. So after the stage the
rollout (`play_on`) plays both sides' Campaign Turns with a cheap mover (`Mover`: each
stack to the destination the heuristic's static score likes best among a few, as
`epic._destination` does at a smaller width), the battles by the quick rules, and stops at the
start of the next Campaign Turn (or the next season's stages).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import decisions
from ..core.types import IllegalAction, Prompt
from ..rulesets.epic import menus
from . import epic_moves as mv
from . import epic_policy as policy
from . import epic_reach as reach
from .epic_policy import other, side_of
from .heuristic import heuristic_for, ruleset_of
from .rollout import quick_answer

# The stages weighed whole, each by the prompt kinds it asks (the menu, then a batch's
# allocation): Placement (7.3, 22.4.x) and Build (7.5).
STAGES = {"place": "place", "placement": "place", "build": "build", "building": "build"}
BATCH_KINDS = ("place_batch", "build_batch")
TURNS = 1  # Campaign Turns a stage's rollout plays (each: both sides' moves and battles)
WIDTH = 8  # destinations the rollout's mover weighs for a stack (attacks first)
MAX_ACTIONS = 400  # a rollout's actions at most after the stage
# The heuristic's score of a view for a seat (epic.evaluate). It lives with the heuristic's
# rules, which name this module's functions, so it is passed in (the rollouts' `h`) or
# found as the search finds the heuristic (`heuristic_for`), never imported.
Score = Callable[[dict[str, Any], str], float]


def stage_of(kind: str) -> str | None:
    return STAGES.get(kind)


@dataclass
class StagePlan:
    """A stage's batches in order, each (the batch's option id, the allocation's option,
    how many); the rest of the stage is the heuristic's, batches excluded."""

    batches: list[tuple[str, str, int]]
    given: int = 0
    open: bool = field(default=False)  # the current batch's allocation is next

    def answer(self, view: dict[str, Any], prompt: Prompt) -> str | None:
        if prompt.form == decisions.ALLOCATE:
            if not self.open or self.given >= len(self.batches):
                return None
            _, where, k = self.batches[self.given]
            self.given += 1
            self.open = False
            keep = prompt.options[0].id
            n = prompt.lo
            if prompt.option(where) is None:
                return decisions.encode(prompt, [keep] * n)
            return decisions.encode(prompt, [where] * min(k, n) + [keep] * max(0, n - k))
        while self.given < len(self.batches):
            leaf = self.batches[self.given][0]
            step = menus.towards(prompt, leaf)
            if step is not None:
                self.open = step == leaf
                return step
            self.given += 1  # not on offer here (spent, or another world): the next one
        return None

    def rest(self, prompt: Prompt) -> Prompt:
        """The prompt with its batches left out, for the heuristic's answer."""
        keep = [o.id for o in prompt.options if not _holds_batch(o.data or {})]
        return policy.only(prompt, keep) if keep else prompt


def _holds_batch(facts: dict[str, Any]) -> bool:
    if facts.get("kind") == "group":
        leaves = facts.get("leaves", [])
        return bool(leaves) and all(x.get("kind") in BATCH_KINDS for x in leaves)
    return facts.get("kind") in BATCH_KINDS


def plans(view: dict[str, Any], prompt: Prompt, fallback: str) -> dict[str, StagePlan | None]:
    """The plans weighed at the first prompt of a stage (`fallback`: the heuristic's answer
    there), the heuristic's own (None) first; none when the stage offers no batch.
    Placement: the heuristic's batches (as its static rule gives them, `_greedy`) sent
    instead to the city nearest the front or nearest the enemy's land units, and nothing
    placed. Build: nothing built, or every kind the treasury can feed."""
    if prompt.kind not in ("place", "build") or prompt.option(menus.UP) is not None:
        return {}
    leaves = [x for x in menus.leaves_of(prompt) if x.get("kind") in BATCH_KINDS]
    if not leaves:
        return {}
    me = side_of(prompt.seat)
    out: dict[str, StagePlan | None] = {"heuristic": None}
    if fallback != "done":  # the heuristic places (builds) something: nothing instead
        out["hold"] = StagePlan([])
    if prompt.kind == "build":
        out["more"] = _planned(view, prompt.seat, leaves, lambda leaf: "build")
        return _distinct(out)
    mine = _greedy(view, prompt.seat, leaves, heuristic_for(ruleset_of(view)).evaluate)
    if not mine:
        return _distinct(out)
    target = reach.target(view, me)
    goal = reach.goal(view, target, me) if target is not None else {}
    foes = frozenset(u["hex"] for u in view["units"].values()
                     if u["side"] == other(me) and u["where"] == "map" and u["type"] != "fleet")
    near_foe = policy.land_distances(foes) if foes else {}
    counts = {id(leaf): k for leaf, (_, k) in mine}
    for name, dist in (("front", goal), ("guard", near_foe)):
        out[name] = _planned(view, prompt.seat, [leaf for leaf, _ in mine], _nearest(dist),
                             counts)
    return _distinct(out, StagePlan([(str(leaf["id"]), where, k) for leaf, (where, k) in mine]))


def _greedy(view: dict[str, Any], seat: str, leaves: list[dict[str, Any]],
            evaluate: Score) -> list[tuple[dict[str, Any], tuple[str, int]]]:
    """The batches the heuristic's static rule places (`_batch_menu`, `_allocation`): the
    batch that most improves the score, while one does, each kind once."""
    me = side_of(seat)
    seen, out = view, []
    left = [x for x in leaves if x["kind"] == "place_batch" and x.get("type") != "fleet"]
    while left:
        top, best = evaluate(seen, me) + mv.BAR, None
        for leaf in left:
            for changes in mv.batch_candidates(leaf):
                h, k = changes[0]
                if mv.affordable(seen, seat, leaf, k, h):
                    v = evaluate(mv.changed(seen, me, leaf, changes), me)
                    if v > top:
                        top, best = v, (leaf, h, k)
        if best is None:
            break
        leaf, h, k = best
        out.append((leaf, (_option(leaf, h), k)))
        seen = mv.changed(seen, me, leaf, [(h, k)])
        left.remove(leaf)
    return out


def _option(leaf: dict[str, Any], h: str) -> str:
    """The allocation option placing a leaf's units at hex `h` (7.3: `at:City`)."""
    cities = [str(c).rsplit(":", 1)[1] for c in leaf.get("also", [])]
    return "at:" + cities[[str(x) for x in leaf["to"]].index(h)]


def _distinct(out: dict[str, StagePlan | None],
              heuristic: StagePlan | None = None) -> dict[str, StagePlan | None]:
    """Plans with the same batches weighed once (the first name kept); `heuristic`: the
    batches the heuristic's plan is known to give."""
    seen: set[tuple[tuple[str, str, int], ...]] = set()
    if heuristic is not None:
        seen.add(tuple(heuristic.batches))
    kept: dict[str, StagePlan | None] = {}
    for name, p in out.items():
        key = tuple(p.batches) if p is not None else (("heuristic", "", 0),)
        if key not in seen:
            seen.add(key)
            kept[name] = p
    return kept


def _nearest(dist: dict[str, int]) -> Any:
    """The allocation option of a placement leaf whose city is nearest by `dist`."""
    def pick(leaf: dict[str, Any]) -> str | None:
        hexes = [str(h) for h in leaf.get("to", [])]
        if not hexes or len(leaf.get("also", [])) != len(hexes):
            return None
        return _option(leaf, min(hexes, key=lambda h: (dist.get(h, reach.PULL), h)))
    return pick


def _planned(view: dict[str, Any], seat: str, leaves: list[dict[str, Any]],
             where: Any, most: dict[int, int] | None = None) -> StagePlan:
    """Every land unit of each kind offered (the steadiest kinds first), or with `most`
    (id of a leaf -> how many) so many of those kinds in their order, to the option
    `where` names, as many as the seat can feed (`epic_moves.affordable`, 9.1),
    each batch weighed on the view its earlier batches left."""
    me = side_of(seat)
    batches: list[tuple[str, str, int]] = []
    seen = view
    order = leaves if most is not None else \
        sorted(leaves, key=lambda x: (-int(x.get("morale", 0)), str(x["id"])))
    for leaf in order:
        if leaf.get("type") == "fleet":
            continue  # fleets stay with the heuristic's rule (a port's, 18.4)
        option = where(leaf)
        if option is None:
            continue
        h = ""
        if leaf["kind"] == "place_batch":
            i = [c.rsplit(":", 1)[1] for c in leaf.get("also", [])].index(option[3:])
            h = str(leaf["to"][i])
        n = int(leaf.get("count", 1)) if most is None else most[id(leaf)]
        k = next((k for k in range(n, 0, -1) if mv.affordable(seen, seat, leaf, k, h)), 0)
        if k:
            batches.append((str(leaf["id"]), option, k))
            seen = mv.changed(seen, me, leaf, [(h, k)])
    return StagePlan(batches)


def play_stage(sim: Any, seat: str, plan: StagePlan | None, h: Any) -> None:
    """In a sampled world: the seat's stage played by `plan` (None: the quick rules)."""
    family = None
    for _ in range(MAX_ACTIONS):
        p = sim.next_prompt()
        if p is None or p.seat != seat or stage_of(p.kind) is None:
            return
        if family is not None and stage_of(p.kind) != family:
            return
        family = stage_of(p.kind)
        view = sim.view(seat)
        answer = plan.answer(view, p) if plan is not None else None
        if answer is None:
            asked = plan.rest(p) if plan is not None else p
            answer = quick_answer(view, asked, h, sim.policy)
        sim.act(seat, answer)


def play_on(sim: Any, me: str, h: Any, turns: int = TURNS) -> None:
    """Both sides play on by the quick rules, moving by `Mover`, until `turns` Campaign
    Turns are over (the next one's first move), the next season's stages, or the end."""
    mover = Mover(h.evaluate)
    phases = 0
    mover_seat: str | None = None
    for _ in range(MAX_ACTIONS):
        p = sim.next_prompt()
        if p is None:
            return
        if p.kind in ("place", "build") and phases:
            return
        if p.kind == "move" and p.seat != mover_seat:
            phases += 1
            mover_seat = p.seat
            mover.tried.clear()
            if phases > 2 * turns:
                return
        view = sim.view(p.seat)
        answer = mover.answer(view, p) if p.kind in mv.MOVING else None
        if answer is None:
            answer = quick_answer(view, p, h, sim.policy)
        try:
            sim.act(p.seat, answer)
        except IllegalAction:
            return


@dataclass
class Mover:
    """A rollout's moves (16.x, 17.1): each stack once, to the best of a few destinations
    by the static score, or back when none beats standing still; the capital's guard
    stays (`epic_moves.pieces`); a masked place stormed by the heuristic's storm rule
    (18.2). `evaluate`: the heuristic's score (engine/players/epic.py)."""

    evaluate: Score
    tried: set[str] = field(default_factory=set)
    leaf: str | None = None

    def answer(self, view: dict[str, Any], prompt: Prompt) -> str | None:
        me = side_of(prompt.seat)
        ids = [o.id for o in prompt.options]
        if prompt.kind == "pieces":
            return decisions.encode(prompt, mv.pieces(view, prompt))
        if prompt.kind == "destination":
            return self._destination(view, prompt, me, ids)
        for o in ids:
            if o.startswith("storm:") and o not in self.tried:
                self.tried.add(o)
                if mv.storm_worth(view, o.split(":", 1)[1], me):
                    return o
        for x in menus.leaves_of(prompt):
            if x.get("kind") == "source" and x["id"] not in self.tried:
                step = menus.towards(prompt, str(x["id"]))
                if step is not None:
                    if step == x["id"]:
                        self.tried.add(step)
                    return step
        return next((x for x in ("done", menus.UP) if x in ids), None)

    def _destination(self, view: dict[str, Any], prompt: Prompt, me: str,
                     ids: list[str]) -> str | None:
        if self.leaf is not None and self.leaf in ids:
            leaf, self.leaf = self.leaf, None
            return leaf
        leaves = mv.shortlist(view, me, menus.leaves_of(prompt))[:WIDTH]
        best, top = None, self.evaluate(view, me) + mv.BAR
        for d in leaves:
            v = self.evaluate(mv.moved(view, me, str(d["from"]), str(d["to"]), mv.named(d)), me)
            if v > top:
                best, top = str(d["id"]), v
        if best is not None:
            step = menus.towards(prompt, best)
            if step is not None:
                self.leaf = best if step != best else None
                return step
        return next((x for x in ("back", menus.UP, "stay") if x in ids), None)

