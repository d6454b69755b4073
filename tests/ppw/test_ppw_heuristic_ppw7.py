"""The PPW heuristic's seventh-session refinements (engine/players/ppw.py, issue 38 point 6):
each position is a point the duels against `random` showed Corinth or Thebes leaving on
the table (REPORT-PPW7.md)."""

from __future__ import annotations

import copy

import pytest

from engine.core import decisions
from engine.core.game import Game
from engine.core.types import Prompt
from engine.players import ppw
from tests.ppw.test_ppw_heuristic_ppw6 import _changed, _to_orders, new


def _order(game: Game, seat: str, stack: str, to: str) -> dict:
    p = game.prompt_for(seat)
    assert p is not None and p.kind == "order"
    option = next(o for o in p.options if o.id == stack)
    return next(d for d in ppw.orders_of(option) if d["to"] == to)


def test_a_coast_no_hostile_ship_covers_is_not_supplied():
    """Rule 5.8: only a place its side's ships cover by ZOI is supplied by sea (-2 to the
    siege). The heuristic took every place by the sea as supplied, so Corinth never
    besieged Naupactus (an Athenian garrison on the Gulf, no Athenian ship near): the
    odds it saw were 0 where they are 2 in 6."""
    g = new(seed="naupactus")
    _to_orders(g)
    g.state["forces"]["COR"]["corinth"] = [4, 0, 3]
    _changed(g)
    view = g.view("corinth")
    assert not ppw.supplied_by_sea(view, "corinth", "NAU", 0)
    assert not ppw.supplied_by_sea(view, "corinth", "OEN", 0)  # inland: never
    assert ppw.siege_chance(view, "NAU", 4, 0, False) == pytest.approx(2 / 6)
    assert ppw.siege_chance(view, "NAU", 4, 0) == 0.0  # the old, cautious estimate
    open_sea = ppw.order_value(view, "corinth", _order(g, "corinth", "stack:COR:land", "NAU"))
    # three Athenian ships at Patrae cover Naupactus: now it is supplied, unless our own
    # fleet in the place outnumbers them
    g.state["forces"].setdefault("PAT", {})["athens"] = [0, 0, 3]
    _changed(g)
    covered = g.view("corinth")
    assert ppw.supplied_by_sea(covered, "corinth", "NAU", 0)
    assert ppw.supplied_by_sea(covered, "corinth", "NAU", 3)
    assert not ppw.supplied_by_sea(covered, "corinth", "NAU", 4)
    supplied = ppw.order_value(covered, "corinth", _order(g, "corinth", "stack:COR:land", "NAU"))
    assert open_sea > supplied


def test_a_fortress_held_by_two_of_a_majors_own_sps_yields_a_hostage():
    """Rules 2.7, 5.8 and 9.5: the fall of a fortress with 2 or more land SPs of a major's
    own inside gives the besieger a hostage, two points of score."""
    g = new(seed="hostage")
    s = g.state
    s["forces"].setdefault("OEN", {})["athens"] = [2, 0, 0]
    _changed(g)
    view = g.view("corinth")
    assert ppw.captive_worth(view, "corinth", "OEN") == ppw.HOSTAGE == 2.0
    s["forces"]["OEN"]["athens"] = [1, 0, 0]
    _changed(g)
    assert ppw.captive_worth(g.view("corinth"), "corinth", "OEN") == 0.0
    # a minor's SPs are no major's own people: no hostage (Plataea's own hoplites)
    s["forces"]["OEN"] = {"plataea": [3, 0, 0]}
    _changed(g)
    assert ppw.captive_worth(g.view("corinth"), "corinth", "OEN") == 0.0
    # nor the SPs of a major we are not at war with
    view = copy.deepcopy(g.view("corinth"))
    view["spaces"]["OEN"]["forces"] = {"sparta": [3, 0, 0]}
    assert ppw.captive_worth(view, "corinth", "OEN") == 0.0


def test_taking_back_a_fortress_of_our_home_area_is_worth_its_losses():
    """Rules 6.2 and 7.1: while Athens garrisons Plataea, in Boeotia, Thebes loses a
    point of bellicosity a turn and half its home revenue; taking it back ends both.
    The heuristic weighed that siege as any other fortress's."""
    g = new(scenario="431")
    view = g.view("thebes")
    assert view["spaces"]["PLA"]["standing"] == "unfriendly"
    turns = ppw.HELD_TURNS
    assert ppw.regained_worth(view, "thebes", "PLA") == pytest.approx(turns * (1.0 + 0.25))
    assert ppw.regained_worth(view, "thebes", "THB") == 0.0  # the home space: rule 6.3
    assert ppw.regained_worth(view, "corinth", "PLA") == 0.0  # not Corinth's home area
    at_cap = copy.deepcopy(view)
    at_cap["status_cards"]["thebes"]["bellicosity"] = 12
    assert ppw.regained_worth(at_cap, "thebes", "PLA") == pytest.approx(
        turns * (ppw.AT_CAP + 0.25))
    last = dict(view, turn=view["last_turn"])
    assert ppw.regained_worth(last, "thebes", "PLA") == pytest.approx(1.25)
    g.state["garrisons"]["PLA"] = "thebes"  # held again
    _changed(g)
    assert ppw.regained_worth(g.view("thebes"), "thebes", "PLA") == 0.0


