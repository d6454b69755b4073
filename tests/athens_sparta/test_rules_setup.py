"""Deployment (3.0, 3.1), starting points (sidebars) and tourney bidding (10.3)."""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta.board import board
from tests.athens_sparta.conftest import RS, act, ids, prompt


def test_deployment_rule_3_0():
    g = engine.new_game(RS, seed=1)
    s = g.state
    bd = board()
    placements = bd.setup["placements"]
    for bid, p in placements.items():
        assert s["blocks"][bid]["loc"] == p["hex"] and s["blocks"][bid]["str"] == p["strength"]
    for bid in bd.setup["pool"]:
        assert s["blocks"][bid]["loc"] == "pool"
    for bid in bd.setup["offmap_neutral"]:
        assert s["blocks"][bid]["loc"] == "off"   # 3.1: neutral blocks stay off the map
    for special in ("reserve", "demos", "tyrants", "helots", "rebel-twin"):
        for bid, spec in bd.blocks.items():
            if spec.get("special") == special:
                assert s["blocks"][bid]["loc"] == "pool", bid


def test_starting_points_sidebar():
    g = engine.new_game(RS, seed=1)
    # Athens 20 less Potidaea; Sparta 18; Potidaea, besieged, counts for neither
    assert g.view(None)["points"] == {"athens": 19, "sparta": 18}
    assert g.state["control"]["Potidaea"] == "sparta"


def test_tourney_bid_option_rule_10_3():
    g = engine.new_game(RS, seed=1, options={"bid": "sparta:2"})
    p = prompt(g)
    assert p.seat == "sparta" and p.kind == "bid" and p.rule == "10.3"
    act(g, "b:Sparta H1")
    p = prompt(g)
    assert "b:Sparta H1" not in ids(p)  # one step per unit at most
    act(g, "b:Sparta H2")
    assert g.state["blocks"]["Sparta H1"]["str"] == 3 and g.state["blocks"]["Sparta H2"]["str"] == 3
    assert all(p.kind == "mulligan" for p in g.prompts())
