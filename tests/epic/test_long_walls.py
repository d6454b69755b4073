"""Long Walls with a fort at one end (7.6.5, 10.9, 11.3, 17.4.4 note), the armistice's
units without a Build Pool (20.2) and games saved before Long Walls were keyed by hex.

The board is the Argive League's, bare: Argos (W3033, large, walled) is Athenian and W3034,
next to it in the Argolid, is open ground where a fort is put down."""

from __future__ import annotations

import copy

import engine
from engine.rulesets.epic import board as B
from engine.rulesets.epic import peace as PE
from engine.rulesets.epic.battles import place_bonus
from engine.rulesets.epic.building import long_wall_pairs
from engine.rulesets.epic.raiding import wreckers
from engine.rulesets.epic.sieges import can_begin, start_morale
from engine.rulesets.epic.view import view

from .full_helpers import full
from .helpers import RULES, bare, ids, put, start, threaten

CITY = {n: c.hex for n, c in B.comps().cities.items()}
ARGOS = CITY["Argos"]
FORT = "W3034"


def _joined(side: str = "athens"):
    """Argos and a fort next to it joined by Long Walls, both held by `side`."""
    g = bare()
    s = g.state
    s["forts"][FORT] = side
    s["long_walls"].update({ARGOS: FORT, FORT: ARGOS})
    return g, s


# ------------------------------------------------------------------ building (7.6.5)
def test_long_walls_are_built_from_a_walled_city_to_a_fort(told):
    g = bare()
    s = g.state
    assert ARGOS in B.comps().neighbors(FORT) and B.city_at(s, FORT) is None
    s["forts"][FORT] = "athens"
    u = put(g, "argolid", "hoplite", FORT)[0]  # a unit in either fortress may build
    start(g, "build", [], side="athens")
    assert f"long:{ARGOS}:{FORT}" in ids(g, "athens")
    g.act("athens", f"long:{ARGOS}:{FORT}")
    assert s["treasury"]["athens"] == 22 - 2  # 7.7: 2 talents
    assert s["works"][-1] == {"ends": [ARGOS, FORT], "side": "athens", "unit": u, "hex": FORT,
                              "due": 2}
    g.act("athens", "done")
    assert B.long_walls_partner(s, ARGOS) is None  # 7.7: two seasons
    s["season"] = 2
    start(g, "build", [], side="athens")
    assert B.long_walls_partner(s, ARGOS) == FORT and B.long_walls_partner(s, FORT) == ARGOS
    assert "The Long Walls between Argos and the fort at W3034 are finished (7.6.5)" in told
    assert f"long:{ARGOS}:{FORT}" not in ids(g, "athens")  # joined already


def test_no_long_walls_to_an_enemy_fort_or_open_ground():
    g = bare()
    s = g.state
    put(g, "argolid", "hoplite", ARGOS)
    start(g, "build", [], side="athens")
    longs = [o for o in ids(g, "athens") if o.startswith("long:")]
    assert longs == [f"long:{ARGOS}:{CITY['Nauplia']}"]  # a walled city next door; no fort yet
    s["forts"][FORT] = "sparta"
    start(g, "build", [], side="athens")
    assert [o for o in ids(g, "athens") if o.startswith("long:")] == longs


def test_long_walls_to_a_fort_are_abandoned_when_the_fort_falls_meanwhile(told):
    g = bare()
    s = g.state
    s["forts"][FORT] = "athens"
    put(g, "argolid", "hoplite", ARGOS)
    start(g, "build", [], side="athens")
    g.act("athens", f"long:{ARGOS}:{FORT}")
    s["forts"][FORT] = "sparta"  # taken while the walls go up
    s["season"] = 2
    start(g, "build", [], side="athens")
    assert B.long_walls_partner(s, ARGOS) is None and s["long_walls"].get(ARGOS) is None
    assert "The Long Walls between Argos and the fort at W3034 are abandoned (7.6.5)" in told


