"""Options carry their facts (issue 30, point 3; `Option.data`): a move's source and
destination, a unit placed or built and where, a place stormed or masked. The automated
player reads those and the view, never the prompt's or an option's English: with every
word of the prompts replaced, it answers exactly as before."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.players.epic import choose as heuristic_choice
from engine.players.epic import imagine
from engine.rulesets.epic.assessment import options

WITH_DATA = {"move", "pieces", "destination", "storm", "place", "build", "blockade", "sally",
             "walls", "retreat", "continue", "siege", "capture", "forage", "unsupplied", "raid",
             # the cards (Persia's and Sicily's among them), the wings, the League
             "card", "discard", "peace", "wings", "deploy", "shift", "split", "talents",
             "abdicate", "agree",
             # assessment, revolts, helots, boarding, interception
             "assess", "revolt", "helots", "board", "intercept",
             # issue 33: placing and building a kind of unit in a batch
             "placement", "building", "confirm"}


def _prompts(scenario: str, seed: str, actions: int, generation: int | None = None):
    """Every prompt of a random game, with the view its seat saw."""
    g = engine.new_game("epic", scenario, seed=seed, generation=generation)
    player = Rng(f"data:{seed}")
    for _ in range(actions):
        if g.outcome is not None:
            return
        prompts = g.prompts()
        for p in prompts:
            yield g.view(p.seat), p
        p = player.choice(prompts)
        g.act(p.seat, random_answer(p, player))


@pytest.mark.parametrize(("scenario", "kinds"), [
    ("argive-league", {"move", "pieces", "destination", "place"}),
    ("campaign", {"place", "build"})])
def test_the_options_of_moves_placement_building_and_storms_carry_their_facts(scenario, kinds):
    seen: set[str] = set()
    for _, p in _prompts(scenario, f"data-{scenario}", 700):
        if p.kind in WITH_DATA:
            seen.add(p.kind)
            assert all(o.data and o.data.get("kind") for o in p.options), (p.kind, p.options)
            for o in p.options:
                if o.id.startswith("to:"):
                    assert o.data == {**o.data, "to": o.id[3:]}
    assert kinds <= seen


def _reworded(p):
    return replace(p, text="xx", options=tuple(replace(o, label="yy") for o in p.options))


def test_the_heuristic_answers_the_same_with_every_word_of_the_prompts_replaced():
    asked = 0
    for view, p in _prompts("argive-league", "data-words", 700):
        a = heuristic_choice(view, p, None, Rng("same"))
        b = heuristic_choice(view, _reworded(p), None, Rng("same"))
        assert a == b, p.kind
        for o in p.options[:3]:
            assert imagine(view, p, o.id) == imagine(view, _reworded(p), o.id)
        asked += 1
    assert asked > 100


@pytest.mark.parametrize(("scenario", "kinds"), [
    ("four-player", {"card", "discard", "talents", "peace", "board"}),
    ("ionian", {"card", "discard", "peace", "revolt"})])
# the wings' choices are checked in every random wing battle (test_wings.py): whole random
# games seldom bring more than 3 units a side together
def test_the_cards_league_assessment_and_revolt_options_carry_their_facts(scenario, kinds):
    seen: set[str] = set()
    played = set()
    # random players open and close the menus of places too (issue 33): a longer game
    seed = "data2" if scenario == "four-player" else "data4"
    # four players: a game of generation 0 (before issue 33's supply menus), whose sample
    # boards fleets within the 2,500 actions; newer ones' menus take random players longer
    generation = 0 if scenario == "four-player" else None
    for _, p in _prompts(scenario, f"{seed}-{scenario}", 2500, generation):
        if p.kind in WITH_DATA:
            seen.add(p.kind)
            assert all(o.data and o.data.get("kind") for o in p.options), (p.kind, p.options)
            played |= {o.data["card"] for o in p.options if o.data.get("kind") == "play_card"}
    assert kinds <= seen, seen
    assert played  # cards were offered, each option naming its card


@pytest.mark.parametrize("side", ["athens", "sparta"])
def test_the_assessment_options_name_region_and_new_multiplier(side):
    g = engine.new_game("epic", "campaign", seed="assess-data")
    opts = options(g.state, side)
    changes = [o for o in opts if o.data["kind"] in ("raise", "lower")]
    assert changes and opts[-1].data == {"kind": "done"}
    for o in changes:
        verb, _, region = o.id.partition(":")
        mult = g.state["regions"][region]["mult"] or 0
        assert o.data == {"kind": verb, "region": region,
                          "to": mult + (1 if verb == "raise" else -1)}
