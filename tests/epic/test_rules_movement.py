"""Movement (16.2, 16.3, 16.6, 22.4.2) and what ends a move (17.1, 7.8.6, 18.3.5)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import movement as M
from engine.rulesets.epic.moves import destinations

from .helpers import bare, ids, leader, put, start, through_menus

CITY = {n: c.hex for n, c in B.comps().cities.items()}


def test_16_3_2_area_movement_treats_a_friendly_area_as_one_hex():
    g = bare()
    s = g.state
    thebes = CITY["Thebes"]
    reach = M.reachable(s, "sparta", thebes, 3)
    # Boeotia is friendly: any hex of it costs 1, the next friendly Area (Megarid) 2
    far = max(B.comps().area_hexes["boeotia"], key=lambda h: abs(int(h[1:3]) - 35))
    assert reach[far].cost <= 1.0 + 1e-9 or far == thebes
    megara_area = [h for h in B.comps().area_hexes["megarid"] if h in reach]
    assert megara_area and min(reach[h].cost for h in megara_area) <= 2


def test_16_3_4_enemies_stop_a_move_and_cannot_be_passed():
    g = bare()
    s = g.state
    start_hex = "W3528"
    blocker = "W3529"
    put(g, "attica", "hoplite", blocker, 1)
    reach = M.reachable(s, "sparta", start_hex, 3)
    assert reach[blocker].stops and reach[blocker].via == start_hex  # its retreat hex (17.7.7)
    assert B.area_status(s, "attica", "sparta") == "enemy"  # hex movement only (16.3.2)


def test_16_3_enemy_city_is_a_stop_masked_city_is_not():
    g = bare()
    s = g.state
    nisaea = CITY["Nisaea"]
    reach = M.reachable(s, "sparta", CITY["Megara"], 3)
    assert reach[nisaea].stops
    put(g, "megarid", "hoplite", nisaea, 1)  # now Nisaea is masked (10.2.2b)
    put(g, "corinth", "hoplite", CITY["Megara"], 1)
    reach = M.reachable(s, "sparta", CITY["Megara"], 3)
    assert not reach[nisaea].stops


def test_16_6_costs_rough_river_road():
    g = bare()
    s = g.state
    s["regions"]["boeotia"]["side"] = "athens"  # no Area movement for Sparta in Boeotia now
    s["regions"]["attica"]["side"] = "athens"
    # Thebes to the rough Attic hex south of it: the Asopus is crossed by a road (1/2)
    reach = M.reachable(s, "sparta", CITY["Thebes"], 3)
    assert reach["W3529"].cost == 0.5


def test_16_2_1_two_units_need_a_leader_outside_a_city():
    g = bare()
    s = g.state
    thebes = CITY["Thebes"]
    units = put(g, "boeotia", "hoplite", thebes, 2)
    s["leaders"]["Ramphias"]["hex"] = "W1117"  # away
    alone = destinations(s, "sparta", thebes, units, [])
    assert all(B.holder(s, h) is not None for h in alone)  # only cities or forts
    s["leaders"]["Ramphias"]["hex"] = thebes
    led = destinations(s, "sparta", thebes, units, ["Ramphias"])
    assert any(B.holder(s, h) is None for h in led)


def test_22_4_2_no_entry_into_regions_out_of_play():
    g = bare()
    s = g.state
    reach = M.reachable(s, "sparta", CITY["Thebes"], 5)
    assert all(B.region_of_hex(h) in s["regions"] for h in reach)


def test_7_8_6_a_lone_leader_is_killed_by_an_enemy_ending_its_move_on_him():
    g = bare()
    s = g.state
    hexid = "W3529"
    s["leaders"]["Demosthenes"]["hex"] = hexid
    s["leaders"]["Nicostratus"]["hex"] = "W3831"
    put(g, "boeotia", "hoplite", CITY["Thebes"], 1)
    s["ct"] = 1
    start(g, "move", [], side="sparta", step="choose")
    through_menus(g, "sparta", f"from:{CITY['Thebes']}")
    uid = [o for o in ids(g, "sparta") if o.startswith("boeotia")][0]
    g.act("sparta", uid)
    through_menus(g, "sparta", f"to:{hexid}")
    assert s["leaders"]["Demosthenes"]["where"] == "dead"
    replacement = [n for n, x in s["leaders"].items() if x["side"] == "athens" and x["where"] == "force"]
    assert len(replacement) == 1  # 7.8.4: into the home Force Pool


def test_17_1_an_attack_is_fought_after_movement_and_masking_is_offered_at_a_city():
    g = bare()
    s = g.state
    nisaea = CITY["Nisaea"]
    megara = CITY["Megara"]
    put(g, "megarid", "hoplite", megara, 1)
    s["ct"] = 1
    start(g, "move", [], side="sparta", step="choose")
    through_menus(g, "sparta", f"from:{megara}")
    g.act("sparta", [o for o in ids(g, "sparta")][0])
    assert f"to:{nisaea}" in ids(g, "sparta")
    through_menus(g, "sparta", f"to:{nisaea}")
    assert s["attacks"][0]["hex"] == nisaea
    g.act("sparta", "done")
    assert s["flow"] == []
    start(g, "combats", [], side="sparta")
    assert ids(g, "sparta") == ["storm", "mask"]
    g.act("sparta", "mask")
    assert B.masked(s, nisaea)


def test_leader_placement_between_force_pool_and_cities():
    g = bare()
    leader(g, "Agis", None)
    start(g, "place", [], side="sparta")
    assert "lplace:Agis:Sparta" in ids(g, "sparta")
