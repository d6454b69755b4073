"""Hellenes component data: cities, the 106 blocks, the 55 cards and the four set-ups.

Each test states facts of the rulebook (rule numbers) or of the public facts sheet
(data/README.md cites its sources) and checks our data honours them.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from engine.rulesets.hellenes import components as comp
from engine.rulesets.hellenes.components import load_components


@pytest.fixture(scope="module")
def c():
    return load_components()


def test_load_is_cached():
    load_components.cache_clear()
    first = load_components()
    assert load_components() is first


def _raw():
    read = lambda n: json.loads((comp.DATA / n).read_text(encoding="utf-8"))  # noqa: E731
    m, ci, b, k = read("map.json"), read("cities.json"), read("blocks.json"), read("cards.json")
    return {"areas": m["areas"], "deep_borders": m["deep_borders"], "narrows": m["narrows"],
            "grain_seas": m["grain_seas"], "cities": ci["cities"], "towns": ci["towns"],
            "nationalities": read("nationalities.json")["nationalities"], "blocks": b["blocks"],
            "garrisons": b["garrisons"], "markers": b["markers"], "cards": k["cards"],
            "olympians": k["olympians"], "setups": read("setups.json")["setups"]}


def test_validation_rejects_broken_data():
    """Loading checks cross-references, not only field types."""
    comp.HellenesData.model_validate(_raw())
    bad = _raw()
    bad["areas"][0] = bad["areas"][0] | {"adjacent": bad["areas"][0]["adjacent"] + ["LIP"]}
    with pytest.raises(ValidationError, match="not symmetric"):
        comp.HellenesData.model_validate(bad)
    bad = _raw()
    bad["setups"]["431"]["units"]["athens"]["A1"]["strength"] = 4
    bad["setups"]["431"]["units"]["athens"]["A6"]["strength"] = 3  # Plataeans top out at 2
    with pytest.raises(ValidationError, match="A6 at 3"):
        comp.HellenesData.model_validate(bad)
    bad = _raw()
    athens = next(x for x in bad["cities"] if x["name"] == "Athens")
    athens["offshore"] = None
    with pytest.raises(ValidationError, match="Offshore Sea"):
        comp.HellenesData.model_validate(bad)


# ---------------------------------------------------------------- cities (1.3, 2.3 sidebar)
SUBJECTS = {  # the 5th-page sidebar: region -> {city: (value, port)}
    "Euboea": {"Chalcis": (3, True), "Eretria": (2, False)},
    "Chalcidice": {"Potidea": (2, True), "Torone": (2, True), "Stagira": (1, False)},
    "Thrace": {"Amphipolis": (3, True), "Abdera": (1, True), "Maronea": (2, False)},
    "Propontis": {"Byzantium": (3, True), "Abydos": (2, True), "Cyzicus": (1, False), "Sestos": (1, False)},
    "Ionia": {"Miletus": (2, True), "Ephesus": (3, True), "Cyme": (2, False), "Erythrae": (1, False),
              "Cnidus": (1, True)},
    "Sporades": {"Samos": (3, True), "Rhodes": (2, True)},
    "Cyclades": {"Naxos": (2, True), "Andros": (1, True)},
    "Western Islands": {"Cephallenia": (1, False), "Zacinthos": (1, False)},
    "Aeolian Islands": {"Chios": (3, True), "Lesbos": (2, True)},
}


def test_the_24_subject_and_aeolian_cities_exactly(c):
    listed = {}
    for region, cities in SUBJECTS.items():
        for name, (value, port) in cities.items():
            city = c.cities[name]
            assert (city.value, city.port, city.subject_region) == (value, port, region), name
            assert city.loyalty == "athens"
            listed[name] = region
    # the sidebar lists 23 subject cities and 2 Aeolian ones: 25 (issue #14 said 24)
    assert len(listed) == 25 and Counter(listed.values())["Aeolian Islands"] == 2
    # nobody else belongs to a subject region
    assert {n for n, x in c.cities.items() if x.subject_region} == set(listed)
    totals = {r: sum(v for v, _ in cs.values()) for r, cs in SUBJECTS.items()}
    assert totals == {"Euboea": 5, "Chalcidice": 5, "Thrace": 6, "Propontis": 7, "Ionia": 9,
                      "Sporades": 5, "Cyclades": 3, "Western Islands": 2, "Aeolian Islands": 5}


def test_rule_1_32_nationalities_of_athens_subjects_and_aeolians(c):
    """Subject cities are light blue, not Attica's blue; Chios and Lesbos are Aeolian."""
    for x in c.cities.values():
        if x.subject_region and x.subject_region != "Aeolian Islands":
            assert x.nationality == "subject"
    assert c.cities["Chios"].nationality == c.cities["Lesbos"].nationality == "aeolian"
    assert c.home_cities("attica") == ("Athens", "Platea")
    assert c.cities["Corinth"].nationality != c.cities["Sparta"].nationality  # orange vs red