# ------------------------------------------------------------------ sieges (10.9)
def test_a_city_joined_to_a_fort_is_besieged_only_with_the_fort():
    g, s = _joined()
    put(g, "laconia", "hoplite", ARGOS, 6)  # enough for a large city (10.3.2)
    assert can_begin(s, "sparta") == []  # the fort is not under siege
    put(g, "corinth", "hoplite", FORT, 2)  # a fort needs two
    assert can_begin(s, "sparta") == [ARGOS, FORT]
    assert start_morale(s, FORT) == 3 + 1  # ours: +1 for Long Walls held by one player


def test_ends_held_by_two_players_are_besieged_apart():
    g, s = _joined()
    s["forts"][FORT] = "sparta"  # Sparta holds the fort: the Long Walls join no one's places
    put(g, "laconia", "hoplite", ARGOS, 6)
    assert can_begin(s, "sparta") == [ARGOS]
    assert start_morale(s, ARGOS) == 6  # 10.3.3: a large city, no Long Walls bonus


# ------------------------------------------------------------------ defence (17.4.4 note)
def test_the_long_walls_bonus_only_when_one_player_holds_both_ends():
    g, s = _joined()
    assert place_bonus(s, FORT, None, True) == (1 + 1, True)  # fort +1, Long Walls +1
    assert place_bonus(s, ARGOS, None, True) == (3 + 1, True)  # large walled city +3
    s["marks"]["Argos"] = "sparta"  # Sparta takes Argos, Athens keeps the fort
    assert B.long_walls_partner(s, FORT) == ARGOS  # the walls stand ...
    assert place_bonus(s, FORT, None, True) == (1, True)  # ... but help no one
    assert place_bonus(s, ARGOS, None, True) == (3, True)


# ------------------------------------------------------------------ destruction (11.3)
def test_a_fort_pulled_down_takes_its_long_walls_down_for_good():
    g, s = _joined()
    hop = put(g, "argolid", "hoplite", FORT)[0]
    threaten(g, FORT)  # offered only where it makes sense (issue 33)
    s["ct"] = 1
    start(g, "raid", [], side="athens")
    assert f"walls:{FORT}" in ids(g, "athens")  # Athens holds both ends (11.3.2)
    g.act("athens", f"walls:{FORT}")
    g.act("athens", "yes")  # asked once more: they stay down for good
    assert FORT not in s["forts"] and s["units"][hop]["raid"] is True
    assert s["long_walls"] == {k: v for k, v in B.start_long_walls().items()}
    s["forts"][FORT] = "athens"  # a new fort: the Long Walls do not come back (7.6.5)
    assert B.long_walls_partner(s, ARGOS) is None


def test_the_fort_end_is_not_pulled_down_while_the_enemy_holds_the_city():
    g, s = _joined()
    s["marks"]["Argos"] = "sparta"
    put(g, "argolid", "hoplite", FORT)
    s["ct"] = 1
    assert wreckers(s, "athens") == []  # 11.3.2


def test_a_captured_fort_may_be_torn_down_only_by_the_holder_of_both_ends(told):
    g, s = _joined()
    s["forts"][FORT] = "sparta"  # just taken by siege
    start(g, "capture", [], hex=FORT, side="sparta")
    assert ids(g, "sparta") == ["keep"]  # Athens still holds Argos (11.3.2)
    s["marks"]["Argos"] = "sparta"
    start(g, "capture", [], hex=FORT, side="sparta")
    assert ids(g, "sparta") == ["keep", "walls"]
    g.act("sparta", "walls")
    assert FORT not in s["forts"] and ARGOS not in s["long_walls"]
    assert "The Long Walls between the fort at W3034 and Argos fall (11.3.1)" in told


def test_a_razed_city_takes_its_long_walls_down():
    g, s = _joined()
    s["marks"]["Argos"] = "sparta"
    start(g, "capture", [], hex=ARGOS, side="sparta")
    g.act("sparta", "raze")
    assert "Argos" in s["razed"] and FORT not in s["long_walls"]
    assert B.long_walls_partner(s, FORT) is None


def test_the_view_shows_the_long_walls():
    _g, s = _joined()
    v = view(s, "sparta")
    assert v["long_walls"][FORT] == ARGOS and v["long_walls"][ARGOS] == FORT


