"""Fleets (16.4, 16.7, 17.3.1, 9.8): sailing, landing, the rolled allowance, transport,
battles at sea and from the sea."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import fleets as F
from engine.rulesets.epic.battles import open_battle
from engine.rulesets.epic.moves import sea_destinations
from engine.rulesets.epic.supplyphase import bring_ashore

from .helpers import bare, ids, put, start, through_menus

CITY = {n: c.hex for n, c in B.comps().cities.items()}


def test_16_4_launch_sail_and_land_costs():
    g = bare()
    s = g.state
    piraeus = CITY["Piraeus"]
    trip = F.voyages(s, "athens", piraeus)
    assert trip["saronic-gulf"].cost == 1  # launching (16.4.3)
    assert trip["sunian-waters"].cost == 2  # one sea Area further
    assert trip[CITY["Nisaea"]].cost == 2  # launch, then land at a port of the same sea
    coast = [h for h, c in F.landings("saronic-gulf") if c == F.LAND_ELSEWHERE]
    assert coast and all(trip[h].cost == 3 for h in coast if h in trip)
    assert CITY["Megara"] not in trip  # not a port: no fleet may enter (18.4)


def test_16_4_6_an_open_sea_ends_the_move():
    g = bare()
    s = g.state
    trip = F.voyages(s, "athens", "south-ionian")  # starting in one, it may leave
    assert any(n != "south-ionian" for n in trip)
    trip = F.voyages(s, "athens", CITY["Methone"])
    beyond = [n for n, v in trip.items() if v.prev == "south-ionian"]
    assert beyond == []


def test_16_4_1_the_allowance_is_rolled_after_moving():
    g = bare()
    s = g.state
    fleet = put(g, "attica", "fleet", CITY["Piraeus"], 1)[0]
    s["ct"] = 2
    trip = F.voyages(s, "athens", CITY["Piraeus"])
    far = max((n for n in trip if F.at_sea(n) and B.comps().areas[n].kind == "sea"),
              key=lambda n: trip[n].cost)
    assert trip[far].cost > 7
    start(g, "move", [1], side="athens", step="choose")
    through_menus(g, "athens", f"from:{CITY['Piraeus']}")
    g.act("athens", fleet)
    through_menus(g, "athens", f"to:{far}")
    where = s["units"][fleet]["hex"]
    assert where != far and trip[where].cost <= 7  # 6 + 1: stopped short on the way


def test_16_7_transport_needs_a_leader_and_room():
    g = bare()
    s = g.state
    piraeus = CITY["Piraeus"]
    fleet = put(g, "attica", "fleet", piraeus, 1)
    hoplites = put(g, "attica", "hoplite", piraeus, 3)
    assert sea_destinations(s, "athens", piraeus, fleet + hoplites[:2], []) == {}  # no leader
    assert sea_destinations(s, "athens", piraeus, fleet + hoplites, ["Demosthenes"]) == {}  # 3 > 2
    assert sea_destinations(s, "athens", piraeus, fleet + hoplites[:2], ["Demosthenes"])
    assert sea_destinations(s, "athens", piraeus, fleet, [])  # one fleet alone needs no leader


def test_9_8_fleets_at_sea_come_ashore_for_supply():
    g = bare()
    s = g.state
    fleet = put(g, "attica", "fleet", "saronic-gulf", 1)[0]
    bring_ashore(s, "athens")
    assert s["units"][fleet]["hex"] in (CITY["Piraeus"], CITY["Nisaea"])  # a friendly port first
    lost = put(g, "attica", "fleet", "south-ionian", 1)[0]
    bring_ashore(s, "athens")
    assert s["units"][lost]["where"] == "dead"  # an Open Sea touches no shore


def test_17_3_1_a_battle_at_sea_uses_the_fleets_morale_and_sea_ratings():
    g = bare()
    s = g.state
    a = put(g, "attica", "fleet", "sunian-waters", 1)
    d = put(g, "laconia", "fleet", "sunian-waters", 1)
    s["leaders"]["Nicostratus"]["hex"] = "sunian-waters"  # sea rating 1
    b = open_battle(s, {"hex": "sunian-waters", "origin": "saronic-gulf", "units": a,
                        "leaders": ["Nicostratus"], "storm": False, "sea": True}, "athens")
    assert b is not None and b["morale"] == {a[0]: 6, d[0]: 3}
    assert b["regions"] and "attica" in b["regions"]
    from engine.rulesets.epic.combat import column
    idx, notes = column(s, b)
    assert B.comps().crt.columns[idx].odds == "3-2"  # 1-1 shifted by Nicostratus (17.4.2)


def test_17_4_4_units_attacked_from_the_sea_defend_at_plus_2():
    g = bare()
    s = g.state
    coast = next(h for h, c in F.landings("messenian-waters") if c == F.LAND_ELSEWHERE
                 and B.comps().hexes[h].terrain == "clear" and h in B.play_hexes(s["scenario"], "athens"))
    dfn = put(g, "laconia", "hoplite", coast, 1, morale=5)
    att = put(g, "attica", "fleet", coast, 1)
    b = open_battle(s, {"hex": coast, "origin": CITY["Methone"], "units": att, "leaders": [],
                        "storm": False, "from_sea": True}, "athens")
    assert b["morale"][dfn[0]] == 5 + 2
    assert b["morale"][att[0]] == 3  # a fleet fights on land as light infantry (17.4.6)


def test_an_athenian_fleet_sails_from_piraeus_in_a_real_turn():
    g = bare()
    s = g.state
    fleet = put(g, "attica", "fleet", CITY["Piraeus"], 1)[0]
    s["ct"] = 1
    start(g, "move", [], side="athens", step="choose")
    assert f"from:{CITY['Piraeus']}" in ids(g, "athens")
    through_menus(g, "athens", f"from:{CITY['Piraeus']}")
    g.act("athens", fleet)
    through_menus(g, "athens", "to:saronic-gulf")
    assert s["units"][fleet]["hex"] == "saronic-gulf"


def test_16_4_5_the_other_side_may_intercept_a_fleet_entering_its_waters():
    g = bare()
    s = g.state
    athenian = put(g, "attica", "fleet", CITY["Piraeus"], 1)[0]
    spartan = put(g, "laconia", "fleet", CITY["Cenchreae"], 1)[0]  # a port on the Saronic Gulf
    s["ct"] = 2
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{CITY['Piraeus']}")
    g.act("athens", athenian)
    through_menus(g, "athens", "to:sunian-waters")
    # entering the Saronic Gulf, where the Spartan fleet lies in port
    assert ids(g, "sparta") == [CITY["Cenchreae"], "pass"]
    g.act("sparta", CITY["Cenchreae"])
    assert s["units"][athenian]["hex"] == "saronic-gulf"  # stopped where intercepted
    assert s["units"][spartan]["hex"] == "saronic-gulf"
    attack = s["attacks"][0]
    assert attack["attacker"] == "sparta" and attack["targets"] == [athenian]
    assert [p.seat for p in g.prompts()] == ["athens"]  # Athens goes on moving


def test_16_4_5_letting_them_pass():
    g = bare()
    s = g.state
    athenian = put(g, "attica", "fleet", CITY["Piraeus"], 1)[0]
    put(g, "laconia", "fleet", CITY["Cenchreae"], 1)
    s["ct"] = 2
    start(g, "move", [], side="athens", step="choose")
    through_menus(g, "athens", f"from:{CITY['Piraeus']}")
    g.act("athens", athenian)
    through_menus(g, "athens", "to:sunian-waters")
    g.act("sparta", "pass")
    assert s["units"][athenian]["hex"] == "sunian-waters" and s["attacks"] == []
