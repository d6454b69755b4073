"""Issue 33's eight departures from the rulebook, each checked from a described position
(the public position API, engine/rulesets/epic/POSITIONS.md) with fixed dice."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
from engine.rulesets.epic import board as B
from engine.rulesets.epic import peace as PE
from engine.rulesets.epic import politics as P
from engine.rulesets.epic import raiding as RA
from engine.rulesets.epic import revolts as RV
from engine.rulesets.epic import sieges as SG
from engine.rulesets.epic.battles import defender_retreats, outside_walls, sea_battle
from engine.rulesets.epic.moves import destinations

from .helpers import ids, start

RULES = engine.ruleset("epic")
CITY = {n: c.hex for n, c in B.comps().cities.items()}
POTIDAEA, PIRAEUS, ATHENS, DECELEA = CITY["Potidaea"], CITY["Piraeus"], CITY["Athens"], "W3729"


def position(**p):
    """A described position; with no `start`, the board alone (no procedure running)."""
    p.setdefault("start", None)
    return RULES.from_position(p, seed="departures")


# ------------------------------------------------------------------ the position API
def test_a_position_sets_the_board_and_starts_where_it_is_told():
    g = position(scenario="campaign", clear=True, season=1, ct=1,
                 units=[{"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 2}],
                 leaders={"Archidamus": "Sparta"}, regions={"attica": {"al": 2}},
                 treasury={"sparta": 9}, start="raid", args={"side": "sparta"})
    s = g.state
    on_map = [x for x in s["units"].values() if x["where"] == "map"]
    assert [(x["home"], x["type"], x["hex"]) for x in on_map] == [
        ("laconia", "hoplite", CITY["Sparta"])] * 2
    assert s["leaders"]["Archidamus"]["hex"] == CITY["Sparta"]
    assert (s["season"], s["ct"], s["regions"]["attica"]["al"], s["treasury"]["sparta"]) == (
        1, 1, 2, 9)
    assert g.prompts() == [] and s["flow"] == []  # nothing to raid at home (15.2): done


@pytest.mark.parametrize("scenario", sorted(RULES.scenarios))
def test_a_position_naming_only_its_scenario_is_the_scenarios_start(scenario):
    g = RULES.from_position({"scenario": scenario}, seed="same")
    assert g.state == engine.new_game("epic", scenario, seed="same").state


@pytest.mark.parametrize(("bad", "why"), [
    ({"units": [{"home": "laconia", "type": "hoplite", "at": "Atlantis"}]}, "Atlantis"),
    ({"regions": {"sicily": {"al": 1}}}, "sicily"),
    ({"colour": "red"}, "colour"),
    ({"leaders": {"Nobody": "Sparta"}}, "Nobody"),
    ({"units": [{"home": "laconia", "type": "hoplite", "at": "saronic-gulf"}]},
     "at sea"),  # a land unit at sea with no fleet: the invariants refuse it
])
def test_a_position_that_breaks_the_rules_is_refused_with_the_reason(bad, why):
    with pytest.raises(IllegalAction, match=why):
        position(scenario="campaign", clear=True, **bad)


def test_a_positions_fixed_dice_come_before_the_seeded_ones():
    g = position(scenario="campaign", clear=True, ct=1, dice=[6, 1],
                 state={"sieges": {}}, start="raid", args={"side": "sparta"})
    assert g.state["dice"] == [6, 1]  # nothing rolled yet


# ------------------------------------------------------------------ 1. 16.3.2
def test_16_3_2_a_hoplite_crosses_three_friendly_areas():
    """From Sparta (3 MP) a hoplite reaches every hex of the Megarid (Laconia, Mantinice,
    Corinthia, Megarid: 1 MP an Area) and of Elis (by West Arcadia or Achaea); shifting
    within its own Area costs 1."""
    g = position(scenario="campaign", clear=True, ct=1,
                 units=[{"home": "laconia", "type": "hoplite", "at": "Sparta"}],
                 start="raid", args={"side": "sparta"})
    s = g.state
    reach = destinations(s, "sparta", CITY["Sparta"], ["laconia-hoplite-1"], [])
    c = B.comps()
    for area in ("megarid", "elis"):
        hexes = [h for h in c.area_hexes[area] if h in B.allowed(s, "sparta")]
        assert hexes and all(h in reach and reach[h].cost <= 3 for h in hexes), area
    laconia = [h for h in c.area_hexes["laconia"] if h != CITY["Sparta"]]
    assert all(reach[h].cost <= 1 for h in laconia)
    assert all(reach[h].cost <= 1 for h in c.area_hexes["mantinice"])


# ------------------------------------------------------------------ 2. 10.3.2
def _potidaea(units, **more):
    return position(scenario="campaign", clear=True, season=2,
                    units=[{"home": "attica", "type": t, "at": "Potidaea", "n": n}
                           for t, n in units], **more)


def test_10_3_2_a_port_needs_its_land_units_plus_a_fleet():
    """10.8.1's example: "4 units plus a fleet" besiege medium Potidaea, "these 5 units"."""
    short = _potidaea([("hoplite", 3), ("fleet", 1)])
    assert POTIDAEA not in SG.can_begin(short.state, "athens")
    enough = _potidaea([("hoplite", 4), ("fleet", 1)])
    assert POTIDAEA in SG.can_begin(enough.state, "athens")
    no_fleet = _potidaea([("hoplite", 5)])
    assert POTIDAEA not in SG.can_begin(no_fleet.state, "athens")


