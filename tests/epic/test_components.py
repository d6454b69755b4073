"""Epic of the Peloponnesian War: every component fact the rulebook states.

Each test names the rule (or example) that states the fact it checks.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from engine.rulesets.epic.components import load_components
from keryx.cli import app


@pytest.fixture(scope="module")
def c():
    return load_components()


def test_load_is_cached():
    load_components.cache_clear()
    first = load_components()
    assert load_components() is first


# ---------------------------------------------------------------- regions
RULE_1_2_ORDER = ["Achaea", "Elis", "Arcadia", "Argolid", "Corinth", "Laconia", "Epidaurus", "Megarid",
                  "Attica", "Boeotia", "Euboea", "Phocis/Locris", "Aetolia", "Acarnania", "Epirus",
                  "Western Islands", "Thessaly", "Macedon", "Chalcidice", "Thrace", "Hellespont", "Lesbos",
                  "Chios", "Samos", "Rhodes", "Aegean Islands"]
RULE_5_3_2_BTV = {"Acarnania": 2, "Achaea": 1, "Aegean Islands": 3, "Aetolia": 1, "Arcadia": 2, "Argolid": 2,
                  "Attica": 2, "Chalcidice": 2, "Chios": 2, "Corinth": 2, "Elis": 1, "Epidaurus": 1, "Epirus": 1,
                  "Euboea": 2, "Hellespont": 5, "Laconia": 3, "Lesbos": 3, "Macedon": 1, "Megarid": 1,
                  "Phocis/Locris": 2, "Rhodes": 1, "Samos": 3, "Thessaly": 2, "Western Islands": 2}


def test_rule_1_2_the_26_regions(c):
    assert [r.name for r in c.regions.values()] == RULE_1_2_ORDER


def test_rule_5_3_2_base_tribute_values(c):
    by_name = {r.name: r for r in c.regions.values()}
    for name, btv in RULE_5_3_2_BTV.items():
        assert by_name[name].btv == btv and by_name[name].btv_origin == "rulebook", name
    # the two values the printing lost are ours, and say why
    for name in ("Boeotia", "Thrace"):
        assert by_name[name].btv_origin == "keryx" and by_name[name].note


def test_designers_notes_athens_wins_if_nothing_changes(c):
    """Appendix A: the Campaign's starting position is an Athenian victory (33-39 BTV, 23.5)."""
    s = c.scenarios["campaign"]
    athenian = sum(c.regions[r].btv for r, st in s.regions.items() if st.side == "athens")
    level = [v for v in s.victory if (v.min or -99) <= athenian <= (v.max if v.max is not None else 99)]
    assert [(v.side, v.level) for v in level] == [("athens", "victory")]


def test_home_regions_and_capitals(c):
    """3.4, 6.4, 21.1: Attica/Athens and Laconia/Sparta; Boeotia/Thebes and Corinth with 3-4 players."""
    homes = {r.id: r.home_of for r in c.regions.values() if r.home_of}
    assert homes == {"attica": "athens", "laconia": "sparta", "boeotia": "thebes", "corinth": "corinth"}
    capitals = {n: x.capital for n, x in c.cities.items() if x.capital}
    assert capitals == {"Athens": "athens", "Sparta": "sparta", "Thebes": "thebes", "Corinth": "corinth"}


def test_earthquake_peloponnese(c):
    """Appendix C, Earthquake: the Peloponnese is these seven regions (also 9.3.3 example 2)."""
    assert {r.id for r in c.regions.values() if r.peloponnese} == {
        "corinth", "epidaurus", "argolid", "laconia", "arcadia", "elis", "achaea"}


def test_rule_24_3_island_regions_border_nothing(c):
    assert c.region_links["aegean-islands"] == set() and c.region_links["western-islands"] == set()
    for r, links in c.region_links.items():
        for o in links:
            assert r in c.region_links[o]  # symmetric
    # borders the rules lean on: the Peloponnese, the isthmus, Boeotia's neighbours
    assert {"megarid"} <= c.region_links["corinth"]
    assert {"attica", "megarid", "phocis-locris"} <= c.region_links["boeotia"]
    assert {"arcadia", "argolid", "elis"} <= c.region_links["laconia"]


