"""The Epic players' answer to 16.2.2's question (generation 10): fleets sailing onto an
Area where the enemy's fleets lie in separate stacks (no leader with them) pick one to
attack. The heuristic attacks the stack it would fight at the best odds, the weakest
between equals; the search level leaves the question to it; the random level picks any."""

from __future__ import annotations

import engine
from engine.core import decisions
from engine.core.rng import Rng
from engine.players import decide, player
from engine.players.epic import choose
from engine.players.search import SearchPlayer
from engine.players.testing import assert_player_blind
from engine.rulesets.epic import menus

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
