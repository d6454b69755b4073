"""Tribute Assessment of the full turn (5.3.1, 5.3.3, 5.3.5), driven on an Argive League
board (whose simplified turn keeps its multipliers fixed, 22.4.1)."""

from __future__ import annotations

from .helpers import bare, ids, start


def test_5_3_1_up_two_steps_a_year_at_most_and_never_above_x5():
    g = bare()
    s = g.state
    start(g, "assess", [], side="athens")
    assert s["regions"]["elis"]["mult"] == 2
    g.act("athens", "raise:elis")
    g.act("athens", "raise:elis")
    assert s["regions"]["elis"]["mult"] == 4
    assert "raise:elis" not in ids(g, "athens")  # two steps this year already
    assert "lower:elis" in ids(g, "athens")  # lowering is free
    s["raised"] = {}
    s["regions"]["elis"]["mult"] = 5
    g._prompts = None
    assert "raise:elis" not in ids(g, "athens")


def test_5_3_3_each_step_up_costs_athens_1_al_and_may_lose_the_region():
    g = bare()
    s = g.state
    s["regions"]["elis"]["al"] = -1
    start(g, "assess", [], side="athens")
    g.act("athens", "raise:elis")
    assert s["regions"]["elis"]["al"] == -2 and s["regions"]["elis"]["side"] == "athens"
    g.act("athens", "raise:elis")  # AL -3: it goes over to Sparta at once (4.3)
    r = s["regions"]["elis"]
    assert (r["side"], r["al"], r["mult"]) == ("sparta", 3, 4)  # Sparta keeps the level
    assert not [o for o in ids(g, "athens") if o.endswith(":elis")]


def test_5_3_3_sparta_pays_in_militance_and_is_capped_below_ml_5():
    g = bare()
    s = g.state
    s["regions"]["corinth"]["ml"] = 5
    start(g, "assess", [], side="sparta")
    assert s["regions"]["corinth"]["mult"] == 2
    g.act("sparta", "raise:corinth")  # ML 4: capped at x1 at once
    r = s["regions"]["corinth"]
    assert (r["ml"], r["mult"]) == (4, 1)
    assert "raise:corinth" not in ids(g, "sparta")


def test_5_3_5_a_cut_is_remembered_for_the_revolt_checks():
    g = bare()
    s = g.state
    start(g, "assess", [], side="athens")
    g.act("athens", "lower:argolid")
    assert s["regions"]["argolid"]["mult"] == 1 and s["cut"] == ["argolid"]
    g.act("athens", "done")
    assert g.prompt_for("athens") is None
