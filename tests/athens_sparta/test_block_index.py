"""The block index (issue #17): facts derived from the blocks (who stands where, sieges,
enemy hexes) are cached while no block record changes, and every way of changing a record
makes them be computed again. The state stays plain JSON data."""

from __future__ import annotations

import json

import pytest

import engine
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import _stack_ok, crowded, enemy_set
from engine.rulesets.athens_sparta.rules_copy import copy_state
from engine.rulesets.athens_sparta.state import (
    Blocks,
    _occupancy,
    derived_all,
    indexed,
    occupancy,
    sieges,
)


def _game():
    return engine.new_game("athens-sparta", seed="index")


def _on_map(s):
    return next(b for b, x in s["blocks"].items() if x["loc"] not in ("pool", "off", "out"))


def test_a_new_and_a_loaded_game_index_their_blocks():
    g = _game()
    assert type(g.state["blocks"]) is Blocks
    loaded = engine.load_game(g.to_json())
    assert type(loaded.state["blocks"]) is Blocks
    assert loaded.state == g.state


def test_occupancy_is_shared_while_nothing_moves():
    s = _game().state
    assert occupancy(s) is occupancy(s)
    assert occupancy(s) == _occupancy(s)


@pytest.mark.parametrize("change", [
    lambda x: x.__setitem__("loc", "pool"),
    lambda x: x.update(loc="pool"),
    lambda x: x.update({"loc": "pool"}),
    lambda x: x.pop("loc") and x.setdefault("loc", "pool"),
])
def test_every_way_of_changing_a_record_is_seen(change):
    s = _game().state
    bid = _on_map(s)
    before = occupancy(s)
    change(s["blocks"][bid])
    after = occupancy(s)
    assert after is not before
    assert after == _occupancy(s)
    assert bid not in [b for here in after.values() for ids in here.values() for b in ids]


def test_writing_the_same_value_keeps_the_cache():
    s = _game().state
    bid = _on_map(s)
    before = occupancy(s)
    s["blocks"][bid]["loc"] = s["blocks"][bid]["loc"]
    assert occupancy(s) is before


def test_a_record_put_in_the_blocks_is_indexed_and_seen():
    s = _game().state
    bid = _on_map(s)
    before = occupancy(s)
    s["blocks"][bid] = dict(s["blocks"][bid], loc="pool")
    assert occupancy(s) is not before
    s["blocks"][bid]["loc"] = "J3"  # a change to the new record counts too
    assert bid in occupancy(s)["J3"][s["blocks"][bid]["side"]]


def test_a_stale_occupancy_is_answered_from_scratch():
    """A caller holding the occupancy from before a move gets the answer for it, as the
    code did before the cache."""
    s = _game().state
    bd = board()
    old = occupancy(s)
    foes_before = enemy_set(bd, s, old, "athens")
    sieges_before = sieges(bd, s, old)
    bid = next(b for b, x in s["blocks"].items() if x["side"] == "sparta"
               and x["loc"] not in ("pool", "off", "out"))
    s["blocks"][bid]["loc"] = "pool"
    assert enemy_set(bd, s, old, "athens") == foes_before
    assert sieges(bd, s, old) == sieges_before


def test_plain_copies_are_computed_from_scratch_and_dump_plain_json():
    g = _game()
    plain = copy_state(g.state)
    assert type(plain["blocks"]) is dict
    assert occupancy(plain) == occupancy(g.state)
    assert occupancy(plain) is not occupancy(plain)
    assert json.dumps(g.rules.dump(g.state), sort_keys=True) == json.dumps(g.state,
                                                                           sort_keys=True)
    assert type(indexed(plain)["blocks"]) is Blocks


def test_a_strength_change_keeps_who_stands_where_but_not_the_facts_that_read_it():
    s = _game().state
    bid = _on_map(s)
    before = occupancy(s)
    everything = derived_all(s)
    everything["probe"] = True
    s["blocks"][bid]["str"] += 1
    assert occupancy(s) is before
    assert "probe" not in derived_all(s)


def _stacking_by_counting(bd, s, side, army):
    """`crowded` as `_stack_ok` answers it hex by hex, for a block off the map."""
    probe = next(b for b in bd.blocks if (b in bd.armies) == army
                 and s["blocks"][b]["loc"] in ("pool", "off", "out"))
    occ = occupancy(s)
    return {h for h in bd.hexes if not _stack_ok(bd, s, occ, side, h, probe)}


