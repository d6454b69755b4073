"""The Epic players' answers to generation 15's new retreat option: fleets alone on a
coast, beaten on land, may put to sea (17.7.1b, RULINGS.md 92). It comes as one more
spot of the defender's retreat question, which every level already answers."""

from __future__ import annotations

import engine
from engine.players import decide, player
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind
from engine.rulesets.epic import board as B
from tests.epic.helpers import start

RULES = engine.ruleset("epic")
BEACH = "W3530"  # a plain Megarian coast of the Saronic Gulf


def _asked():
    """A Laconian hoplite from Attica beats an Attic fleet beached alone at the Megarian
    coast (1-1, die 1: D/+1; the fleet, at morale 3 on land, rolls 3 + 1). It may go to
    the free Attic coast beside it or put to sea in the Saronic Gulf."""
    g = RULES.from_position({"scenario": "campaign", "clear": True, "ct": 1, "start": None,
                             "regions": {"megarid": {"side": "sparta", "al": 10, "ml": 10}},
                             "units": [{"home": "attica", "type": "fleet", "at": BEACH},
                                       {"home": "laconia", "type": "hoplite",
                                        "at": "W3529"}]},
                            seed="eaudit15")
    s = g.state
    att = B.units_at(s, "W3529", "sparta")
    for u in att:
        s["units"][u]["hex"] = BEACH
    s["attacks"] = [{"hex": BEACH, "origin": "W3529", "units": att, "leaders": [],
                     "storm": False}]
    start(g, "combats", [1, 3], side="sparta")
    (p,) = g.prompts()
    assert p.kind == "retreat" and "saronic-gulf" in [o.id for o in p.options]
    assert p.option("saronic-gulf").label == "Put to sea in Saronic Gulf"
    return g, p


def test_every_level_answers_the_beached_fleets_retreat():
    g, p = _asked()
    for level in (player("random", "t"), player("heuristic", "t"), SearchPlayer("t", samples=2)):
        assert p.option(decide(g, "athens", level)) is not None


def test_the_answer_reads_only_the_seats_view():
    g, _p = _asked()
    assert_player_blind(g, "athens", "heuristic", seed="t")
