"""The Epic heuristic as Sparta against the gauntlet (issue 35): the capital's guard fears
the units the enemy may place in its cities within a march of the capital (Argos, a road
from Sparta) only where and as many as the rules let it place them (7.3.2, 4.4.2): a flat
four kept Sparta's best hoplites at home all game while the bait-taker's three Argives with
Alcibiades took Corinthia's cities one by one (`t11bait-taker:3`)."""

from __future__ import annotations

from typing import Any

import engine
from engine.players.epic import Seen, _danger
from engine.players.epic_reach import PLACED_THREAT
from engine.players.epic_reach import coming as _coming
from engine.rulesets.epic import board as B

ARGOS = B.comps().cities["Argos"].hex
GUARD = {"home": "laconia", "type": "hoplite", "at": "Sparta", "n": 4}


def _guarded(more: list[dict[str, Any]], **position: Any) -> tuple[dict[str, Any], int]:
    """Sparta's view with four Laconians at Sparta and `more` on the board, no Argive on
    the map (Argos Athenian, the Argolid at ML 8 unless `position` says otherwise), and
    the enemy units `_coming` counts."""
    g = engine.ruleset("epic").from_position(
        {"start": None, "clear": True, "units": [GUARD, *more], **position}, seed="guard")
    view = g.view("sparta")
    here = Seen(view, "sparta").land_count
    return view, _coming(view, here, "sparta", "Sparta")


def test_units_the_enemy_may_place_near_the_capital_count_where_it_may_place_them():
    # 7.3.2: units are placed in friendly cities of their own region, neither besieged nor
    # masked; Athens' Force Pool (public) holds the seven Argives
    view, coming = _guarded([])
    assert coming == PLACED_THREAT
    assert _danger(view, Seen(view, "sparta").land_count, "sparta", "Sparta") == 0
    # a Spartan in Argos' hex masks it (10.2.2): nothing can be placed there
    _, masked = _guarded([{"home": "laconia", "type": "hoplite", "at": "Argos"}])
    assert masked == 0
    # 4.4.2: no placing in a region whose ML is below 5
    _, low = _guarded([], regions={"argolid": {"ml": 4}})
    assert low == 0
    # only as many as the Argolid's Force Pool still holds (five Argives dead)
    _, two = _guarded([{"home": "argolid", "type": "hoplite", "where": "dead", "n": 5}])
    assert two == 2
    # units already within a march count whatever the city's state
    _, beside = _guarded([{"home": "laconia", "type": "hoplite", "at": "Argos"},
                          {"home": "argolid", "type": "hoplite", "at": "W3034", "n": 3}])
    assert beside == 3
