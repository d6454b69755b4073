"""Rules 12.2-12.3 (drawing Event Cards), read again from the rulebook into a described
position.

In our words: after playing, each player draws from the deck until he holds five cards
(acting at once on a card that must be played or discarded when drawn), and then two more
cards go from the deck to the discard pile unseen (12.2, 12.3). Under the armistice after a
peace no card is played but Immediate ones (20.2)."""

from __future__ import annotations

import engine
from engine.rulesets.epic import cards as C
from engine.rulesets.epic import peace as PE

from .helpers import start

RULES = engine.ruleset("epic")


def test_12_2_and_12_3_hands_filled_to_five_then_two_burnt():
    g = RULES.from_position({"scenario": "campaign", "start": None}, seed="rulebook-cards")
    s = g.state
    hands, deck = s["cards"]["hands"], s["cards"]["deck"]
    quiet = [c for c in deck if not C.immediate(c)]
    deck[:] = quiet  # no Immediate card to stop the drawing in this position
    hands["athens"][:] = hands["athens"][:2]
    hands["sparta"][:] = hands["sparta"][:4]
    top = list(deck[:6])
    start(g, "cards_draw", [], i=0)
    assert len(hands["athens"]) == 5 and len(hands["sparta"]) == 5
    assert sorted(hands["athens"][2:] + hands["sparta"][4:]) == sorted(top[:4])
    assert s["cards"]["discard"] == top[4:6]  # 12.3: the next two, face down
    assert C.hand_size(s, "athens") == C.hand_size(s, "sparta") == 5


def test_20_2_no_card_is_played_under_the_armistice():
    """Sparta holds a City Betrayal it could play on Plataea; under the armistice the stage
    goes straight to discarding (20.2: only Immediate cards)."""
    g = RULES.from_position({"scenario": "campaign", "start": None}, seed="rulebook-cards")
    start(g, "cards", [])
    p = g.prompt_for("sparta")
    assert p is not None and any(o.id.startswith("city-betrayal") for o in p.options)
    g = RULES.from_position({"scenario": "campaign", "start": None}, seed="rulebook-cards")
    PE.sign(g.state)
    start(g, "cards", [])
    assert [p.rule for p in g.prompts()] == ["12.2"]
