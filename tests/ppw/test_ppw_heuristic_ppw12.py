"""The PPW heuristic's twelfth-session refinements (engine/players/ppw.py, issue 35.4): the
Peloponnesians hold Sparta against an Athenian army that marches on it (REPORT-ppw12.md).

Each position is built from a seat's view of a 2-player Archidamian game (Athens against
Sparta, Corinth and Thebes), the set-up the gauntlet's aggressive Athens won 10/10 on
main: Sparta's army marched out in the first round with too few talents to come back,
and Athens' 8 SPs besieged unwalled Sparta (rules 3.4, 3.5, 5.8, 6.3, 9.4)."""

from __future__ import annotations

import copy

import pytest

from engine.core.game import Game
from engine.core.types import Option, Prompt
from engine.players import ppw
from engine.players.testing import assert_player_blind
from engine.rulesets.ppw.battle import GUARD
from tests.ppw.test_ppw_heuristic_ppw6 import _changed, _to_orders, new
from tests.ppw.test_ppw_heuristic_ppw9 import _orders


def _first_round(seed: str = "ppw12") -> Game:
    """The first operations round: Sparta's 7+1 SPs and 500 talents at home, Athens'
    7+1 SPs at Athens."""
    g = new(players=2, seed=seed)
    _to_orders(g)
    return g


def _sparta_away(money: int, seed: str = "ppw12") -> Game:
    """The second round: Sparta's army out at Oenoe (Attica), Athens' army at Corinth,
    `money` talents in Sparta's treasury."""
    g = _first_round(seed)
    s = g.state
    s["forces"]["OEN"] = {"sparta": s["forces"].pop("SPA")["sparta"]}
    s["forces"]["COR"]["athens"] = s["forces"]["ATH"].pop("athens")
    if not s["forces"]["ATH"]:
        del s["forces"]["ATH"]
    s["round"] = 2
    s["majors"]["sparta"]["treasury"] = money
    _changed(g)
    return g


def test_sparta_keeps_its_army_home_in_the_first_round():
    """Rules 1.3, 3.1, 5.8, 9.4: Athens' 8 SPs can reach unwalled Sparta in any later
    round, and Sparta's fall is Athens' goal. Main marched Sparta's army to Oenoe here
    (`stack:SPA:land`, the march worth +0.75); the exposure now counts the game lost."""
    g = _first_round()
    view = g.view("sparta")
    p = g.prompt_for("sparta")
    assert p is not None and view["round"] == 1
    assert ppw.choose_order(view, p) == "pass"
    to_oenoe = _orders(g, "sparta", "stack:SPA:land")["OEN"]
    assert ppw.order_value(view, "sparta", to_oenoe) < 0


def test_the_fall_of_sparta_is_weighed_as_athens_goal():
    """Rules 5.8, 6.3, 9.4: two rounds of sieges against the guard alone, at 1 in 6 and
    then 2 in 6 (a failed siege raises the level), each losing the home (a fortress, a
    surrendered major) and the game with it."""
    view = _first_round().view("sparta")
    assert [ppw.siege_chance(view, "SPA", 8, GUARD, level=n) for n in (0, 1)] == \
        pytest.approx([1 / 6, 2 / 6])
    fell = 1 - (5 / 6) * (4 / 6)
    lost = ppw.fallen_worth("SPA") + ppw.GOAL_LOSS
    assert ppw.exposure(view, "sparta", 0, 8) == pytest.approx(fell * lost)
    surrendered = copy.deepcopy(view)
    surrendered["status_cards"]["athens"]["surrendered_to"] = "sparta"
    assert ppw.exposure(surrendered, "sparta", 0, 8) == pytest.approx(
        fell * ppw.fallen_worth("SPA"))
    assert ppw.exposure(view, "sparta", 8, 0) == 0.0  # the army at home: no siege