# ---------------------------------------------------------------- cities
def region(c, city):
    return c.region_of_city(city)


@pytest.mark.parametrize("city, reg", [
    ("Lepreum", "elis"), ("Cyllene", "elis"), ("Mantinea", "arcadia"), ("Tegea", "arcadia"),
    ("Argos", "argolid"), ("Corinth", "corinth"), ("Cenchreae", "corinth"), ("Lechaeum", "corinth"),
    ("Sparta", "laconia"), ("Gytheum", "laconia"), ("Methone", "laconia"), ("Cythera", "laconia"),
    ("Megara", "megarid"), ("Nisaea", "megarid"), ("Pagae", "megarid"), ("Athens", "attica"),
    ("Piraeus", "attica"), ("Thebes", "boeotia"), ("Plataea", "boeotia"), ("Thespiae", "boeotia"),
    ("Naupactus", "phocis-locris"), ("Anactorium", "acarnania"), ("Oeniadae", "acarnania"),
    ("Corcyra", "western-islands"), ("Zacynthus", "western-islands"), ("Pharsalus", "thessaly"),
    ("Lamia", "thessaly"), ("Potidaea", "chalcidice"), ("Scione", "chalcidice"), ("Torone", "chalcidice"),
    ("Amphipolis", "thrace"), ("Byzantium", "hellespont"), ("Cyzicus", "hellespont"),
    ("Abydos", "hellespont"), ("Chalcedon", "hellespont"), ("Lampsacus", "hellespont"),
    ("Mytilene", "lesbos"), ("Chios", "chios"), ("Erythrae", "chios"), ("Clazomenae", "chios"),
    ("Teos", "chios"), ("Melos", "aegean-islands"), ("Thera", "aegean-islands"),
])
def test_named_cities_lie_in_the_rulebooks_regions(c, city, reg):
    """Region of every city the rulebook places (7.3.2, 8.3, 22-27 set-ups, 5.4 and 6.5 examples)."""
    assert region(c, city) == reg


def test_corinth_has_exactly_its_three_cities(c):
    """7.3.2 example: Corinthian units are placed only at Corinth, Cenchreae and Lechaeum."""
    assert {n for n in c.cities if region(c, n) == "corinth"} == {"Corinth", "Cenchreae", "Lechaeum"}


def test_stated_city_properties(c):
    x = c.cities
    assert (x["Athens"].size, x["Athens"].walled, x["Athens"].port) == ("L", True, False)  # 17.4.4, 10.9
    assert (x["Piraeus"].size, x["Piraeus"].walled, x["Piraeus"].port) == ("M", True, True)  # 18.6 example
    assert not x["Sparta"].walled  # designers' notes
    assert (x["Potidaea"].size, x["Potidaea"].walled, x["Potidaea"].port) == ("M", True, True)  # 10.8.1
    assert x["Erythrae"].size == "S"  # 5.4 example
    assert not x["Clazomenae"].walled  # 6.5 example
    assert x["Thebes"].size == "L"  # a supply source (9.2.2, 9.3.3 example 1, 15.5 example)
    for walled in ("Mytilene", "Thespiae", "Megara", "Nisaea"):  # 27.2.5 walls destroyed; Long Walls 10.9
        assert x[walled].walled
    for port in ("Lechaeum", "Cenchreae", "Gytheum", "Cyllene", "Naupactus", "Pagae", "Corcyra", "Leucas"):
        assert x[port].port  # 16.8.1, 23.2.5 bases, 9.3.4 example


def test_persian_cities_are_persian(c):
    """1.2: Dascylium, Pergamum, Sardis and Smyrna belong to no region; two satrapies."""
    for name in ("Dascylium", "Pergamum", "Sardis", "Smyrna"):
        area = c.areas[c.cities[name].area]
        assert area.region is None and area.satrapy in ("tissaphernes", "pharnabazus")
    assert c.areas[c.cities["Sardis"].area].satrapy == "tissaphernes"  # Appendix C
    assert c.areas[c.cities["Dascylium"].area].satrapy == "pharnabazus"


