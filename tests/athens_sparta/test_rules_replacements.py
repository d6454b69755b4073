"""Replacements (rules 8.0-8.6) and Persian support prices (9.3)."""

from __future__ import annotations

from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.replacements import city_cap, step_cost
from tests.athens_sparta.conftest import act, ids, position, prompt


def build_position(**kw):
    data = dict(olympiad=84, turn=6, phase="replacement",
                cards={"athens": {"hand": []}, "sparta": {"hand": []}},
                blocks={"Sparta H1": {"hex": "I10", "strength": 2},
                        "Athens H1": {"hex": "K8", "strength": 1},
                        "Athens N1": {"hex": "K8", "strength": 1},
                        "Athens H3": {"hex": "L8", "strength": 1}})
    data.update(kw)
    return position(None, **data)


def test_build_points_from_controlled_cities_rule_8_1():
    g = build_position()
    bp = g.state["build"]["points"]
    # Athenian cities total 20, Spartan 18; Potidaea (1) is Spartan-held and, with no
    # siege in this position, counts for Sparta (sidebar "Build Points")
    assert bp == {"athens": 19, "sparta": 19}


def test_caps_per_city_rule_8_1():
    bd = board()
    s = build_position().state
    assert city_cap(bd, s, "Athens") == 16 and city_cap(bd, s, "Sparta") == 16
    assert city_cap(bd, s, "Corinth") == 9
    assert city_cap(bd, s, "Naupactus") == 1  # minor city: 1 BP (Q&A 3)


def test_costs_by_type_rule_8_4_and_persia_9_3():
    bd = board()
    s = build_position().state
    assert step_cost(bd, s, "Athens H1") == 2 and step_cost(bd, s, "Athens P") == 1
    assert step_cost(bd, s, "Athens C") == 3 and step_cost(bd, s, "Athens N1") == 3
    assert step_cost(bd, s, "Corinth N") == 3
    s["persia"]["alliance"] = True
    assert step_cost(bd, s, "Corinth N") == 1 and step_cost(bd, s, "Athens N1") == 3


def test_reinforce_only_in_cities_and_spend_step_by_step_rule_8_2():
    g = build_position()
    p = prompt(g, "athens")
    assert p.secret and set(ids(p)) >= {"R", "N", "D", "done"}
    act(g, "R", "athens")
    opts = ids(prompt(g, "athens"))
    assert "r:Athens H1" in opts and "r:Athens N1" in opts
    assert "r:Athens H3" not in opts  # L8 is no city: no reinforcement there
    left = g.state["build"]["left"]["athens"]
    act(g, "r:Athens H1", "athens")
    assert g.state["blocks"]["Athens H1"]["str"] == 2
    assert g.state["build"]["left"]["athens"] == left - 2
    assert g.state["build"]["spent"]["athens"]["Athens"] == 2


def test_new_blocks_at_home_reserves_in_any_major_city_rule_8_3():
    g = build_position()
    act(g, "N", "sparta")
    opts = ids(prompt(g, "sparta"))
    assert "n:Sparta H2" in opts          # home: Sparta
    assert "n:TYRANTS" not in opts        # revolt blocks are bought with MPs (7.0)
    assert "n:Chios N*" not in opts       # Chios is Athenian (9.4)
    act(g, "n:Sparta Reserve H", "sparta")
    p = prompt(g, "sparta")
    assert p.kind == "build" and len(p.options) > 2  # any friendly major city
    act(g, next(o.id for o in p.options if o.label == "Corinth"), "sparta")
    b = g.state["blocks"]["Sparta Reserve H"]
    assert b["loc"] == "I8" and b["str"] == 1


def test_disband_returns_to_pool_rule_8_6():
    g = build_position()
    act(g, "D", "athens")
    act(g, "d:Athens H3", "athens")
    assert g.state["blocks"]["Athens H3"]["loc"] == "pool"


def test_replacement_phase_ends_when_both_are_done():
    g = build_position()
    act(g, "done", "athens")
    act(g, "done", "sparta")
    assert g.state["olympiad"] == 85 and g.state["turn"] == 1


def test_allied_neutral_bps_go_to_their_own_blocks_first_rule_9_5():
    # Argos (2) has joined Sparta; its H2 block is in the Spartan pool
    g = build_position(control={"Argos": "sparta"},
                       blocks={"Sparta H1": {"hex": "I10", "strength": 2},
                               "Argos H1": {"hex": "I9", "side": "sparta", "strength": 4},
                               "Athens H1": {"hex": "K8", "strength": 1}},
                       neutral_pool=True)
    s = g.state
    assert s["blocks"]["Argos H2"]["loc"] == "pool" and s["blocks"]["Argos H2"]["side"] == "sparta"
    assert s["build"]["earmarked"]["sparta"] == {"Argos": 2}
    left = s["build"]["left"]["sparta"]
    s["build"]["left"]["sparta"] = 3  # only 3 BP left: 2 are kept for Argos's blocks
    act(g, "R", "sparta")
    assert "r:Sparta H1" not in ids(prompt(g, "sparta"))  # a hoplite step costs 2 > 3 - 2
    act(g, "back", "sparta")
    act(g, "N", "sparta")
    assert "n:Argos H2" in ids(prompt(g, "sparta"))
    act(g, "n:Argos H2", "sparta")
    assert s["build"]["earmarked"]["sparta"]["Argos"] == 0
    assert left >= 3


def test_exchange_revolt_block_later_rule_7_0():
    g = build_position(blocks={"Sparta H1": {"hex": "I10"}, "TYRANTS": {"hex": "Q8", "strength": 2},
                               "Athens H1": {"hex": "K8"}},
                       control={"Samos": "sparta"})
    act(g, "X", "sparta")
    p = prompt(g, "sparta")
    assert "x:TYRANTS|Sparta Reserve P" in ids(p)
    act(g, "x:TYRANTS|Sparta Reserve P", "sparta")
    s = g.state
    assert s["blocks"]["TYRANTS"]["loc"] == "pool"
    assert s["blocks"]["Sparta Reserve P"]["loc"] == "Q8" and s["blocks"]["Sparta Reserve P"]["str"] == 2