def test_10_9_the_piraeus_hex_takes_five_units_one_a_fleet():
    units = [{"home": "laconia", "type": "hoplite", "at": "Piraeus", "n": 4, "side": "sparta"}]
    g = position(scenario="campaign", clear=True, units=units + [
        {"home": "laconia", "type": "fleet", "at": "Piraeus", "side": "sparta"}])
    s = g.state
    assert SG.enough(s, PIRAEUS, "sparta")
    hoplite = next(u for u in B.units_at(s, PIRAEUS) if s["units"][u]["type"] == "hoplite")
    s["units"][hoplite].update(where="pool", hex=None)
    assert not SG.enough(s, PIRAEUS, "sparta")  # 3 hoplites and a fleet: 4 units


def test_10_6_and_10_8_1_upkeep_and_breaking_count_the_same_five(told):
    g = _potidaea([("hoplite", 3), ("fleet", 1)],
                  state={"sieges": {POTIDAEA: {"by": "athens", "morale": 4, "initial": 5}}})
    s = g.state
    assert SG.upkeep(s, "athens") and s["sieges"][POTIDAEA]["morale"] == 5  # 10.6
    start(g, "sieges", [], side="athens", i=1)  # the Siege stage's rolls (10.5)
    assert POTIDAEA not in s["sieges"]  # 10.8.1: broken, no roll
    assert any("broken" in line for line in told[-3:])


# ------------------------------------------------------------------ 3. 6.5.3
def test_6_5_3_besiegers_outside_the_walls_do_not_end_a_revolt():
    """10.8.1: Athens' siege of revolting Potidaea goes on into the next season."""
    g = _potidaea([("hoplite", 4), ("fleet", 1)],
                  state={"sieges": {POTIDAEA: {"by": "athens", "morale": 5, "initial": 5}}})
    s = g.state
    assert "Potidaea" in s["revolts"] and B.holder(s, POTIDAEA) == "sparta"
    RV.season_start(s)
    assert "Potidaea" in s["revolts"] and POTIDAEA in s["sieges"]
    start(g, "sieges", [3], side="athens", i=1)  # 3 against morale 5: it holds
    assert s["sieges"][POTIDAEA]["morale"] == 4  # the example's "Siege 4" marker


def test_6_5_3_units_that_stayed_inside_do_end_it():
    g = _potidaea([("hoplite", 1)])
    s = g.state
    s["revolts"].remove("Potidaea")
    RV.revolt(s, "Potidaea")  # with an Athenian hoplite inside (6.5.4)
    s["season"] += 2
    assert RV.season_start(s) and "Potidaea" not in s["revolts"]


