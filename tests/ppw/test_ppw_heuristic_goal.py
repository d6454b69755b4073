"""The PPW heuristic against Corinth's sudden-death goal (engine/players/ppw_goal.py,
issue 35): rule 9.4 gives Corinth the game at the end of an economic phase with 5,000
talents, Corcyra on its side and its Gulf trade open (rule 7.1: no ships of a side at
war with it at Naupactus or Patrae). In the lead's session-12 self-play of the 431 with
two players it ended 74 of 160 games, Athens doing nothing against it.

Positions from a seat's view of a two-player 431 (Athens against Sparta, Corinth and
Thebes): Athens courts Corcyra back and watches the Gulf when the goal is near, and
does neither when it is far."""

from __future__ import annotations

import pytest

from engine.core.game import Game
from engine.players import ppw, ppw_goal
from engine.players.testing import assert_player_blind
from engine.rulesets.ppw.economic import revenue
from tests.ppw.test_ppw_heuristic_ppw6 import _changed, _to_orders, new
from tests.ppw.test_ppw_heuristic_ppw9 import _orders


def _position(corinth: int, corcyra: str | None, turn: int = 5, orders: bool = False,
              seed: str = "goal") -> Game:
    """Turn `turn` of a two-player 431, Corinth holding `corinth` talents and Corcyra on
    `corcyra`'s side (None: neutral); at the first operations round if `orders`."""
    g = new(players=2, scenario="431", seed=seed)
    if orders:
        _to_orders(g)
    s = g.state
    s["turn"] = turn
    s["majors"]["corinth"]["treasury"] = corinth
    s["stances"]["corcyra"] = {"patron": corcyra, "status": "ally" if corcyra else "neutral"}
    _changed(g)
    return g


def _action(g: Game) -> str:
    p = g.prompt_for("athens")
    assert p is not None and p.kind == "diplomacy"
    return ppw.choose_action(g.view("athens"), p)


def test_the_view_gives_corinths_revenue_as_the_rules_count_it():
    """Rule 7.1 from Athens' view: Corinth's home area, tributaries and trade routes as
    Corinth collects them (each space's standing to Corinth, not to the viewer: Athens
    sees Corinthia as unfriendly, which halved the home area's 500 before)."""
    g = _position(4000, "corinth")
    assert ppw.income(g.view("athens"), "corinth") == sum(revenue(g.state, "corinth").values())
    g.state["forces"]["NAU"] = {"athens": [0, 0, 4]}  # Athens' ships watch the Gulf
    _changed(g)
    assert ppw.income(g.view("athens"), "corinth") == sum(revenue(g.state, "corinth").values())


def test_the_goal_is_near_with_the_talents_and_corcyra():
    """Rule 9.4: the goal needs 5,000 talents after this turn's revenue, Corcyra on
    Corinth's side and the Gulf open; while the diplomatic phase lasts, a neutral Corcyra
    may still be courted over (rule 2.6)."""
    near = _position(4800, "corinth")
    view = near.view("athens")
    assert ppw_goal.danger(view, "athens", ppw.income(view, "corinth")) == 1.0
    assert ppw_goal.danger(near.view("sparta"), "sparta", 900) == 0.0  # Sparta holds Corinth
    far = _position(1500, "corinth", turn=2)
    view = far.view("athens")
    assert ppw_goal.looming(view, "athens", ppw.income(view, "corinth")) == 0.0
    neutral = _position(4800, None)
    view = neutral.view("athens")
    assert ppw_goal.danger(view, "athens", ppw.income(view, "corinth")) == \
        pytest.approx(ppw_goal.ONE_STEP)


def test_athens_courts_corcyra_back_when_the_goal_is_near():
    """Rule 2.6: an approach moves Corinth's ally Corcyra to neutral (d6 + 1 per 200
    talents, 6 or more); with the goal due this turn Athens pays the most talents for it
    before anything else. Main's Athens courted other minors for free."""
    action = _action(_position(4800, "corinth"))
    assert action.startswith("approach:corcyra:")
    assert int(action.split(":")[2]) >= 400


def test_athens_leaves_corcyra_alone_when_the_goal_is_far():
    """Corinth at 1,500 talents in turn 2 is two turns of revenue or more from 5,000: no
    talents are spent on Corcyra for the goal's sake."""
    g = _position(1500, "corinth", turn=2)
    p = g.prompt_for("athens")
    assert p is not None
    corcyra, _ = ppw.corcyra_approach(g.view("athens"), "athens", ppw.actions_of(p))
    assert corcyra is None
    assert not _action(g).startswith("approach:corcyra:6")


