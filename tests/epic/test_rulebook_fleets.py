"""Rules 17.4.2 (leaders' land and sea ratings; the Phormio example), 17.4.6 (fleets on
land), 16.4.5 (interception), 10.2.3a and 20.2, read again from the rulebook into described
positions.

In our words: a leader shifts the odds by his sea rating only in a battle between fleets at
sea, and by his land rating only on land: three Peloponnesian fleets attacking a lone
Athenian fleet with Phormio roll at 2-1, not 3-1, but Phormio's fleets attacking on land
get nothing from him (17.4.2). Fleets fighting on land are light infantry of morale 3
(17.4.6). The side not moving may intercept fleets entering a sea where its fleets are, at
sea or on its coasts; more than one fleet intercepts only with a leader (16.4.5); fleets in
a port blockaded by enemy fleets may not intercept (10.2.3a), nor may anyone under the
armistice (20.2)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic import peace as PE
from engine.rulesets.epic.battles import open_battle, sea_battle
from engine.rulesets.epic.moves import intercepting_fleets, interceptors

from .conftest import city_hexes, described

CITY = city_hexes()
PIRAEUS = CITY["Piraeus"]


def position(**p):
    return described("rulebook-fleets", **p)


def _units(s, home, where):
    return sorted(u for u, x in s["units"].items()
                  if x["home"] == home and x["where"] == "map" and x["hex"] == where)


def test_17_4_2_example_phormio_at_sea_turns_3_1_into_2_1():
    g = position(units=[{"home": "attica", "type": "fleet", "at": "saronic-gulf"},
                        {"home": "corinth", "type": "fleet", "at": "saronic-gulf", "n": 3}],
                 leaders={"Phormio": "saronic-gulf", "Alcidas": "saronic-gulf"})
    s = g.state
    assert (s["leaders"]["Phormio"]["sea"], s["leaders"]["Phormio"]["land"]) == (1, 0)
    b = sea_battle(s, {"hex": "saronic-gulf", "origin": "sunian-waters",
                       "units": _units(s, "corinth", "saronic-gulf"), "leaders": ["Alcidas"],
                       "storm": False}, "sparta")
    assert b is not None
    idx, facts = K.odds(s, b)
    assert idx == K.odds_index(2, 1) and K.odds_index(3, 1) == idx + 1
    assert [(x["why"], x["side"]) for x in facts["shifts"]] == [("leader", "dfn")]


def test_17_4_2_and_17_4_6_phormios_fleets_on_land_fight_as_light_infantry_unled():
    """Three Athenian fleets with Phormio land on a Corinthian hoplite on the Megarid's open coast:
    3-1, no shift from Phormio's 0 land rating, and the fleets at morale 3."""
    coast = "W3530"  # the Megarid's clear shore on the Saronic Gulf
    assert "saronic-gulf" in B.comps().hexes[coast].seas and coast not in B.city_by_hex()
    g = position(units=[{"home": "attica", "type": "fleet", "at": "saronic-gulf", "n": 3,
                         "morale": 5},
                        {"home": "corinth", "type": "hoplite", "at": coast}],
                 leaders={"Phormio": "saronic-gulf"})
    s = g.state
    fleets = _units(s, "attica", "saronic-gulf")
    for u in fleets:
        s["units"][u]["hex"] = coast
    s["leaders"]["Phormio"]["hex"] = coast
    b = open_battle(s, {"hex": coast, "origin": "saronic-gulf", "units": fleets,
                        "leaders": ["Phormio"], "storm": False, "from_sea": True}, "athens")
    assert b is not None
    idx, facts = K.odds(s, b)
    assert idx == K.odds_index(3, 1) and facts["shifts"] == []
    assert all(b["morale"][u] == 3 for u in fleets)


def _saronic_watch(**more):
    """Two Athenian fleets at sea in the Saronic Gulf; Corinthian fleets enter it."""
    return position(units=[{"home": "attica", "type": "fleet", "at": "saronic-gulf", "n": 2}]
                    + more.pop("units", []), **more)


def test_16_4_5_without_a_leader_one_fleet_intercepts_with_one_all():
    s = _saronic_watch().state
    assert len(intercepting_fleets(s, "athens", "saronic-gulf")) == 1
    s2 = _saronic_watch(leaders={"Phormio": "saronic-gulf"}).state
    assert len(intercepting_fleets(s2, "athens", "saronic-gulf")) == 2


def test_16_4_5_fleets_in_a_coastal_port_intercept_unless_blockaded_10_2_3a():
    g = position(units=[{"home": "attica", "type": "fleet", "at": "Piraeus"}])
    s = g.state
    assert PIRAEUS in interceptors(s, "athens", "saronic-gulf", [])
    g = position(units=[{"home": "attica", "type": "fleet", "at": "Piraeus"},
                        {"home": "corinth", "type": "fleet", "at": "Piraeus"}])
    assert PIRAEUS not in interceptors(g.state, "athens", "saronic-gulf", [])


def test_20_2_no_interception_under_the_armistice():
    s = _saronic_watch().state
    assert interceptors(s, "athens", "saronic-gulf", [])
    PE.sign(s)
    assert interceptors(s, "athens", "saronic-gulf", []) == []
