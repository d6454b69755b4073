"""Rule 10.6 (keeping a siege up in the Campaign Turns), read again from the rulebook into
described positions.

In our words: once a siege has begun, the units it needs must stay in the hex all the
time. Whenever they fall short at the end of a movement phase or at the end of a combat
phase, the city's siege morale goes up by one, but by no more than one in a Campaign
Turn. Nothing limits this to the besieger's own phases: a relief army that kills or drives
off besiegers in its own combat phase heartens the city at once."""

from __future__ import annotations

from engine.rulesets.epic.state import SIEGES_KEPT_EVERY_PHASE

from .conftest import city_hexes, described
from .helpers import start

OLYNTHUS = city_hexes()["Olynthus"]  # small, walled, inland, Athenian: 2 units to besiege


def position(n: int, **p):
    """Sparta's siege of Olynthus at morale 4 with `n` Laconian hoplites in the hex."""
    return described("rulebook-siege-upkeep", ct=1, order=["athens", "sparta"],
                     units=[{"home": "laconia", "type": "hoplite", "at": OLYNTHUS,
                             "morale": 5, "n": n}],
                     state={"sieges": {OLYNTHUS: {"by": "sparta", "morale": 4, "initial": 4}},
                            "short_noted": []}, **p)


def test_10_6_a_siege_thinned_in_the_other_sides_combat_phase_gains_morale_then():
    """Athens has fought its battles (its upkeep step, first in the order) and left one
    Laconian at Olynthus, one short: the city's siege morale goes from 4 to 5 at once."""
    g = position(1)
    start(g, "upkeep", [], index=0)
    assert g.state["sieges"][OLYNTHUS]["morale"] == 5


def test_10_6_a_siege_short_at_the_end_of_its_besiegers_movement_gains_morale():
    """Sparta ends its movement with one hoplite at Olynthus: the siege gains 1 then (10.6
    a), and no more at the end of its combat phase the same Campaign Turn."""
    g = position(1)
    start(g, "move", [], side="sparta", step="choose")
    g.act("sparta", "done")
    s = g.state
    assert s["sieges"][OLYNTHUS]["morale"] == 5
    start(g, "upkeep", [], index=1)
    assert s["sieges"][OLYNTHUS]["morale"] == 5


def test_10_6_a_full_siege_is_untouched():
    g = position(2)
    start(g, "upkeep", [], index=0)
    start(g, "move", [], side="sparta", step="choose")
    g.act("sparta", "done")
    assert g.state["sieges"][OLYNTHUS]["morale"] == 4


def test_games_of_an_older_generation_count_only_the_besiegers_own_battles():
    """Games created before generation 5 replay as recorded."""
    g = position(1, generation=SIEGES_KEPT_EVERY_PHASE - 1)
    start(g, "upkeep", [], index=0)
    assert g.state["sieges"][OLYNTHUS]["morale"] == 4