def test_every_region_can_place_units(c):
    """7.3.2: units are placed at friendly cities of their own region, so every region has one,
    and every region with fleets in its pools has a port."""
    pools = c._raw["units"]["campaign_pools"]
    for r in c.regions:
        cities = [x for x in c.cities.values() if region(c, x.name) == r]
        assert cities, r
        fleets = any(u["type"] == "fleet" for u in pools[r]["force"] + pools[r]["build"])
        assert not fleets or any(x.port for x in cities), r


# ---------------------------------------------------------------- forage
def test_forage_numbers_attica_and_megarid(c):
    """15.3 example: Megarid FN 4; 15.5 example: Attica, a single Area, FN 7."""
    assert c.region_areas["attica"] == ["attica"] and c.areas["attica"].forage == 7
    assert c.region_areas["megarid"] == ["megarid"] and c.areas["megarid"].forage == 4
    for area in c.areas.values():
        assert (area.forage is not None) == (area.kind == "land")
    # our formula for the other Areas reproduces both stated values
    assert c.areas["attica"].forage_designed == 7 and c.areas["megarid"].forage_designed == 4


def test_thessaly_has_three_areas_with_pharsalus_and_lamia_together(c):
    """8.3 example: three Areas, two with cities, Pharsalus and Lamia in one; 9.3.3 example 1."""
    assert len(c.region_areas["thessaly"]) == 3
    assert c.cities["Pharsalus"].area == c.cities["Lamia"].area
    with_cities = {x.area for x in c.cities.values() if region(c, x.name) == "thessaly"}
    assert len(with_cities) == 2


def test_lesbos_has_two_mainland_areas(c):
    """1.2: a Persian coastal Area lies between the two mainland Areas of Lesbos."""
    assert len(c.region_areas["lesbos"]) == 3


# ---------------------------------------------------------------- leaders
APPENDIX_B = {
    "Alcibiades": (1, 0), "Demosthenes": (1, 1), "Eurymedon": (1, 0), "Nicostratus": (0, 1), "Phormio": (0, 1),
    "Thrasybulus": (0, 1), "Astyochus": (0, 1), "Brasidas": (1, 0), "Callicratidas": (1, 0), "Gylippus": (1, 0),
    "Lysander": (0, 1), "Mindarus": (1, 1), "Pagondas": (1, 0),
}


def test_appendix_b_leaders(c):
    assert Counter(x.side for x in c.leaders.values()) == {"athens": 25, "sparta": 25}
    for name, leader in c.leaders.items():
        assert (leader.land, leader.sea) == APPENDIX_B.get(name, (0, 0)), name
    assert {n for n, x in c.leaders.items() if x.origin == "keryx"} == {"Dercyllidas", "Diemporus"}


def test_phormio_shift_example(c):
    """17.4.2: Phormio shifts a sea battle one column, not a land battle."""
    assert (c.leaders["Phormio"].sea, c.leaders["Phormio"].land) == (1, 0)


# ---------------------------------------------------------------- cards
APPENDIX_C_COUNTS = {
    "alcibiades-switches": 1, "allied-dissent": 8, "allied-unrest": 8, "argos-ends-neutrality": 1,
    "athenian-embassy": 8, "audience-great-king": 1, "carthage-invades": 2, "city-betrayal": 14,
    "consult-oracle": 1, "earthquake": 1, "eclipse": 1, "festival": 1, "helot-uprising": 4, "peace-embassy": 2,
    "perdiccas-switches": 4, "pharnabazus-fleet": 3, "pharnabazus-support": 1, "pharnabazus-troops": 2,
    "plague": 1, "rebellion-possible": 18, "remove-leader": 6, "sacrifices-unfavorable": 2,
    "sicilian-escalation": 4, "sicilian-resolution": 4, "sitalces-invades": 1, "soldiers-plunder": 2,
    "storms-at-sea": 12, "tissaphernes-fleet": 3, "tissaphernes-support": 2, "tissaphernes-troops": 2,
}


