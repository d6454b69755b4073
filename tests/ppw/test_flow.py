"""The sequence of play (rules 1.15, 2.1, 3.1, 7.2, 7.3, 9.3) through the kernel's Game."""

from __future__ import annotations

from engine.core.game import Game
from engine.rulesets.ppw import RULESET

from .conftest import give_action, give_order


def new(players: int = 4, scenario: str = "431") -> Game:
    return Game.create(RULESET, scenario=scenario, seed="flow", options={"players": players})


def answer_all(g: Game, choose) -> None:
    for p in list(g.prompts()):
        g.act(p.seat, choose(p))


def test_diplomacy_is_sealed_and_ends_when_all_pass():
    """Rule 2.1: every major chooses in secret; a round of passes ends the phase."""
    g = new()
    prompts = g.prompts()
    assert sorted(p.seat for p in prompts) == ["athens", "corinth", "sparta", "thebes"]
    assert all(p.secret and p.rule == "2.1" for p in prompts)
    answer_all(g, lambda p: "pass")
    assert g.state["phase"] == "operations" and g.state["round"] == 1
    assert all(p.kind == "order" for p in g.prompts())


def test_diplomacy_stops_after_three_rounds():
    g = new()
    for _ in range(3):
        assert g.state["phase"] == "diplomatic"
        # a free approach is never a pass, so the phase runs its three rounds
        for p in list(g.prompts()):
            free = next(x["id"] for o in p.options if o.id == "group:approach"
                        for x in (o.data or {})["leaves"] if x["talents"] == 0)
            give_action(g, p.seat, free)
    assert g.state["phase"] == "operations"


def test_a_whole_quiet_turn():
    """Rules 3.1, 6, 7: all pass; the political phase runs alone; Athens and Sparta set
    their rates (Sparta holds Messenia); everybody may build; then turn 2."""
    g = new()
    answer_all(g, lambda p: "pass")
    answer_all(g, lambda p: "pass")
    assert g.state["phase"] == "economic"
    rates = g.prompts()
    assert sorted(p.seat for p in rates) == ["athens", "sparta"]
    assert all(p.kind == "rate" for p in rates)
    answer_all(g, lambda p: "200")
    assert g.state["majors"]["athens"]["resentment"] == 1
    builds = g.prompts()
    assert all(p.kind == "build" and p.form == "pick" and p.lo == 0 for p in builds)
    answer_all(g, lambda p: "")
    assert g.state["turn"] == 2 and g.state["phase"] == "diplomatic"
    # revenue of turn 1 at the rate of 431 (rule 7.1): 6000 + 1850
    assert g.state["majors"]["athens"]["treasury"] == 7850


def test_the_short_scenario_ends_on_the_score():
    """Rules 9.3, 9.5: four quiet turns, then the score ranks the players."""
    g = new(3, "archidamian")
    steps = 0
    while g.outcome is None and steps < 200:
        answer_all(g, lambda p: "pass" if p.form == "one" and p.option("pass") else
                   ("100" if p.kind == "rate" else ""))
        steps += 1
    out = g.outcome
    assert out is not None and out.reason == "score" and out.rule == "9.5"
    assert g.state["turn"] == 5
    assert sorted(sum(out.places, ())) == ["athens", "corinth", "sparta", "thebes"]
    assert any(set(group) >= {"sparta", "thebes"} for group in out.places)  # one person


def test_three_players_hold_four_seats():
    """Rule 9.2: with three players one person holds Sparta and Thebes."""
    g = new(3)
    assert g.holdings == (("athens",), ("sparta", "thebes"), ("corinth",))
    assert new(2).holdings == (("athens",), ("sparta", "corinth", "thebes"))


def test_resigning_ends_the_game_with_the_resigner_last():
    g = new()
    g.resign("thebes")
    assert g.outcome is not None and g.outcome.places[-1] == ("thebes",)


def test_a_stationed_army_stays_into_the_next_turn():
    """Rules 3.1, 3.6: an order to stay keeps Sparta's army in Attica through the
    political and economic phases; at the end of the next operations phase it goes home
    unless stationed again."""
    g = new()
    answer_all(g, lambda p: "pass")
    for sparta_order in ("op:SPA:land:ELE", "station:ELE", "pass"):
        give_order(g, "sparta", sparta_order)
        answer_all(g, lambda p: "pass")
    assert g.state["phase"] == "economic"
    assert g.state["forces"]["ELE"]["sparta"] == [7, 1, 0]
    # rule 6.2: Athens lost its +1 for a safe home area (Pericles' walls spare it the
    # ravaging); Sparta gained 1 for a safe home and 1 for ravaging Attica
    assert g.state["majors"]["athens"]["bellicosity"] == 10
    assert g.state["majors"]["sparta"]["bellicosity"] == 12
    while g.state["phase"] != "diplomatic":
        answer_all(g, lambda p: "100" if p.kind == "rate" else "")
    assert g.state["forces"]["ELE"]["sparta"] == [7, 1, 0]  # upkeep paid: 200
    answer_all(g, lambda p: "pass")
    assert g.state["station"] == {}
    answer_all(g, lambda p: "pass")
    assert "ELE" not in g.state["forces"]
    assert g.state["forces"]["SPA"]["sparta"] == [7, 1, 0]
