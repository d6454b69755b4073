"""Ruling R62 (generation 1) lets an expedition's unit end its move short of the target
(rule 9.2). The automated Pericles players keep sending units into the battle: none of
them picks a unit that would stop short."""

from __future__ import annotations

import engine
from engine.core.rng import Rng
from engine.core.types import Prompt
from engine.players.gauntlet.pericles import march as gauntlet_march
from engine.players.pericles import choose
from engine.players.phormio.theater_plan import NO_PLAN
from engine.players.phormio.theater_war import march as phormio_march
from engine.rulesets.pericles.view import build_view


def _march_north() -> tuple[engine.Game, Prompt]:
    """16.0's march on Chalcidice, the Agiad commanding with 5 Strategos: no unit gets
    there past Thessalia, but Spartan and Peloponnesian foot may set out and stop on the
    way (ruling R62)."""
    g = engine.ruleset("pericles").from_position(
        {"scenario": "14.1.06 A", "war": True, "strategos": {"agiad": 5},
         "start": "expedition", "args": {"theater": "chalcidice", "owner": "agiad"}},
        seed="paudit14")
    for seat in ("aristocrats", "demagogues", "eurypontid"):
        g.act(seat, "0")
    g.act("agiad", "5")
    prompt = g.prompts()[0]
    assert prompt.kind == "march" and any((o.data or {}).get("short") for o in prompt.options)
    return g, prompt


def _short(prompt: Prompt, answer: str | None) -> bool:
    return any(o.id == answer and (o.data or {}).get("short") for o in prompt.options)


def test_phormio_never_stops_a_unit_short_rule_9_2() -> None:
    g, prompt = _march_north()
    view = build_view(g.state, "agiad")
    answer = phormio_march(view, prompt, Rng("p"), NO_PLAN)
    assert not _short(prompt, answer)


def test_the_heuristic_never_stops_a_unit_short_rule_9_2() -> None:
    g, prompt = _march_north()
    answer = choose(build_view(g.state, "agiad"), prompt, None, Rng("h"))
    assert not _short(prompt, answer)


def test_the_gauntlet_never_stops_a_unit_short_rule_9_2() -> None:
    g, prompt = _march_north()
    for all_in in (False, True):
        answer = gauntlet_march(prompt, build_view(g.state, "agiad"), all_in)
        assert not _short(prompt, answer)