def test_values_the_rulebook_implies(c):
    v = {n: x.value for n, x in c.cities.items()}
    assert v["Thebes"] == 4  # Decelea: capacity 12 is triple its value (12.12)
    assert c.cities["Thebes"].capacity(peace=True) == 12
    assert v["Platea"] + v["Amphipolis"] == 4  # Sicily rule 4: Spartan Tribute 4
    assert v["Leucas"] + v["Pylos"] == 3  # Athenian Tribute 3
    assert v["Stratus"] == 1  # 9.213 example


def test_rule_1_3_capacity(c):
    for x in c.cities.values():
        assert x.capacity() == 2 * x.value and x.capacity(peace=True) == 3 * x.value


def test_loyalties_the_rulebook_names(c):
    for name in ("Corinth", "Sparta", "Thebes", "Pella", "Pylos", "Leucas", "Messenia"):
        assert c.cities[name].loyalty == "sparta", name
    for name in ("Athens", "Platea", "Stratus", "Naupactus", "Corcyra"):
        assert c.cities[name].loyalty == "athens", name
    for name in ("Syracuse", "Messana", "Rhegium", "Acragas", "Gela", "Lipara"):
        assert c.areas[c.cities[name].area].region == "sicily"


def test_barbarian_towns(c):
    """Macedonian towns other than Pella (4.22), Odrysia, Persia's Lydia and Phrygia (13.2)."""
    assert len(c.home_towns("macedonia")) >= 2 and "Pella" not in c.home_towns("macedonia")
    assert c.home_towns("odrysia") and c.home_towns("sicel")
    assert {c.towns[t].area for t in c.home_towns("persia")} == {"LYD", "PHR"}
    for t in c.towns.values():
        assert t.area not in c.city_in  # a town is never in a CityState


# ---------------------------------------------------------------- blocks (2.0)
def test_106_blocks_50_athens_56_sparta(c):
    sides = Counter(b.side for b in c.blocks.values())
    assert sides == {"athens": 50, "sparta": 56}


def test_rule_2_1_id_bands(c):
    for side in ("athens", "sparta"):
        numbers = sorted(b.number for b in c.blocks.values() if b.side == side)
        assert numbers[:40] == list(range(1, 41))
    assert sorted(b.number for b in c.blocks.values() if b.ids == "41-46") == list(range(41, 47))
    assert {b.side for b in c.blocks.values() if b.ids == "41-46"} == {"sparta"}
    for b in c.blocks.values():
        assert b.sicilian == (b.ids == "47+"), b.id  # Sicilians are the 47+ band
        assert b.number <= 60


def test_rule_12_13_persians_and_improved_fleets(c):
    band = [c.blocks[f"S{n}"] for n in range(41, 47)]
    assert all(b.entry == "persian-aid" for b in band)
    assert {b.nation for b in band if b.type != "fleet"} == {"persia"}
    assert all(b.barbarian for b in band if b.type != "fleet")
    assert [b.sea_rating for b in band if b.type == "fleet"] == ["E1", "E1", "E1"]
    assert not [b for b in c.blocks.values() if b.sea_rating == "E1" and b.number not in range(41, 47)]


