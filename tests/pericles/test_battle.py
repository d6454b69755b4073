"""The three battles of the playbook's worked example (16.0), by the rules of 9.3 (the
example's running Honor totals drift and its Sicily labels are swapped: the brief says
to test the rules, so the commander here is the issue's owner throughout)."""

from __future__ import annotations

from engine.core.battle_record import problems
from engine.rulesets.pericles.battle import Side, fight, strength, take_losses


def test_chalcidice_land_battle_16_to_7_rule_9_3() -> None:
    sparta = Side("sparta", {"S": {"land": 2, "naval": 0, "bases": 0},
                             "P": {"land": 2, "naval": 0, "bases": 1}},
                  strategos=4, treachery=1, the_300=True, card=2)
    athens = Side("athens", {"A": {"land": 1, "naval": 1, "bases": 0},
                             "D": {"land": 0, "naval": 0, "bases": 1}},
                  state_ship=True, card=3)
    assert strength(sparta, "land") == 14 and strength(athens, "land") == 4
    r = fight("chalcidice", "land", sparta, athens, "eurypontid", "demagogues")
    assert r.strength == {"sparta": 16, "athens": 7} and r.winner == "sparta"
    # 9 points, one land unit to take; the Delian base stands while a ship is there
    assert r.lost == {"athens": ["A:land"], "sparta": []}
    assert athens.units["D"]["bases"] == 1 and athens.units["A"]["naval"] == 1
    assert r.honor == {"eurypontid": 2, "agiad": 1, "aristocrats": -1, "demagogues": -1}
    assert r.record is not None and problems(r.record) == []
    assert r.record["winner"] == "sparta" and r.record["outcome"] == "attacker_won"


def test_boeotia_land_battle_23_to_8_rule_9_3() -> None:
    sparta = Side("sparta", {"S": {"land": 4, "naval": 0, "bases": 0},
                             "P": {"land": 5, "naval": 1, "bases": 1}},
                  strategos=5, treachery=1, the_300=True, card=1)
    athens = Side("athens", {"D": {"land": 1, "naval": 0, "bases": 1}}, card=5)
    assert strength(sparta, "land") == 22 and strength(athens, "land") == 3
    r = fight("boeotia", "land", sparta, athens, "agiad", "demagogues")
    assert r.strength == {"sparta": 23, "athens": 8}
    # the land unit, then the base (no friendly unit left); one land unit lost is not
    # enough for a winner's loss
    assert r.lost == {"athens": ["D:land", "D:base"], "sparta": []}
    assert r.honor == {"agiad": 4, "eurypontid": 2, "aristocrats": -2, "demagogues": -2}


def test_sicily_land_then_naval_rule_9_3() -> None:
    athens = Side("athens", {"A": {"land": 4, "naval": 2, "bases": 0}}, strategos=6, card=4)
    sparta = Side("sparta", {"P": {"land": 2, "naval": 1, "bases": 1}}, strategos=5, card=3)
    land = fight("sicily", "land", athens, sparta, "aristocrats", "agiad")
    assert land.strength == {"athens": 14, "sparta": 12}
    # two Peloponnesian land units die; two losses cost the winner one land point
    assert land.lost == {"sparta": ["P:land", "P:land"], "athens": ["A:land"]}
    assert land.honor == {"aristocrats": 4, "demagogues": 2, "agiad": -2, "eurypontid": -2}
    athens.card, sparta.card = 2, 3
    naval = fight("sicily", "naval", athens, sparta, "aristocrats", "agiad")
    assert naval.strength == {"athens": 12, "sparta": 11}
    # one point: the ship dies; the base survives, the difference spent
    assert naval.lost == {"sparta": ["P:naval"], "athens": []}
    assert sparta.units["P"]["bases"] == 1
    assert naval.honor == {"aristocrats": 2, "demagogues": 1, "agiad": -1, "eurypontid": -1}


def test_defender_win_and_costly_units_rule_9_3() -> None:
    # a Spartan land unit costs 2: one point left cannot take it (ruling R15)
    units = {"S": {"land": 1, "naval": 0, "bases": 0}}
    assert take_losses(units, "land", 1, ["S"]) == [] and units["S"]["land"] == 1
    attacker = Side("athens", {"A": {"land": 1, "naval": 0, "bases": 0}}, card=1)
    defender = Side("sparta", {"P": {"land": 2, "naval": 0, "bases": 0}}, card=3)
    r = fight("aetolia", "land", attacker, defender, "aristocrats", "eurypontid")
    assert r.winner == "sparta" and r.lost["athens"] == ["A:land"]
    assert r.honor == {"eurypontid": 2, "agiad": 1, "aristocrats": -1, "demagogues": -1}
    tie = fight("aetolia", "land", Side("athens", {}, card=2), Side("sparta", {}, card=2),
                "aristocrats", "agiad")
    assert tie.winner is None and tie.lost == {}