def test_a_march_that_cannot_pay_its_way_back_risks_every_round_left():
    """Rules 3.4, 3.5, 5.8: a land SP costs 25 talents a march, so 8 SPs need 200 to come
    home; without them the army stays out until the phase ends, and every round still to
    come is at risk (four tries, the level rising to 3), not two."""
    view = _first_round().view("sparta")
    can = ppw.home_risk(view, "sparta", "SPA", 8, money=200)
    cannot = ppw.home_risk(view, "sparta", "SPA", 8, money=175)
    lost = ppw.fallen_worth("SPA") + ppw.GOAL_LOSS
    assert can == pytest.approx(ppw.home_risk(view, "sparta", "SPA", 8))
    assert can == pytest.approx((1 - (5 / 6) * (4 / 6)) * lost)
    assert cannot == pytest.approx((1 - (5 / 6) * (4 / 6) * (3 / 6) * (2 / 6)) * lost)
    to_oenoe = _orders(_first_round(), "sparta", "stack:SPA:land")["OEN"]
    assert ppw.money_after(view, "sparta", to_oenoe) == 500 - 200 - 100  # march, siege


def test_an_army_out_comes_home_while_an_enemy_army_can_reach_it():
    """Rules 1.3, 3.1, 5.8: Athens' 8 SPs at Corinth, Sparta's army at Oenoe with the
    talents to march. Main took it on to Athens (+2.34, a ravage and a siege) and left
    Sparta to the guard; bringing it home is now worth the siege risk it ends."""
    g = _sparta_away(500)
    view = g.view("sparta")
    orders = _orders(g, "sparta", "stack:OEN:land")
    values = {to: ppw.order_value(view, "sparta", d) for to, d in orders.items()}
    assert max(values, key=lambda to: values[to]) == "SPA"
    assert ppw.way_home(view, "sparta", orders["SPA"], 8) == pytest.approx(
        ppw.exposure(view, "sparta", 0, 8, 500))
    assert ppw.choose_order(view, g.prompt_for("sparta")) == "stack:OEN:land"


def test_an_army_out_does_not_spend_the_talents_of_its_way_home():
    """Rule 3.4: with 300 talents, a march on to Athens (200) leaves 100, too few to bring
    8 SPs back (200): the home is then at risk for every round left, which the order
    pays; with 2,000 talents the same march keeps the way home."""
    poor, rich = _sparta_away(300), _sparta_away(2000)
    to_athens = _orders(poor, "sparta", "stack:OEN:land")["ATH"]
    v_poor = ppw.order_value(poor.view("sparta"), "sparta", to_athens)
    v_rich = ppw.order_value(rich.view("sparta"), "sparta", to_athens)
    assert ppw.way_home(rich.view("sparta"), "sparta", to_athens, 8) == 0.0
    assert ppw.way_home(poor.view("sparta"), "sparta", to_athens, 8) < -1.0
    assert v_poor < v_rich - 1.0


def test_sparta_builds_the_defenders_its_home_lacks():
    """Rules 5.3, 5.8, 7.3: Athens' 8 SPs against Sparta's 8 and the guard (11) carry no
    odds modifier; 12 give the defender +1 at 3:2. Sparta builds a cavalry SP (100
    talents; two against Athens' one give +1 more) and its hoplite (200) while keeping
    a march's talents. Main built nothing here (it builds only when an enemy stands
    next to home or it trails)."""
    g = _first_round()
    view = copy.deepcopy(g.view("sparta"))
    assert ppw.home_short(view, "sparta") == 1  # 12 - 11
    view["spaces"]["SPA"]["forces"]["sparta"] = [3, 1, 0]
    assert ppw.home_short(view, "sparta") == 5
    view["phase"] = "economic"
    view["status_cards"]["sparta"]["treasury"] = 500
    options = (Option("hoplite1", "", "7.3", data={"kind": "hoplite", "cost": 200}),
               Option("cavalry1", "", "7.3", data={"kind": "cavalry", "cost": 100}),
               Option("naval1", "", "7.3", data={"kind": "naval", "cost": 150}))
    prompt = Prompt("sparta", "", options, kind="build", form="pick", lo=0, hi=3)
    assert set(ppw.choose_builds(view, prompt).split("|")) == {"cavalry1", "hoplite1"}
    view["status_cards"]["sparta"]["treasury"] = 250  # a march of 4 SPs costs 100
    assert ppw.choose_builds(view, prompt) == "cavalry1"


