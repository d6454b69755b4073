"""The engine contract for `epic`: random play to the end, invariants, redaction,
determinism and saving."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.rng import Rng
from engine.selfplay import play_random
from engine.testing import assert_view_hides

from .helpers import RULES, new


def test_registered_with_its_scenario():
    assert "epic" in engine.ruleset_ids()
    assert list(RULES.scenarios) == ["argive-league", "spartan-fantasy", "athenian-fantasy",
                                     "three-player", "four-player", "archidamian", "campaign",
                                     "ionian"]
    assert RULES.scenarios["argive-league"].seats == ("athens", "sparta")


@pytest.mark.parametrize("seed", ["a", "b"])
def test_random_games_finish_with_invariants_holding(seed):
    g = new(seed)
    assert g.check_invariants() == []
    actions, problem = play_random(g, Rng(f"player:{seed}"))
    assert problem is None, problem
    assert g.outcome is not None and actions > 100


def test_same_seed_same_game():
    a, b = new("same"), new("same")
    play_random(a, Rng("p"), check=False)
    play_random(b, Rng("p"), check=False)
    assert a.to_json() == b.to_json()


def test_every_option_cites_a_rule():
    g = new("cite")
    player = Rng("cite")
    from engine.core.decisions import random_answer

    for _ in range(400):
        if g.outcome is not None:
            break
        for p in g.prompts():
            assert p.rule, p.text
            assert all(o.rule for o in p.options), p.text
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))


@pytest.mark.parametrize("seat", ["athens", "sparta", None])
def test_redaction_the_leader_pools_order_is_hidden(seat):
    g = new("redact")
    assert assert_view_hides(g, seat) > 0


def test_redaction_a_seat_sees_nothing_new_when_only_the_other_seats_pool_changes():
    g = new("redact2")
    s = g.state
    before = RULES.view(s, "athens")
    s["leader_pool"]["sparta"].reverse()  # the order of the next Spartan replacements
    assert RULES.view(s, "athens") == before
    assert RULES.view(s, "sparta") == RULES.view(json.loads(json.dumps(s)), "sparta")


def test_save_and_load_mid_game():
    g = new("save")
    play_random(g, Rng("p"), check=False, max_actions=300)
    again = engine.load_game(g.to_json())
    assert again.rules.dump(again.state) == g.rules.dump(g.state)
    assert [p.to_dict() for p in again.prompts()] == [p.to_dict() for p in g.prompts()]