def test_no_paid_approach_for_an_ally_that_scores_nothing():
    """Rules 2.6, 6.2, 9.5: 200 talents add 1 to a die of 6, and an ally scores nothing
    but the point of bellicosity of a gain. ppw6's Corinth at bellicosity 12 paid up to
    600 talents a turn for allies before the last turn; only a minor its goal needs
    (Corcyra, rule 9.4) is worth paying for then."""
    g = new(seed="allies")
    g.state["majors"]["corinth"]["treasury"] = 3000
    g.state["majors"]["athens"]["treasury"] += 1500  # even: neither peace nor war
    _changed(g)
    view = g.view("corinth")
    assert view["turn"] < view["last_turn"]
    assert not ppw.paid_approach(view, "corinth", "ambracia")
    assert ppw.paid_approach(view, "corinth", "corcyra")
    assert not ppw.paid_approach(view, "athens", "corcyra")
    p = g.prompt_for("corinth")
    assert p is not None and p.kind == "diplomacy"
    answer = ppw.choose_action(view, p)
    assert answer.endswith(":0") or answer == "approach:corcyra:200", answer
    # in the last turn, with the final thousands kept whole, the talents cost nothing
    last = copy.deepcopy(view)
    last.update(turn=last["last_turn"])
    end = last["status_cards"]["corinth"]["treasury"] + ppw.income(last, "corinth")
    last["status_cards"]["corinth"]["treasury"] += 500 - end % 1000
    assert ppw.paid_approach(last, "corinth", "ambracia")


def _to_builds(game: Game, turn: int) -> Prompt:
    """Every seat passes (no builds, the first rate) up to Corinth's builds of `turn`."""
    while True:
        mine = game.prompt_for("corinth")
        if mine is not None and mine.kind == "build" and game.state["turn"] == turn:
            return mine
        p = game.prompts()[0]
        if p.kind == "build":
            game.act(p.seat, decisions.encode(p, []))
        elif p.kind == "rate":
            game.act(p.seat, p.options[0].id)
        else:
            game.act(p.seat, "pass")


def test_no_hoplites_built_to_catch_up_for_the_last_turn_alone():
    """Rules 7.3 and 9.5: a hoplite built in the last turn but one fights in one turn
    and its talents are off the final count. ppw6's Corinth, trailing, built two every
    turn but the last (600 talents in a four-turn game)."""
    g = new(seed="builds")
    _to_builds(g, 2)
    g.state["majors"]["athens"]["treasury"] += 5000  # Corinth trails Athens
    _changed(g)
    view = g.view("corinth")
    assert ppw.lead(view, "corinth") < 0 and view["last_turn"] - view["turn"] == 2
    again = g.prompt_for("corinth")
    assert again is not None
    assert ppw.choose_builds(view, again) == "hoplite1"  # two turns to use it
    p = _to_builds(g, 3)
    view = g.view("corinth")
    assert ppw.lead(view, "corinth") < 0 and view["status_cards"]["corinth"]["treasury"] > 2000
    assert ppw.choose_builds(view, p) == decisions.encode(p, [])


def test_corcyra_is_worth_paying_for_only_while_corinths_goal_is_in_reach():
    """Rule 9.4: Corinth's goal asks for 5,000 talents with Corcyra on its side. With no
    way to reach the talents by the end (its treasury and the revenue still to come),
    Corcyra is an ally like any other and not worth 200 talents (ppw6's Corinth paid
    for it in the Archidamian's last turns, 400 talents off a final count of 4)."""
    g = new(seed="corcyra")
    g.state["majors"]["corinth"]["treasury"] = 3000
    _changed(g)
    view = g.view("corinth")
    assert ppw.projected_treasury(view, "corinth") >= ppw.CORINTH_GOAL
    assert ppw.paid_approach(view, "corinth", "corcyra")
    late = copy.deepcopy(view)
    late["turn"] = late["last_turn"] - 1  # 2,900 and two revenues of 1,000: short
    late["status_cards"]["corinth"]["treasury"] = 2900
    assert ppw.projected_treasury(late, "corinth") < ppw.CORINTH_GOAL
    assert not ppw.paid_approach(late, "corinth", "corcyra")