def test_odrysia_is_37(c):
    b = c.blocks["A37"]
    assert (b.name, b.side, b.type, b.rating, b.barbarian, b.entry) == (
        "Odrysia", "athens", "cavalry", "A3", True, "no-leader")


def test_exactly_two_units_of_power_3(c):
    """Facts sheet a-3 (CSW-1): only two units in the game have power 3."""
    assert sorted(b.id for b in c.blocks.values() if b.power == 3) == ["A37", "S25"]


def test_rule_2_2_ratings_by_type(c):
    by_type = {}
    for b in c.blocks.values():
        by_type.setdefault(b.type, []).append(b)
    hoplites = by_type["hoplite"]
    elite = sorted((b.max_strength for b in hoplites if b.agility != "C"), reverse=True)
    assert elite == [4, 3, 2, 2]  # Lacedaemon's four elite B2 (CSW-2)
    assert all(b.elite and b.rating == "B2" and b.nation == "lacedaemon" for b in hoplites if b.agility != "C")
    for b in by_type["infantry"]:
        assert b.rating == "B1" or b.barbarian, b.id  # infantry B1 (2.24) except barbarians
    barb_inf = Counter(b.rating for b in by_type["infantry"] if b.barbarian)
    assert barb_inf["B2"] == 1 and barb_inf["C2"] >= 2 and set(barb_inf) == {"B2", "C2"}
    assert all(b.rating == "A1" and b.max_strength <= 2 for b in by_type["archers"])  # 2.22
    cav = {b.id: b.rating for b in by_type["cavalry"] if b.rating != "A1"}
    assert cav == {"A37": "A3", "S50": "A2"}  # Odrysian and Syracusan exceptions (2.23, CSW-2)
    for b in by_type["fleet"]:
        assert b.rating == "D1" and b.sea_agility in "EF" and b.sea_power in (1, 2)  # 2.26


def test_attica_roster_as_published(c):
    """Facts sheet a-3 (CSW-4): Attica's 25 blocks."""
    attica = [b for b in c.blocks.values() if b.nation == "attica"]

    def strengths(kind, rating):
        return sorted((b.max_strength for b in attica if b.type == kind and
                       (b.sea_rating or b.rating) == rating), reverse=True)

    assert len(attica) == 25
    assert strengths("hoplite", "C2") == [4, 3, 3, 2, 2, 2]
    assert strengths("infantry", "B1") == [4, 3, 2, 2, 2]
    assert strengths("archers", "A1") == [2] and strengths("cavalry", "A1") == [2]
    assert strengths("fleet", "E2") == [4, 4, 3, 3, 2, 2, 2, 2]
    assert strengths("fleet", "F2") == [4, 3, 2, 2]
    assert all(b.elite for b in attica if b.sea_rating == "E2")  # No Quarter's "elite (E2)"


def test_named_units(c):
    blocks = list(c.blocks.values())
    aeolian_athens = [b for b in blocks if b.nation == "aeolian" and b.side == "athens"]
    assert aeolian_athens and all(b.type == "fleet" for b in aeolian_athens)
    rebels = {b.id: b for b in blocks if b.entry == "rebel"}
    assert {(b.side, b.nation, b.type) for b in rebels.values()} == {
        ("sparta", "aeolian", "fleet"), ("athens", "macedonia", "infantry")}  # 4.22: two rebels
    assert any(b.nation == "macedonia" and b.side == "sparta" and b.barbarian for b in blocks)
    assert any(b.nation == "boeotia" and b.type == "fleet" for b in blocks)  # Theban fleet (4.2)
    assert any(b.nation == "corinth" and b.type == "fleet" for b in blocks)
    assert any(b.nation == "gela" for b in blocks)  # Gelan units (15.2)
    assert any(b.nation == "arcadia" and b.type == "hoplite" for b in blocks)


