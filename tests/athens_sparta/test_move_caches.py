"""Answers the move phase keeps between clicks (issue #17): each one is given again only
while everything it reads stands still, and any change asks afresh."""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import _movable, movable
from engine.rulesets.athens_sparta.state import compute_control, derived, derived_all, occupancy


def _state():
    return engine.new_game("athens-sparta", seed="caches").state


def _kept_movable(s, side):
    """The answer `movable` keeps for `side` (its entry in the blocks' cache). The tests
    watch this entry rather than patching `_movable`: a module compiled by mypyc
    (scripts/compile_engine.sh) calls its own functions directly, past any patch."""
    (entry,) = [v for k, v in derived_all(s).items()
                if isinstance(k, tuple) and k[:1] == ("movable",) and k[2] == side]
    return entry


def test_movable_is_kept_while_nothing_changes():
    s, bd = _state(), board()
    first = movable(bd, s, "athens")
    assert first == _movable(bd, s, "athens", occupancy(s))
    kept = _kept_movable(s, "athens")
    assert movable(bd, s, "athens") == first
    assert _kept_movable(s, "athens") is kept  # given again, not asked again


def test_movable_follows_moved_blocks_storms_and_the_blocks():
    s, bd = _state(), board()
    before = movable(bd, s, "athens")
    b = before[0]
    s["moved"].append(b)  # no block record changes: the list of moved blocks does
    assert b not in movable(bd, s, "athens")
    assert movable(bd, s, "athens") == _movable(bd, s, "athens", occupancy(s))
    s["moved"].remove(b)
    assert movable(bd, s, "athens") == before
    navies = [x for x in before if x not in bd.armies]
    assert navies
    s["events"].append("storm")  # no naval movement this turn
    assert not set(navies) & set(movable(bd, s, "athens"))
    s["events"].remove("storm")
    s["blocks"][b]["loc"] = "pool"
    assert b not in movable(bd, s, "athens")
    assert movable(bd, s, "athens") == _movable(bd, s, "athens", occupancy(s))


def test_movable_follows_a_new_control_snapshot():
    s, bd = _state(), board()
    movable(bd, s, "athens")
    kept = _kept_movable(s, "athens")
    s["land_control"] = dict(s["land_control"])  # a new snapshot (compute_control never edits one)
    movable(bd, s, "athens")
    again = _kept_movable(s, "athens")
    assert again is not kept and again[0] is s["land_control"]  # asked again, for the new one


def test_control_snapshot_is_replaced_only_when_it_changes():
    s, bd = _state(), board()
    hctl, sctl = s["land_control"], s["sea_control"]
    frozen = dict(hctl)
    compute_control(bd, s)
    assert s["land_control"] is hctl and s["sea_control"] is sctl  # nothing changed: caches stay warm
    b = next(x for x, r in s["blocks"].items() if r["side"] == "sparta"
             and r["loc"] not in ("pool", "off", "out"))
    h = next(x for x in bd.hexes if x not in occupancy(s) and x not in hctl
             and bd.hexes[x]["kind"] != "sea")
    s["blocks"][b]["loc"] = h
    compute_control(bd, s)
    assert s["land_control"] is not hctl and s["land_control"][h] == "sparta"
    assert hctl == frozen  # the old snapshot is never changed in place


class _Events:
    def __init__(self):
        self.events = []

    def event(self, kind, text, **data):
        self.events.append((kind, data))


def test_a_phase_end_with_nothing_changed_is_skipped_and_any_change_is_seen():
    from engine.rulesets.athens_sparta import strategics

    # A phase end that runs in full and changes nothing writes a new record of what it
    # found under this key; a skipped one leaves the record as it is (watched here rather
    # than patching `compute_control`, which compiled code would call past the patch).
    def record():
        return derived(s).get(("phase_end", bd))

    s, bd = _state(), board()
    strategics.end_of_phase(bd, s, _Events())  # nothing to change at the start
    first = record()
    assert first is not None
    strategics.end_of_phase(bd, s, _Events())
    assert record() is first  # the same blocks, control and snapshot: nothing to do
    # a Spartan block alone in an Athenian city takes it at the next phase end (4.2)
    name, city = next((n, c) for n, c in bd.cities.items() if s["control"].get(n) == "athens"
                      and c.get("hex") and c["hex"] not in occupancy(s)
                      and n not in strategics.REBELS and not c.get("major"))
    b = next(x for x, r in s["blocks"].items() if r["side"] == "sparta"
             and r["loc"] not in ("pool", "off", "out") and x in bd.armies)
    s["blocks"][b]["loc"] = city["hex"]
    ctx = _Events()
    strategics.end_of_phase(bd, s, ctx)
    assert s["control"][name] == "sparta"
    assert record() is None  # a block moved (the cache was cleared), control changed
    assert ("control", {"city": name, "old": "athens", "new": "sparta", "taken": name}) \
        in [(k, {x: v for x, v in d.items() if x in ("city", "old", "new", "taken")})
            for k, d in ctx.events]
    strategics.end_of_phase(bd, s, _Events())  # runs in full: the last one changed control
    second = record()
    assert second is not None
    strategics.end_of_phase(bd, s, _Events())
    assert record() is second
    s["control"][name] = "athens"  # control changed by other rules (not the blocks)
    strategics.end_of_phase(bd, s, _Events())
    assert s["control"][name] == "sparta"  # run again: the change was seen


def test_land_moves_follow_enemies_in_reach_and_ignore_those_beyond():
    """Land searches are kept by what lies within their reach (issue #17): an enemy
    next to the block changes its moves; one far away gives what a fresh search gives."""
    from engine.rulesets.athens_sparta.movement import _LAND, destinations

    s, bd = _state(), board()
    occ = occupancy(s)
    bid, start = next((b, r["loc"]) for b, r in s["blocks"].items() if r["side"] == "athens"
                      and b in bd.armies and r["loc"] in bd.land and not r["in"]
                      and any(nb not in occ and nb not in bd.persian for nb in bd.land[r["loc"]]))
    before = destinations(bd, s, bid)
    foe = next(b for b, r in s["blocks"].items() if r["side"] == "sparta" and b in bd.armies
               and r["loc"] not in ("pool", "off", "out"))
    near = next(nb for nb in bd.land[start] if nb not in occ and nb not in bd.persian)
    s["blocks"][foe]["loc"] = near
    s["blocks"][foe]["in"] = False
    got = destinations(bd, s, bid)
    assert got != before and any(d[0] == near and d[2] == start for d in got)  # an attack
    far = next(h for h in bd.land if h not in bd.land_ball(start, 10) and h not in occ
               and h not in bd.persian)
    s["blocks"][foe]["loc"] = far
    kept = destinations(bd, s, bid)
    _LAND.table().clear()
    assert kept == destinations(bd, s, bid)
