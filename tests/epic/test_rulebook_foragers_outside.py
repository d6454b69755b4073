"""Rule 9.7.2 (foragers stand outside the walls), read again from the rulebook into
described positions.

In our words: units that forage from a city or fort hex are set up outside the city or
fort, so an enemy stack arriving there fights them in the open, with no walls, as it
would fight raiders (15.1). Units of the same hex that do not forage stay inside. Foragers
may not move in the first Campaign Turn of the season (9.7.2)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic.state import FORAGERS_OUTSIDE

from .conftest import city_hexes, described
from .helpers import start

OLYNTHUS = city_hexes()["Olynthus"]  # walled, small
NEXT_TO_OLYNTHUS = next(h for h in B.comps().land_neighbors(OLYNTHUS)
                        if h not in B.city_by_hex())


def _attacked(forage: bool, generation=None, dice=()):
    """Spartan Chalcidice, Olynthus held by an Athenian hoplite (foraging or not); three
    Laconian hoplites arrive from the next hex, and Sparta's combats begin."""
    g = described("rulebook-foragers", ct=1, generation=generation,
                  regions={"chalcidice": {"side": "sparta", "al": 5, "ml": 8}},
                  units=[{"home": "attica", "type": "hoplite", "at": "Olynthus", "morale": 4,
                          "forage": forage},
                         {"home": "laconia", "type": "hoplite", "at": "Olynthus", "morale": 5,
                          "n": 3}],
                  leaders={"Archidamus": OLYNTHUS},
                  state={"marks": {"Olynthus": "athens"}})
    s = g.state
    att = B.units_at(s, OLYNTHUS, "sparta")
    s["attacks"] = [{"hex": OLYNTHUS, "origin": NEXT_TO_OLYNTHUS, "units": att,
                     "leaders": ["Archidamus"], "storm": False}]
    start(g, "combats", list(dice), side="sparta")
    return g


def test_9_7_2_a_forager_in_its_city_is_fought_in_the_open():
    """The foraging hoplite is outside Olynthus: the battle is in the field, no walls, its
    morale 4 - 1 for foraging, and it may fall back inside the walls (18.2a)."""
    g = _attacked(forage=True, dice=[4, 1])  # 3-1, die 4: D/M; the hoplite passes
    b = g.state["battle"]
    assert b is not None and not b["fortress"] and not b["storm"]
    assert b["into"] == OLYNTHUS  # it may fall back inside (18.2a)
    (uid,) = b["dfn"]
    terrain = 2 if B.comps().hexes[OLYNTHUS].terrain == "rough" else 0
    (piece,) = [p for p in b["record"]["forces"] if p["id"] == uid]
    assert piece["strength"] == 4 - 1 + terrain  # no +1 for the walls of a small city


def test_9_7_2_a_unit_not_foraging_stays_inside_and_is_asked_whether_to_come_out():
    g = _attacked(forage=False)
    assert g.state["battle"] is None
    assert [p.kind for p in g.prompts()] != []


def test_games_of_an_older_generation_keep_foragers_inside():
    """Games created before generation 7 replay as recorded."""
    g = _attacked(forage=True, generation=FORAGERS_OUTSIDE - 1)
    assert g.state["battle"] is None


def _movers(ct: int) -> list[str]:
    g = described("rulebook-foragers", ct=ct,
                  units=[{"home": "laconia", "type": "hoplite", "at": "W3530", "morale": 5,
                          "forage": True}])
    start(g, "move", [], side="sparta", step="choose")
    return [o.id for o in g.prompts()[0].options]


def test_9_7_2_foragers_stay_put_in_the_first_campaign_turn_only():
    """A foraging Laconian hoplite in Megarid is offered no move in the first Campaign Turn
    of the season, and may move again from the second."""
    assert _movers(1) == ["done"]
    assert "from:W3530" in _movers(2)
