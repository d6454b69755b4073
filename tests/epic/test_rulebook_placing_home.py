"""Rules 7.3.2, 7.3.3 and 4.4.2 (where a region's units are placed and removed), read
again from the rulebook's Corinthian example into described positions.

In our words: a region's units come onto the map from its Force Pool, and go back, only at
its own friendly cities, never at one besieged, held by the enemy or in revolt; the
rulebook's example names Corinth, Cenchrae and Lechaeum for the Corinthians. With every
such city shut, or the region's Militance below 5, none may be placed at all."""

from __future__ import annotations

from engine.rulesets.epic import placement as PL

from .conftest import city_hexes, described

CITY = city_hexes()
CORINTHIA = {"Corinth", "Cenchreae", "Lechaeum"}  # the map data spells Cenchreae


def _corinth(ml=16, **state):
    return described("rulebook-placing", state=state,
                     regions={"corinth": {"side": "sparta", "al": 20, "ml": ml, "mult": 2}})


def test_7_3_2_example_corinthians_are_placed_at_corinth_cenchrae_and_lechaeum():
    s = _corinth().state
    assert set(PL.home_cities(s, "sparta", "corinth")) == CORINTHIA
    assert PL.home_cities(s, "athens", "corinth") == []  # not Athens' region


def test_7_3_2_not_at_a_besieged_an_enemy_held_or_a_revolting_city():
    s = _corinth(sieges={CITY["Lechaeum"]: {"by": "athens", "morale": 5, "initial": 5}},
                 marks={"Cenchreae": "athens"}).state
    assert PL.home_cities(s, "sparta", "corinth") == ["Corinth"]
    s = _corinth(revolts=["Corinth"]).state
    assert set(PL.home_cities(s, "sparta", "corinth")) == {"Cenchreae", "Lechaeum"}


def test_7_3_3_every_city_shut_means_no_placing():
    s = _corinth(sieges={CITY[n]: {"by": "athens", "morale": 5, "initial": 5}
                         for n in CORINTHIA}).state
    assert PL.home_cities(s, "sparta", "corinth") == []


def test_4_4_2_below_militance_5_the_region_places_nothing():
    s = _corinth(ml=4).state
    assert PL.home_cities(s, "sparta", "corinth") == []
    s = _corinth(ml=5).state
    assert set(PL.home_cities(s, "sparta", "corinth")) == CORINTHIA