def test_every_block_has_a_home(c):
    """2.11: Greeks build in home cities, barbarians arrive only in home towns (4.22)."""
    for b in c.blocks.values():
        homes = c.home_towns(b.nation) if b.barbarian else c.home_cities(b.nation)
        assert homes, b.id


def test_movement_ranges(c):
    for b in c.blocks.values():
        assert b.land_move == {"cavalry": 3, "fleet": 1}.get(b.type, 2)
        if b.type == "fleet":
            assert 4 <= b.sea_move <= 5


# ---------------------------------------------------------------- cards (3.0)
def test_55_cards_and_their_borders(c):
    assert sorted(c.cards) == list(range(1, 56))
    bands = Counter(x.band for x in c.cards.values())
    assert bands == {"gold": 11, "silver": 33, "bronze": 11}
    assert all(1 <= x.av <= 3 for x in c.cards.values())
    assert any(x.av == 1 for x in c.cards.values())  # an AV-1 card with Pericles makes 2 Actions


def test_rule_3_11_five_leaders(c):
    leaders = {x.name: (x.leader.side, x.leader.value) for x in c.cards.values() if x.leader}
    assert leaders == {"Pericles": ("athens", 1), "Archidamos": ("sparta", 0),
                       "Alcibiades": ("athens", 1), "Agis": ("sparta", 0), "Proboulois": ("athens", 0)}
    for x in c.cards.values():
        if x.leader:
            assert x.colour == "green" and x.event.continuing and x.event.kind == "leader"


def test_each_deck_deals_42_after_its_leaders(c):
    for sid, s in c.setups.items():
        first, last = s.cards
        deck = set(range(first, last + 1)) - set(s.leaders.values())
        assert len(deck) == 42, sid
        for side, number in s.leaders.items():
            assert c.cards[number].leader.side == side


def _revolt_regions(cards, first: int, last: int) -> Counter:
    return Counter(cards[n].event.params["region"] for n in range(first, last + 1)
                   if cards[n].event.kind == "revolt")


def test_the_second_edition_has_one_revolt_a_region_in_each_deck(c):
    """3.12: a Revolt card names its Subject Region; the second edition (issue 35, data
    README Balance) prints each Region once a deck: 6 Revolts in 431 (11 in the first)."""
    second, first = c.editions["second"], c.editions["first"]
    assert set(_revolt_regions(second, 1, 44).values()) == {1}
    assert set(_revolt_regions(second, 12, 55).values()) == {1}
    assert sum(_revolt_regions(second, 1, 44).values()) == 6
    assert sum(_revolt_regions(second, 12, 55).values()) == 7
    assert sum(_revolt_regions(first, 1, 44).values()) == 11
    changed = sorted(n for n in first if first[n] != second[n])
    assert changed == [15, 16, 17, 20, 21]
    for n in changed:  # the same coins and border; never a Leader (deposable() relies on it)
        assert first[n].event.kind == "revolt" and second[n].leader is None
        assert (first[n].av, first[n].band) == (second[n].av, second[n].band)


def test_card_30_is_civil_war(c):
    assert c.cards[30].name == "Civil War" and c.cards[30].event.continuing
    assert c.cards[30].event.who in ("athens", "either")  # Athens plays it in the Example of Play


def test_event_kinds_of_the_sidebar(c):
    kinds = Counter(x.event.kind for x in c.cards.values())
    assert set(kinds) == {"revolt", "helots", "plague", "plague-returns", "treachery", "ostracism",
                          "augury", "hunger", "earthquake", "atrocity", "leader", "civil-war", "taxes",
                          "persian-aid", "peace-faction", "war-faction", "no-quarter"}
    assert kinds["persian-aid"] == 3  # up to three in play (13.3)
    assert kinds["helots"] >= 2 and kinds["taxes"] >= 2 and kinds["revolt"] >= 2
    for x in c.cards.values():
        assert x.event.rule and x.event.text


