"""Sieges and siege attrition (rules 5.3, 5.31, 6.0, 6.1) and the opening Potidaea siege."""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.siege import attrition_jobs, target_number
from engine.rulesets.athens_sparta.state import siege_at
from tests.athens_sparta.conftest import RS, act, ids, position, prompt, storm_position


def test_potidaea_starts_as_a_full_siege_3_0():
    g = engine.new_game(RS, seed=1)
    sg = siege_at(board(), g.state, "J3")
    assert sg and sg["holder"] == "sparta" and sg["besieger"] == "athens"
    assert sg["siege"] and sg["blockade"] and sg["full"]
    assert target_number(sg, "sparta") == 3 and target_number(sg, "athens") == 4
    # Potidaea does not count for either side while besieged (sidebar: 19 v 17+...)
    pts = g.view(None)["points"]
    assert pts["athens"] == 19


def test_half_siege_table_rule_6_0():
    g = position(None, olympiad=84, turn=2, phase="attrition", active="athens",
                 player1="athens",
                 cards={"athens": {"hand": ["C11"], "played": "C10"},
                        "sparta": {"hand": ["C12"], "played": "C24"}},
                 blocks={"Athens H3": {"hex": "J3"}, "Corinth H2": {"hex": "J3", "in_city": True},
                         "Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
                 dice=[4])
    sg = siege_at(board(), g.state, "J3")
    assert sg["siege"] and not sg["blockade"] and not sg["full"]  # Potidaea is a port
    assert target_number(sg, "sparta") == 5
    # the besieger rolled 4 (4+): one hit on its block
    assert g.state["blocks"]["Athens H3"]["str"] == 2


def test_landlocked_siege_is_full_rule_6_0():
    g = position(None, olympiad=84, turn=2, phase="move", active="athens", player1="athens",
                 cards={"athens": {"hand": ["C11"], "played": "C10"},
                        "sparta": {"hand": ["C12"], "played": "C24"}},
                 blocks={"Athens H1": {"hex": "J7"}, "Thebes H1": {"hex": "J7", "in_city": True},
                         "Sparta H1": {"hex": "I10"}})
    sg = siege_at(board(), g.state, "J7")  # Thebes is walled and not a port
    assert sg["siege"] and sg["full"]


def test_island_blockade_is_full_rule_6_1():
    bd = board()
    g = position(None, olympiad=84, turn=2, phase="move", active="sparta", player1="sparta",
                 cards={"athens": {"hand": ["C11"], "played": "C10"},
                        "sparta": {"hand": ["C12"], "played": "C24"}},
                 blocks={"Corinth N": {"hex": "C5"}, "Corcyra H": {"hex": "C5", "in_city": True},
                         "Sparta H1": {"hex": "I10"}})
    sg = siege_at(bd, g.state, "C5")
    assert sg["blockade"] and not sg["siege"]
    assert sg["full"] == bd.full_blockade_island("C5")


def test_attrition_jobs_for_the_active_player_only_rule_6_0():
    g = engine.new_game(RS, seed=1)
    jobs = attrition_jobs(board(), g.state, "athens")
    assert [(j["hex"], j["need"], sorted(j["bids"])) for j in jobs] == \
        [("J3", 4, ["Athens H3", "Athens N3"])]
    jobs = attrition_jobs(board(), g.state, "sparta")
    assert [(j["hex"], j["need"]) for j in jobs] == [("J3", 3)]


def test_storm_siege_limit_and_double_defence_rule_5_41():
    g = storm_position()
    p = prompt(g)
    assert p.kind == "battle_pick" and "done" in ids(p)  # storming is optional
    act(g, "f:J3")
    act(g, "storm")  # Athens H1 storms
    act(g, "stay")   # the navy stays on blockade
    # defenders act first on equal letters (5.1): Corinth H2 (B3) misses with 6,6; then
    # Athens H1 (B3) rolls 1,1,6,6: two half-hits = one step on the Corinthian hoplite
    assert g.state["blocks"]["Corinth H2"]["str"] == 1
    rec = g.state["battle"]["record"]["rounds"][0]["steps"]
    assert [a["unit"] for a in rec] == ["Corinth H2", "Athens H1"]
    assert rec[1]["facts"]["half_hits"] == 2 and rec[1]["hits"] == 0
    p = prompt(g)
    assert p.kind == "act" and set(ids(p)) == {"fire", "rt"}  # round 2: it may pull back


def test_which_island_blockades_are_full_sieges_rule_6_1():
    bd = board()
    full = {c: bd.full_blockade_island(bd.cities[c]["hex"])
            for c in ("Naxos", "Cephallenia", "Corcyra", "Chalcis", "Carystus", "Oreus",
                      "Athens", "Potidaea")}
    assert full == {"Naxos": True, "Cephallenia": True, "Corcyra": True, "Chalcis": False,
                    "Carystus": False, "Oreus": False, "Athens": False, "Potidaea": False}
