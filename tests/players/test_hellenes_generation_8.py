"""The Hellenes players' answers to generation 8's Winter line of its own: Maintaining a
unit in Sicily while it is neutral costs two Actions (9.22, 15.2 rule 2; RULINGS.md). Once
the line is chosen, its pick of units is answered as the one-Action Maintain pick is: the
strongest units kept, never nothing (which would only bring the menu back)."""

from __future__ import annotations

from engine.players import decide, player
from engine.players.gauntlet import GAUNTLET, gauntlet_player
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind
from tests.hellenes import helpers as H


def _asked():
    """Winter 415 of the Sicily Campaign, Sicily neutral: a Boeotian fleet (S46) at sea in
    the Strait of Rhegium with no free shelter (no Quarter, no Home in reach, 9.211,
    9.212), Sparta with three Actions, the Sicily Maintain line chosen."""
    g = H.RULES.from_position(
        {"scenario": "sicily", "year": 415, "season": 5, "stamp": 5,
         "start": "winter_actions", "args": {"side": "sparta", "maintained": []},
         "turn": {"side": "sparta", "actions": 3},
         "blocks": {"S46": {"loc": "S_RHE", "cv": 2}}}, seed="review15")
    g.act("sparta", "maintain-sicily")
    p = H.prompt(g, "sparta")
    assert not (p.options[0].data or {})["shelter"]
    assert p.kind == "winter-maintain-sicily" and [o.id for o in p.options] == ["S46"]
    return g, p


def test_every_level_keeps_the_unit_it_chose_to_maintain_in_sicily():
    g, _p = _asked()
    levels = [player("heuristic", "t"), SearchPlayer("t", samples=2)]
    levels += [gauntlet_player(style, "t") for style in GAUNTLET]
    for level in levels:
        assert decide(g, "sparta", level) == "S46", level
    g.act("sparta", "S46")
    assert g.state["turn"]["actions"] == 1  # two Actions paid (15.2 rule 2)


def test_the_answer_reads_only_the_seats_view():
    g, _p = _asked()
    assert_player_blind(g, "sparta", "heuristic", seed="t")