def test_taking_a_leaders_tributary_hurts_it_twice_as_much():
    """Rules 6.2, 6.3 and 9.5: the home of an enemy's obedient tributary taken makes the
    city ours and costs its patron two points of score and a point of bellicosity. A
    random Athens that kept its empire beat ppw6's Corinth in the three-player
    Archidamian; the siege of Aegina counted only what Corinth gained."""
    g = new(seed="aegina")
    g.state["majors"]["athens"]["treasury"] += 3000  # Athens leads Corinth's rivals
    _changed(g)
    view = g.view("corinth")
    assert ppw.tributary_harm(view, "corinth", "AEG") == ppw.TRIBUTARY_LOSS == 3.0
    assert ppw.tributary_harm(view, "corinth", "OEN") == 0.0  # no city's home
    assert ppw.tributary_harm(g.view("athens"), "athens", "AEG") == 0.0  # its own
    g.state["majors"]["athens"]["treasury"] -= 3000
    g.state["majors"]["sparta"]["treasury"] += 4000  # now Sparta leads
    _changed(g)
    assert ppw.tributary_harm(g.view("corinth"), "corinth", "AEG") == 1.5
    g.state["rebel"].append("AEG")  # a city in rebellion is no longer Athens' to lose
    _changed(g)
    assert ppw.tributary_harm(g.view("corinth"), "corinth", "AEG") == 0.0


def test_the_final_thousands_are_weighed_a_turn_before_the_last():
    """Rule 9.5 scores whole thousands. A turn before the last, the final treasury is
    the present one and two revenues (the later one less sure): spending that leaves
    the count whole costs nothing, spending that breaks it costs about a point."""
    g = new(seed="thousands")
    view = copy.deepcopy(g.view("corinth"))
    view["turn"] = view["last_turn"] - 1
    income = ppw.income(view, "corinth")
    view["status_cards"]["corinth"]["treasury"] = 5700 - 2 * income  # 5,700 at the end
    assert ppw.spending(view, "corinth", 200) == 0.0
    assert ppw.spending(view, "corinth", 1000) == pytest.approx(1.0)
    view["status_cards"]["corinth"]["treasury"] = 5100 - 2 * income  # 5,100: on the edge
    assert ppw.spending(view, "corinth", 200) == pytest.approx(0.4)  # twice a thousandth
    economic = dict(view, phase="economic")  # this turn's revenue is in: one to come
    economic["status_cards"] = copy.deepcopy(view["status_cards"])
    economic["status_cards"]["corinth"]["treasury"] = 5700 - income
    assert ppw.spending(economic, "corinth", 200) == 0.0
    early = dict(view, turn=view["last_turn"] - 2)  # earlier: a thousandth a talent
    assert ppw.spending(early, "corinth", 200) == pytest.approx(0.2)
    assert ppw.thousands(4500, 0) == 4.0
    assert ppw.thousands(5000, 500) == pytest.approx(4.5)


def test_a_fleet_sent_past_athens_navy_seldom_gets_through():
    """Rule 4.6: each space entered in a hostile fleet's ZOI invites an interception,
    and a small fleet caught by a larger one goes home beaten. ppw6's Corinth sent its
    three ships from the Gulf to the Hellespont three times in a turn, past the twelve
    Athenian ships at Piraeus, for 1,000 talents, as if nothing stood in the way."""
    g = new(players=3, seed="hellespont")
    _to_orders(g)
    view = g.view("corinth")
    to_abydos = _order(g, "corinth", "stack:COR:all", "ABY")
    land, ships = ppw.army(view, "corinth", to_abydos)
    assert ships == 3
    assert to_abydos["route"][:3] == ["CEN", "AEG", "PIR"]  # the rules' route (rule 4.1)
    through = ppw.passage(view, "corinth", to_abydos, land, ships)
    assert through < 0.25
    assert ppw.order_value(view, "corinth", to_abydos) < ppw.WORTH
    # with the Aegean empty of hostile ships the way is open
    for owners in g.state["forces"].values():
        for o in list(owners):
            if owners[o][2] and o != "corinth":
                owners[o] = [owners[o][0], owners[o][1], 0]
    _changed(g)
    clear = g.view("corinth")
    assert ppw.passage(clear, "corinth", to_abydos, land, ships) == 1.0
    # a march by land that no hostile stack watches is never stopped
    into_attica = _order(g, "corinth", "stack:COR:land", "OEN")
    assert ppw.passage(clear, "corinth", into_attica, *ppw.army(clear, "corinth", into_attica)) \
        == 1.0
