"""Rules 17.4.4, 17.7.1 and 17.7.2 (where beaten units may go), read again from the
rulebook into described positions.

In our words: a defender in the open may fall back to any adjacent passable hex holding no
enemy unit and no enemy city (17.7.1b). Units in a fortress are never made to retreat, but
they may retreat when they fail a morale check and have a hex to go to, unless the place
was already besieged (or, by 10.2.2d, masked) before the attack (17.4.4, 17.7.2)."""

from __future__ import annotations

import pytest

from engine.rulesets.epic import board as B
from engine.rulesets.epic import combat as K
from engine.rulesets.epic.battles import open_battle, retreat_hexes

from .conftest import city_hexes, described

CITY = city_hexes()
OLYNTHUS, ATHENS = CITY["Olynthus"], CITY["Athens"]
NEXT_TO_OLYNTHUS = next(h for h in B.comps().land_neighbors(OLYNTHUS)
                        if h not in B.city_by_hex())


def position(**p):
    return described("rulebook-retreats", **p)


def test_17_7_1b_no_retreat_into_an_enemy_unit_or_city():
    """A Spartan hoplite beside Athens (W3730): Athens, an enemy city, and a hex holding an
    Athenian hoplite are no way out; its other clear neighbours are."""
    c = B.comps()
    spot = "W3730"
    assert ATHENS in c.land_neighbors(spot)
    blocked = next(n for n in c.land_neighbors(spot)
                   if n != ATHENS and n not in B.city_by_hex())
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": spot},
                        {"home": "attica", "type": "hoplite", "at": blocked}])
    ways = retreat_hexes(g.state, spot, "sparta")
    assert ATHENS not in ways and blocked not in ways
    assert ways and all(c.hexes[h].terrain in ("clear", "rough") for h in ways)


def _storm_olynthus():
    g = position(units=[{"home": "laconia", "type": "hoplite", "at": NEXT_TO_OLYNTHUS, "n": 3},
                        {"home": "attica", "type": "hoplite", "at": "Olynthus"}],
                 leaders={"Archidamus": NEXT_TO_OLYNTHUS})
    s = g.state
    att = B.units_at(s, NEXT_TO_OLYNTHUS, "sparta")
    for u in att:
        s["units"][u]["hex"] = OLYNTHUS
    s["leaders"]["Archidamus"]["hex"] = OLYNTHUS
    free = [h for h in retreat_hexes(s, OLYNTHUS, "athens") if h != NEXT_TO_OLYNTHUS]
    assert free  # Olynthus has open hexes around it besides the one the Spartans came from
    b = open_battle(s, {"hex": OLYNTHUS, "origin": NEXT_TO_OLYNTHUS, "units": att,
                        "leaders": ["Archidamus"], "storm": True}, "sparta")
    assert b is not None and b["fortress"]
    return s, b


@pytest.mark.xfail(strict=True, reason="departure: 17.4.4/17.7.2 fortress defenders not "
                   "besieged before the attack may retreat; RULINGS.md 5 forbids it (report)")
def test_17_7_2_defenders_of_walls_stormed_at_once_may_retreat():
    """Three Laconians with Archidamus march onto Athenian Olynthus (walled small) and storm
    it in the same move: its hoplite was neither besieged nor masked before the attack, so a
    failed morale check lets it choose to leave by an open hex (17.7.2); the walls only spare
    it from being made to (17.4.4)."""
    _, b = _storm_olynthus()
    assert b["def_can_retreat"]


def test_17_4_4_the_walls_never_force_a_retreat():
    """Held: the hoplite on the walls at morale 2 rolls 2 on a +2 check (4: a failure, not
    a death): it stays in the battle, demoralized, neither retreated nor dead."""
    s, b = _storm_olynthus()
    uid = b["dfn"][0]
    b["morale"][uid] = 2
    K.check(s, b, uid, 2, b["def_can_retreat"], lambda: 2)
    assert uid not in b["retreat"] and uid not in b["dead"] and b["morale"][uid] == 1