def test_event_conditions(c):
    for x in c.cards.values():
        e = x.event
        if e.kind in ("revolt", "helots"):
            assert not e.new_year  # 10.2 and its errata
        if e.kind in ("revolt", "helots", "persian-aid", "taxes"):
            assert any("Peace" in t for t in e.conditions)  # 12.0 rule 1
        assert e.who == {"red": "sparta", "blue": "athens", "green": "either"}[x.colour]
    revolts = [x for x in c.cards.values() if x.event.kind == "revolt"]
    assert all(x.colour == "red" for x in revolts)  # Spartan Revolt cards (13.0 sidebar)
    spreading = [x.event.params["spreading"] for x in revolts]
    assert any(spreading) and not all(spreading)  # "some" Revolt cards may spread (3.12)
    regions = set(SUBJECTS)
    assert {x.event.params["region"] for x in revolts} <= regions


def test_plague_only_in_431(c):
    plague = [x.number for x in c.cards.values() if x.event.kind.startswith("plague")]
    assert len(plague) == 2 and all(n <= 11 for n in plague)
    persian = [x.number for x in c.cards.values() if x.event.kind == "persian-aid"]
    assert all(n >= 45 for n in persian)  # Persian Aid is for 415 and later (13.1)


def test_olympians_markers_and_garrisons(c):
    assert set(c.olympians) == {"Zeus", "Apollo", "Ares", "Demeter", "Poseidon", "Hermes", "Hera"}
    assert sum(m.count for m in c.data.markers) == 20  # GMT: 20 marker blocks
    g = c.data.garrisons
    assert g.athens + g.sparta == 20 and g.unlimited  # 7.3: not limited to the blocks provided


# ---------------------------------------------------------------- set-ups (15.0)
def test_scenario_years_prestige_and_peace(c):
    got = {sid: (s.first_year, s.last_year, s.years, s.prestige, s.peace, s.war_resumed)
           for sid, s in c.setups.items()}
    assert got == {"431": (431, 422, 10, 0, "none", False), "sicily": (415, 413, 3, 0, "unbreakable", False),
                   "413": (413, 404, 10, 3, "none", True), "415": (415, 404, 12, 0, "breakable", False)}
    assert {sid: s.cards for sid, s in c.setups.items()} == {
        "431": (1, 44), "sicily": (12, 55), "413": (12, 55), "415": (12, 55)}
    assert all(s.hand_size == 6 for s in c.setups.values())


def test_scenario_leaders(c):
    names = {sid: tuple(c.cards[s.leaders[x]].name for x in ("athens", "sparta")) for sid, s in c.setups.items()}
    assert names == {"431": ("Pericles", "Archidamos"), "sicily": ("Alcibiades", "Agis"),
                     "413": ("Proboulois", "Agis"), "415": ("Alcibiades", "Agis")}


def _neutral(s, until=None):
    return {a for n in s.neutral if n.until == until for a in n.areas}


def test_scenario_neutrals(c):
    sicily = {a for a, x in c.areas.items() if x.region == "sicily"}
    s = c.setups
    assert _neutral(s["431"]) == {"ARG", "ACH", "LYD", "PHR"} | sicily
    assert _neutral(s["sicily"]) == {"ACH", "LYD", "PHR", "MSN", "RHE", "ACR"}
    assert _neutral(s["413"]) == {"ACH"} | sicily
    assert _neutral(s["415"]) == {"ACH", "MSN", "RHE", "ACR"}
    for sid in ("413", "415"):
        assert _neutral(s[sid], "Persian Aid is in play") == {"LYD", "PHR"}
    for sid in ("sicily", "413", "415"):
        assert {"GEL"} == {a for n in s[sid].neutral if n.until and "Gelan" in n.until for a in n.areas}


def test_431_potidea(c):
    """15.1: four Athenian units besiege Potidea; two Spartan units and a garrison inside."""
    s = c.setups["431"]
    around = [b for b, p in s.units["athens"].items() if p.area == "POT"]
    inside = [b for b, p in s.units["sparta"].items() if p.area == "POT"]
    assert len(around) == 4 and all(s.units["athens"][b].status == "besieging" for b in around)
    assert len(inside) == 2 and all(s.units["sparta"][b].status == "besieged" for b in inside)
    assert [(g.city, g.side) for g in s.garrisons] == [("Potidea", "sparta")]
    assert s.control == {"Potidea": "sparta"}


