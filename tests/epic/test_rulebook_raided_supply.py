"""Rule 15.5 (no living off a plundered land), read again from the rulebook into described
positions.

In our words: a unit that cannot trace a supply line must forage or die (9.5), and nobody
forages in an Area marked as raided this year (9.7.3b). So a unit cut off in a raided Area
at the Supply stage is lost; the same unit in an Area nobody raided forages instead."""

from __future__ import annotations

from engine.rulesets.epic import board as B

from .conftest import city_hexes, described
from .helpers import start

OLYNTHUS = city_hexes()["Olynthus"]
OUTSIDE = next(h for h in B.comps().land_neighbors(OLYNTHUS) if h not in B.city_by_hex()
               and B.area_of(h) == B.area_of(OLYNTHUS))


def _supply(raided: int):
    g = described("rulebook-raided-supply", season=1, ct=0,
                  units=[{"home": "laconia", "type": "hoplite", "at": OUTSIDE, "morale": 5}],
                  state={"raided": {B.area_of(OUTSIDE): raided}} if raided else {})
    s = g.state
    (uid,) = B.units_at(s, OUTSIDE, "sparta")
    start(g, "supply", [], side="sparta")
    return s, uid


def test_15_5_cut_off_in_a_raided_area_a_unit_is_lost():
    """A Laconian hoplite in Athenian Chalcidice, far from any Spartan large city or base,
    in an Area raided once this year: it cannot forage, so it is eliminated."""
    s, uid = _supply(raided=1)
    assert s["units"][uid]["where"] != "map"


def test_9_5_the_same_unit_in_an_unraided_area_forages():
    s, uid = _supply(raided=0)
    assert s["units"][uid]["where"] == "map" and s["units"][uid]["forage"]