# ------------------------------------------------------------------ old saves
def test_a_game_saved_with_long_walls_by_city_name_loads():
    """Before forts could be ends: 10.9's pairs implied unless in `long_walls_down`, those
    built keyed by city name, works as {city, partner}."""
    g = full()
    s = copy.deepcopy(g.state)
    s["built_walls"] = ["Lechaeum"]
    del s["long_walls"]
    s["long_walls_down"] = ["Megara", "Nisaea"]
    s["long_walls"] = {"Corinth": "Lechaeum", "Lechaeum": "Corinth"}
    s["works"] = [{"city": "Argos", "partner": "Nauplia", "side": "athens", "unit": "u",
                   "hex": ARGOS, "due": 2}, {"city": "Elis", "side": "athens", "due": 1}]
    s = RULES.load(s)
    assert s["long_walls"] == {CITY["Athens"]: CITY["Piraeus"], CITY["Piraeus"]: CITY["Athens"],
                               CITY["Corinth"]: CITY["Lechaeum"],
                               CITY["Lechaeum"]: CITY["Corinth"]}
    assert "long_walls_down" not in s
    assert s["works"] == [{"ends": [ARGOS, CITY["Nauplia"]], "side": "athens", "unit": "u",
                           "hex": ARGOS, "due": 2}, {"city": "Elis", "side": "athens", "due": 1}]
    assert RULES.load(copy.deepcopy(s)) == s  # today's shape is left as it is
    assert B.long_walls_partner(s, CITY["Lechaeum"]) == CITY["Corinth"]


def test_a_new_game_keeps_the_megara_walls_down_in_the_ionian_war():
    s = engine.new_game("epic", "ionian", seed="lw").state
    assert s["long_walls"] == {CITY["Athens"]: CITY["Piraeus"], CITY["Piraeus"]: CITY["Athens"]}


# ------------------------------------------------------------------ the armistice (20.2)
def test_persian_and_sicilian_units_left_in_enemy_regions_leave_the_map():
    g = full()
    s = g.state
    athenian = CITY["Piraeus"]  # in Attica, an Athenian region
    hop = put(g, "boeotia", "hoplite", athenian)[0]
    persian = put(g, "persia-tissaphernes", "light", athenian, side="sparta", morale=3)[0]
    sicilian = put(g, "sicily", "fleet", athenian, side="sparta", morale=5)[0]
    PE.sign(s)
    lines = PE.season_start(s)
    assert s["units"][hop]["where"] == "build"  # 20.2: to its Build Pool
    assert s["units"][persian]["where"] == "dead" and s["units"][sicilian]["where"] == "dead"
    assert s["units"][persian]["hex"] is None and s["units"][sicilian]["hex"] is None
    assert f"{persian} had not left the enemy's lands: back to Tissaphernes, off the map " \
           "for good (20.2)" in lines
    assert f"{sicilian} had not left the enemy's lands: home to Sicily, for good (27.2.1) " \
           "(20.2)" in lines


def test_no_long_walls_across_water():
    """Paros and Naxos are neighbouring hexes with the sea between them (RULINGS.md 64)."""
    g = full(scenario="campaign")
    s = g.state
    paros, naxos = CITY["Paros"], CITY["Naxos"]
    assert naxos in B.comps().neighbors(paros) and naxos not in B.comps().land_neighbors(paros)
    s["built_walls"] = ["Paros", "Naxos"]
    for name in ("Paros", "Naxos"):
        s["marks"][name] = "athens"
    put(g, "attica", "hoplite", paros)
    assert all(B.walled(s, B.comps().cities[n]) for n in ("Paros", "Naxos"))
    assert long_wall_pairs(s, "athens") == []


def test_no_one_pulls_down_a_fortress_the_enemy_masks():
    """11.3.1b takes the whole Campaign Turn; with enemy land units in the hex the work is
    not offered (ruling 81): a fort pulled down under their eyes once left both sides in the
    open (random game `k1000b-three-player:859`)."""
    g, s = _joined()
    put(g, "argolid", "hoplite", FORT)
    threaten(g, FORT)
    s["ct"] = 1
    assert FORT in wreckers(s, "athens")
    put(g, "laconia", "hoplite", FORT)
    assert B.masked(s, FORT) and wreckers(s, "athens") == []
