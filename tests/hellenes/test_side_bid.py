"""The side bid's Prestige shift (`prestige_handicap`, Introduction; RULINGS.md, Prestige
bid for sides): validated, applied to the one signed track at the start, shown in the
view and the log, and what a winning bid maps to."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
from tests.hellenes.helpers import RULES, play_out


def test_handicap_moves_the_start_toward_the_other_side():
    plain = engine.new_game("hellenes", "413", seed=1)
    assert plain.state["prestige"] == 3  # 15.3: Athens +3
    g = engine.new_game("hellenes", "413", seed=1, options={"prestige_handicap": -5})
    assert g.state["prestige"] == -2  # Athens bid 5 for its side: 3 - 5
    v = g.view(None)
    assert v["handicap"] == -5 and v["prestige"] == -2
    assert v["game"]["options"]["prestige_handicap"] == -5
    # the bid is a fact of the state and its options (no line of words kept, issue 30)
    assert "log" not in g.state
    assert "handicap" not in plain.view(None)  # games without a bid look as before
    assert "Prestige Sparta 2" in v["common"]["banner"]


def test_handicap_toward_athens_and_the_same_dice_otherwise():
    g = engine.new_game("hellenes", "431", seed=7, options={"prestige_handicap": 4})
    plain = engine.new_game("hellenes", "431", seed=7)
    assert g.state["prestige"] == 4 and plain.state["prestige"] == 0
    assert g.state["cards"]["deck"] == plain.state["cards"]["deck"]  # no die spent on it
    assert g.view("sparta")["handicap"] == 4


@pytest.mark.parametrize("bad", [11, -11, "3", 2.5])
def test_handicap_outside_the_bids_is_refused(bad):
    with pytest.raises(IllegalAction):
        engine.new_game("hellenes", "431", seed=1, options={"prestige_handicap": bad})


def test_handicap_applies_to_a_position_too():
    g = RULES.from_position({"scenario": "431", "prestige": 2}, seed="t",
                            options={"prestige_handicap": -3})
    assert g.state["prestige"] == -1


def test_a_handicapped_game_replays_and_plays_out():
    g = engine.new_game("hellenes", "sicily", seed=3, options={"prestige_handicap": 6})
    play_out(g)
    again = engine.load_game(g.to_json(), replay=True)
    assert again.state == g.state
    assert engine.verify_game(g.to_dict()).ok


def test_the_ruleset_declares_its_side_bid():
    sb = RULES.side_bidding
    assert sb is not None and sb.unit == "Prestige" and sb.most == 10
    assert RULES.side_bid_options("athens", 3) == {"prestige_handicap": -3}
    assert RULES.side_bid_options("sparta", 3) == {"prestige_handicap": 3}
    assert RULES.side_bid_options("sparta", 0) == {"prestige_handicap": 0}
    for bad in (("athens", 11), ("corinth", 1), ("sparta", -1)):
        with pytest.raises(IllegalAction):
            RULES.side_bid_options(*bad)
    # every bid it maps is an option value the game accepts
    for side in ("athens", "sparta"):
        for n in range(sb.most + 1):
            engine.new_game("hellenes", "431", seed=1, options=RULES.side_bid_options(side, n))


def test_athens_and_sparta_bids_are_tourney_bids_rule_10_3():
    rs = engine.ruleset("athens-sparta")
    assert rs.side_bidding is not None and rs.side_bidding.most == 6
    assert rs.side_bid_options("sparta", 2) == {"bid": "sparta:2"}
    assert rs.side_bid_options("athens", 0) == {}
    with pytest.raises(IllegalAction):
        rs.side_bid_options("athens", 7)
    assert engine.ruleset("epic").side_bidding is None
