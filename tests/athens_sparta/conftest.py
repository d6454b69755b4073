"""Helpers for the Athens & Sparta rules tests: positions and scripted play."""

from __future__ import annotations

import copy

import pytest

import engine
from engine.rulesets.athens_sparta.positions import load_position_file

RS = "athens-sparta"


def rules():
    return engine.ruleset(RS)


def position(name: str | None = None, seed: int | str = 1, **changes):
    data = copy.deepcopy(load_position_file(name)) if name else {}
    data.update(changes)
    return rules().from_position(data, seed=seed)


def base(**changes):
    """A small legal position: Sparta's move phase in Olympiad 84, game turn 2."""
    data = {
        "olympiad": 84, "turn": 2, "phase": "move", "active": "sparta", "player1": "sparta",
        "cards": {"athens": {"hand": ["C11", "C12"], "played": "C10"},
                  "sparta": {"hand": ["C15", "C16"], "played": "C24"}},
        "blocks": {"Sparta H1": {"hex": "I10"}, "Athens H1": {"hex": "K8"}},
    }
    data.update(changes)
    return rules().from_position(data, seed=1)


def prompt(g, seat=None):
    ps = g.prompts()
    if seat is None:
        assert len(ps) == 1, [p.text for p in ps]
        return ps[0]
    return next(p for p in ps if p.seat == seat)


def ids(p):
    return [o.id for o in p.options]


def act(g, option, seat=None):
    p = prompt(g, seat)
    assert option in ids(p), (option, p.text, ids(p))
    return g.act(p.seat, option)


def state(g):
    return g.state


def blk(g, bid):
    return g.state["blocks"][bid]


@pytest.fixture
def rs():
    return rules()


def pick(g, prefix):
    """The destination option whose id starts with `prefix` ("o|H9|", "s|sicily|"),
    choosing the kind of move first when the list is split by kind."""
    p = prompt(g)
    kinds = [o.id for o in p.options if o.id.startswith("k:")]
    if kinds:
        mode = {"o": "op", "m": "march", "s": "sea"}[prefix[0]]
        g.act(p.seat, f"k:{mode}")
        p = prompt(g)
    return next(o for o in p.options if o.id.startswith(prefix))


def storm_position():
    """Athens storms Potidaea (J3) against Corinth H2 inside the walls, with fixed dice:
    the defender misses, Athens H1 rolls 1,1,6,6 (two half-hits: one step, rule 5.41)."""
    return position(None, olympiad=84, turn=2, phase="combat", active="athens",
                    player1="athens",
                    cards={"athens": {"hand": ["C11"], "played": "C10"},
                           "sparta": {"hand": ["C12"], "played": "C24"}},
                    blocks={"Athens H1": {"hex": "J3", "strength": 4},
                            "Athens N3": {"hex": "J3"},
                            "Corinth H2": {"hex": "J3", "in_city": True, "strength": 2},
                            "Sparta H1": {"hex": "I10"}},
                    dice=[6, 6, 1, 1, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6])


# The played cards of a game turn whose Player 1 is the side named: 5 MP against 1.
ACTS = {"sparta": {"athens": {"hand": ["C11"], "played": "C10"},
                   "sparta": {"hand": ["C12"], "played": "C24"}},
        "athens": {"athens": {"hand": ["C11"], "played": "C24"},
                   "sparta": {"hand": ["C12"], "played": "C10"}}}


def turn_at(phase, active, blocks, **more):
    """Olympiad 84, game turn 2: `phase` of the player turn of `active`, Player 1 with a
    5 MP card; `more` adds to or overrides the position."""
    data = dict(olympiad=84, turn=2, phase=phase, active=active, player1=active,
                cards=ACTS[active], blocks=blocks)
    data.update(more)
    return position(None, **data)
