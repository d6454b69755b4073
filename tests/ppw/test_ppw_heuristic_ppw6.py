"""The PPW heuristic's sixth-session refinements (engine/players/ppw.py, issue 38 point 6):
each position is a blunder the duels against `random` showed (REPORT-ppw6.md)."""

from __future__ import annotations

import copy

import pytest

from engine.core.game import Game
from engine.players import ppw
from engine.rulesets.ppw import RULESET
from engine.rulesets.ppw.economic import revenue
from engine.rulesets.ppw.flow import OPERATION_ROUNDS


def new(players: int = 4, scenario: str = "archidamian", seed: str = "ppw6") -> Game:
    return Game.create(RULESET, scenario, seed=seed, options={"players": players})


def _changed(game: Game) -> None:
    game._prompts = None  # noqa: SLF001
    RULESET._memo = None  # noqa: SLF001 - the sealed prompts were built for the old state


def _to_orders(game: Game) -> None:
    while game.state["phase"] == "diplomatic":
        for p in game.prompts():
            game.act(p.seat, "pass")


def test_the_home_is_at_risk_only_in_the_rounds_still_to_come():
    """Rule 3.1: orders are sealed and revealed together, so Athens answers Sparta's march
    only in a later round. Sparta kept its army home through every round of the phase
    (ppw5's duels: 12 of its 15 losses), though in the last round nobody can reach its
    home behind it and in the one before only once."""
    g = new()
    view = copy.deepcopy(g.view("sparta"))
    risks = {}
    for r in range(1, OPERATION_ROUNDS + 1):
        view["round"] = r
        risks[r] = ppw.home_risk(view, "sparta", "SPA", 8)
    assert risks[1] == risks[3] > 1.0  # Athens' 8 SPs against the guard, two rounds
    # one round left: one try at level 0 (ppw12: two tries are worth more than twice
    # one, the level rising after a failure, rule 5.8)
    assert 0.0 < risks[4] < risks[3] / 2
    assert risks[5] == 0.0


def test_a_point_of_bellicosity_at_twelve_buys_little():
    """Rule 6.2 keeps bellicosity at 12: a major there that marches for the point of a
    ravaged home or a battle pays talents for nothing (ppw5: Corinth spent 875 talents
    in one turn at bellicosity 12)."""
    g = new(seed="cap")
    _to_orders(g)
    s = g.state
    s["forces"].setdefault("MEG", {})["corinth"] = [2, 0, 0]
    _changed(g)
    view = g.view("corinth")
    p = g.prompt_for("corinth")
    assert p is not None
    stack = next(o for o in p.options if o.id == "stack:MEG:land")
    into_attica = next(d for d in ppw.orders_of(stack) if d["to"] == "ELE")
    below = ppw.order_value(view, "corinth", into_attica)
    view12 = copy.deepcopy(view)
    view12["status_cards"]["corinth"]["bellicosity"] = 12
    assert ppw.bellicosity_worth(view, "corinth") == 1.0
    assert ppw.bellicosity_worth(view12, "corinth") == ppw.AT_CAP
    assert ppw.order_value(view12, "corinth", into_attica) == pytest.approx(
        below - (1.0 - ppw.AT_CAP))


def test_ravaging_the_leader_hurts_more_than_ravaging_a_trailer():
    """Lowering the leading rival is our lead regained; lowering another is not."""
    g = new()
    g.state["majors"]["athens"]["treasury"] += 3000  # Athens leads Corinth's rivals
    _changed(g)
    view = g.view("corinth")
    harm = ppw.ravage_harm
    assert harm(view, "corinth", "athens") == 2 * harm(view, "corinth", "sparta")


def test_income_reads_rule_7_1_from_the_view():
    g = new(players=4)
    for m in ("athens", "sparta", "corinth", "thebes"):
        assert ppw.income(g.view(m), m) == sum(revenue(g.state, m).values()), m


def test_talents_count_by_the_whole_thousand_in_the_last_turn():
    """Rule 9.5 scores 1,000 talents a point, whole thousands only: in the last turn a
    payment that keeps the final count costs nothing, one that breaks it a whole point;
    before then a talent is a thousandth of a point."""
    g = new()
    view = copy.deepcopy(g.view("sparta"))
    end = ppw.income(view, "sparta")
    view["status_cards"]["sparta"]["treasury"] = 3150 - end  # 3,150 after this revenue
    assert ppw.spending(view, "sparta", 100) == pytest.approx(0.1)  # turn 1 of 4
    view.update(turn=4, phase="operations")
    assert ppw.spending(view, "sparta", 100) == 0.0
    assert ppw.spending(view, "sparta", 200) == 1.0


def test_no_paid_approach_that_costs_a_point_of_the_final_count():
    # ppw5: Sparta at 2,550 talents paid 200 to court Argos in the last turn; an ally
    # scores nothing (rule 9.5), the thousand it broke a point
    g = new(seed="argos")
    s = g.state
    s["turn"] = s["last_turn"] = 4
    s["majors"]["corinth"]["treasury"] = 4050 - sum(revenue(s, "corinth").values())
    _changed(g)
    p = g.prompt_for("corinth")
    assert p is not None and p.kind == "diplomacy"
    answer = ppw.choose_action(g.view("corinth"), p)
    assert answer.startswith("approach:") and answer.endswith(":0")
    s["majors"]["corinth"]["treasury"] += 500  # 4,550 at the end: 200 keep the count
    _changed(g)
    p = g.prompt_for("corinth")
    assert p is not None
    assert ppw.choose_action(g.view("corinth"), p).endswith(":200")


def test_a_fortress_taken_in_an_enemy_home_area_costs_its_owner_while_held():
    """Rules 6.2 and 7.1: each home-area fortress not friendly costs its owner a point of
    bellicosity a turn and half its home revenue; a fortress elsewhere only scores."""
    g = new()
    view = g.view("corinth")
    # Oenoe, in Attica: this turn and the next
    harm = ppw.ravage_harm(view, "corinth", "athens")
    assert ppw.held_harm(view, "corinth", "OEN") == 2 * harm > 0
    assert ppw.held_harm(view, "corinth", "PLA") == 0.0  # Plataea: Boeotia, an ally's area
    assert ppw.held_harm(view, "corinth", "ATH") == 0.0  # the home itself: rule 6.3 instead
    last = dict(view, turn=view["last_turn"])  # one turn left to hold it
    assert ppw.held_harm(last, "corinth", "OEN") == ppw.ravage_harm(last, "corinth", "athens")


def test_no_peace_offered_to_the_runner_up_while_the_war_is_affordable():
    """Rules 5.7 and 6.2: at peace the runner-up cannot be ravaged and earns its peace
    point. ppw5's Corinth led, offered Athens peace, and a random Athens that nobody
    could touch then overtook it; at low bellicosity peace is still wanted (rule 6.3)."""
    g = new(seed="peace")
    s = g.state
    s["majors"]["corinth"]["treasury"] += 4000  # Corinth leads
    s["majors"]["athens"]["treasury"] += 2000  # Athens second
    _changed(g)
    view = g.view("corinth")
    assert ppw.lead(view, "corinth") > 0
    p = g.prompt_for("corinth")
    assert p is not None
    assert ppw.choose_action(view, p) != "peace:athens"
    s["majors"]["corinth"]["bellicosity"] = 5
    _changed(g)
    p = g.prompt_for("corinth")
    assert p is not None
    assert ppw.choose_action(g.view("corinth"), p) == "peace:athens"
