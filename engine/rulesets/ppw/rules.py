"""The `ppw` ruleset: the engine contract (docs/architecture.md) over the procedures of
flow.py."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.core.decisions import parse, random_answer
from engine.core.flows import CHOSEN
from engine.core.procedures import Flow
from engine.core.rng import Rng
from engine.core.rule_summaries import RuleBook
from engine.core.ruleset import Context, Ruleset
from engine.core.types import IllegalAction, Option, Outcome, Prompt, Scenario
from engine.core.view import RulesetCommon

from . import flow, orders
from .board import board
from .components import MAJORS, components_json
from .invariants import check
from .state import PpwState, log, new_state
from .texts import banner
from .victory import score
from .view import view as make_view

BOOK = RuleBook(Path(__file__).parent, "The Peloponnesian War (Keryx completion)")


def _holdings(scenario: str) -> tuple[tuple[int, tuple[tuple[str, ...], ...]], ...]:
    table = board().setups[scenario].players
    return tuple(sorted((int(n), tuple(tuple(g) for g in groups))
                        for n, groups in table.items()))


def _scenario(sid: str, description: str) -> Scenario:
    return Scenario(sid, board().setups[sid].title, MAJORS, description,
                    players=_holdings(sid))


class Ppw(Ruleset):
    id = "ppw"
    title = "The Peloponnesian War (2-4 players)"
    # 2: the diplomatic action asked in groups, hostages as terms (rule 2.9); logs of 1
    # replay through _legacy_steps. 3: the rules audit (RULINGS.md
    # R8-R22: new rolls and outcomes), so games stored under 2 are rebuilt from their log.
    # 4: the second audit (R23: a defender holding a tie rounds its losses down)
    # 5: the third audit (R26: beaten defenders fall back however far; R27: a
    # suppression's resentment goes to the patron, once, when the home is retaken; R29:
    # the specials of Phormio, Pagondas, Lysander, Ariston, Polyanthes, Conon, Archidamus,
    # Cleon; R30: spending Athens' emergency reserve costs 1 bellicosity, once)
    version = "5"
    scenarios = {
        "431": _scenario("431", "Ten turns from 431 BC: Athens, Sparta, Corinth and Thebes "
                                "(rule 9.1); with three players Sparta also runs Thebes, "
                                "with two Corinth and Thebes as well (rule 9.2)."),
        "archidamian": _scenario("archidamian", "The 431 set-up played for four turns, to "
                                                "the Peace of Nicias (rule 9.3)."),
    }

    def __init__(self) -> None:
        # The sealed prompts last built: (state, its top frame, seat -> prompt). A sealed
        # round changes nothing but the choices until its reveal, so each seat's prompt
        # is built once a round, not once a click (docs/benchmarks.md, ppw).
        # The sealed prompts last built: (state, its top frame, seat -> prompt, seat ->
        # every whole choice). A sealed round changes nothing but the choices and drafts
        # until its reveal, so each seat's prompt is built once a click at most and its
        # whole choices (of which a step shows a part) once a round (docs/benchmarks.md).
        self._memo: tuple[PpwState, dict[str, Any], dict[str, Prompt],
                          dict[str, list[Option]]] | None = None

    def rule_book(self) -> RuleBook:
        return BOOK

    def components_json(self) -> dict[str, Any]:
        return components_json()

    # ------------------------------------------------------------------ creation
    def setup(self, ctx: Context, scenario: str, options: dict[str, Any]) -> PpwState:
        players = int(options.get("players") or 4)
        s = new_state(scenario, players)
        flow.start(s, ctx)
        return s

    # ------------------------------------------------------------------ play
    def prompts(self, state: PpwState) -> list[Prompt]:
        if state["phase"] == "over" or not state["flow"]:
            return []
        frame = state["flow"][-1]
        proc = flow.SIMULTANEOUS.get(frame["name"])
        if proc is None:
            return flow.MACHINE.prompts(state)
        memo = self._memo
        same = memo is not None and memo[0] is state and memo[1] is frame
        kept = memo[2] if memo is not None and same else {}
        whole = memo[3] if memo is not None and same else {}
        chosen = frame["args"].get(CHOSEN) or {}
        out = []
        here = Flow(state, frame, None)
        for seat in proc.seats(here):
            if seat not in chosen:
                p = kept.get(seat)
                if p is None and isinstance(proc, flow.Stepped):
                    if seat not in whole:
                        whole[seat] = proc.whole(here, seat)
                    p = proc.step(here, seat, whole[seat])
                elif p is None:
                    p = proc.ask(here, seat)
                kept[seat] = p
                out.append(p)
        self._memo = (state, frame, kept, whole)
        return out

    def apply(self, state: PpwState, seat: str, option_id: str, ctx: Context) -> None:
        frame = state["flow"][-1] if state["flow"] else None
        memo = self._memo
        try:
            flow.MACHINE.act(state, seat, option_id, ctx, [ctx.prompt] if ctx.prompt else None)
        except IllegalAction:
            steps = self._legacy_steps(state, seat, option_id) if ctx.prompt is None else None
            if not steps:
                raise
            for step in steps:
                flow.MACHINE.act(state, seat, step, ctx)
        still = state["flow"] and state["flow"][-1] is frame and frame is not None \
            and (CHOSEN in frame["args"] or orders.DRAFTS in frame["args"])
        if not still or memo is None or memo[0] is not state:
            self._memo = None
        else:
            memo[2].pop(seat, None)  # a step of a draft: the seat's next prompt is new

    def _legacy_steps(self, state: PpwState, seat: str, answer: str) -> list[str] | None:
        """A log of version 1 sealed whole choices (an order, a diplomatic action) in one
        click; version 2 asks them in steps. Replaying such a log takes the steps that
        lead to the same choice (None: `answer` is no whole choice of this round)."""
        frame = state["flow"][-1] if state["flow"] else None
        proc = flow.SIMULTANEOUS.get(frame["name"]) if frame is not None else None
        if frame is None or not isinstance(proc, flow.Stepped) \
                or seat in (frame["args"].get(CHOSEN) or {}):
            return None
        steps = proc.route(Flow(state, frame, None), seat, answer)
        if steps is not None:
            orders.forget(frame["args"], seat)  # a version-1 log never has a draft
        return steps

    def resign(self, state: PpwState, seat: str, ctx: Context) -> None:
        self._memo = None
        state["resigned"].append(seat)
        log(state, "resigned", major=seat)
        flow.end_game(state, [], "resignation")

    def outcome(self, state: PpwState) -> Outcome | None:
        if state["phase"] != "over":
            return None
        return outcome(state)

    # ------------------------------------------------------------------ information
    def view(self, state: PpwState, seat: str | None) -> dict[str, Any]:
        return make_view(state, seat)

    def common(self, view: dict[str, Any]) -> RulesetCommon:
        return {"banner": banner(view), "hand": None, "seen": [], "log": list(view["log"]),
                "battle": view["battle"]}

    def hidden_variants(self, state: PpwState, seat: str | None,
                        rng: Rng) -> Iterator[PpwState]:
        """Another sealed choice for each seat whose choice `seat` may not see yet."""
        frame = state["flow"][-1] if state["flow"] else None
        if frame is None:
            return
        for other in sorted(frame["args"].get(CHOSEN) or {}):
            if other == seat:
                continue
            v = copy.deepcopy(state)
            prompt = self._ask(v, other)
            if prompt is None:
                continue
            v["flow"][-1]["args"][CHOSEN][other] = _sealed(prompt, rng)
            yield v
        for other in sorted(frame["args"].get(orders.DRAFTS) or {}):
            if other != seat:  # an order half chosen (orders.py): none chosen yet
                v = copy.deepcopy(state)
                orders.forget(v["flow"][-1]["args"], other)
                yield v

    def determinize(self, state: PpwState, seat: str, rng: Rng) -> PpwState:
        """Every other seat's sealed choice drawn afresh from its (public) options."""
        v = copy.deepcopy(state)
        frame = v["flow"][-1] if v["flow"] else None
        if frame is None:
            return v
        chosen = frame["args"].get(CHOSEN) or {}
        for other in sorted(chosen):
            if other == seat:
                continue
            prompt = self._ask(v, other)
            if prompt is not None:
                chosen[other] = _sealed(prompt, rng)
        for other in sorted(frame["args"].get(orders.DRAFTS) or {}):
            if other != seat:  # others' half-chosen orders are unknown: not begun
                orders.forget(frame["args"], other)
        return v

    def _ask(self, state: PpwState, seat: str) -> Prompt | None:
        frame = state["flow"][-1]
        proc = flow.SIMULTANEOUS.get(frame["name"])
        if proc is None:
            return None
        if isinstance(proc, flow.Stepped):  # a sealed choice is a whole one, not a step
            return proc.full(Flow(state, frame, None), seat)
        return proc.ask(Flow(state, frame, None), seat)

    def check_invariants(self, state: PpwState) -> list[str]:
        return check(state)

    # ------------------------------------------------------------------ persistence
    def dump(self, state: PpwState) -> dict[str, Any]:
        return copy.deepcopy(dict(state))

    def load(self, data: dict[str, Any]) -> PpwState:
        return copy.deepcopy(data)  # type: ignore[return-value]


