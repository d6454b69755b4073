"""Rules 8.5 and 16.4.4 (no battle in an Open Sea), read again from the rulebook into
described positions.

In our words: fleets start a battle at sea by sailing onto enemy fleets in the same Area,
or the enemy may intercept them as they come in (16.4.4, 16.4.5). Neither can happen in
one of the six Open Seas: no battle is ever fought there (8.5). A fleet that sails into an
Open Sea holding enemy fleets simply stops there, as every fleet entering an Open Sea does
(16.4.6)."""

from __future__ import annotations

from engine.rulesets.epic import board as B
from engine.rulesets.epic.state import CALM_OPEN_SEAS

from .conftest import described
from .helpers import start, through_menus

PIRAEUS = B.comps().cities["Piraeus"].hex


def _sail(enemy_at: str, generation=None):
    """An Athenian fleet sails from Piraeus to the South Aegean, where a Corinthian fleet
    waits at sea (`enemy_at`); Sparta is asked about an interception if it may be."""
    g = described("rulebook-open-seas", ct=1, generation=generation,
                  units=[{"home": "attica", "type": "fleet", "at": "Piraeus", "morale": 5},
                         {"home": "corinth", "type": "fleet", "at": enemy_at}])
    start(g, "move", [], side="athens", step="choose")
    g.act("athens", f"from:{PIRAEUS}")
    g.act("athens", g.prompts()[0].options[0].id)
    through_menus(g, "athens", "to:south-aegean")
    return g


def test_8_5_no_interception_and_no_attack_in_an_open_sea():
    """No interception is offered in the South Aegean, and the Athenian fleet that stops
    there next to the Corinthian one starts no battle."""
    g = _sail("south-aegean")
    s = g.state
    assert [p.kind for p in g.prompts()] == ["move"]  # straight back to Athens' movement
    assert B.units_at(s, "south-aegean", "athens")  # it stopped there (16.4.6)
    assert not s.get("attacks")


def test_16_4_4_the_same_fleets_in_a_coastal_sea_do_fight():
    """In the Sunian waters (a coastal sea Area on the way) the Corinthian fleet may
    intercept the Athenian one as it passes (16.4.5)."""
    g = _sail("sunian-waters")
    (p,) = g.prompts()
    assert p.seat == "sparta" and p.kind == "intercept"


def test_games_of_an_older_generation_fought_in_open_seas():
    """Games created before generation 9 replay as recorded."""
    g = _sail("south-aegean", generation=CALM_OPEN_SEAS - 1)
    (p,) = g.prompts()
    assert p.seat == "sparta" and p.kind == "intercept"
