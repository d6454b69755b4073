"""Phormio in the End phase (15.7; brief 15.4): maintenance and redeployment keep a unit
of each theater's kind by every base; League units move at random."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.players.phormio.theater_end import maintenance, redeploy
from engine.players.phormio.theater_plan import NO_PLAN
from engine.rulesets.pericles import theaters as th
from engine.testing import FixedRng

from .theater_positions import example_turn, prompt_of, start, view


def test_maintenance_removes_a_unit_that_can_be_spared_rule_15_7() -> None:
    """Sparta over its upkeep: a League unit from a crowded theater goes, never the
    foot that stands by a base alone (Aetolia's)."""
    s = example_turn()
    th.add(s, "isthmus", "P", "land", 8)
    th.add(s, "sparta", "S", "naval", 4)
    th.add(s, "sicily", "P", "naval", 8)
    _, prompts = start(s, "maintenance")
    p = prompt_of(prompts, "agiad")
    choice = maintenance(view(s, "agiad"), p, FixedRng([]), NO_PLAN)
    assert choice == "P:land@isthmus"


def test_redeployment_covers_a_bare_base_rule_15_7() -> None:
    """Aetolia's Peloponnesian base has lost its foot: a Peloponnesian foot comes from
    where one can be spared; then, the dice saying no League move (1d6 = 5), done."""
    s = example_turn()
    s["forces"]["aetolia"]["P"]["land"] = 0
    s["forces"]["aetolia"]["P"]["naval"] = 1
    _, prompts = start(s, "redeployment")
    p = prompt_of(prompts, "agiad")
    choice = redeploy(view(s, "agiad"), p, Rng("r"), NO_PLAN)
    assert choice.startswith("P:land@") and choice.endswith(">aetolia")
    assert choice.split("@")[1].split(">")[0] in ("isthmus", "sicily", "boeotia")
    s["forces"]["aetolia"]["P"]["land"] = 1
    _, prompts = start(s, "redeployment")
    p = prompt_of(prompts, "agiad")
    assert redeploy(view(s, "agiad"), p, FixedRng([5]), NO_PLAN) == "done"


def test_stranded_units_go_to_a_base_first_rule_11_3() -> None:
    """Two Spartan foot in Thessalia without a base: one must go, to a base short of a
    foot if any (here none is: Sparta takes it by the roll)."""
    s = example_turn()
    th.add(s, "thessalia", "S", "land", 2)
    _, prompts = start(s, "redeployment")
    p = prompt_of(prompts, "agiad")
    assert "done" not in {o.id for o in p.options}
    choice = redeploy(view(s, "agiad"), p, FixedRng([1]), NO_PLAN)
    assert choice.startswith("S:land@thessalia>") and not choice.endswith(">x")


def test_a_league_unit_may_move_at_random_rule_15_7() -> None:
    """Everything covered: on 1-2 of 1d6 one League unit that can be spared moves to a
    destination chosen at random."""
    s = example_turn()
    _, prompts = start(s, "redeployment")
    p = prompt_of(prompts, "agiad")
    choice = redeploy(view(s, "agiad"), p, Rng("league"), NO_PLAN)
    assert choice == "done" or choice.startswith("P:")
    picked = redeploy(view(s, "agiad"), p, FixedRng([2, 1]), NO_PLAN)
    assert picked.startswith("P:") and not picked.startswith("P:land@aetolia")
