"""Combat (rules 17.3-17.10, 18.3, 18.6) with fixed dice, the rulebook's three worked
examples among them."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic.battles import mans_the_walls_first, open_battle, retreat_hexes

from .helpers import bare, ids, put, start

ROUGH_SOUTH_OF_THEBES = "W3529"  # 15.5 example: Attic and rough
CLEAR_NEIGHBOUR = "W3430"
PIRAEUS, ATHENS = "W3731", "W3831"


def test_17_3_odds_round_in_the_defenders_favour():
    cols = ["1-4", "1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1", "4-1"]
    assert cols[K.odds_index(5, 3)] == "3-2"  # Example 1, round 1
    assert cols[K.odds_index(4, 3)] == "1-1"  # Example 1, round 2
    assert cols[K.odds_index(5, 2)] == "2-1"  # Example 2
    assert cols[K.odds_index(9, 1)] == "4-1"  # 17.5.1: better than 4-1 uses 4-1
    assert K.odds_index(1, 5) == -1  # 17.5.1: below 1-4 no attack


def test_17_4_3_light_troops_need_one_and_no_more_than_the_hoplites():
    assert K.lights_qualify(["hoplite", "hoplite", "light", "cavalry"]) == 2
    assert K.lights_qualify(["hoplite", "light", "cavalry"]) is None  # more lights
    assert K.lights_qualify(["hoplite", "hoplite"]) is None  # none at all (Example 2, round 3)
    assert K.lights_qualify(["cavalry"]) is None  # no hoplite


def _battle(g, att, origin, hexid, leaders=(), storm=False):
    b = open_battle(g.state, {"hex": hexid, "origin": origin, "units": att,
                              "leaders": list(leaders), "storm": storm}, g.state["units"][att[0]]["side"])
    assert b is not None
    g.state["battle"] = b
    return b


def test_17_10_example_1_boeotians_against_attic_hoplites_in_rough():
    g = bare()
    hexid = ROUGH_SOUTH_OF_THEBES
    dfn = put(g, "attica", "hoplite", hexid, 3)
    att = put(g, "boeotia", "hoplite", hexid, 3) + put(g, "boeotia", "cavalry", hexid, 2)
    b = _battle(g, att, CLEAR_NEIGHBOUR, hexid)
    dfn = b["dfn"]  # the dice go to the units in the battle's order
    assert [b["morale"][u] for u in dfn] == [6, 6, 6]  # 4 + 2 rough
    assert [b["morale"][u] for u in att] == [5] * 5
    dice = [4, 1, 2, 3, 1, 6, 6, 5, 4,   # round 1: 2-1 (light shift), +1/M
            3, 2, 2, 6,                  # round 2: 1-1 shifted to 3-2, D/M
            2, 3, 1, 6, 4, 5, 3]         # round 3: 2-1 shifted to 3-1, M/+2
    start(g, "battle", dice)
    assert b is g.state["battle"]
    assert b["retreat"] == [att[4]]  # one cavalry rolled 6+1
    assert [b["morale"][u] for u in dfn] == [5, 5, 5]
    g.act("sparta", "go")
    g.act("athens", "go")
    assert b["retreat"] == [att[4], dfn[2]]
    assert [b["morale"][u] for u in att[:4]] == [3, 3, 3, 3]
    g.act("sparta", "go")
    g.act("athens", "go")
    # round 3: a Boeotian hoplite dies, the cavalry retreats; one Athenian dies, one retreats
    assert b["dead"] == [att[2], dfn[0]]
    # the record keeps each round's column and shifts as facts (issue 30), not sentences
    crt = [st for r in b["record"]["rounds"] for st in r["steps"] if st["kind"] == "crt"]
    assert [st["facts"]["column"] for st in crt] == ["2-1", "3-2", "3-1"]
    assert [st["dice"] for st in crt] == [[4], [3], [2]]
    assert all(sh["why"] == "lights" for st in crt for sh in st["facts"]["shifts"])
    # Athens must retreat its two survivors: it chooses where (17.7.1)
    options = retreat_hexes(g.state, hexid, "athens")
    assert len(options) > 1
    g.act("athens", options[0])
    s = g.state
    assert s["battle"] is None
    assert {s["units"][u]["hex"] for u in dfn[1:]} == {options[0]}
    assert s["units"][dfn[0]]["where"] == "dead" and s["units"][att[2]]["where"] == "dead"
    assert all(s["units"][u]["hex"] == hexid for u in att if u != att[2])
    # a victory in Attica for Sparta: -2 AL -1 ML, and -1 ML for the Attic hoplite lost
    assert s["regions"]["attica"]["al"] == 18 and s["regions"]["attica"]["ml"] == 18


def test_17_10_example_2_foragers_cut_off_and_the_cavalry_pursuit():
    g = bare()
    hexid = ROUGH_SOUTH_OF_THEBES
    spartans = put(g, "phocis-locris", "hoplite", hexid, 1, morale=4, side="sparta") + \
        put(g, "boeotia", "cavalry", hexid, 1)
    for u in spartans:
        g.state["units"][u]["forage"] = True
    for n in retreat_hexes(g.state, hexid, "sparta"):  # the Athenians cut every road out
        put(g, "phocis-locris", "light", n, 1, morale=3, side="athens")
    att = put(g, "attica", "hoplite", hexid, 3) + put(g, "attica", "light", hexid, 2)
    b = _battle(g, att, CLEAR_NEIGHBOUR, hexid)
    hop, cav = spartans
    assert b["dfn"] == [cav, hop]  # the dice go to the units in the battle's order
    assert not b["def_can_retreat"]
    assert (b["morale"][hop], b["morale"][cav]) == (5, 6)  # -1 foraging, +2 rough
    dice = [1, 2, 4, 5,                   # round 1: 3-1, D/+2; the hoplite checks twice
            3, 5, 3, 2, 5, 4, 5, 1, 5,    # round 2: 3-1, M/+1; the cavalry checks twice
            5, 3, 5,                      # round 3: 2-1, no shifts, M/D
            3, 3, 6, 2]                   # pursuit at 1-1: M
    start(g, "battle", dice)
    assert (b["morale"][hop], b["morale"][cav]) == (3, 5)
    assert [b["morale"][u] for u in att] == [3, 3, 3, 2, 2]
    g.act("athens", "go")
    assert b["dead"] == [att[3], hop]
    assert b["morale"][cav] == 3
    g.act("athens", "go")
    s = g.state
    assert s["battle"] is None
    lost = [u for u in att if s["units"][u]["where"] == "dead"]
    assert lost == [att[1], att[2], att[3]]  # the second hoplite falls in the pursuit
    assert all(s["units"][u]["hex"] == CLEAR_NEIGHBOUR for u in (att[0], att[4]))
    # three Athenian units lost: a decisive Spartan victory in Attica (13.4): -5 AL -2 ML,
    # and -1 ML for each Attic unit lost
    assert s["regions"]["attica"]["al"] == 15
    assert s["regions"]["attica"]["ml"] == 20 - 2 - 3


def test_18_6_example_storming_piraeus_held_by_its_garrison():
    g = bare()
    att = put(g, "boeotia", "hoplite", PIRAEUS, 3)
    g.state["leaders"]["Gylippus"].update(hex=PIRAEUS)  # a "1" leader
    b = _battle(g, att, "W3730", PIRAEUS, leaders=["Gylippus"], storm=True)
    assert b["fortress"] and b["dfn"] == [K.GARRISON]
    assert b["morale"][K.GARRISON] == 6  # 3 + 2 walled medium + 1 Long Walls
    dice = [6, 6,            # round 1: 3-1 shifted to 4-1, D/M: the garrison cannot fail
            4, 2, 2, 5, 6,   # round 2: 4-1, M/+1: 6+1 against 5 fails, but walls hold
            3, 1, 5, 1,      # round 3: 2-1 shifted to 3-1, M/+1
            2]               # Gylippus survives the battle (7.8.6)
    start(g, "battle", dice)
    assert b["morale"][K.GARRISON] == 5 and b["morale"][att[0]] == 4
    g.act("sparta", "go")
    assert b["retreat"] == [att[2]] and b["morale"][K.GARRISON] == 4
    g.act("sparta", "go")
    assert b["retreat"] == [att[2], att[1]] and b["morale"][K.GARRISON] == 3
    g.act("sparta", "off")  # wisdom, the better part of valour
    s = g.state
    assert s["battle"] is None
    assert all(s["units"][u]["hex"] == "W3730" for u in att)
    assert s["regions"]["attica"]["al"] == 20 and s["regions"]["attica"]["ml"] == 20  # capped
    assert s["regions"]["boeotia"]["al"] == 18  # a victory touches only its own region


THEBES = "W3528"


def test_18_6_2_two_wall_defenders_chosen_by_the_defender_then_18_6_5_the_breach():
    g = bare()
    dfn = put(g, "boeotia", "hoplite", THEBES, 3)
    att = put(g, "attica", "hoplite", THEBES, 3) + put(g, "argolid", "hoplite", THEBES, 3, morale=4) \
        + put(g, "attica", "cavalry", THEBES, 1)
    b = _battle(g, att, "W3529", THEBES, storm=True)
    assert mans_the_walls_first(b) and b["waiting_cavalry"] == [att[6]]  # 18.6.3a
    assert b["morale"][dfn[0]] == 5 + 3  # walled large city
    start(g, "battle", [1, 2, 2])
    assert set(ids(g, "sparta")) == set(dfn)
    b["morale"][dfn[0]] = b["morale"][dfn[1]] = 1  # worn down, to see the walls fall
    g.act("sparta", f"{dfn[0]}|{dfn[1]}")
    # 6 against 2 at 3-1 (no light shift at a fortress, 18.6.4), die 1: D/+2; both die
    assert b["dead"] == [dfn[0], dfn[1]]
    assert not b["fortress"]  # 18.6.5: the walls are breached
    assert b["dfn"][-1] == dfn[2] and b["morale"][dfn[2]] == 5 + 2  # unwalled large city
    assert att[6] in b["att"]  # the cavalry join once the walls fall


def test_17_5_2_demoralized_to_zero_must_retreat():
    g = bare()
    s = g.state
    hexid = "W3530"
    dfn = put(g, "attica", "light", hexid, 1)
    att = put(g, "boeotia", "hoplite", hexid, 1)
    b = _battle(g, att, "W3529", hexid)
    b["morale"][dfn[0]] = 1
    from engine.rulesets.epic.combat import apply_result
    apply_result(s, b, "dfn", "D", lambda: 1)
    assert b["retreat"] == dfn


def test_17_9_2_pursuit_against_cavalry_strikes_only_the_cavalry():
    g = bare()
    s = g.state
    hexid = "W3530"
    dfn = put(g, "attica", "cavalry", hexid, 1) + put(g, "attica", "hoplite", hexid, 1)
    att = put(g, "boeotia", "cavalry", hexid, 2)
    b = _battle(g, att, "W3529", hexid)
    b["rounds"] = 2
    from engine.rulesets.epic.combat import pursuit
    dice = iter([1, 6])  # 2-1 column (2 cavalry against 1), die 1: +2; the cavalry rolls 6
    lines = pursuit(s, b, "att", lambda: next(dice))
    assert "column 2-1" in lines[0]
    assert b["dead"] == [dfn[0]]  # 6 + 2 >= 4 - 2 + 3: the cavalry falls
    assert dfn[1] not in b["dead"]  # the hoplite is never touched (17.9.2)


def test_18_3_an_undefended_city_fights_with_its_garrison_and_falls_when_it_dies():
    g = bare()
    s = g.state
    elis = B.comps().cities["Elis"].hex  # medium, unwalled, Athenian
    att = put(g, "laconia", "hoplite", elis, 4, morale=6)
    s["leaders"]["Agis"]["hex"] = elis
    b = _battle(g, att, "W2231" if "W2231" in B.comps().hexes else elis, elis, leaders=["Agis"],
                storm=True)
    assert b["dfn"] == [K.GARRISON] and not b["fortress"]
    assert b["morale"][K.GARRISON] == 3 + 1  # unwalled medium city (ours, data/README.md)
    # 4-1, die 1: D/+3; the garrison rolls 4+3 >= 4+3: eliminated (no retreat: masked)
    start(g, "battle", [1, 4, 2])
    assert s["battle"] is None
    assert B.holder(s, elis) == "sparta" and s["marks"]["Elis"] == "sparta"
    assert set(ids(g, "sparta")) == {"keep", "raze"}  # unwalled: no walls to tear down


def test_10_2_1a_defenders_may_come_out_and_fall_back_inside_the_walls():
    g = bare()
    s = g.state
    argos = B.comps().cities["Argos"].hex
    inside = put(g, "argolid", "hoplite", argos, 2, morale=4)
    att = put(g, "laconia", "hoplite", argos, 2, morale=5)
    s["leaders"]["Agis"]["hex"] = argos
    s["attacks"] = [{"hex": argos, "origin": "W2933", "units": att, "leaders": ["Agis"],
                     "storm": False}]
    start(g, "combats", [], side="sparta")
    assert set(ids(g, "athens")) == set(inside)  # who comes out (10.2.1a)
    # one comes out; 2-1 shifted to 3-2 by Alcibiades (in Argos), die 3: D/M; the Argive
    # rolls 5 against 4 and must fall back; then Agis and Alcibiades roll for their lives
    g.rng.values = [3, 5, 1, 1]
    g.act("athens", inside[0])
    assert "W3033" in ids(g, "athens") and "W2933" not in ids(g, "athens")
    g.act("athens", argos)  # back inside the walls (18.2a)
    assert s["units"][inside[0]]["hex"] == argos
    assert ids(g, "sparta") == ["storm", "mask"]  # then the walls themselves (18.2a)
    g.act("sparta", "mask")
    assert B.masked(s, argos)


def test_10_2_2d_a_city_masked_before_keeps_its_defenders_inside():
    g = bare()
    s = g.state
    argos = B.comps().cities["Argos"].hex
    put(g, "argolid", "hoplite", argos, 1, morale=4)
    put(g, "corinth", "hoplite", argos, 1)  # masking it already
    att = put(g, "laconia", "hoplite", argos, 1, morale=5)
    s["attacks"] = [{"hex": argos, "origin": "W2933", "units": att, "leaders": [],
                     "storm": False}]
    start(g, "combats", [], side="sparta")
    assert ids(g, "sparta") == ["storm", "mask"]  # no sally offered
