"""The Epic search level (engine/players/search.py with engine/players/epic.py's
`candidates`): a destination where an attack is on offer is weighed in sampled worlds among
a few options, the heuristic's answer always one of them; a march is left to the heuristic."""

from __future__ import annotations

import engine
from engine.core.rng import Rng
from engine.players import decide
from engine.players.epic import SEARCHED_DESTINATIONS, candidates, end_moves
from engine.players.lookahead import worlds_for
from engine.players.rollout import Sim
from engine.players.search import SearchPlayer
from engine.rulesets.epic import menus

RULES = engine.ruleset("epic")


def _destination(units):
    """Athens' movement at a described position, walked to the first stack's destinations."""
    g = RULES.from_position({"start": "move", "args": {"side": "athens", "step": "choose"},
                             "clear": True, "units": units}, seed="gauntlet-epic")
    for _ in range(6):
        p = g.prompts()[0]
        if p.kind == "destination":
            return g, p
        source = next(x for x in menus.leaves_of(p) if x.get("kind") == "source") \
            if p.kind == "move" else None
        if p.kind == "move":
            answer = next(o.id for o in p.options if o.id == source["id"] or (
                o.data and any(x["id"] == source["id"] for x in o.data.get("leaves", []))))
        else:
            answer = "|".join(o.id for o in p.options[:p.hi])
        g.act("athens", answer)
    raise AssertionError("no destination prompt")


NEAR_MEGARA = [{"home": "attica", "type": "hoplite", "at": "W3430", "n": 1},
               {"home": "laconia", "type": "hoplite", "at": "Megara", "n": 2}]


def test_a_destination_with_an_attack_is_weighed_among_a_few():
    g, p = _destination(NEAR_MEGARA)
    view = g.view("athens")
    fallback = p.options[0].id
    found = candidates(view, p, fallback)
    assert 2 <= len(found) <= SEARCHED_DESTINATIONS and found[0] == fallback
    assert len(set(found)) == len(found) and all(p.option(c) is not None for c in found)
    leaves = {c: (p.option(c).data or {}) for c in found}
    kinds = {d.get("kind") for d in leaves.values()} | {
        x.get("kind") for d in leaves.values() for x in d.get("leaves", [])}
    assert "attack" in kinds and "move" in kinds


def test_a_march_with_no_enemy_in_reach_is_left_to_the_heuristic():
    g, p = _destination([{"home": "attica", "type": "hoplite", "at": "Athens", "n": 3}])
    assert candidates(g.view("athens"), p, p.options[0].id) == []


def test_a_rollout_ends_the_seats_movement_so_its_battles_are_fought():
    g, p = _destination(NEAR_MEGARA)
    worlds = worlds_for(g, "athens")
    assert worlds is not None
    sim = Sim(worlds(Rng("w")), Rng("dice"), Rng("policy"))
    attack = next(x["id"] for x in menus.leaves_of(p) if x.get("kind") == "attack")
    answer = attack if p.option(attack) else next(
        o.id for o in p.options if o.data and any(x["id"] == attack
                                                  for x in o.data.get("leaves", [])))
    sim.act("athens", answer)
    end_moves(sim, "athens")
    nxt = sim.prompt()
    assert nxt is None or nxt.kind not in ("move", "pieces", "destination") \
        or nxt.seat != "athens"


def test_the_search_counts_the_destination_it_weighed():
    g, p = _destination(NEAR_MEGARA)
    s = SearchPlayer("t", samples=2)
    answer = decide(g, "athens", s)
    assert p.option(answer) is not None
    assert s.searched == 1