def test_rule_1_7_120_cards_by_kind(c):
    assert len(c.cards) == 120  # 1.1, 1.7
    assert Counter(card.kind for card in c.cards) == APPENDIX_C_COUNTS
    assert {k: v.count for k, v in c.card_kinds.items()} == APPENDIX_C_COUNTS
    assert len({card.id for card in c.cards}) == 120


def test_rebellion_faces_name_athenian_regions_with_a_minimum_force(c):
    """Appendix C: the card names its region(s) and a minimum force; Attica never rebels (home)."""
    athenian = {r for r, s in c.scenarios["campaign"].regions.items() if s.side in ("athens", "neutral")}
    for card in c.cards:
        if card.kind == "rebellion-possible":
            assert card.region in athenian - {"attica"} and card.min_force
    # 27.2.6: the Ionian War's three: Euboea, Lesbos, Chios, each with a one-fleet minimum
    by_id = {card.id: card for card in c.cards}
    for region in ("euboea", "lesbos", "chios"):
        assert by_id[f"rebellion-possible-{region}"].min_force == {"fleet": 1}


def test_betrayal_faces_name_large_cities(c):
    """Appendix C: the card names a large city (any small or medium city is always a target)."""
    for card in c.cards:
        if card.kind == "city-betrayal":
            assert c.cities[card.city].size == "L"


def test_storms_open_sea_die(c):
    """Appendix C, Storms at Sea: 1 N Aegean, 2 S Aegean, 3 Carpathian, 4 Crete, 5 S Ionian, 6 N Ionian."""
    dice = {a.name: a.storm_die for a in c.areas.values() if a.kind == "open"}
    assert dice == {"North Aegean Sea": 1, "South Aegean Sea": 2, "Carpathian Sea": 3, "Sea of Crete": 4,
                    "South Ionian Sea": 5, "North Ionian Sea": 6}


# ---------------------------------------------------------------- combat
WORKED_CELLS = [  # (odds, die, attacker, defender, where)
    ("1-1", 3, "M", "M"),  # combat example 2, cavalry pursuit
    ("3-2", 3, "D", "M"),  # example 1, round 2
    ("2-1", 4, "+1", "M"),  # example 1, round 1
    ("2-1", 5, "M", "D"),  # example 2, round 3
    ("3-1", 1, "D", "+2"),  # example 2, round 1
    ("3-1", 2, "M", "+2"),  # example 1, round 3
    ("3-1", 3, "M", "+1"),  # fortress example round 3, example 2 round 2
    ("4-1", 4, "M", "+1"),  # fortress example, round 2
    ("4-1", 6, "D", "M"),  # fortress example, round 1
]


@pytest.mark.parametrize("odds, die, att, dfn", WORKED_CELLS)
def test_crt_reproduces_the_worked_examples(c, odds, die, att, dfn):
    col = next(x for x in c.crt.columns if x.odds == odds)
    assert col.results[die - 1] == (att, dfn)
    assert col.origin[die - 1] == "rulebook"


def test_crt_columns_and_stated_odds(c):
    """17.5.1: 1-4 is the lowest attack, 4-1 the highest column; 17.3 the odds in between."""
    assert [x.odds for x in c.crt.columns] == ["1-4", "1-3", "1-2", "2-3", "1-1", "3-2", "2-1", "3-1", "4-1"]
    assert sum(o == "rulebook" for x in c.crt.columns for o in x.origin) == 9


