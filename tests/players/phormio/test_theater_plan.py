"""The plan Phormio's theater play reads from its Prime Strategy (15.31), its random
choices (15.15 E), and the rules' table: every theater prompt kind answered from the
view alone."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.types import Prompt
from engine.players.phormio.theater import THEATER_RULES, planned_rules
from engine.players.phormio.theater_plan import Step, TheaterPlan, plan_for, plan_of
from engine.players.phormio.theater_read import d6_pick, d20_theater, prompt_theater
from engine.players.testing import variant_game
from engine.rulesets.pericles import RULESET
from engine.rulesets.pericles.strategy import strategy
from engine.testing import FixedRng

from .theater_positions import example_turn, prompt_of, start, view


def test_a_strategy_is_placed_in_reverse_priority_rule_15_31_d() -> None:
    """The Granary row: M then L by priority, so L goes down first and M resolves
    first; the capital note sends an issue home (15.31 E)."""
    v = view(example_turn(), "aristocrats")
    plan = plan_of(strategy("aristocrats", "granary", "sicily", v))
    assert plan.theater == "sicily"
    assert [(st.kind, st.theater) for st in plan.steps] == [("league", "sicily"),
                                                          ("military", "sicily")]
    assert plan.steps[1].notes == ("commit:5", "naval_excess")
    allies = plan_of(strategy("agiad", "protect_allies", "boeotia", v))
    assert ("military", "sparta") in [(st.kind, st.theater) for st in allies.steps]
    assert allies.step_for("league", "boeotia") == Step("league", "boeotia", ("build:naval",))


def test_the_plan_comes_from_the_view_rule_15_3() -> None:
    """No Prime Strategy recorded in the view: the charts alone."""
    v = view(example_turn(), "agiad")
    assert plan_for(v, "agiad").steps == ()
    v["prime"] = {"agiad": {"row": "protect_allies", "theater": "boeotia", "rolls": [3]}}
    assert plan_for(v, "agiad").theater == "boeotia"


def test_steps_already_placed_or_not_won_are_passed_over_rule_15_61_c() -> None:
    plan = TheaterPlan("boeotia", (Step("military", "boeotia"), Step("league", "boeotia"),
                                   Step("military", "sparta")))
    placed = Counter({("military", "boeotia"): 1})
    assert plan.open_steps(placed, Counter(["league", "military"])) == list(plan.steps[1:])
    assert plan.open_steps(placed, Counter(["military"])) == [plan.steps[2]]
    assert plan.open_steps(Counter(), Counter(["military"])) == [plan.steps[0]]


def test_random_choices_by_d6_and_d20_rule_15_15_e() -> None:
    """1d6 over the options, a face beyond them rolled again; 1d20 over the theaters,
    the PS theater and any theater not open rolled again."""
    assert d6_pick(FixedRng([6, 4, 2]), ["a", "b", "c"]) == "b"
    assert d20_theater(FixedRng([8, 20, 3]), ["boeotia", "aetolia", "sicily"], avoid="boeotia") \
        == "aetolia"


def test_the_theater_is_read_from_the_prompts_data_not_its_words() -> None:
    """The League, Diplomatic, levy and raid prompts carry their theater as data (in
    the prompt for an amount, in every option otherwise); the question's words are not
    read, so a reworded question cannot mislead Phormio."""
    s = example_turn()
    for kind, theater, owner in (("league_issue", "isthmus", "agiad"),
                                 ("raid_choice", "sporades", "aristocrats"),
                                 ("levy", "sparta", "agiad"),
                                 ("diplomatic_issue", "athens", "agiad")):
        _, prompts = start(s, kind, theater=theater, owner=owner)
        p = prompt_of(prompts, owner)
        assert prompt_theater(replace(p, text="Which?")) == theater, kind
    assert prompt_theater(Prompt("agiad", "League issue in Boeotia", ())) == ""


@pytest.mark.slow
def test_every_theater_prompt_kind_has_a_rule_and_stays_blind_rule_15_15_h() -> None:
    """Random play of 14.1.06 A1 into its theater phase: each prompt of a kind in the
    table gets a legal answer, and the same answer for every hidden variant of the
    state (the other city's markers, hands and secret commitments drawn afresh)."""
    game = Game.create(RULESET, scenario="14.1.06 A1", seed="blind")
    rng = Rng("walk")
    seen: Counter[str] = Counter()
    differing = 0
    while game.outcome is None and sum(seen.values()) < 80:
        p = game.prompts()[0]
        if p.kind in THEATER_RULES:
            seen[p.kind] += 1
            answer = THEATER_RULES[p.kind](game.view(p.seat), p, Rng("phormio"))
            for state in RULESET.hidden_variants(game.state, p.seat, Rng("hide")):
                differing += RULESET.dump(state) != RULESET.dump(game.state)
                twin = variant_game(game, state)
                assert THEATER_RULES[p.kind](twin.view(p.seat), p, Rng("phormio")) == answer
            game.act(p.seat, answer)
        else:
            game.act(p.seat, random_answer(p, rng))
    assert {"place", "reveal", "commit"} <= set(seen) and differing > 20


def test_the_level_may_hand_its_own_strategy_to_the_rules_rule_15_3() -> None:
    """A seat the game does not know is Phormio's has no Prime Strategy in its view: the
    level hands the rules the one it drew itself, and the placement follows it."""
    s = example_turn()
    _, prompts = start(s, "placement", i=2)
    p = prompt_of(prompts, "agiad")
    v = view(s, "agiad")
    own = planned_rules(lambda view, faction: strategy(faction, "protect_allies", "boeotia", view))
    assert own["place"](v, p, Rng("p")) == "military@boeotia"
    assert THEATER_RULES["place"](v, p, Rng("p")) != "military@boeotia"  # the chart alone
