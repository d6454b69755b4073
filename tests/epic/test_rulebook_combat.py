"""Rules 17.4.4-17.4.5 and 18.3-18.6 (terrain, fortresses, garrisons, cavalry at walls),
read again from the rulebook into described positions.

In our words: defenders inside a fort or walled city take the fortress's morale bonus
(fort and small walls +1, medium +2, large +3, +1 more behind Long Walls whose two ends one
player holds) instead of any terrain bonus; in the open, rough gives +2 (17.4.4, the first
combat example). A city with no defenders fights with its own garrison, one unit of morale
3 with the city's bonus (18.3.2, 18.3.3). At a fortress, attacking cavalry sit the assault
out and count for no odds, defending cavalry lose 2 morale, and no side gets the light
troops shift (17.4.5, 18.6.3, 18.6.4). A razed city is no city: its hex defends with its
terrain alone (11.1.2). An elite unit (morale 6) eliminated leaves the game, any other
goes to its Build Pool (7.9.1)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic import losses
from engine.rulesets.epic.battles import open_battle, place_bonus

from .conftest import city_hexes, described

CITY = city_hexes()
OLYNTHUS = CITY["Olynthus"]
NEXT_TO_OLYNTHUS = next(h for h in B.comps().land_neighbors(OLYNTHUS)
                        if h not in B.city_by_hex())


def position(**p):
    return described("rulebook-combat", **p)


def test_17_4_4_fortress_bonuses_by_size_and_long_walls():
    s = position().state
    assert place_bonus(s, OLYNTHUS, None, True) == (1, True)  # walled small
    assert place_bonus(s, CITY["Potidaea"], None, True) == (2, True)  # walled medium
    assert place_bonus(s, CITY["Athens"], None, True) == (4, True)  # large +3, Long Walls +1
    assert place_bonus(s, CITY["Piraeus"], None, True) == (3, True)  # the 18.6 example: 2 + 1


def test_17_4_4_terrain_in_the_open_and_a_fortress_replaces_it():
    s = position().state
    assert place_bonus(s, "W3529", None, False) == (2, False)  # rough (combat example 1)
    assert place_bonus(s, CITY["Clazomenae"], None, True) == (1, False)  # unwalled small


def _storm(s, attackers, defenders_at=OLYNTHUS):
    att = [u for u, x in s["units"].items() if x["side"] == "sparta" and x["where"] == "map"]
    for u in att:
        s["units"][u]["hex"] = defenders_at
    assert sorted(s["units"][u]["type"] for u in att) == sorted(attackers)
    return open_battle(s, {"hex": defenders_at, "origin": NEXT_TO_OLYNTHUS, "units": att,
                           "leaders": [], "storm": True}, "sparta")


def test_18_3_an_empty_city_fights_with_a_garrison_of_morale_3_plus_its_walls():
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS}])
    b = _storm(g.state, ["hoplite"])
    assert b is not None and b["dfn"] == [K.GARRISON] and b["fortress"]
    assert b["morale"][K.GARRISON] == 3 + 1


def test_18_3_2_the_garrison_stays_out_when_units_defend_the_city():
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS},
                        {"home": "attica", "type": "hoplite", "at": "Olynthus"}])
    b = _storm(g.state, ["hoplite"])
    assert b is not None and K.GARRISON not in b["dfn"] and len(b["dfn"]) == 1


def test_18_6_3_cavalry_at_the_walls():
    """Two Laconian hoplites and two cavalry storm Olynthus, held by an Athenian hoplite and
    a cavalry: the attacking cavalry wait (odds 2-2, 1-1, not 4-2), the defending cavalry
    fights at its morale +1 for the walls -2, and no light troops shift is given."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS, "n": 2},
                        {"home": "laconia", "type": "cavalry", "at": NEXT_TO_OLYNTHUS, "n": 2,
                         "morale": 5},
                        {"home": "attica", "type": "hoplite", "at": "Olynthus"},
                        {"home": "attica", "type": "cavalry", "at": "Olynthus", "morale": 4}])
    s = g.state
    b = _storm(s, ["hoplite", "hoplite", "cavalry", "cavalry"])
    assert b is not None
    assert sorted(s["units"][u]["type"] for u in b["att"]) == ["hoplite", "hoplite"]
    assert len(b["waiting_cavalry"]) == 2
    cav = next(u for u in b["dfn"] if s["units"][u]["type"] == "cavalry")
    assert b["morale"][cav] == 4 + 1 - 2
    idx, facts = K.odds(s, b)
    assert idx == K.odds_index(1, 1) and facts["shifts"] == []


def test_17_4_3_in_the_open_the_light_troops_shift_is_given():
    """The same forces in the open beside Olynthus: 4-2 is 2-1, and the attackers' two
    cavalry against two hoplites earn the shift over the defenders' one: 3-1."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": "W3529", "n": 2},
                        {"home": "laconia", "type": "cavalry", "at": "W3529", "n": 2,
                         "morale": 5},
                        {"home": "attica", "type": "hoplite", "at": NEXT_TO_OLYNTHUS},
                        {"home": "attica", "type": "cavalry", "at": NEXT_TO_OLYNTHUS,
                         "morale": 4}],
                 leaders={"Archidamus": "W3529", "Pericles": NEXT_TO_OLYNTHUS})
    s = g.state
    att = [u for u, x in s["units"].items() if x["side"] == "sparta" and x["where"] == "map"]
    for u in att:
        s["units"][u]["hex"] = NEXT_TO_OLYNTHUS
    b = open_battle(s, {"hex": NEXT_TO_OLYNTHUS, "origin": "W3529", "units": att,
                        "leaders": [], "storm": False}, "sparta")
    assert b is not None and not b["fortress"] and len(b["att"]) == 4
    idx, facts = K.odds(s, b)
    assert idx == K.odds_index(3, 1)
    assert [x["why"] for x in facts["shifts"]] == ["lights"]


def test_11_1_2_a_razed_city_is_no_city_and_gives_only_its_terrain():
    """Olynthus razed: no walls, no city bonus, no garrison; its clear hex gives nothing."""
    g = position(state={"razed": ["Olynthus"]})
    s = g.state
    assert B.city_at(s, OLYNTHUS) is None
    assert place_bonus(s, OLYNTHUS, None, True) == (0, False)


def test_7_9_1_an_elite_unit_lost_is_gone_for_good_another_goes_to_the_build_pool():
    """Two Laconian hoplites lost, one elite (morale 6): it leaves the game, the other goes
    to the Build Pool; each costs Laconia 1 ML (13.4)."""
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": "Sparta", "morale": 6},
                        {"home": "laconia", "type": "hoplite", "at": "Sparta", "morale": 5}])
    s = g.state
    lost = sorted((u for u, x in s["units"].items() if x["where"] == "map"),
                  key=lambda u: -s["units"][u]["morale"])
    ml = s["regions"]["laconia"]["ml"]
    for u in lost:
        losses.eliminate(s, u)
    assert [s["units"][u]["where"] for u in lost] == ["dead", "build"]
    assert s["regions"]["laconia"]["ml"] == ml - 2
