"""Sieges and siege attrition (rules 5.3, 6.0-6.1, the siege-attrition and earthquake
sidebars, 9.2's hunger of Corinth) and revolts (7.0-7.1), read again position by position.

Already pinned elsewhere and not repeated: the opening full siege of Potidaea, the half-
siege table, a landlocked siege, island blockades (test_rules_siege.py); a revolt in a
vacant city, a revolt battle won with a full hit, revolts reset each Olympiad, a revolt
beside an attack (test_rules_strategics.py).
"""

from __future__ import annotations

from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.siege import attrition_jobs, target_number
from engine.rulesets.athens_sparta.state import siege_at
from tests.athens_sparta.conftest import act, blk, ids, position, prompt, rules
from tests.athens_sparta.conftest import turn_at as at


def test_potidaea_without_its_besieging_army_is_a_half_siege_sidebar():
    """Siege-attrition sidebar: if the Athenian army (or navy) at Potidaea is gone, the
    siege is only a half-siege and the Spartans inside roll at 5+ instead of 3+; Athens,
    the besieger, still rolls at 4+."""
    g = at("move", "sparta", {"Athens N3": {"hex": "J3"},
                              "Corinth H2": {"hex": "J3", "in_city": True},
                              "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
           control={"Potidaea": "sparta"})
    sg = siege_at(board(), g.state, "J3")
    assert sg["blockade"] and not sg["siege"] and not sg["full"]
    assert target_number(sg, "sparta") == 5 and target_number(sg, "athens") == 4


def test_besieged_side_rolls_at_the_end_of_its_own_turn_only_rule_6_0():
    """Rule 6.0: the active player rolls, after his combat phase, one die per friendly
    block in a siege; a full siege hits the besieged on 3+. Sparta's hoplite in Potidaea
    rolls a 3 at the end of the Spartan turn and loses a step; the Athenian besiegers do
    not roll in the Spartan turn."""
    g = at("attrition", "sparta",
           {"Athens H3": {"hex": "J3"}, "Athens N3": {"hex": "J3"},
            "Corinth H2": {"hex": "J3", "in_city": True, "strength": 2},
            "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
           control={"Potidaea": "sparta"}, dice=[3])
    assert blk(g, "Corinth H2")["str"] == 1
    assert blk(g, "Athens H3")["str"] == 3 and blk(g, "Athens N3")["str"] == 3


def test_syracuse_in_athenian_hands_starves_corinth_rule_9_2():
    """Rule 9.2: while Athens holds (or blockades) Syracuse, every Spartan block in Corinth
    rolls for attrition at 5+ at the end of each Spartan player turn; not before."""
    bd = board()
    blocks = {"Corinth H1": {"hex": "I8"}, "Corinth N": {"hex": "I8"},
              "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}}
    g = at("move", "sparta", dict(blocks))
    assert [j for j in attrition_jobs(bd, g.state, "sparta") if j["hex"] == "I8"] == []
    g = at("move", "sparta", dict(blocks, **{"Athens H2": {"hex": "sicily"}}),
           control={"Syracuse": "athens"})
    jobs = [j for j in attrition_jobs(bd, g.state, "sparta") if j["hex"] == "I8"]
    assert [(j["need"], sorted(j["bids"])) for j in jobs] == [(5, ["Corinth H1", "Corinth N"])]
    assert not [j for j in attrition_jobs(bd, g.state, "athens") if j["hex"] == "I8"]


def test_earthquake_player_2_skips_a_siege_player_1_ended_sidebar():
    """Earthquake sidebar: only siege attrition is rolled, Player 1 first; when Player 1's
    roll ends a siege, Player 2 does not roll for it. Sparta (Player 1 by the event) loses
    its last block in Potidaea on a 3: the siege is over and Athens rolls no die there."""
    g = position(None, olympiad=84, turn=1, phase="card",
                 cards={"athens": {"hand": ["C24", "C11"]}, "sparta": {"hand": ["C02", "C12"]}},
                 blocks={"Athens H3": {"hex": "J3"}, "Athens N3": {"hex": "J3"},
                         "Corinth H2": {"hex": "J3", "in_city": True, "strength": 1},
                         "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
                 control={"Potidaea": "sparta"}, dice=[3, 4, 4])
    act(g, "c:C24", "athens")
    act(g, "c:C02", "sparta")
    assert blk(g, "Corinth H2")["loc"] == "pool"
    # Athens's besiegers rolled nothing: both fixed 4s (hits at 4+) are still unused
    assert blk(g, "Athens H3")["str"] == 3 and blk(g, "Athens N3")["str"] == 3
    assert g.state["dice"] == [4, 4] and g.state["turn"] == 2


def test_a_failed_revolt_loses_its_block_and_the_city_for_the_olympiad_rule_7_0():
    """Rule 7.0: a revolt that fails eliminates the revolt block, and that side may not
    sponsor another revolt against the same city in the same Olympiad. The TYRANTS at
    strength 1 miss; Samos's hoplite (inside its walls) hits them."""
    g = at("move", "sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                              "Samos H": {"hex": "Q8", "strength": 2}},
           mp=3, dice=[6, 1, 6, 6])
    act(g, "rv")
    act(g, "c:Samos")
    act(g, "s:1")
    assert blk(g, "TYRANTS")["loc"] == "Q8" and blk(g, "TYRANTS")["str"] == 1
    assert "rv" not in ids(prompt(g))  # the one TYRANTS block is in use
    act(g, "done")
    act(g, "f:Q8")
    assert blk(g, "TYRANTS")["loc"] == "pool"
    assert g.state["control"]["Samos"] == "athens" and blk(g, "Samos H")["str"] == 2
    assert "sparta" in g.state["revolts"]["Samos"]


def test_defending_navies_help_against_a_revolt_rule_7_0():
    """Rule 7.0: every defending block, navies too, fights the revolt. Samos's navy-less
    hoplite is joined by an Athenian navy; the navy (at C1 inside the walls, 5.41) rolls
    the 1 that finishes the TYRANTS."""
    g = at("move", "sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                              "Samos H": {"hex": "Q8", "strength": 1},
                              "Athens N1": {"hex": "Q8", "strength": 1}},
           mp=3, dice=[6, 6, 6, 1])
    act(g, "rv")
    act(g, "c:Samos")
    act(g, "s:2")
    act(g, "done")
    act(g, "f:Q8")
    rec = g.state["last_battle"]
    units = [a["unit"] for a in rec["rounds"][0]["steps"]]
    assert units == ["TYRANTS", "Samos H", "Athens N1"]
    assert rec["rounds"][0]["steps"][2]["facts"]["rating"] == "C1"
    assert blk(g, "TYRANTS")["loc"] == "pool" and rec["winner"] == "athens"


def _revolt_won_at_samos(generation=None):
    g = at("move", "sparta", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                              "Samos H": {"hex": "Q8", "strength": 1}},
           mp=3, dice=[1, 1, 1, 6])
    if generation is not None:  # the same position, asked the questions of that generation
        g = rules().from_position(g.position, seed=1, generation=generation)
    act(g, "rv")
    act(g, "c:Samos")
    act(g, "s:3")
    act(g, "f:Q8")  # the TYRANTS (A2) hit with their 1s; Samos's hoplite is gone
    return g


def test_a_revolt_that_wins_its_siege_battle_pillages_rules_5_61_7_0():
    """Rule 7.0 fights a revolt as a normal siege battle and rule 5.61 pays pillage for
    any major city captured: the TYRANTS who take Samos by battle are offered its value in
    BPs for their own steps."""
    g = _revolt_won_at_samos()
    p = prompt(g)
    assert p.kind == "pillage" and "p:TYRANTS" in ids(p)
    act(g, "p:TYRANTS")
    assert blk(g, "TYRANTS")["str"] == 4


def test_a_game_of_generation_0_keeps_its_revolts_without_pillage():
    """Games recorded before the fix (generation 0) replay as they were answered: there a
    revolt's victory brought no pillage question."""
    g = _revolt_won_at_samos(generation=0)
    assert prompt(g).kind != "pillage" and blk(g, "TYRANTS")["str"] == 3


def test_helots_that_do_not_win_in_two_rounds_are_eliminated_rule_7_1():
    """Rule 7.1: Athens deploys the HELOTS at Messene (1 MP a step) for a normal battle;
    they can never retreat and are eliminated if any defender is left after round 2;
    then no Helot revolt again in this Olympiad."""
    g = at("move", "athens", {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"},
                              "Messene H": {"hex": "G10", "strength": 2}},
           mp=3, dice=[6] * 30)
    act(g, "rv")
    act(g, "c:Messene")
    act(g, "s:2")
    assert blk(g, "HELOTS")["loc"] == "G10" and blk(g, "HELOTS")["str"] == 2
    act(g, "done")
    act(g, "f:G10")
    while g.state["battle"] is not None:
        p = prompt(g)
        assert not ("HELOTS" in p.text and "rt" in ids(p))  # never a retreat
        act(g, "fire" if "fire" in ids(p) else ids(p)[0], p.seat)
    assert blk(g, "HELOTS")["loc"] == "pool" and blk(g, "Messene H")["str"] == 2
    assert g.state["helot_ban"] is True
