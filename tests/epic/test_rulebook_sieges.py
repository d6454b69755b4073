"""Rules 10.3-10.8 (sieges), read again from the rulebook into described positions.

In our words: a masked enemy city or fort may be put under siege at the Siege stage by two
units (small city or fort), four (medium) or six (large), and a port needs a fleet besides
(10.3.2). A siege starts at a morale by size: fort 3, small 4, medium 5, large 6, lowered
by one for an unwalled city (10.3.3). Each Siege stage, the first included, the city gives
in when the die is higher than its siege morale, else its morale drops by one, never below
1 (10.5); a place that gives in loses its defenders and the besieger may raze it or pull
its walls down (10.7). The 10.8.1 example: Potidaea at siege morale 4 falls on a 5 or 6.
The surrender, or the breaking, of the siege of a large city is a decisive victory: 5 AL and
2 ML in its region, 2 AL and 1 ML in every other, never pushing an AL below 5 (13.4)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import sieges as SG

from .conftest import city_hexes, described
from .helpers import ids, start

CITY = city_hexes()
POTIDAEA, OLYNTHUS, ATHENS = CITY["Potidaea"], CITY["Olynthus"], CITY["Athens"]


def position(**p):
    return described("rulebook-sieges", **p)


def _laconians(at, n):
    return [{"home": "laconia", "type": "hoplite", "at": at, "n": n}]


def test_10_3_2_a_small_inland_city_takes_two_units():
    one = position(units=_laconians("Olynthus", 1))
    assert OLYNTHUS not in SG.can_begin(one.state, "sparta")
    two = position(units=_laconians("Olynthus", 2))
    assert OLYNTHUS in SG.can_begin(two.state, "sparta")


def test_10_3_2_a_large_city_takes_six():
    g = position(units=_laconians("Athens", 6))
    s = g.state
    assert SG.enough(s, ATHENS, "sparta")
    gone = B.units_at(s, ATHENS, "sparta")[0]
    s["units"][gone].update(where="pool", hex=None)
    assert not SG.enough(s, ATHENS, "sparta")


def test_10_3_3_starting_siege_morale_by_size_and_walls():
    g = position()
    s = g.state
    assert SG.start_morale(s, OLYNTHUS) == 4  # walled small
    assert SG.start_morale(s, POTIDAEA) == 5  # walled medium (the 10.8.1 example)
    assert SG.start_morale(s, CITY["Clazomenae"]) == 3  # unwalled small: 4 - 1
    s["forts"]["W3729"] = "sparta"
    assert SG.start_morale(s, "W3729") == 3  # a fort


def _besieged_potidaea(morale, dice, defenders=0):
    units = [{"home": "attica", "type": "hoplite", "at": "Potidaea", "n": 4},
             {"home": "attica", "type": "fleet", "at": "Potidaea"}]
    g = position(season=3, units=units,
                 state={"sieges": {POTIDAEA: {"by": "athens", "morale": morale,
                                              "initial": 5}}})
    s = g.state
    inside = []
    for uid, u in sorted(s["units"].items()):  # Spartan units shut in the revolting city
        if len(inside) < defenders and u["home"] == "corinth" and u["type"] == "hoplite" \
                and u["where"] != "map":
            u.update(where="map", hex=POTIDAEA)
            inside.append(uid)
    start(g, "sieges", dice, side="athens", i=1)
    return g, inside


def test_10_8_1_example_potidaea_at_4_falls_on_a_5():
    g, inside = _besieged_potidaea(4, [5], defenders=1)
    s = g.state
    assert POTIDAEA not in s["sieges"]
    assert B.city_owner(s, "Potidaea") == "athens"
    assert all(s["units"][u]["where"] != "map" for u in inside)  # 10.7: defenders lost
    # 10.7: kept, its walls pulled down (11.3.1a) or razed (11.1.1), then and only then
    assert sorted(ids(g, "athens")) == ["keep", "raze", "walls"]
    g.act("athens", "walls")
    assert "Potidaea" in s["unwalled"] and g.prompt_for("athens") is None


def test_10_5_a_die_equal_to_the_siege_morale_does_not_take_it():
    g, _ = _besieged_potidaea(4, [4])
    s = g.state
    assert s["sieges"][POTIDAEA]["morale"] == 3  # the example's "reduced to 3"
    assert "Potidaea" in s["revolts"]


def test_10_5_the_siege_morale_never_drops_below_1():
    g, _ = _besieged_potidaea(1, [1])
    assert g.state["sieges"][POTIDAEA]["morale"] == 1


# ------------------------------------------------------------------ 13.4 decisive victories
def _byzantium(besiegers, morale, dice):
    byz = CITY["Byzantium"]
    units = [{"home": "laconia", "type": "hoplite", "at": "Byzantium", "n": besiegers},
             {"home": "laconia", "type": "fleet", "at": "Byzantium"}]
    g = position(season=1, units=units, leaders={"Archidamus": "Byzantium"},
                 regions={"hellespont": {"al": 8, "ml": 8}, "samos": {"al": 12, "ml": 9},
                          "chios": {"al": 4, "ml": 8}, "elis": {"al": 6, "ml": 8}},
                 state={"sieges": {byz: {"by": "sparta", "morale": morale, "initial": 6}}})
    start(g, "sieges", dice, side="sparta", i=1)
    p = g.prompt_for("sparta")
    if p is not None and p.option("no") is not None:
        g.act("sparta", "no")  # a City Betrayal card in hand, not played
    return g.state


def test_13_4_a_large_city_surrendering_is_a_decisive_victory():
    """Byzantium (large) gives in to Sparta: Athenian Hellespont -5 AL -2 ML; every other
    region moves 2 AL Sparta's way, but no Athenian AL is pushed below 5 by
    it (Samos 12 to 10, Chios stays 4), each Athenian region losing 1 ML; Spartan Elis
    gains 2 AL and 1 ML."""
    s = _byzantium(6, 1, [2])
    assert B.city_owner(s, "Byzantium") == "sparta"
    r = s["regions"]
    assert (r["hellespont"]["al"], r["hellespont"]["ml"]) == (3, 6)
    assert (r["samos"]["al"], r["samos"]["ml"]) == (10, 8)
    assert (r["chios"]["al"], r["chios"]["ml"]) == (4, 7)
    assert (r["elis"]["al"], r["elis"]["ml"]) == (8, 9)


def test_13_4_breaking_the_siege_of_a_large_city_is_decisive_for_its_holder():
    s = _byzantium(5, 4, [])  # five hoplites and a fleet: short of six plus the fleet
    r = s["regions"]
    assert CITY["Byzantium"] not in s["sieges"]
    assert (r["hellespont"]["al"], r["hellespont"]["ml"]) == (13, 10)
    assert r["elis"]["al"] == 5  # Spartan at 6: -2 stops at 5 (13.4 note **)
