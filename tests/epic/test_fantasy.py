"""The Spartan "Fantasy" (28.0): set-up, no Athenian tribute, Plataea in revolt (6.5), the
fringe cities Athens may use (28.4.3) and how the game is won (28.5)."""

from __future__ import annotations

import engine
from engine.rulesets.epic import board as B
from engine.rulesets.epic import politics as P
from engine.rulesets.epic.flow import final_victory
from engine.rulesets.epic.helots import modifiers
from engine.rulesets.epic.sieges import capture, enter_revolt
from engine.rulesets.epic.supply import _sources, supplied_areas

from .helpers import ids, play_out, put, start

CITY = {n: c.hex for n, c in B.comps().cities.items()}


def fantasy(seed: str = "test"):
    g = engine.new_game("epic", "spartan-fantasy", seed=seed)
    s = g.state
    for u in s["units"].values():
        u.update(where="pool", hex=None)
    s["flow"].clear()
    return g


def test_28_2_set_up():
    g = engine.new_game("epic", "spartan-fantasy", seed="t")
    s = g.state
    assert (s["year"], s["treasury"]) == (431, {"athens": 230, "sparta": 20})
    assert [r for r, x in s["regions"].items() if x["side"] == "athens"] == ["attica"]
    assert s["regions"]["laconia"]["mult"] == 3
    leaders = s["leaders"]
    assert {n for n, x in leaders.items() if x["where"] == "force"} == \
        {"Archidamus", "Alcidas", "Pericles", "Nicias", "Paches"}
    assert leaders["Diemporus"]["hex"] == CITY["Thebes"]
    # every other leader waits face down (2.2)
    assert "Brasidas" in s["leader_pool"]["sparta"] and "Phormio" in s["leader_pool"]["athens"]
    assert s["bases"] == {CITY["Piraeus"]: "athens", CITY["Naupactus"]: "athens",
                          CITY["Gytheum"]: "sparta", CITY["Cyllene"]: "sparta"}
    assert s["revolts"] == ["Plataea"]
    # the Campaign Force Pools: every unit starts in its pool (28.2.2)
    attica = [u for u in s["units"].values() if u["home"] == "attica"]
    assert len(attica) == 6 + 4 + 8 + 4 + 3 + 3 and all(u["where"] == "pool" for u in attica)


def test_6_5_1_plataea_in_revolt_is_friendly_to_athens():
    g = fantasy()
    s = g.state
    plataea = CITY["Plataea"]
    assert B.holder(s, plataea) == "athens"  # Boeotia's ML 12: friendly to Sparta's enemy
    hop = put(g, "attica", "hoplite", plataea, 1)
    assert hop and B.area_status(s, "boeotia", "athens") == "contested"
    assert enter_revolt(s, plataea, "athens")  # 6.5.2: it takes Athens' side
    assert s["revolts"] == [] and s["marks"]["Plataea"] == "athens"


def test_6_5_taken_back_by_sparta_the_revolt_ends():
    g = fantasy()
    s = g.state
    capture(s, CITY["Plataea"], "sparta")
    assert s["revolts"] == [] and "Plataea" not in s["marks"]
    assert B.holder(s, CITY["Plataea"]) == "sparta"


def test_13_4_a_revolting_city_costs_its_region_1_al_each_season():
    g = fantasy()
    s = g.state
    before = s["regions"]["boeotia"]["al"]
    lines = P.seasonal(s, lambda: 1)  # no die is needed for the revolt
    assert s["regions"]["boeotia"]["al"] == before - 1
    assert any("revolt" in x for x in lines)


def test_28_4_2_athens_collects_no_tribute():
    g = fantasy()
    s = g.state
    s["year"] = 430
    start(g, "year", [])  # no die: no Empire either (22.4.4 is the Argive League's)
    assert s["treasury"]["athens"] == 230
    got = 3 * (3 + 1 + 1 + 2 + 2 + 1 + 1) + 3 * 2  # every Spartan region at x3, Boeotia ours
    lost = 0  # Plataea, revolting, is small (5.4.2)
    assert s["treasury"]["sparta"] == 20 + got - lost


def test_28_4_3_athens_may_use_zacynthus_and_naupactus_and_draw_on_corcyra():
    g = fantasy()
    s = g.state
    allowed = B.play_hexes("spartan-fantasy", "athens")
    assert CITY["Zacynthus"] in allowed and CITY["Naupactus"] in allowed
    assert CITY["Corcyra"] not in allowed  # a supply source only (28.4.3b)
    assert CITY["Corcyra"] not in B.play_hexes("spartan-fantasy", "sparta")
    assert CITY["Corcyra"] in _sources(s, "athens")
    assert "ozolian-locris" in supplied_areas(s, "athens")  # the base at Naupactus


def test_28_5_sparta_wins_if_attica_goes_over_after_the_last_winter():
    g = fantasy()
    s = g.state
    final_victory(s)
    assert (s["result"]["winner"], s["result"]["rule"]) == ("athens", "28.5")
    s["result"] = None
    s["regions"]["attica"]["al"] = -3  # the control check after Winter 429 flips it
    final_victory(s)
    assert s["regions"]["attica"]["side"] == "sparta"
    assert (s["result"]["winner"], s["result"]["rule"]) == ("sparta", "28.5")


