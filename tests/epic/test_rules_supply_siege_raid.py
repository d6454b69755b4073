"""Supply (9.2-9.7, 22.4.2), sieges (10.3-10.9), raiding (15.1-15.5), leaders (7.8.6)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import raiding as R
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.leaders import eliminate as kill_leader

from .helpers import bare, ids, put, start

CITY = {n: c.hex for n, c in B.comps().cities.items()}
EPIDAURIA_INLAND = "W3234"
PYLOS = "W2337"


def test_9_2_1_units_in_cities_are_in_supply_at_half_cost_at_home():
    g = bare()
    s = g.state
    home = put(g, "boeotia", "hoplite", CITY["Thebes"], 3)
    away = put(g, "corinth", "hoplite", CITY["Thebes"], 1)
    areas = S.supplied_areas(s, "sparta")
    assert all(S.in_supply(s, u, areas) for u in home + away)
    assert S.bill(s, home) == 2  # 1.5, rounded up after adding (9.4.3)
    assert S.bill(s, home + away) == 3  # 2.5


def test_9_3_3_example_2_a_line_of_three_areas_and_no_more():
    g = bare()
    s = g.state
    u = put(g, "laconia", "hoplite", EPIDAURIA_INLAND, 1)[0]
    assert S.in_supply(s, u, S.supplied_areas(s, "sparta"))  # from Corinth, next door
    s["marks"]["Corinth"] = "athens"  # Corinth lost: Sparta's line runs through the Argolid,
    assert not S.in_supply(s, u, S.supplied_areas(s, "sparta"))  # an enemy Area (Argos)
    s["regions"]["argolid"]["side"] = "sparta"  # with the Argolid friendly: 3 Areas from Sparta
    assert S.in_supply(s, u, S.supplied_areas(s, "sparta"))


def test_9_3_4_and_22_4_2_pylos_is_supplied_by_sea_from_corcyra_until_a_fleet_blocks():
    g = bare()
    s = g.state
    s["marks"]["Mantinea"] = "sparta"  # no land line from Argos through Arcadia now
    lt = put(g, "attica", "light", PYLOS, 1)[0]
    assert S.in_supply(s, lt, S.supplied_areas(s, "athens"))
    put(g, "laconia", "fleet", CITY["Methone"], 1)  # a Spartan fleet in the Messenian waters
    assert not S.in_supply(s, lt, S.supplied_areas(s, "athens"))
    put(g, "attica", "fleet", PYLOS, 1)  # an Athenian fleet contests them again
    assert S.in_supply(s, lt, S.supplied_areas(s, "athens"))


def test_9_5_out_of_supply_units_forage_anywhere_or_die():
    g = bare()
    s = g.state
    s["marks"]["Corinth"] = "athens"
    u = put(g, "laconia", "hoplite", EPIDAURIA_INLAND, 1)[0]
    start(g, "supply", [], side="sparta")
    assert s["units"][u]["forage"]  # out of supply, it may forage even at home (9.4.2)
    s["season"] = 3
    start(g, "supply", [], side="sparta")
    assert s["units"][u]["where"] == "dead"  # no foraging in Winter (9.5)
    assert s["regions"]["laconia"]["ml"] == 19  # 13.4: a unit lost costs its home 1 ML


def test_9_7_in_supply_units_may_forage_in_enemy_regions_not_in_winter():
    g = bare()
    s = g.state
    inside_attica = "W3529"
    units = put(g, "boeotia", "hoplite", inside_attica, 1)
    start(g, "supply", [], side="sparta")
    assert ids(g, "sparta") == [inside_attica]
    g.act("sparta", inside_attica)
    assert s["units"][units[0]]["forage"]
    assert s["treasury"]["sparta"] == 22  # foragers cost nothing (9.7.1)
    s["season"] = 3
    start(g, "supply", [], side="sparta")
    assert not s["units"][units[0]]["forage"]
    assert s["treasury"]["sparta"] == 21  # Winter: no foraging (9.7.3c), so it is paid for


def test_9_1_short_of_talents_the_owner_picks_who_goes_unsupplied():
    g = bare()
    s = g.state
    s["treasury"]["athens"] = 1
    units = put(g, "attica", "hoplite", CITY["Argos"], 2)  # not home: 1 each
    start(g, "supply", [], side="athens")
    assert sorted(ids(g, "athens")) == sorted(units)
    g.act("athens", units[0])
    assert s["units"][units[0]]["where"] == "dead"
    assert s["treasury"]["athens"] == 0


def test_10_3_a_siege_needs_enough_units_then_rolls_at_once():
    g = bare()
    s = g.state
    mantinea = CITY["Mantinea"]  # medium walled, held by Athens in Spartan Arcadia
    put(g, "arcadia", "hoplite", mantinea, 3)
    start(g, "sieges", [], side="sparta", i=0)
    assert g.prompts() == []  # 3 units cannot besiege a medium city (10.3.2)
    put(g, "corinth", "hoplite", mantinea, 1)
    start(g, "sieges", [3], side="sparta", i=0)
    assert ids(g, "sparta") == [mantinea]
    g.act("sparta", mantinea)
    # 10.8.1 example: a medium city starts at 5; a 3 does not take it; morale drops to 4
    assert s["sieges"][mantinea] == {"by": "sparta", "morale": 4, "initial": 5}
    start(g, "sieges", [6], side="sparta", i=2)
    assert s["marks"].get("Mantinea") is None and B.holder(s, mantinea) == "sparta"  # 10.7
    assert "keep" in ids(g, "sparta") and "raze" in ids(g, "sparta")
    g.act("sparta", "keep")
    assert s["regions"]["arcadia"]["al"] == 5 + 2  # a victory in Arcadia (13.4)


def test_10_6_and_10_8_a_short_siege_gains_morale_then_breaks():
    g = bare()
    s = g.state
    mantinea = CITY["Mantinea"]
    units = put(g, "arcadia", "hoplite", mantinea, 3) + put(g, "corinth", "hoplite", mantinea, 1)
    s["sieges"][mantinea] = {"by": "sparta", "morale": 4, "initial": 5}
    s["units"][units[0]]["hex"] = CITY["Tegea"]
    from engine.rulesets.epic.sieges import upkeep
    s["short_noted"] = []
    upkeep(s, "sparta")
    upkeep(s, "sparta")
    assert s["sieges"][mantinea]["morale"] == 5  # once per Campaign Turn (10.6)
    start(g, "sieges", [], side="sparta", i=2)
    assert mantinea not in s["sieges"]  # broken: a victory for Athens in Arcadia
    assert s["regions"]["arcadia"]["al"] == 5 - 2


def test_10_9_long_walls_need_both_ends_besieged():
    g = bare()
    s = g.state
    put(g, "boeotia", "hoplite", CITY["Athens"], 6)
    from engine.rulesets.epic.sieges import can_begin
    assert can_begin(s, "sparta") == []  # Piraeus is not under siege
    put(g, "boeotia", "cavalry", CITY["Piraeus"], 3)
    put(g, "megarid", "hoplite", CITY["Piraeus"], 1)
    put(g, "laconia", "fleet", CITY["Piraeus"], 1)
    assert sorted(can_begin(s, "sparta")) == sorted([CITY["Athens"], CITY["Piraeus"]])


def test_15_3_example_raiding_attica_forage_number_7():
    g = bare()
    s = g.state
    h = "W3529"
    units = put(g, "boeotia", "hoplite", h, 4)
    assert R.raiders(s, "sparta") == [h]
    R.raid(s, "sparta", h)
    assert s["treasury"]["sparta"] == 22 + 4 and s["raided"]["attica"] == 4
    assert s["regions"]["attica"]["ml"] == 19  # 15.4
    for u in units:
        s["units"][u]["raid"] = False
    R.raid(s, "sparta", h)
    assert s["treasury"]["sparta"] == 22 + 4 + 3 and s["raided"]["attica"] == 8
    assert s["regions"]["attica"]["ml"] == 19  # once per Area a season


def test_15_2_no_raids_in_friendly_regions():
    g = bare()
    put(g, "boeotia", "hoplite", "W3629" if B.region_of_hex("W3629") == "boeotia" else "W3527", 1)
    assert R.raiders(g.state, "sparta") == []


def test_7_8_4_a_dead_leader_is_replaced_from_the_face_down_pool():
    g = bare()
    s = g.state
    first = s["leader_pool"]["sparta"][0]
    new = kill_leader(s, "Agis", CITY["Sparta"])
    assert new == first and s["leaders"][new]["hex"] == CITY["Sparta"]
    assert s["leaders"]["Agis"]["where"] == "dead"
    for _ in range(2):
        kill_leader(s, "Gylippus" if s["leaders"]["Gylippus"]["where"] == "map" else "Ramphias", None)
    last = kill_leader(s, new, None)
    assert last.startswith("Sparta 0-0 leader")  # 22.4.3: generic leaders once it is empty