# ------------------------------------------------------------------ 4. 13.4
def test_13_4_an_army_alone_in_attica_is_unopposed_whatever_its_cities():
    g = position(scenario="campaign", clear=True,
                 units=[{"home": "laconia", "type": "hoplite", "at": "W3529", "n": 3}],
                 leaders={"Archidamus": "W3529"})
    s = g.state
    al = s["regions"]["attica"]["al"]
    lines = [x for x in P.seasonal(s, lambda: 4) if x.startswith("attica")]
    assert lines == ["attica: enemy units unopposed in attica, die 4: -1 AL (13.4)"]
    assert s["regions"]["attica"]["al"] == al - 1


def test_13_4_a_friendly_unit_in_the_area_opposes_it():
    g = position(scenario="campaign", clear=True,
                 units=[{"home": "laconia", "type": "hoplite", "at": "W3529", "n": 3},
                        {"home": "attica", "type": "hoplite", "at": "Athens"}],
                 leaders={"Archidamus": "W3529"})
    s = g.state
    al = s["regions"]["attica"]["al"]
    assert not [x for x in P.seasonal(s, lambda: 4) if x.startswith("attica")]
    assert s["regions"]["attica"]["al"] == al


# ------------------------------------------------------------------ 5. 15.1
def test_15_1_the_decelea_garrison_raids_attica_and_stands_outside():
    g = position(scenario="ionian", ct=1, start="raid", args={"side": "sparta"})
    s = g.state
    assert B.holder(s, DECELEA) == "sparta" and s["units"]["boeotia-hoplite-22"]["hex"] == DECELEA
    assert DECELEA in ids(g, "sparta")
    ml = s["regions"]["attica"]["ml"]
    g.act("sparta", DECELEA)
    assert s["units"]["boeotia-hoplite-22"]["raid"] and s["regions"]["attica"]["ml"] == ml - 1
    assert s["raided"]["attica"] == 1
    assert outside_walls(s, DECELEA, "sparta") == ["boeotia-hoplite-22"]  # in the open


def test_15_1_a_garrison_shut_in_by_enemies_does_not_raid():
    g = position(scenario="ionian", ct=1,
                 units=[{"home": "attica", "type": "hoplite", "at": DECELEA}])
    assert DECELEA not in RA.raiders(g.state, "sparta")


def test_15_1_attackers_find_the_raiders_outside_the_fort(told):
    g = position(scenario="ionian", ct=1,
                 units=[{"home": "attica", "type": "hoplite", "at": "W3730", "n": 2}],
                 leaders={"Thrasybulus": "W3730"})
    s = g.state
    s["units"]["boeotia-hoplite-22"]["raid"] = True
    att = [u for u, x in s["units"].items() if x["home"] == "attica" and x["where"] == "map"]
    for u in att:
        s["units"][u]["hex"] = DECELEA
    s["leaders"]["Thrasybulus"]["hex"] = DECELEA
    s["attacks"] = [{"hex": DECELEA, "origin": "W3730", "units": att,
                     "leaders": ["Thrasybulus"], "storm": False}]
    # no question who comes out: the raider stands outside; 1-1 with the leader's shift,
    # the dice only decide the fight in the open
    start(g, "combats", [6, 6, 6, 6, 6, 6, 6, 6], side="athens")
    log = "\n".join(told)
    assert "boeotia-hoplite-22, building Long Walls or raiding, stands outside the walls" in log
    assert "Boeotian hoplite 22 demoralized" in log  # fought in the open: no fortress