def test_28_3_attica_lost_at_a_yearly_start_ends_the_game():
    g = fantasy()
    s = g.state
    s["year"] = 430
    s["regions"]["attica"]["al"] = -3
    start(g, "year", [])
    assert s["result"]["winner"] == "sparta"


def test_a_spartan_fantasy_plays_to_the_end():
    g = engine.new_game("epic", "spartan-fantasy", seed="sf-play")
    play_out(g, "sf")
    assert g.state["result"] is not None


# ------------------------------------------------------------------ 29.0, Helot Uprising
def athenian(seed: str = "test"):
    g = engine.new_game("epic", "athenian-fantasy", seed=seed)
    s = g.state
    for u in s["units"].values():
        u.update(where="pool", hex=None)
    s["flow"].clear()
    return g


def test_29_2_set_up():
    g = engine.new_game("epic", "athenian-fantasy", seed="t")
    s = g.state
    assert s["regions"]["attica"] == {"side": "athens", "al": 20, "ml": 20, "mult": None}
    assert (s["regions"]["laconia"]["al"], s["regions"]["laconia"]["ml"]) == (0, 10)
    assert s["helots"] == []


def test_helot_uprising_modifiers_and_a_failed_call():
    g = athenian()
    s = g.state
    s["regions"]["laconia"]["ml"] = 9
    # no Spartan hoplite on the map and 5 + 3 in the Laconian pool: only the ML counts
    assert [n for n, _ in modifiers(s)] == [1]
    start(g, "helots", [4])
    g.act("athens", "play")  # 4 + 1 = 5: the helots stay quiet, Laconia +2 ML
    assert s["helots"] == [] and s["regions"]["laconia"]["ml"] == 11


def test_helot_uprising_success_marks_every_laconian_city_but_sparta():
    g = athenian()
    s = g.state
    ml = s["regions"]["laconia"]["ml"]
    put(g, "laconia", "hoplite", CITY["Methone"], 1)
    start(g, "helots", [6])
    g.act("athens", "play")
    assert s["helots"] == ["Cythera", "Gytheum", "Methone", "Prasiae"]
    assert CITY["Gytheum"] not in s["bases"]  # no Spartan unit there to keep it
    assert s["regions"]["laconia"]["ml"] == ml - 1  # the first season counts
    # the marked cities count for no one in their Area's status (8.2v)
    assert B.area_presence(s, B.area_of(CITY["Cythera"])) == set()


def test_helot_markers_go_with_a_unit_inside_at_the_seasons_start():
    from engine.rulesets.epic.helots import seasonal

    g = athenian()
    s = g.state
    s["helots"] = ["Cythera", "Methone"]
    put(g, "laconia", "hoplite", CITY["Methone"], 1)
    ml = s["regions"]["laconia"]["ml"]
    seasonal(s)
    assert s["helots"] == ["Cythera"] and s["regions"]["laconia"]["ml"] == ml - 1
    s["helots"] = ["Methone"]
    seasonal(s)
    assert s["helots"] == [] and s["regions"]["laconia"]["ml"] == ml - 1  # none left: no loss


def test_helot_cities_are_not_defended_by_their_garrison_and_athens_walks_in():
    g = athenian()
    s = g.state
    cythera = CITY["Cythera"]
    s["helots"] = ["Cythera"]
    att = put(g, "attica", "hoplite", cythera, 1)
    al = s["regions"]["laconia"]["al"]
    s["attacks"] = [{"hex": cythera, "origin": "cytherian-waters", "units": att, "leaders": [],
                     "storm": True}]
    start(g, "combats", [], side="athens")
    assert B.holder(s, cythera) == "athens" and s["helots"] == []
    assert s["regions"]["laconia"]["al"] == al - 2  # a victory in Laconia (13.4)
    assert ids(g, "athens")[0] == "keep"  # what to do with it (10.7)


def test_29_5_two_spartan_regions_win_for_athens_at_a_yearly_start():
    g = athenian()
    s = g.state
    s["year"] = 430
    for r in ("megarid", "boeotia"):
        s["regions"][r]["al"] = -3
    start(g, "year", [])
    assert (s["result"]["winner"], s["result"]["rule"]) == ("athens", "29.5")


def test_29_5_sparta_wins_by_holding_out():
    g = athenian()
    s = g.state
    final_victory(s)
    assert (s["result"]["winner"], s["result"]["rule"]) == ("sparta", "29.5")


def test_an_athenian_fantasy_plays_to_the_end():
    g = engine.new_game("epic", "athenian-fantasy", seed="af-play")
    play_out(g, "af")
    assert g.state["result"] is not None


def test_the_fantasy_views_hide_the_order_of_the_leader_pools():
    from engine.testing import assert_view_hides

    g = engine.new_game("epic", "spartan-fantasy", seed="hide")
    for seat in ("athens", "sparta", None):
        assert assert_view_hides(g, seat) > 0
    view = g.view("athens")
    assert view["revolts"] == ["Plataea"] and view["helots"] == [] and view["ports_open"] == []
