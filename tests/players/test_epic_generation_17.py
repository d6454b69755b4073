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


def test_every_level_answers_and_the_heuristic_takes_the_free_btv_at_x0():
    g, p = _asked()
    answers = {name: decide(g, "sparta", level) for name, level in (
        ("random", player("random", "t")), ("heuristic", player("heuristic", "t")),
        ("search", SearchPlayer("t", samples=2)))}
    assert all(p.option(a) is not None for a in answers.values())
    assert answers["heuristic"] == "base:chios"


def test_the_heuristic_leaves_a_region_gained_at_x3_to_its_usual_reckoning():
    g, _p = _asked(mult=3)
    assert decide(g, "sparta", player("heuristic", "t")) != "base:chios"
    assert_player_blind(g, "sparta", "heuristic", seed="t")  # it reads only its view