# ------------------------------------------------------------------ 6. 17.7.1b, 17.7.8
def test_17_7_1b_a_fleet_beaten_at_sea_may_retreat_to_the_coast():
    """An Athenian fleet in the Saronic Gulf, attacked from the Sunian waters, has no sea
    to fall back to, but Piraeus is next to it."""
    g = position(scenario="campaign", clear=True,
                 units=[{"home": "attica", "type": "fleet", "at": "saronic-gulf"},
                        {"home": "corinth", "type": "fleet", "at": "saronic-gulf", "n": 2}],
                 leaders={"Alcidas": "saronic-gulf"})
    s = g.state
    att = [u for u, x in s["units"].items() if x["home"] == "corinth" and x["where"] == "map"]
    b = sea_battle(s, {"hex": "saronic-gulf", "origin": "sunian-waters", "units": att,
                       "leaders": ["Alcidas"], "storm": False}, "sparta")
    assert b is not None and b["def_can_retreat"]
    assert PIRAEUS in defender_retreats(s, b)


def test_17_7_8_the_beaten_fleet_goes_ashore_at_piraeus():
    g = position(scenario="campaign", clear=True,
                 units=[{"home": "attica", "type": "fleet", "at": "saronic-gulf", "morale": 4},
                        {"home": "corinth", "type": "fleet", "at": "saronic-gulf", "n": 2}],
                 leaders={"Alcidas": "saronic-gulf"})
    s = g.state
    fleet = next(u for u in B.units_at(s, "saronic-gulf", "athens"))
    att = B.units_at(s, "saronic-gulf", "sparta")
    s["attacks"] = [{"hex": "saronic-gulf", "origin": "sunian-waters", "units": att,
                     "leaders": ["Alcidas"], "storm": False, "sea": True}]
    # 2-1, die 1: D/+2; the Athenian rolls 4+2 against 4 and must retreat; Alcidas lives
    start(g, "combats", [1, 4, 1], side="sparta")
    assert PIRAEUS in ids(g, "athens") and "sunian-waters" not in ids(g, "athens")
    g.act("athens", PIRAEUS)
    assert s["units"][fleet]["hex"] == PIRAEUS and g.check_invariants() == []


# ------------------------------------------------------------------ 7. 20.3
def _peace(**more):
    g = position(scenario="campaign", clear=True, **more)
    PE.sign(g.state)
    g.state["peace"]["restrict"] = False  # the year after the signing
    return g


def test_20_3_a_battle_in_attica_with_laconian_hoplites_is_two_grievances():
    g = _peace(units=[{"home": "laconia", "type": "hoplite", "at": "W3729", "n": 2},
                      {"home": "attica", "type": "hoplite", "at": "W3730"}],
               leaders={"Archidamus": "W3729"})
    s = g.state
    att = [u for u, x in s["units"].items() if x["home"] == "laconia" and x["where"] == "map"]
    for u in att:
        s["units"][u]["hex"] = "W3730"
    s["leaders"]["Archidamus"]["hex"] = "W3730"
    s["attacks"] = [{"hex": "W3730", "origin": "W3729", "units": att,
                     "leaders": ["Archidamus"], "storm": False}]
    start(g, "combats", [1] * 20, side="sparta")
    PE.season_start(s)
    p = s["peace"]
    assert p["grievances"]["athens"] == ["battle:attica", "home-troops:attica"]
    assert p["violations"]["athens"] == ["a battle begun", "units in enemy regions"]
    assert p["grievances"]["sparta"] == [] and p["violations"]["sparta"] == []


def test_20_3_razing_a_large_city_is_three_grievances_besides_its_capture():
    g = _peace()
    s = g.state
    h = CITY["Byzantium"]  # the Hellespont's large city, Athenian
    SG.capture(s, h, "sparta")  # taken by storm or surrender
    start(g, "capture", [], hex=h, side="sparta")
    g.act("sparta", "raze")
    assert s["peace"]["griefs"]["athens"] == ["captured:Byzantium"] + ["destroyed:Byzantium"] * 3


def test_20_3_no_roll_without_a_violation_and_a_failed_roll_keeps_the_peace():
    g = _peace()
    s = g.state
    PE.season_start(s)
    from engine.rulesets.epic import events as E

    assert E.peace_choices(s, "athens") == []
    PE.breach(s, "sparta", "an interception")  # a violation, but no grievance (20.3)
    PE.season_start(s)
    assert [o.id for o in E.peace_choices(s, "athens")] == ["grievance", "no"]
    assert PE.grievance(s, "athens", 5)[0].endswith("= 5: the peace holds (20.3)")
    assert PE.at_peace(s)