def test_athens_home_is_exposed_only_once_the_siege_level_climbs():
    """Rule 5.8: Athens is walled (-1) and supplied through its Long Walls while Piraeus
    is its own (-2), so Sparta's 8 SPs and Thebes' 6 cannot take it below level 3; each
    failed try raises the level, so the fourth try of a phase has a chance. On the old
    reading (Athens never supplied) Thebes took Athens at level 1 or 2 in 5 of 7 games
    (ppw12's traces); now the exposure is that last chance alone, and Athens' army may
    march out in the first round."""
    g = _first_round()
    view = g.view("athens")
    assert [ppw.siege_chance(view, "ATH", 8, GUARD, level=n) for n in range(4)] == \
        pytest.approx([0, 0, 0, 1 / 6])
    assert ppw.hostile_armies(view, "athens")[:2] == [8, 6]  # Sparta's, Thebes'
    # two rounds, Sparta's and Thebes' tries: levels 0, 1, 2, 3
    lost = ppw.fallen_worth("ATH") + ppw.GOAL_LOSS
    assert ppw.exposure(view, "athens", 0, 8) == pytest.approx((1 / 6) * lost)
    assert ppw.choose_order(view, g.prompt_for("athens")) != "pass"
    assert ppw.home_short(view, "athens") == 0


def test_the_heuristic_is_blind_at_these_positions():
    """Rules 3.1, 7.3: the new readers (treasury, forces, status cards) read the view
    only; others' sealed orders and drafts change nothing."""
    checked = 0
    for g in (_first_round("blind12"), _sparta_away(500, "blind12b")):
        g.act("athens", "stack:ATH:land" if "ATH" in g.state["forces"] else "pass")
        for seat in ("corinth", "thebes"):  # sealed before Sparta answers
            g.act(seat, "pass")
        checked += assert_player_blind(g, "sparta", "heuristic", seed="b")
    assert checked > 0


def test_the_siege_of_the_home_whose_fall_is_our_goal_weighs_the_game(monkeypatch):
    """Rules 5.8, 6.3, 9.4: Sparta's fall is Athens' goal and Athens' Sparta's, the mirror
    of the game lost that a home's exposure counts; Corinth's fall is nobody's goal. With
    Sparta's army out, Athens' march on Sparta counts the game won at the siege's odds
    (1 in 6 against the guard alone)."""
    g = _sparta_away(500)
    view = g.view("athens")
    assert ppw.goal_home(view, "athens", "SPA") == ppw.GOAL_LOSS
    assert ppw.goal_home(view, "sparta", "ATH") == ppw.GOAL_LOSS
    assert ppw.goal_home(view, "athens", "COR") == 0.0
    assert ppw.goal_home(view, "athens", "GYT") == 0.0  # Laconia, not the home space
    to_sparta = _orders(g, "athens", "stack:COR:land")["SPA"]
    land, ships = ppw.army(view, "athens", to_sparta)
    with_goal = ppw.arrival_value(view, "athens", to_sparta, land, ships)
    monkeypatch.setattr(ppw, "GOAL_LOSS", 0.0)
    without = ppw.arrival_value(view, "athens", to_sparta, land, ships)
    # the battle against the guard first (rule 5.2), then the siege at 1 in 6
    assert with_goal - without > 10.0 / 6 * 0.5


def test_athens_behind_its_long_walls_counts_as_supplied_while_piraeus_is():
    """Rule 5.8 (RULES.md): Athens, inland, is supplied through the Long Walls while
    Piraeus is held by its side and supplied itself, so a siege of it has the -2. The
    player read Athens as a land space, never supplied: a siege of Athens looked three
    more likely than the rules make it."""
    g = _first_round()
    view = g.view("sparta")
    assert ppw.by_sea("ATH") and not ppw.by_sea("SPA")
    assert ppw.supplied_by_sea(view, "sparta", "ATH", 0)
    supplied = ppw.siege_chance(view, "ATH", 8, 3, supplied=True, level=2)
    assert ppw.siege_chance(view, "ATH", 8, 3, level=2) == supplied  # own home: cautious
    assert supplied < ppw.siege_chance(view, "ATH", 8, 3, supplied=False, level=2)
    # Piraeus taken: Athens is cut off from the sea
    g.state["garrisons"]["PIR"] = "sparta"
    _changed(g)
    assert not ppw.supplied_by_sea(g.view("sparta"), "sparta", "ATH", 0)
