"""Rules 3.3 (who goes first), 8.1-8.3 (Area designation; the Thessaly example), 9.2.1,
6.5.2, 16.3.5, 16.5, 17.5.1 (the 1-4 floor) and 20.2 (the armistice's bar on enemy
regions), read again from the rulebook into described positions.

In our words: the player controlling more regions does the one-side stages first, Athens on
a tie (3.3). A land Area is friendly to a side with no enemy units or cities in it, enemy
when only the other side's are there, contested with both; leaders, besieged or masked
cities and empty forts count for nothing (8.2, 8.3, 10.2.2a). Units in a city are always in
supply (9.2.1). Units entering a revolting city friendly to them turn its Revolt marker into
their control marker (6.5.2). Enemy leaders alone and empty forts do not stop a move
(16.3.5); the Leucas crossing is a river (16.8.2); a stack moves at its slowest unit's allowance, hoplites and light infantry 3,
cavalry and leaders 5 (16.3.1, 16.5); no attack below 1-4 (17.5.1); and in the armistice
after a peace no one enters an enemy region, every siege is lifted, with no victory for
the besieged (20.2)."""

from __future__ import annotations

import engine
from engine.rulesets.epic import board as B
from engine.rulesets.epic import movement as M
from engine.rulesets.epic import peace as PE
from engine.rulesets.epic import sieges as SG
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.battles import place_bonus
from engine.rulesets.epic.flow import turn_order
from engine.rulesets.epic.moves import destinations

from .conftest import city_hexes, described

CITY = city_hexes()
ATHENS = CITY["Athens"]


def position(**p):
    return described("rulebook-movement", **p)


def _athenian_reach(**p):
    g = position(ct=1, units=[{"home": "attica", "type": "hoplite", "at": "Athens"}]
                 + p.pop("units", []), **p)
    s = g.state
    return s, destinations(s, "athens", ATHENS, B.units_at(s, ATHENS, "athens"), [])


# ------------------------------------------------------------------ 3.3
def test_3_3_more_regions_first_athens_on_a_tie():
    s = position().state
    turn_order(s)
    assert s["order"] == ["athens", "sparta"]  # 14 regions to 11 (23.2.3)
    for r in ("euboea", "thrace", "chios"):
        s["regions"][r]["side"] = "sparta"
    turn_order(s)
    assert s["order"] == ["sparta", "athens"]  # 11 to 14
    s["regions"]["euboea"]["side"] = "athens"
    s["regions"]["thrace"]["side"] = "athens"
    s["regions"]["megarid"]["side"] = "athens"
    s["regions"]["argolid"]["side"] = "sparta"
    turn_order(s)
    assert s["order"] == ["athens", "sparta"]  # 13 each


# ------------------------------------------------------------------ 8.3
def test_8_3_example_thessaly():
    s = engine.new_game("epic", "campaign", seed="thessaly").state
    status = {a: (B.area_status(s, a, "athens"), B.area_status(s, a, "sparta"))
              for a in ("phthiotis", "pelasgiotis", "hestiaeotis")}
    assert status == {"phthiotis": ("friendly", "enemy"), "pelasgiotis": ("friendly", "enemy"),
                      "hestiaeotis": ("friendly", "friendly")}


def test_8_3_example_thessaly_lamia_taken_and_pharsalus_besieged():
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": "Pharsalus", "n": 4},
                        {"home": "laconia", "type": "hoplite", "at": "Lamia"}],
                 state={"marks": {"Lamia": "sparta"},
                        "sieges": {CITY["Pharsalus"]: {"by": "sparta", "morale": 5,
                                                       "initial": 5}}})
    s = g.state
    assert B.area_status(s, "phthiotis", "sparta") == "friendly"
    assert B.area_status(s, "phthiotis", "athens") == "enemy"
    for u in B.units_at(s, CITY["Pharsalus"], "sparta"):  # the siege broken off and gone
        s["units"][u].update(where="pool", hex=None)
    del s["sieges"][CITY["Pharsalus"]]
    assert B.area_status(s, "phthiotis", "sparta") == "contested"
    assert B.area_status(s, "phthiotis", "athens") == "contested"


