"""Rules 9.3.4 (sea supply lines; the Naupactus example), 16.6's port note, 18.4 (fleets
and cities without a port) and 7.3.2 (no placing in a besieged city), read again from the
rulebook into described positions.

In our words: a base on the coast traces supply by sea, any distance, through friendly or
contested seas to another port base or a friendly large port city; enemy fleets in a port
or on a coast make its sea enemy and cut the line, unless friendly fleets there make it
contested (9.3.4). So Naupactus is fed from Corcyra or Athens until Spartan fleets sit at
Leucas and Gytheum; an Athenian base at Pagae opens a way round by the Gulf of Corinth and
Megarid, which a Spartan fleet in a Gulf port shuts and an Athenian fleet at Pagae opens
again (the example). Fleets may not land at, enter or attack a city without a port (18.4),
and a port touching two seas is entered only from the sea of its anchor (16.6 note). Units
are placed only in friendly, unbesieged cities of their own region (7.3.2; the Corinth
example). Fleets at sea come ashore at the Supply stage; in a sea touching no land they are
lost (9.8)."""

from __future__ import annotations

import engine
from engine.rulesets.epic import board as B
from engine.rulesets.epic import fleets as F
from engine.rulesets.epic import placement as PL
from engine.rulesets.epic import supply as S
from engine.rulesets.epic.supplyphase import bring_ashore

from .conftest import city_hexes

RULES = engine.ruleset("epic")
CITY = city_hexes()
BY_NAUPACTUS = "W2427"  # the clear hex beside Naupactus, in its Area


def _naupactus(fleets, pagae=False):
    units = [{"home": "attica", "type": "hoplite", "at": BY_NAUPACTUS}]
    units += [{"home": home, "type": "fleet", "at": at} for home, at in fleets]
    state = {}
    if pagae:
        bases = dict(engine.new_game("epic", "campaign", seed="bases").state["bases"])
        state = {"marks": {"Pagae": "athens"}, "bases": {**bases, CITY["Pagae"]: "athens"}}
    g = RULES.from_position({"scenario": "campaign", "clear": True, "start": None,
                             "units": units, "state": state}, seed="rulebook-sea")
    s = g.state
    u = B.units_at(s, BY_NAUPACTUS, "athens")[0]
    return S.in_supply(s, u, S.supplied_areas(s, "athens"))


SPARTAN_BLOCK = [("corinth", "Leucas"), ("laconia", "Gytheum")]


def test_9_3_4_example_naupactus_is_fed_by_sea():
    assert B.area_of(BY_NAUPACTUS) == B.area_of(CITY["Naupactus"])
    assert _naupactus([])


def test_9_3_4_example_fleets_at_leucas_and_gytheum_cut_it():
    assert not _naupactus(SPARTAN_BLOCK)


def test_9_3_4_example_a_base_at_pagae_opens_the_gulf_route():
    assert _naupactus(SPARTAN_BLOCK, pagae=True)


def test_9_3_4_example_a_spartan_fleet_in_a_gulf_port_shuts_it():
    assert not _naupactus(SPARTAN_BLOCK + [("corinth", "Lechaeum")], pagae=True)


def test_9_3_4_example_an_athenian_fleet_at_pagae_contests_the_gulf():
    assert _naupactus(SPARTAN_BLOCK + [("corinth", "Lechaeum"), ("attica", "Pagae")],
                      pagae=True)


def test_18_4_no_landing_at_a_coastal_city_without_a_port():
    saronic = [h for h, _ in F.landings("saronic-gulf")]
    assert not B.comps().cities["Megara"].port
    assert CITY["Megara"] not in saronic and CITY["Nisaea"] in saronic


def test_16_6_a_port_on_two_seas_is_entered_from_its_anchors_sea():
    assert CITY["Lechaeum"] in [h for h, _ in F.landings("gulf-of-corinth")]
    assert CITY["Lechaeum"] not in [h for h, _ in F.landings("saronic-gulf")]


def test_7_3_2_no_placing_in_a_besieged_city():
    g = RULES.from_position({"scenario": "campaign", "clear": True, "start": None,
                             "state": {"revolts": [], "sieges": {CITY["Potidaea"]: {
                                 "by": "sparta", "morale": 5, "initial": 5}}}},
                            seed="rulebook-sea")
    assert PL.home_cities(g.state, "athens", "chalcidice") == ["Olynthus", "Scione", "Torone"]


def test_7_3_2_example_corinthians_are_placed_at_corinth_cenchreae_and_lechaeum():
    g = RULES.from_position({"scenario": "campaign", "start": None}, seed="rulebook-sea")
    assert PL.home_cities(g.state, "sparta", "corinth") == ["Cenchreae", "Corinth", "Lechaeum"]


def test_9_8_a_fleet_in_a_sea_touching_no_land_is_lost_at_supply():
    """An Athenian fleet in the North Ionian (an Open Sea with no coast) cannot come ashore
    and is eliminated; one in the Saronic Gulf comes ashore at a friendly port."""
    g = RULES.from_position({"scenario": "campaign", "clear": True, "start": None, "units": [
        {"home": "attica", "type": "fleet", "at": "north-ionian", "morale": 4},
        {"home": "attica", "type": "fleet", "at": "saronic-gulf", "morale": 4}]},
        seed="rulebook-sea")
    s = g.state
    lost, kept = (next(u for u, x in s["units"].items() if x["hex"] == sea)
                  for sea in ("north-ionian", "saronic-gulf"))
    assert F.landings("north-ionian") == ()
    bring_ashore(s, "athens")
    assert s["units"][lost]["where"] == "build"
    assert B.is_port(s, s["units"][kept]["hex"], "athens")