def _sealed(prompt: Prompt, rng: Rng) -> Any:
    """A random legal choice, kept as a sealed choice is kept (engine/core/flows.py)."""
    answer = parse(prompt, random_answer(prompt, rng))
    return list(answer) if isinstance(answer, tuple) else answer


def outcome(s: PpwState) -> Outcome:
    """Rules 9.4, 9.5: a goal met wins outright; otherwise the scores rank the players.
    A player holding several majors (rule 9.2) counts the mean of their scores, ties
    going to the higher bellicosity, then the higher treasury; a resigned player comes
    last."""
    holdings = dict(_holdings(s["scenario"]))[s["players"]]
    scores = {m: score(s, m) for m in MAJORS}
    winners = list(s.get("winner", []))
    def key(group: tuple[str, ...]) -> tuple[int, int, float, int, int]:
        return (int(any(m in winners for m in group)),
                -int(any(m in s["resigned"] for m in group)),
                sum(scores[m] for m in group) / len(group),
                max(s["majors"][m]["bellicosity"] for m in group),
                max(s["majors"][m]["treasury"] for m in group))
    ranked = sorted(holdings, key=key, reverse=True)
    places: list[tuple[str, ...]] = []
    last: tuple[int, int, float, int, int] | None = None
    for group in ranked:
        k = key(group)
        if places and k == last:
            places[-1] = places[-1] + group
        else:
            places.append(group)
        last = k
    reason = s.get("win_reason", "score")
    rule = "9.4" if reason == "goal" else "9.5"
    return Outcome(places[0], reason, rule, places=tuple(places),
                   scores=tuple((m, float(scores[m])) for m in MAJORS))


RULESET = Ppw()