def test_tables_given_by_the_rulebook(c):
    t = c.tables
    assert t["construction"]["fleet"] == [2, 0] and t["construction"]["walls_large"] == [2, 2]  # 7.7
    assert t["supply_cost"]["fleet_5_6"] == 2 and t["supply_cost"]["home_city_factor"] == 0.5  # 9.4.3
    assert t["siege_units"] == {"S": 2, "fort": 2, "M": 4, "L": 6, "port_needs_fleet": True}  # 10.3.2
    assert t["siege_morale"]["M"]["value"] == 5  # 10.8.1 example
    assert t["defender_morale"]["walled_M"]["value"] + t["defender_morale"]["long_walls_extra"]["value"] == 3
    assert t["defender_morale"]["rough"]["value"] == 2  # 17.10 example 1
    assert t["movement_cost"]["isthmus_portage"]["value"] == 6  # 16.8.1
    assert t["movement_allowance"] == {"hoplite": 3, "light": 3, "cavalry": 5, "leader": 5, "fleet": "6+1d6"}
    assert t["tribute_level_yearly"]["athens_al"]["3"]["value"] == -1  # 5.4 example: x3 costs 1 AL
    assert t["tribute_value_lost"] == {"S": 0, "M": 1, "L": 2}  # 5.4.2
    assert t["peace_yearly"]["al_by_die"] == {"1-2": 0, "3-5": 1, "6-7": 2, "8+": 3}  # 20.2


# ---------------------------------------------------------------- scenarios
def test_scenarios_present(c):
    assert set(c.scenarios) == {"argive-league", "spartan-fantasy", "athenian-fantasy", "campaign",
                                "archidamian", "ionian", "three-player", "four-player"}


def start(s):
    return {r: (x.side, x.al, x.ml, x.multiplier) for r, x in s.regions.items()}


def test_argive_league_setup(c):
    s = c.scenarios["argive-league"]
    assert (s.first_year, s.last_year, s.simplified_turn, s.athens_always_first) == (419, 416, True, True)
    assert s.treasury == {"athens": 22, "sparta": 22} and s.leaders_cap == {"athens": 3, "sparta": 3}
    assert start(s) == {
        "laconia": ("sparta", 20, 20, 2), "arcadia": ("sparta", 5, 9, 1), "achaea": ("sparta", 0, 8, 1),
        "corinth": ("sparta", 4, 8, 2), "epidaurus": ("sparta", 6, 8, 1), "megarid": ("sparta", 15, 14, 2),
        "boeotia": ("sparta", 18, 12, 2), "attica": ("athens", 20, 20, 2), "argolid": ("athens", 10, 8, 2),
        "elis": ("athens", 4, 10, 2)}
    pools = {r: [(u.count, u.type, u.morale) for u in p.force] for r, p in s.pools.items()}
    assert pools["laconia"] == [(4, "hoplite", 6), (3, "hoplite", 5), (1, "fleet", 3)]
    assert pools["attica"] == [(3, "hoplite", 4), (4, "fleet", 6), (2, "cavalry", 4), (2, "light", 3)]
    assert pools["argolid"] == [(1, "hoplite", 6), (6, "hoplite", 4)]
    assert pools["boeotia"][:2] == [(7, "hoplite", 5), (3, "cavalry", 5)]
    assert s.leaders_on_map == {"Gylippus": "Sparta", "Agis": "Sparta", "Ramphias": "Thebes",
                                "Demosthenes": "Athens", "Nicostratus": "Athens", "Alcibiades": "Argos"}
    assert s.leader_pool == {"sparta": ["Astyochus", "Clearchus", "Dercyllidas"],
                             "athens": ["Eurymedon", "Lamachus", "Nicias"]}
    # Pylos: fort and base two hexes north of Methone, a light infantry inside; a hoplite in Nisaea
    assert {(u.hex, u.type, u.morale) for u in s.units_on_map} == {("W2337", "light", 3), ("W3531", "hoplite", 4)}
    assert {(m.kind, m.hex) for m in s.markers if m.hex} == {("fort", "W2337"), ("base", "W2337")}
    assert {(m.side, m.city) for m in s.markers if m.kind == "control"} == {
        ("sparta", "Lepreum"), ("athens", "Nisaea"), ("athens", "Mantinea")}
    levels = {(v.side, v.level): (v.min, v.max) for v in s.victory}
    assert levels == {("athens", "decisive"): (4, None), ("athens", "victory"): (3, 3),
                      ("sparta", "victory"): (2, 2), ("sparta", "decisive"): (None, 1)}
    assert len(s.cards_removed) == len(c.card_kinds)  # no event cards (22.4.1)


