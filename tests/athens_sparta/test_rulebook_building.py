"""Replacements (rules 8.1-8.6, with 9.4's rebel navies in the pool) read again, position
by position. Already pinned in test_rules_replacements.py and not repeated: BPs from the
cities held, the caps per city, costs per type, reinforcing only in cities, new blocks at
home and reserves anywhere, disbanding to the pool, the allied neutral city's earmark.
"""

from __future__ import annotations

from tests.athens_sparta.conftest import act, ids, position, prompt


def build_position(blocks, **kw):
    data = dict(olympiad=84, turn=6, phase="replacement",
                cards={"athens": {"hand": []}, "sparta": {"hand": []}}, blocks=blocks)
    data.update(kw)
    return position(None, **data)


def test_a_besieged_city_gives_no_build_points_rule_8_1():
    """Rule 8.1 (IMPORTANT): besieged or blockaded cities give BPs to neither player. With
    Spartans besieging Samos (2), Athens gets 2 BPs fewer and Sparta none of them."""
    free = build_position({"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}})
    held = build_position({"Sparta H1": {"hex": "Q8"}, "Samos H": {"hex": "Q8", "in_city": True},
                           "Athens H1": {"hex": "K8"}, "Sparta H2": {"hex": "I10"}})
    a, b = free.state["build"]["points"], held.state["build"]["points"]
    assert b["athens"] == a["athens"] - 2 and b["sparta"] == a["sparta"]


def test_only_besiegers_are_reinforced_in_a_siege_rule_8_2():
    """Rule 8.2: of the blocks in a siege, only the besiegers may take new steps; the
    besieged hoplite in Samos cannot be reinforced, the Spartan hoplite outside can."""
    g = build_position({"Sparta H1": {"hex": "Q8", "strength": 2},
                        "Samos H": {"hex": "Q8", "in_city": True, "strength": 1},
                        "Athens H1": {"hex": "K8", "strength": 2},
                        "Sparta H2": {"hex": "I10", "strength": 2}})
    act(g, "R", "athens")
    opts = ids(prompt(g, "athens"))
    assert "r:Athens H1" in opts and "r:Samos H" not in opts
    act(g, "R", "sparta")
    assert "r:Sparta H1" in ids(prompt(g, "sparta"))


def test_no_new_block_in_an_enemy_held_home_city_rule_8_3():
    """Rule 8.3: a new block must be built in its home city, and not when the enemy holds
    it. With Athens holding Corinth, Corinth's blocks cannot be built; Sparta's can."""
    g = build_position({"Sparta H1": {"hex": "I10", "strength": 2},
                        "Athens H1": {"hex": "I8"}, "Athens H2": {"hex": "K8"}},
                       control={"Corinth": "athens"})
    act(g, "N", "sparta")
    opts = ids(prompt(g, "sparta"))
    assert "n:Sparta H2" in opts
    assert not [o for o in opts if o.startswith("n:Corinth ")]


def test_a_disbanded_block_may_be_rebuilt_at_once_rule_8_6():
    """Rule 8.6: a disbanded block's steps are lost, but the block may be built again at
    once, paying the normal price (here a new Athenian hoplite at Athens, 2 BPs)."""
    g = build_position({"Athens H3": {"hex": "L8", "strength": 1},
                        "Athens H1": {"hex": "K8", "strength": 4},
                        "Sparta H1": {"hex": "I10"}})
    act(g, "D", "athens")
    act(g, "d:Athens H3", "athens")
    assert g.state["blocks"]["Athens H3"]["loc"] == "pool"
    left = g.state["build"]["left"]["athens"]
    act(g, "N", "athens")
    act(g, "n:Athens H3", "athens")
    b = g.state["blocks"]["Athens H3"]
    assert b["loc"] == "K8" and b["str"] == 1
    assert g.state["build"]["left"]["athens"] == left - 2


def test_a_rebel_navy_in_the_pool_is_built_by_the_city_holder_rule_9_4():
    """Rule 9.4: if a rebel city falls to Sparta while its navy is in the pool, Sparta may
    build that navy (its blue-star twin) in the city. Chios is Spartan, its navy in the
    pool: Sparta is offered Chios N*, Athens not Chios N."""
    g = build_position({"Sparta H1": {"hex": "P6"}, "Athens H1": {"hex": "K8"}},
                       control={"Chios": "sparta"})
    act(g, "N", "sparta")
    assert "n:Chios N*" in ids(prompt(g, "sparta"))
    act(g, "N", "athens")
    assert "n:Chios N" not in ids(prompt(g, "athens"))


def test_navies_cost_three_again_once_persia_withdraws_rule_9_3():
    """Rule 9.3: Persian support makes every Spartan (and allied) navy step cost 1 BP; once
    Athens retakes Miletus the support is gone for good and navies cost 3 again."""
    from engine.rulesets.athens_sparta.board import board
    from engine.rulesets.athens_sparta.replacements import step_cost

    bd = board()
    g = build_position({"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
                       persia={"alliance": True})
    s = g.state
    s["blocks"]["Syracuse N"]["side"] = "sparta"  # Syracuse allied to Sparta (9.5)
    assert step_cost(bd, s, "Corinth N") == 1 and step_cost(bd, s, "Chios N*") == 1
    assert step_cost(bd, s, "Syracuse N") == 1
    assert step_cost(bd, s, "Athens N1") == 3 and step_cost(bd, s, "Sparta H1") == 2
    s["persia"]["ended"] = True
    assert step_cost(bd, s, "Corinth N") == 3
