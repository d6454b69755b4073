"""The kernel's flow vocabulary (engine/core/flows.py) and ranked outcomes, through the
`council` fixture: secret bids of three or four seats revealed together, turns in Honor
order, a result by places."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction, Outcome
from engine.core.flows import CHOSEN, REVEAL, order_by
from engine.core.rng import Rng
from engine.selfplay import play_random
from engine.testing import assert_view_hides
from tests.fixtures.council import COUNCIL


def new(players=4, seed=1):
    return engine.new_game(COUNCIL.id, seed=seed, options={"players": players})


def test_every_seat_bids_in_secret_and_the_bids_are_revealed_together():
    g = new()
    prompts = g.prompts()
    assert [p.seat for p in prompts] == ["argos", "corinth", "megara", "elis"]
    assert all(p.secret for p in prompts)
    events = g.act("argos", "2")
    assert [e.kind for e in events] == [CHOSEN]
    assert g.view("corinth")["my_bid"] is None and g.view("argos")["my_bid"] == "2"
    assert [p.seat for p in g.prompts()] == ["corinth", "megara", "elis"]
    with pytest.raises(IllegalAction):
        g.act("argos", "1")  # no second choice
    g.act("corinth", "1")
    g.act("megara", "0")
    events = g.act("elis", "1")
    reveal = [e for e in events if e.kind == REVEAL]
    assert len(reveal) == 1
    assert reveal[0].data["choices"] == {"argos": "2", "corinth": "1", "megara": "0",
                                         "elis": "1"}
    assert g.view(None)["honor"]["argos"] == 2
    assert not g.can_undo("elis")  # the reveal is a barrier


def test_a_seat_takes_back_its_secret_bid_until_the_reveal():
    g = new()
    g.act("argos", "2")
    assert g.can_undo("argos")
    g.undo("argos")
    assert "argos" in [p.seat for p in g.prompts()]


def test_turns_follow_honor_order_with_ties_in_seat_order():
    g = new()
    for seat, bid in (("argos", "0"), ("corinth", "2"), ("megara", "0"), ("elis", "0")):
        g.act(seat, bid)
    order = []
    while g.prompts() and g.prompts()[0].kind == "turn":
        seat = g.prompts()[0].seat
        order.append(seat)
        g.act(seat, "rest")
    assert order == ["corinth", "argos", "megara", "elis"]


def test_three_players_and_a_ranked_result():
    g = new(players=3)
    assert g.seats == ("argos", "corinth", "megara", "elis")
    play_random(g, Rng("council"))
    out = g.outcome
    assert out is not None and out.places
    assert out.places[0] == out.winners
    assert out.place_of(out.winners[0], ("argos", "corinth", "megara")) == 1


def test_what_one_seat_sees_does_not_change_with_the_others_secret_bids():
    g = new()
    g.act("argos", "1")
    g.act("corinth", "2")
    assert assert_view_hides(g, "megara") == 2
    assert assert_view_hides(g, "argos") == 1
    assert assert_view_hides(g, None) == 2


def test_order_by_keeps_ties_in_the_order_given():
    honor = {"a": 1, "b": 3, "c": 1, "d": 3}
    assert order_by("abcd", honor.__getitem__, reverse=True) == ["b", "d", "a", "c"]
    assert order_by("abcd", honor.__getitem__) == ["a", "c", "b", "d"]


def test_outcome_places_rank_a_winning_faction_inside_its_city():
    # Pericles' shape: Athens wins the war; of its factions the Demagogues win the game
    out = Outcome(("demagogues",), "Athens has more Honor", "13.0",
                  places=(("demagogues",), ("aristocrats",), ("agiads", "eurypontids")),
                  scores=(("demagogues", 31.0), ("aristocrats", 27.0)))
    seats = ("aristocrats", "demagogues", "agiads", "eurypontids")
    assert out.ranking(seats) == (("demagogues",), ("aristocrats",),
                                  ("agiads", "eurypontids"))
    assert out.place_of("agiads", seats) == 3
    assert Outcome.from_dict(out.to_dict()) == out


def test_outcome_without_places_ranks_winners_then_the_rest():
    seats = ("athens", "sparta")
    assert Outcome(("athens",), "x").ranking(seats) == (("athens",), ("sparta",))
    assert Outcome((), "draw").ranking(seats) == (("athens", "sparta"),)
    assert Outcome(("athens",), "x").to_dict() == {"winners": ["athens"], "reason": "x",
                                                   "rule": None}