def test_campaign_setup(c):
    s = c.scenarios["campaign"]
    assert (s.first_year, s.last_year, s.treasury) == (431, None, {"athens": 230, "sparta": 20})
    st = start(s)
    assert st["attica"] == ("athens", 20, 20, 1) and st["aegean-islands"] == ("athens", 19, 10, 1)
    assert st["chios"] == ("athens", 4, 8, 1) and st["samos"] == ("athens", 12, 9, 1)
    assert st["corinth"] == ("sparta", 20, 16, 1) and st["epirus"] == ("sparta", 8, 6, 1)
    assert st["argolid"][0] == "neutral"
    assert sum(1 for x in st.values() if x[0] == "athens") == 14
    assert sum(1 for x in st.values() if x[0] == "sparta") == 11
    assert s.leaders_on_map == {"Xenocleides": "Corinth", "Diemporus": "Thebes"}
    assert {n for n, r in s.leaders_in_force_pool.items() if r == "attica"} == {
        "Pericles", "Phormio", "Nicias", "Paches", "Eurymedon", "Nicostratus"}
    assert {m.city for m in s.markers if m.kind == "revolt"} == {"Plataea", "Potidaea", "Thera", "Melos"}
    assert {(m.side, m.city) for m in s.markers if m.kind == "base"} == {
        ("athens", "Piraeus"), ("athens", "Naupactus"), ("athens", "Amphipolis"),
        ("sparta", "Gytheum"), ("sparta", "Cyllene")}
    assert set(s.cards_removed) == {"peace-embassy", "carthage-invades", "argos-ends-neutrality", "allied-dissent"}
    assert set(s.cards_added_after_first_deck) == {"peace-embassy", "carthage-invades", "argos-ends-neutrality"}
    levels = {(v.side, v.level): (v.min, v.max) for v in s.victory}
    assert levels[("athens", "victory")][0] == 33 and levels[("none", "stalemate")] == (26, 32)
    assert levels[("sparta", "victory")] == (17, 25) and levels[("sparta", "decisive")] == (None, 16)
    pools = s.pools
    assert [(u.count, u.type, u.morale) for u in pools["attica"].force][:3] == [
        (6, "hoplite", 4), (4, "hoplite", 3), (8, "fleet", 6)]
    assert [(u.count, u.type, u.morale) for u in pools["persia-tissaphernes"].force] == [
        (12, "light", 4), (6, "cavalry", 5), (4, "fleet", 5)]


def test_archidamian_setup(c):
    s = c.scenarios["archidamian"]
    assert s.regions["attica"].al == s.regions["attica"].ml == 15
    assert s.regions["laconia"].al == s.regions["laconia"].ml == 15
    assert {"sicilian-escalation", "sicilian-resolution", "carthage-invades", "argos-ends-neutrality",
            "allied-dissent"} == set(s.cards_removed)
    assert s.first_year - s.last_year + 1 == 10  # 26.3.1: ten years at most


def test_ionian_setup(c):
    s = c.scenarios["ionian"]
    assert (s.first_year, s.last_year, s.treasury) == (412, 405, {"athens": 86, "sparta": 41})
    st = start(s)
    assert st["attica"] == ("athens", 15, 15, 3) and st["chios"] == ("athens", -1, 9, 2)
    assert st["macedon"] == ("athens", 1, 4, 1) and st["argolid"] == ("athens", 3, 5, 1)
    assert st["laconia"] == ("sparta", 12, 11, 3) and st["chalcidice"] == ("sparta", 2, 7, 2)
    assert len(st) == 26
    assert s.starting_hands["sparta"][:3] == ["rebellion-possible-euboea", "rebellion-possible-lesbos",
                                              "rebellion-possible-chios"]
    assert {"sitalces-invades", "plague"} <= set(s.cards_removed)
    assert {(m.kind, m.city) for m in s.markers if m.kind == "destroyed"} == {
        ("destroyed", "Melos"), ("destroyed", "Scione"), ("destroyed", "Plataea")}
    levels = {(v.side, v.level): (v.min, v.max) for v in s.victory}
    assert levels == {("athens", "decisive"): (34, None), ("athens", "victory"): (28, 33),
                      ("none", "draw"): (25, 27), ("sparta", "victory"): (22, 24), ("sparta", "decisive"): (None, 21)}
    assert [(u.count, u.type, u.morale) for u in s.pools["persia-tissaphernes"].force] == [
        (10, "light", 3), (6, "cavalry", 5), (4, "fleet", 5)]


