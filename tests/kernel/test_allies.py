"""The `allies` fixture: three seats in two teams, an area map, a k-of-n claim, an amount
and a secret simultaneous order, all on kernel procedures and common view fields."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
from engine.core import decisions
from engine.core.rng import Rng
from engine.selfplay import play_random, selfplay
from engine.testing import assert_view_hides
from tests.fixtures.allies import SEATS


def new(seed=1, **options):
    return engine.new_game("allies", seed=seed, options=options or None)


def test_orders_are_secret_and_simultaneous():
    g = new()
    assert sorted(p.seat for p in g.prompts()) == sorted(SEATS)
    assert all(p.secret for p in g.prompts())
    g.act("athens", "fortify")
    assert g.view("thebes")["stance"]["athens"] is True  # committed, but not what
    assert g.view("athens")["stance"]["athens"] == "fortify"
    assert_view_hides(g, "thebes")
    assert_view_hides(g, None)
    g.act("thebes", "expand")
    g.act("plataea", "expand")
    assert g.view(None)["stance"] == {"thebes": "expand", "athens": "fortify",
                                      "plataea": "expand"}


def test_claims_are_k_of_n_and_limited_by_stance():
    g = new()
    for seat, stance in (("thebes", "expand"), ("athens", "fortify"), ("plataea", "expand")):
        g.act(seat, stance)
    (p,) = g.prompts()
    assert (p.seat, p.form, p.lo, p.hi) == ("thebes", "pick", 0, 2)
    ids = [o.id for o in p.options]
    with pytest.raises(IllegalAction):
        g.act("thebes", decisions.SEP.join(ids[:3]))
    g.act("thebes", decisions.encode(p, ids[:2]))
    (p,) = g.prompts()
    assert (p.seat, p.hi) == ("athens", 1)  # fortifying: one claim only


def test_a_fight_asks_the_attacker_for_an_amount():
    g = new(3)
    for seat in SEATS:
        g.act(seat, "expand")
    g.act("thebes", "")  # claims nothing
    g.act("athens", "boeotia")  # held by Thebes: a fight
    g.act("plataea", "")
    (p,) = g.prompts()
    assert (p.seat, p.form, p.lo, p.hi) == ("athens", "amount", 0, 3)
    events = g.act("athens", "2")
    (battle,) = [e for e in events if e.kind == "battle_end"]
    assert battle.data["battle"]["reserves"] == 2
    assert g.view(None)["reserves"]["athens"] == 1


def test_random_games_end_and_replay_exactly():
    report = selfplay("allies", games=40, seed=2)
    assert report["errors"] == [] and report["completed"] == 40
    g = new(5)
    play_random(g, Rng("x"))
    again = engine.load_game(g.to_json(), replay=True)
    assert again.rules.dump(again.state) == g.rules.dump(g.state)
    assert again.outcome == g.outcome


def test_allies_win_together():
    outcomes = set()
    for seed in range(30):
        g = new(seed)
        play_random(g, Rng(f"w{seed}"))
        outcomes.add(g.outcome.winners)
    assert ("athens", "plataea") in outcomes and ("thebes",) in outcomes


def test_player_count_decides_who_holds_which_seats():
    assert new().holdings == (("thebes",), ("athens",), ("plataea",))
    two = new(players=2)
    assert two.holdings == (("thebes",), ("athens", "plataea"))
    assert two.view(None)["game"]["holdings"] == [["thebes"], ["athens", "plataea"]]
    with pytest.raises(IllegalAction, match="3 or 2|2 or 3"):
        new(players=4)


def test_common_view_fields():
    g = new()
    g.act("athens", "expand")
    common = g.view("athens")["common"]
    assert common["title"] == "Allies (test fixture)"
    assert common["teams"] == [["athens", "plataea"], ["thebes"]]
    assert common["to_act"] == ["plataea", "thebes"]
    assert common["banner"] == "Round 1 of 3"
    assert common["hand"] == [{"id": "stance", "label": "Stance: expand"}]
    assert g.view("thebes")["common"]["hand"] == []