def test_athens_sends_ships_to_watch_the_gulf_when_the_goal_is_near():
    """Rules 3.6, 7.1, 9.4: with Corcyra Corinth's and its talents due this turn, Athens'
    fleet sails from Piraeus to Naupactus (its own garrison) to be stationed there over
    the economic phase; the order is worth the goal it stops. Far from the goal the same
    order is worth nothing more than on main."""
    g = _position(4800, "corinth", orders=True)
    view = g.view("athens")
    to_nau = _orders(g, "athens", "stack:PIR:naval")["NAU"]
    land, ships = ppw.army(view, "athens", to_nau)
    assert ships > 0
    assert ppw.watch_value(view, "athens", to_nau, ships) > 5.0
    p = g.prompt_for("athens")
    assert p is not None and ppw.choose_order(view, p) == "stack:PIR:naval"
    far = _position(2000, "corinth", orders=True)
    view = far.view("athens")
    assert ppw.watch_value(view, "athens", _orders(far, "athens", "stack:PIR:naval")["NAU"],
                           ships) == 0.0
    last = _position(4800, "corinth", orders=True)
    last.state["round"] = 5  # rule 3.5: no round left to station them
    _changed(last)
    assert ppw.watch_value(last.view("athens"), "athens", to_nau, ships) == 0.0


def test_athens_stations_its_watch_when_the_goal_is_near():
    """Rule 3.6: ships at Naupactus stay there over the economic phase only on station;
    near the goal Athens stations them, far from it it lets them go home (rule 3.5)."""
    for talents, wanted in ((4800, True), (2000, False)):
        g = _position(talents, "corinth", orders=True)
        s = g.state
        s["forces"]["NAU"] = {"athens": [0, 0, 9]}
        s["forces"]["PIR"]["athens"] = [0, 0, 3]
        s["round"] = 2
        _changed(g)
        p = g.prompt_for("athens")
        assert p is not None and any(o.id == "station:NAU" for o in p.options)
        assert (ppw.choose_order(g.view("athens"), p) == "station:NAU") is wanted


def test_a_fleet_that_bares_piraeus_pays_for_athens_supply():
    """Rule 5.8: Athens is supplied through its Long Walls while Piraeus is, by its ships;
    a watch that takes every ship away costs the home's siege odds (the largest hostile
    army placed next door), one that leaves some in Piraeus does not."""
    g = _position(4800, "corinth", orders=True)
    s = g.state
    s["forces"]["ELE"] = {"sparta": [12, 0, 0]}
    _changed(g)
    view = g.view("athens")
    to_nau = dict(_orders(g, "athens", "stack:PIR:naval")["NAU"])
    assert ppw_goal.bares_port(view, "athens", to_nau, 12)
    assert not ppw_goal.bares_port(view, "athens", to_nau, 9)
    assert ppw.watch_value(view, "athens", to_nau, 12) < ppw.watch_value(view, "athens",
                                                                           to_nau, 9)


def test_corcyras_home_taken_counts_the_goal_stopped():
    """Rules 5.8, 6.3: Corcyra's home taken makes it the captor's tributary, off
    Corinth's side: a siege there is worth the goal's danger besides the city."""
    view = _position(4800, "corinth", orders=True).view("athens")
    assert ppw.corcyra_worth(view, "athens", "COC") == pytest.approx(ppw.GOAL_LOSS)
    assert ppw.corcyra_worth(view, "athens", "COR") == 0.0
    far = _position(2000, "corinth", orders=True).view("athens")
    assert ppw.corcyra_worth(far, "athens", "COC") == 0.0


@pytest.mark.parametrize("orders", [False, True])
def test_no_cheating_near_the_goal(orders):
    """Rules 2.1, 3.1: the other seats' sealed choices are hidden; Athens' answer near
    Corinth's goal does not change when only they differ."""
    g = _position(4800, "corinth", orders=orders)
    for seat in ("corinth", "sparta", "thebes"):
        p = g.prompt_for(seat)
        if p is not None:
            g.act(seat, "pass")
    assert assert_player_blind(g, "athens", "heuristic", seed="goal") > 0
