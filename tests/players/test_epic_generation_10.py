"""The Epic players' answers to generation 10's questions. Fleets sailing onto an Area
where the enemy's fleets lie in separate stacks (no leader with them) pick one to attack
(16.2.2): the heuristic attacks the stack it would fight at the best odds, the weakest
between equals; the search level leaves the question to it; the random level picks any.
A beaten landing party chooses its ships or a coastal hex (17.7.7 ii), a retreat question
every level already answers."""

from __future__ import annotations

import engine
from engine.core import decisions
from engine.core.rng import Rng
from engine.players import decide, player
from engine.players.epic import choose
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind
from engine.rulesets.epic import menus
from tests.epic.helpers import start

RULES = engine.ruleset("epic")


def _asked(morale=(5, 3)):
    """Two Corinthian fleets under Archidamus sail from the Toronaic Gulf onto two unled
    Athenian fleets of the given morale in the Thermaic Gulf; Athens does not intercept."""
    units = [{"home": "attica", "type": "fleet", "at": "thermaic-gulf", "morale": m}
             for m in morale]
    g = RULES.from_position({"start": "move", "args": {"side": "sparta", "step": "choose"},
                             "scenario": "campaign", "clear": True, "ct": 1,
                             "leaders": {"Archidamus": "toronaic-gulf"},
                             "units": [*units, {"home": "corinth", "type": "fleet",
                                                "at": "toronaic-gulf", "n": 2}]},
                            seed="esea14")
    g.act("sparta", "from:toronaic-gulf")
    p = g.prompts()[0]
    g.act("sparta", decisions.encode(p, [o.id for o in p.options]))
    for _ in range(4):  # through the destination menu's groups
        p = g.prompts()[0]
        leaf = next(x for x in menus.leaves_of(p) if x["id"] == "to:thermaic-gulf")
        g.act("sparta", menus.towards(p, str(leaf["id"])))
        if g.prompts()[0].kind != "destination":
            break
    g.act("athens", "pass")
    (p,) = g.prompts()
    assert p.kind == "sea_target"
    return g, p


def _weak(g, p):
    return next(o.id for o in p.options
                if g.state["units"][o.data["fleets"][0]]["morale"] == 3)


def test_the_heuristic_attacks_the_weakest_stack_at_equal_odds():
    """Each Athenian fleet alone is 2 to 1 for us: the morale 3 one fails its checks more."""
    for order in ((5, 3), (3, 5)):
        g, p = _asked(order)
        assert choose(g.view("sparta"), p, None, Rng("t")) == _weak(g, p)


def test_the_search_level_leaves_the_question_to_the_heuristic():
    g, p = _asked()
    assert decide(g, "sparta", SearchPlayer("t", samples=2)) == _weak(g, p)


def test_the_random_level_picks_one_of_the_stacks():
    g, p = _asked()
    assert p.option(decide(g, "sparta", player("random", "t"))) is not None


def test_the_answer_reads_only_the_seats_view():
    g, _p = _asked()
    assert_player_blind(g, "sparta", "heuristic", seed="t")


def test_every_level_answers_a_beaten_landing_partys_retreat():
    g = RULES.from_position({"start": "move", "args": {"side": "athens", "step": "choose"},
                             "scenario": "campaign", "clear": True, "ct": 1,
                             "regions": {"megarid": {"side": "sparta", "al": 10, "ml": 10}},
                             "leaders": {"Phormio": "W3731"},
                             "units": [{"home": "attica", "type": "fleet", "at": "Piraeus"},
                                       {"home": "attica", "type": "hoplite", "at": "Piraeus"},
                                       {"home": "laconia", "type": "hoplite", "at": "W3530"}]},
                            seed="esea14")
    g.act("athens", "from:W3731")
    p = g.prompts()[0]
    g.act("athens", decisions.encode(p, [o.id for o in p.options]))
    for _ in range(4):
        p = g.prompts()[0]
        if p.kind != "destination":
            break
        g.act("athens", menus.towards(p, "to:W3530"))
    g.act("athens", "done")
    start(g, "combats", [1] * 8, side="athens")  # one round, then Athens breaks off
    g.act("athens", "off")
    (p,) = g.prompts()
    assert p.kind == "retreat" and p.rule == "17.7.7"
    for level in (player("random", "t"), player("heuristic", "t"), SearchPlayer("t", samples=2)):
        assert p.option(decide(g, "athens", level)) is not None
