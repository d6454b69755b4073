"""The Hellenes heuristic's fixes from the balance question (issue 35): it keeps a unit in
its capital, it does not throw its besiegers at a City they cannot carry, and it sees
where a Group Move from its Action menu would take its units."""

from __future__ import annotations

import pytest

import engine
from engine.core.rng import Rng
from engine.core.types import Option, Prompt
from engine.players import decide, player
from engine.players import hellenes as H
from engine.players.hellenes import CAPITAL_EMPTY, CAPITAL_THREAT, evaluate
from engine.players.lookahead import lookahead_for
from engine.rulesets.hellenes import board as B


def _moved(view: dict, ids: set[str], to: str) -> dict:
    return dict(view, blocks=[dict(b, area=to) if b["id"] in ids else b
                              for b in view["blocks"]])


def test_an_empty_capital_costs_more_with_enemies_in_reach(monkeypatch):
    """Moving Athens' last land unit out of Athens costs CAPITAL_EMPTY, and CAPITAL_THREAT
    more for each enemy block within two areas; fleets left there do not hold it."""
    monkeypatch.setattr(H, "EXPOSED", 0.0)  # the capital's own terms, alone
    view = engine.new_game("hellenes", seed="capital").view("athens")
    in_athens = {b["id"] for b in view["blocks"] if b["area"] == "ATH"}
    fleets = {b["id"] for b in view["blocks"] if b["area"] == "ATH" and b["type"] == "fleet"}
    last = next(b["id"] for b in view["blocks"] if b["area"] == "ATH" and b["type"] != "fleet")
    guarded = _moved(view, in_athens - {last} - fleets, "PLA")
    empty = _moved(view, in_athens - fleets, "PLA")
    near = sum(1 for b in view["hidden_blocks"] if b["side"] == "sparta"
               and H._distances("ATH").get(b["area"], H.FAR) <= H.REACH)
    lost = evaluate(guarded, "athens") - evaluate(empty, "athens")
    assert lost == pytest.approx(CAPITAL_EMPTY + CAPITAL_THREAT * near)
    threatened = dict(empty, hidden_blocks=[*empty["hidden_blocks"],
                                            {"side": "sparta", "area": "PLA", "inside": False}])
    guarded_t = dict(guarded, hidden_blocks=threatened["hidden_blocks"])
    assert evaluate(guarded_t, "athens") - evaluate(threatened, "athens") == \
        pytest.approx(lost + CAPITAL_THREAT)


def _potidea(besiegers: dict[str, int], seed: str):
    blocks = {u: {"loc": "POT", "cv": cv} for u, cv in besiegers.items()}
    return engine.ruleset("hellenes").from_position(
        {"scenario": "431", "season": 1, "start": "combat", "args": {"side": "athens"},
         "turn": {"side": "athens", "actions": 0}, "blocks": blocks}, seed=seed)


def test_no_assault_short_of_three_times_the_defenders():
    """431 Potidea: two Spartan units and a garrison inside (about 5 steps, 8.1: A2,
    Double Defence). Athens' four besiegers (10 cv) wage Attrition instead; grown to
    16 cv they may assault (the lookahead then weighs it)."""
    game = _potidea({}, "assault-weak")
    prompt = game.prompt_for("athens")
    assert prompt is not None and "assault:Potidea" in {o.id for o in prompt.options}
    view = game.view("athens")
    assert H._assault_odds(view, "athens", "Potidea") == pytest.approx(10 / 5)
    look = lookahead_for(game, "athens")
    assert H.choose(view, prompt, look, Rng("a")) != "assault:Potidea"
    for n in range(6):
        assert decide(game, "athens", player("heuristic", n)) != "assault:Potidea"
    strong = _potidea({"A2": 3, "A5": 4, "A8": 4, "A17": 3, "A1": 2}, "assault-strong")
    assert H._assault_odds(strong.view("athens"), "athens", "Potidea") >= H.ASSAULT_ODDS


def test_a_group_move_is_imagined_with_its_land_units_next_door():
    """5.0: the Action menu's Group Move is previewed with the area's land units in the
    best land area next to it (fleets stay), not as the movers question it opens. (The
    area's fleets are out of it here: with them it may be a landing, 5.21,
    tests/players/test_hellenes_landings.py.)"""
    view = engine.new_game("hellenes", seed="imagine-move").view("athens")
    view = dict(view, blocks=[b for b in view["blocks"]
                              if not (b["area"] == "ATH" and b["type"] == "fleet")])
    prompt = Prompt("athens", "Action phase", (
        Option("done", "End", "4.0", data={"kind": "done", "left": 1}),
        Option("move:ATH", "Group Move from Athens", "5.0",
               data={"kind": "move", "from": "ATH", "cost": 1})), kind="actions")
    imagined = H.imagine(view, prompt, "move:ATH")
    assert imagined is not None and H.imagine(view, prompt, "done") is None
    before = {b["id"]: b for b in view["blocks"]}
    moved = {b["id"]: b["area"] for b in imagined["blocks"]
             if b["area"] != before[b["id"]]["area"]}
    land = {i for i, b in before.items() if b["area"] == "ATH" and b["type"] != "fleet"}
    assert set(moved) == land and len(set(moved.values())) == 1
    assert set(moved.values()) <= B.comps().land_neighbours("ATH")


def test_a_step_towards_a_revolted_city_is_worth_more_than_the_action(monkeypatch):
    """Issue 35: a City a Revolt took pays Sparta Tribute every Year until retaken (9.51),
    so Athens' nearest land unit drawing one area nearer to it, or standing in its area
    where a siege can start (7.2), is worth more than the Action a move costs: with the
    old weights (0.08 and 0.3 a point of Value) Athens never went back for one."""
    monkeypatch.setattr(H, "EXPOSED", 0.0)  # the pull's own terms, alone
    view = engine.new_game("hellenes", seed="recover").view("athens")
    # Torone (Value 2, area TOR) revolted; Potidea, Spartan in the 431 set-up, left aside
    lost = dict(view, control=dict(view["control"], Torone="sparta", Potidea="athens"))
    land = {b["id"] for b in view["blocks"] if b["side"] == "athens" and b["type"] != "fleet"}
    far = _moved(lost, land, "MAR")  # every land unit three areas from Torone
    one = next(iter(sorted(land)))
    nearer = _moved(far, {one}, "STA")  # two areas
    inside = _moved(far, {one}, "TOR")
    value = H._cities()["Torone"].value
    assert H._distances("TOR")["MAR"] == 3 and H._distances("TOR")["STA"] == 2
    step = evaluate(nearer, "athens") - evaluate(far, "athens")
    assert step == pytest.approx(H.RECOVER * value)
    assert step > H.ACTION
    there = evaluate(inside, "athens") - evaluate(far, "athens")
    assert there == pytest.approx(H.RECOVER * value * 3 + H.PRESSURE * value)
    assert there - step > H.ACTION  # and the last steps into its area as much again