# ------------------------------------------------------------------ 8. 27.2.1
def test_27_2_1_the_ionian_sicilian_fleets_come_into_the_sicily_box_one_a_season():
    g = position(scenario="ionian", start="place", args={"side": "sparta"})
    s = g.state
    opts = ids(g, "sparta")
    assert "sicilian-fleet" in opts and not [o for o in opts if o.startswith("place:sicily")]
    g.act("sparta", "sicilian-fleet")
    fleets = [u for u, x in s["units"].items() if x["home"] == "sicily"]
    assert [s["units"][u]["where"] for u in fleets].count("sicily") == 1
    assert "sicilian-fleet" not in ids(g, "sparta")  # one a Seasonal Turn


# ------------------------------------------------------------------ rulings 46, 56 and 6.2
def _calm(scenario="campaign"):
    """Every Athenian region out of the risk zone: no Spartan revolt check comes first."""
    regions = engine.new_game("epic", scenario, seed="calm").state["regions"]
    return {r: {"al": max(x["al"], 4)} for r, x in regions.items() if x["side"] == "athens"}


def test_6_2_the_tested_city_does_not_count_itself_among_the_revolting():
    """Athens' voluntary check ends a revolt on "1 or lower": a 1 with no other modifier."""
    g = position(scenario="campaign", regions=_calm(), state={"revolts": ["Chalcis"]},
                 dice=[1], start="revolts")
    s = g.state
    assert RV.modifiers(s, "euboea", "Chalcis") == []
    g.act("athens", "Chalcis")
    assert "Chalcis" not in s["revolts"] and s["dice"] == []


def test_6_3_an_assessment_below_the_btv_adds_one_as_printed():
    g = position(scenario="campaign", regions={"euboea": {"mult": 0, "al": 2}})
    assert (1, "assessed below its BTV") in RV.modifiers(g.state, "euboea", "Chalcis")


def test_festival_units_may_move_inside_their_region_but_not_leave_it():
    """The card: the region's units "may not leave that region" in the first Campaign Turn;
    moving within it is not forbidden."""
    g = position(scenario="campaign", clear=True, ct=1,
                 units=[{"home": "laconia", "type": "hoplite", "at": "Sparta"},
                        {"home": "arcadia", "type": "hoplite", "at": "Sparta"},
                        {"home": "laconia", "type": "fleet", "at": "Gytheum"}])
    s = g.state
    s["cards"]["season"] = {"festival": ["laconia"]}
    start(g, "campaign", [], i=0)
    home, guest = "laconia-hoplite-1", "arcadia-hoplite-1"
    fleet = next(u for u in B.units_at(s, CITY["Gytheum"]))
    assert not s["units"][home]["moved"] and s["units"][fleet]["moved"]  # ships go to sea
    inside = destinations(s, "sparta", CITY["Sparta"], [home], [])
    assert inside and all(B.region_of_hex(h) == "laconia" for h in inside)
    away = destinations(s, "sparta", CITY["Sparta"], [guest], [])
    assert any(B.region_of_hex(h) != "laconia" for h in away)  # other regions' units go


def test_27_2_1_a_fleet_sent_out_of_the_box_does_not_use_the_seasons_placement():
    g = position(scenario="ionian", season=1, start="place", args={"side": "sparta"},
                 units=[{"home": "sicily", "type": "fleet", "where": "sicily"}])
    s = g.state
    out = next(u for u, x in s["units"].items() if x["where"] == "sicily")
    g.act("sparta", f"leave:{out}:north-ionian")  # 19.2: out at the first Campaign Turn
    assert s["units"][out]["where"] == "leaving"
    g.act("sparta", "sicilian-fleet")  # the season's one placement (27.2.1)
    assert sorted(x["where"] for x in s["units"].values() if x["home"] == "sicily") == [
        "leaving", "pool", "pool", "sicily"]