# ------------------------------------------------------------------ 9.2.1, 6.5.2
def test_9_2_1_units_in_a_city_are_in_supply_however_far():
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": "Lamia"}],
                 state={"marks": {"Lamia": "sparta"}})
    s = g.state
    areas = S.supplied_areas(s, "sparta")
    inside = B.units_at(s, CITY["Lamia"], "sparta")[0]
    assert S.in_supply(s, inside, areas)


def test_6_5_2_entering_a_revolting_city_friendly_to_you_takes_it():
    g = position(units=[{"home": "corinth", "type": "hoplite", "at": "Potidaea"}])
    s = g.state
    assert "Potidaea" in s["revolts"] and B.city_owner(s, "Potidaea") == "sparta"
    assert SG.enter_revolt(s, CITY["Potidaea"], "sparta") is not None
    assert "Potidaea" not in s["revolts"] and s["marks"]["Potidaea"] == "sparta"


# ------------------------------------------------------------------ 16.3.5, 16.5, 17.5.1
def test_16_3_5_an_enemy_leader_alone_or_an_empty_fort_does_not_stop_a_march():
    _, free = _athenian_reach()
    _, past_fort = _athenian_reach(state={"forts": {"W3729": "sparta"}})
    _, past_leader = _athenian_reach(leaders={"Archidamus": "W3730"})
    assert {h: r.cost for h, r in past_fort.items()} == {h: r.cost for h, r in free.items()}
    assert set(past_leader) == set(free)


def test_16_5_a_stack_moves_at_its_slowest():
    g = position(units=[{"home": "attica", "type": "hoplite", "at": "Athens"},
                        {"home": "attica", "type": "cavalry", "at": "Athens", "morale": 4}],
                 leaders={"Pericles": "Athens"})
    s = g.state
    hop, cav = sorted(B.units_at(s, ATHENS, "athens"),
                      key=lambda u: s["units"][u]["type"] != "hoplite")
    assert M.allowance(s, [hop, cav], ["Pericles"]) == 3
    assert M.allowance(s, [cav], ["Pericles"]) == 5
    assert M.allowance(s, [], ["Pericles"]) == 5


def test_17_5_1_no_attack_below_1_4():
    four = [{"home": "laconia", "type": "hoplite", "at": "W3730", "n": 4}]
    _, reach = _athenian_reach(units=four, leaders={"Archidamus": "W3730"})
    assert "W3730" in reach  # 1-4: allowed
    five = [{"home": "laconia", "type": "hoplite", "at": "W3730", "n": 5}]
    _, reach = _athenian_reach(units=five, leaders={"Archidamus": "W3730"})
    assert "W3730" not in reach  # 1-5


def test_16_8_2_the_leucas_crossing_is_a_river():
    """Defenders on the Acarnanian shore, attacked from Leucas, hold at +1 as behind a
    river; a march across costs the river's extra point."""
    s = position().state
    leucas, shore = CITY["Leucas"], "W1824"
    assert shore in B.comps().land_neighbors(leucas)
    bonus, fortress = place_bonus(s, shore, leucas, False)
    assert not fortress and bonus >= 1
    if B.comps().hexes[shore].terrain == "clear":
        assert bonus == 1
    step = next(c for n, c, _ in M._graph()[leucas] if n == shore)
    assert step == M.TERRAIN_COST[B.comps().hexes[shore].terrain] + M.RIVER_EXTRA


# ------------------------------------------------------------------ 20.2
def test_20_2_the_armistice_bars_enemy_regions_and_lifts_sieges_without_victory():
    g = position(ct=1, units=[{"home": "attica", "type": "hoplite", "at": "Athens"},
                              {"home": "attica", "type": "hoplite", "at": "Megara", "n": 4}],
                 state={"sieges": {CITY["Megara"]: {"by": "athens", "morale": 3,
                                                    "initial": 4}}})
    s = g.state
    al = {r: x["al"] for r, x in s["regions"].items()}
    PE.sign(s)
    assert s["sieges"] == {} and {r: x["al"] for r, x in s["regions"].items()} == al
    reach = destinations(s, "athens", ATHENS, B.units_at(s, ATHENS, "athens"), [])
    assert reach and all(B.region_of_hex(h) != "megarid" for h in reach)
    assert all(s["regions"][B.region_of_hex(h)]["side"] != "sparta" for h in reach
               if B.region_of_hex(h) in s["regions"])
