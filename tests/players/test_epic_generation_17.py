"""The Epic players' answers to generation 17's new assessment option: a region that has
changed hands may be set at its Base Tribute Value, at no cost (4.3.1a, RULINGS.md 94).
The heuristic takes it for a region gained at x0; every level answers the question."""

from __future__ import annotations

import engine
from engine.players import decide, player
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind

RULES = engine.ruleset("epic")


def _asked(mult=0):
    """Sparta's Tribute Assessment, with a Chios it gained at x`mult`."""
    g = RULES.from_position({"scenario": "campaign", "clear": True, "start": "assess",
                             "args": {"side": "sparta"},
                             "regions": {"chios": {"side": "sparta", "al": 3, "ml": 8,
                                                   "mult": mult}},
                             "state": {"gained": {"chios": "sparta"}}}, seed="eaudit15b")
    (p,) = g.prompts()
    assert p.kind == "assess" and "base:chios" in [o.id for o in p.options]
    return g, p


def test_every_level_answers_the_assessment_with_the_btv_option():
    g, p = _asked()
    for level in (player("random", "t"), player("heuristic", "t"), SearchPlayer("t", samples=2)):
        assert p.option(decide(g, "sparta", level)) is not None


def test_the_heuristic_sets_a_region_gained_at_x0_at_its_btv():
    g, _p = _asked()
    assert decide(g, "sparta", player("heuristic", "t")) == "base:chios"


def test_the_heuristic_leaves_a_region_gained_at_x3_to_its_usual_reckoning():
    g, _p = _asked(mult=3)
    assert decide(g, "sparta", player("heuristic", "t")) != "base:chios"


def test_the_answer_reads_only_the_seats_view():
    g, _p = _asked()
    assert_player_blind(g, "sparta", "heuristic", seed="t")
