"""The index of a steady state (board.steady) answers exactly as the blocks do, only for
that state, only while it is steady, and per thread."""

from __future__ import annotations

import copy
import json
import threading

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes import moves


def _mid_game():
    g = engine.new_game("hellenes", scenario="431", seed="steady")
    player = Rng("player:steady")
    for _ in range(80):
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    return g


def test_indexed_answers_equal_the_plain_ones():
    s = _mid_game().state
    p = json.loads(json.dumps(s))  # plain records: every answer read from the blocks
    areas = sorted({x["loc"] for x in s["blocks"].values()})
    plain = ([B.units_in(p, a, side, inside) for a in areas for side in (None, "athens")
              for inside in (None, True, False)], B.controls(p), B.blocking(p, "athens"),
             [B.area_control(p, a) for a in areas], B.on_map(p, "sparta"))
    kept = ([B.units_in(s, a, side, inside) for a in areas for side in (None, "athens")
             for inside in (None, True, False)], B.controls(s), B.blocking(s, "athens"),
            [B.area_control(s, a) for a in areas], B.on_map(s, "sparta"))
    assert kept == plain  # from the facts the block records keep
    for side in ("athens", "sparta"):
        assert B.has_pool(s, side) == bool(B.pool(p, side))
        assert B.pool(s, side) == B.pool(p, side)
        for city in B.comps().data.cities:
            assert B.city_control(s, city) == B.city_control(p, city)
    with B.steady(s):
        indexed = ([B.units_in(s, a, side, inside) for a in areas for side in (None, "athens")
                    for inside in (None, True, False)], B.controls(s),
                   B.blocking(s, "athens"), [B.area_control(s, a) for a in areas],
                   B.on_map(s, "sparta"))
    assert indexed == plain


def test_the_index_serves_only_its_own_state_and_only_while_steady():
    s = _mid_game().state
    other = copy.deepcopy(s)
    bid, x = next((b, x) for b, x in other["blocks"].items() if x["loc"] in B.comps().areas)
    x["loc"] = "pool"
    with B.steady(s):
        assert B.index(other) is None
        assert bid not in B.on_map(other)  # the other state answers for itself
        assert bid in B.on_map(s)
        mine = B.on_map(s)
        mine.clear()  # a caller changing an answer does not change the remembered one
        assert B.on_map(s)
    assert B.index(s) is None


def test_each_thread_has_its_own_steady_states():
    s = _mid_game().state
    seen = []
    with B.steady(s):
        t = threading.Thread(target=lambda: seen.append(B.index(s)))
        t.start()
        t.join()
        assert B.index(s) is not None
    assert seen == [None]


def test_muster_and_group_move_searches_agree_with_and_without_the_index():
    g = _mid_game()
    s = g.state
    for side in ("athens", "sparta"):
        if s["turn"] is None:
            break
        plain = moves.reach(s, side), moves.muster_targets(s, side)
        with B.steady(s):
            assert (moves.reach(s, side), moves.muster_targets(s, side)) == plain