@pytest.mark.parametrize("army", [True, False])
def test_crowded_hexes_follow_moves_and_revolt_marks(army):
    """The hexes too full for one more block are cached with the blocks: a block moving
    in or out, and a revolt mark (which frees its place, rule 7.0), change them."""
    s = _game().state
    bd = board()
    side = "athens"
    assert crowded(bd, s, occupancy(s), side, army) == _stacking_by_counting(bd, s, side, army)
    h = next(x for x in bd.hexes if x not in occupancy(s) and bd.stack_limit(x)[0] == 4)
    mine = [b for b, x in s["blocks"].items() if x["side"] == side
            and x["loc"] not in ("pool", "off", "out") and b in bd.armies][:4]
    for b in mine:
        assert h not in crowded(bd, s, occupancy(s), side, army)
        s["blocks"][b]["loc"] = h
    assert h in crowded(bd, s, occupancy(s), side, army)
    assert crowded(bd, s, occupancy(s), side, army) == _stacking_by_counting(bd, s, side, army)
    s["blocks"][mine[0]]["rv"] = True  # a revolt block does not count (7.0)
    assert h not in crowded(bd, s, occupancy(s), side, army)
    assert crowded(bd, s, occupancy(s), side, army) == _stacking_by_counting(bd, s, side, army)
    old = occupancy(s)
    s["blocks"][mine[1]]["loc"] = "pool"
    assert crowded(bd, s, old, side, army) is None  # a stale occupancy: count instead


def _ordered(occ):
    """The occupancy with its order made visible (places, then sides, then ids)."""
    return [(h, [(side, list(ids)) for side, ids in here.items()]) for h, here in occ.items()]


def test_the_occupancy_patched_after_moves_is_the_one_built_afresh():
    """Issue #17: after blocks move, the occupancy is the last one with the movers put
    where they stand, and it must be exactly `_occupancy`'s, in the same order."""
    from engine.core.rng import Rng

    s = _game().state
    bd = board()
    rng = Rng("patch")
    ids = sorted(s["blocks"])
    hexes = sorted(h for h in bd.hexes)
    for i in range(400):
        before = occupancy(s)
        b = s["blocks"][rng.choice(ids)]
        what = rng.randbelow(10)
        if what < 5:
            b["loc"] = rng.choice(hexes)
        elif what == 5:
            b["loc"] = rng.choice(["pool", "off", "out"])
        elif what == 6:
            b["side"] = "sparta" if b["side"] == "athens" else "athens"
        elif what == 7:
            b.update(loc=rng.choice(hexes), side=rng.choice(["athens", "sparta"]))
        elif what == 8:
            b["in"] = not b["in"]  # not a place: the same occupancy
        else:
            s["blocks"][rng.choice(ids)] = dict(b, loc=rng.choice(hexes))  # a new record
        if i % 3:
            continue  # several moves between two looks
        after = occupancy(s)
        assert _ordered(after) == _ordered(_occupancy(s))
        if what == 8:
            assert after is before
    # the occupancies handed out before are never changed
    old = occupancy(s)
    frozen = _ordered(old)
    s["blocks"][ids[0]]["loc"] = "pool" if s["blocks"][ids[0]]["loc"] != "pool" else "J3"
    assert _ordered(occupancy(s)) == _ordered(_occupancy(s))
    assert _ordered(old) == frozen


def test_removing_a_mark_keeps_who_stands_where():
    """A revolt mark removed (rule 7.0) moves no block: the occupancy is kept, the facts
    that read the mark are not."""
    s = _game().state
    bid = _on_map(s)
    s["blocks"][bid]["rv"] = True
    before = occupancy(s)
    derived_all(s)["probe"] = True
    s["blocks"][bid].pop("rv")
    assert occupancy(s) is before
    assert "probe" not in derived_all(s)
    assert s["blocks"][bid].pop("rv", "absent") == "absent"


def test_the_invariants_catch_a_stale_occupancy():
    from engine.rulesets.athens_sparta.invariants import check
    from engine.rulesets.athens_sparta.state import derived

    s = _game().state
    bd = board()
    assert not [p for p in check(bd, s) if "occupancy" in p]
    occupancy(s)
    derived(s)["occ"] = {}  # what a missed change would leave
    assert any("occupancy kept with the blocks" in p for p in check(bd, s))


def test_the_blocks_inside_walls_follow_every_change_and_the_invariants_check_them():
    from engine.rulesets.athens_sparta.invariants import check
    from engine.rulesets.athens_sparta.state import inside_walls

    s = _game().state
    bd = board()

    def afresh():
        return {b for b, x in s["blocks"].items() if x["in"] is not False}

    a, b = sorted(s["blocks"])[:2]
    assert inside_walls(s) == afresh()
    s["blocks"][a]["in"] = True
    assert a in inside_walls(s) and inside_walls(s) == afresh()
    s["blocks"][a].update({"in": False})
    assert a not in inside_walls(s)
    s["blocks"][b] = dict(s["blocks"][b], **{"in": True})  # a new record
    assert b in inside_walls(s) and inside_walls(s) == afresh()
    assert not [p for p in check(bd, s) if "inside walls" in p]
    inside_walls(s).add(a)  # what a missed change would leave
    assert any("inside walls" in p for p in check(bd, s))
