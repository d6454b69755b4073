"""Rules 7.3.2, 7.8.5 and the note to 10.2.2 (placing in a masked city), read again from
the rulebook into described positions.

In our words: units come onto the map and go back to the Force Pool only at friendly cities
of their own region, never at a besieged one (7.3.2). A city that is only masked is not
besieged: units may still be placed in it and sent back from it, although to get out onto
the map they must first beat the enemy standing in the hex (10.2.2 note). Leaders move
between a friendly city of a region and that region's Force Pool the same way (7.8.5)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic.state import PLACING_IN_MASKED

from .conftest import city_hexes, described
from .helpers import ids, start, through_menus

CITY = city_hexes()
OLYNTHUS = CITY["Olynthus"]  # Athenian Chalcidice


def _placement(generation=None, siege=False, **p):
    """Summer 431: a Laconian hoplite stands in Olynthus' hex (masking it), Chalcidice
    Athenian at ML 8; Athens' Placement stage begins."""
    state = {"sieges": {OLYNTHUS: {"by": "sparta", "morale": 3, "initial": 3}}} if siege else {}
    units = [{"home": "laconia", "type": "hoplite", "at": OLYNTHUS, "morale": 5,
              "n": 2 if siege else 1}] + p.pop("units", [])
    g = described("rulebook-masked-placing", ct=0, season=1, generation=generation,
                  regions={"chalcidice": {"side": "athens", "al": 5, "ml": 8}},
                  units=units, state=state, **p)
    start(g, "place", [], side="athens")
    return g


def _place_targets(g) -> set[str]:
    p = g.prompt_for("athens")
    return {h for o in p.options for leaf in (o.data or {}).get("leaves", [])
            if leaf.get("id") == "put:chalcidice:hoplite:4" for h in leaf["to"]}


def test_10_2_2_note_a_unit_may_be_placed_in_a_masked_city():
    """Athens places its Chalcidian hoplite in masked Olynthus: it is there, inside, with
    the Spartan masker outside."""
    g = _placement()
    assert OLYNTHUS in _place_targets(g)
    through_menus(g, "athens", "place:chalcidice:hoplite:4:Olynthus")
    s = g.state
    assert [s["units"][u]["home"] for u in B.units_at(s, OLYNTHUS, "athens")] == ["chalcidice"]
    assert B.holder(s, OLYNTHUS) == "athens"


def test_7_3_2_but_not_in_a_besieged_one():
    g = _placement(siege=True)
    assert OLYNTHUS not in _place_targets(g)


def test_10_2_2_note_a_unit_in_a_masked_city_may_go_back_to_the_force_pool():
    """A Chalcidian hoplite shut in masked Olynthus is offered the way back to its Force
    Pool."""
    g = _placement(units=[{"home": "chalcidice", "type": "hoplite", "at": "Olynthus",
                           "morale": 4}])
    assert "take:chalcidice:hoplite:4" in ids(g, "athens")


def test_7_8_5_a_leader_may_come_out_of_the_force_pool_into_a_masked_city():
    """Pericles waits in Chalcidice's Force Pool: he may take the field at masked Olynthus."""
    g = _placement(leaders={"Pericles": "chalcidice"})
    assert "lplace:Pericles:Olynthus" in ids(g, "athens")


def test_games_of_an_older_generation_keep_masked_cities_closed():
    """Games created before generation 6 replay as recorded."""
    g = _placement(generation=PLACING_IN_MASKED - 1)
    assert OLYNTHUS not in _place_targets(g)