def test_which_units_each_scenario_uses(c):
    """15.1-15.4: 431 uses #1-40, 413 #1-46, 415 all (Sparta's #41-46 set aside until the War
    resumes), Sicily only its card's units with the pool set aside."""
    def numbers(s, side, *parts):
        ids = set()
        for part in parts:
            ids |= set(part.get(side, ()))
        return {c.blocks[b].number for b in ids}

    for sid, allowed in (("431", range(1, 41)), ("413", range(1, 47)), ("415", range(1, 61))):
        s = c.setups[sid]
        for side in ("athens", "sparta"):
            used = numbers(s, side, s.units, s.pool, s.set_aside)
            assert used == {b.number for b in c.blocks.values() if b.side == side and b.number in allowed}, sid
    assert set(c.setups["415"].set_aside["sparta"]) == {f"S{n}" for n in range(41, 47)}
    sicily = c.setups["sicily"]
    assert sicily.pool == {"athens": (), "sparta": ()}


def test_captured_cities_late_war(c):
    """Sicily, 413, 415: Athens holds Leucas and Pylos, Sparta Platea and Amphipolis, each
    kept by a unit or a detached garrison (1.4: an empty conquest reverts)."""
    for sid in ("sicily", "413", "415"):
        s = c.setups[sid]
        assert s.control == {"Leucas": "athens", "Pylos": "athens", "Platea": "sparta", "Amphipolis": "sparta"}
        for city, side in s.control.items():
            area = c.cities[city].area
            held = any(p.area == area for p in s.units[side].values())
            assert held or (city, side) in {(g.city, g.side) for g in s.garrisons}, (sid, city)
    tribute = Counter()
    for city, side in c.setups["sicily"].control.items():
        tribute[side] += c.cities[city].value
    assert tribute == {"sparta": 4, "athens": 3}  # Sicily rule 4


def test_setups_respect_capacity_and_neutrals(c):
    for sid, s in c.setups.items():
        peace = s.peace != "none"
        neutral = _neutral(s)
        for units in s.units.values():
            count = Counter(p.area for p in units.values() if p.status != "besieging")
            for area, n in count.items():
                assert area not in neutral or c.areas[area].region == "sicily" and sid != "431", (sid, area)
                city = c.city_in.get(area)
                if city and c.areas[area].kind == "land":
                    tripled = peace and c.areas[area].region == "greece"
                    assert n <= city.capacity(peace=tripled), (sid, area, n)


def test_peace_setups_start_in_home_territory(c):
    """12.0 2a: under the Peace, land units in Greece stay in home territory; the Sicily
    preparation lets Athenians wait in Corcyra (12.0 2b)."""
    for sid in ("sicily", "415"):
        s = c.setups[sid]
        for side, units in s.units.items():
            for bid, p in units.items():
                area = c.areas[p.area]
                if area.region != "greece" or area.kind != "land":
                    continue
                place = c.city_in.get(p.area) or c.town_in.get(p.area)
                ok = place is not None and place.nationality == c.blocks[bid].nation
                assert ok or (side == "athens" and p.area == "CRC"), (sid, bid, p.area)


def test_415_expeditions(c):
    """15.4 rule 3: two Athenian expeditions; the 2nd waits in Athens. 12.0 rule 3: six
    non-Sicilian units in Sicily lift Public Works, so the 1st is at least that big."""
    s = c.setups["415"]
    first, second = s.expeditions["1"], s.expeditions["2"]
    assert not set(first) & set(second)
    assert all(s.units["athens"][b].area == "ATH" for b in second)
    assert all(not c.blocks[b].sicilian and c.blocks[b].side == "athens" for b in first + second)
    assert len(first) >= 6
    assert c.setups["sicily"].expeditions == s.expeditions