def test_fantasy_setups(c):
    sp, at = c.scenarios["spartan-fantasy"], c.scenarios["athenian-fantasy"]
    for s in (sp, at):
        assert (s.first_year, s.last_year, s.simplified_turn) == (431, 429, True)
        assert s.leaders_cap == {"athens": 3, "sparta": 3}
    assert start(sp)["attica"][:3] == ("athens", 0, 10) and start(sp)["corinth"] == ("sparta", 20, 16, 3)
    assert start(at)["attica"][:3] == ("athens", 20, 20) and start(at)["corinth"] == ("sparta", 15, 10, 1)
    assert "helot-uprising" in sp.cards_removed and "helot-uprising" not in at.cards_removed


def test_multiplayer_setups(c):
    three, four = c.scenarios["three-player"], c.scenarios["four-player"]
    assert three.treasury == {"athens": 230, "sparta": 14, "thebes": 8}
    assert four.treasury == {"athens": 230, "sparta": 8, "thebes": 8, "corinth": 6}
    assert {r for r, x in three.regions.items() if x.side == "thebes"} == {
        "megarid", "boeotia", "phocis-locris", "aetolia"}
    assert {r for r, x in four.regions.items() if x.side == "corinth"} == {"achaea", "corinth", "epirus"}
    assert three.leaders_cap == {"athens": 6, "sparta": 4, "thebes": 3}
    assert "allied-unrest" in three.cards_removed and "allied-dissent" not in three.cards_removed
    four_levels = {(v.side, v.level): (v.min, v.max) for v in four.victory}
    assert four_levels[("thebes", "victory")] == (8, 11) and four_levels[("corinth", "decisive")] == (8, None)
    assert four_levels[("sparta", "victory")] == (12, 17)
    thebes3 = [v for v in three.victory if v.side == "thebes"]
    assert thebes3 and all(v.origin == "keryx" for v in thebes3)  # lost from 24.8: ours, marked


# ---------------------------------------------------------------- command line
def test_keryx_data_epic_prints_the_components():
    res = CliRunner().invoke(app, ["data", "epic"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert {"regions", "areas", "hexes", "cities", "units", "leaders", "cards", "crt", "tables",
            "scenarios"} <= set(data)
    assert len(data["cards"]["cards"]) == 120 and len(data["regions"]) == 26


def test_ionian_build_pools_keep_the_campaign_totals(c):
    """27.2.1: Force Pool + Build Pool + units on the map = the Campaign's units, region by
    region, but the elite units lost at Sphacteria and in Sicily (7.9.1, RULINGS.md 66)."""
    ionian, campaign = c.scenarios["ionian"], c.scenarios["campaign"]
    lost_elite = {("laconia", "hoplite"): 2, ("attica", "fleet"): 8}
    on_map = Counter()
    for u in ionian.units_on_map:
        on_map[(u.region, u.type)] += u.count
    for region in c.regions:
        def count(pools, kind):
            return sum(u.count for u in pools.force + pools.build if u.type == kind)
        for kind in ("hoplite", "light", "cavalry", "fleet"):
            assert count(ionian.pools[region], kind) + on_map[(region, kind)] + lost_elite.get(
                (region, kind), 0) == count(campaign.pools[region], kind), (region, kind)


def test_no_scenario_has_an_elite_unit_in_a_build_pool(c):
    """7.9.1: elite losses are for good, so no Build Pool holds one (RULINGS.md 66)."""
    assert not [(sc.id, r, g) for sc in c.scenarios.values() for r, p in sc.pools.items()
                for g in p.build if g.morale == 6]
