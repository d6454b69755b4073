"""Answers the move phase keeps between clicks (issue #17): each one is given again only
while everything it reads stands still, and any change asks afresh."""

from __future__ import annotations

import engine
from engine.rulesets.athens_sparta import movement
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.movement import _movable, movable
from engine.rulesets.athens_sparta.state import compute_control, occupancy


def _state():
    return engine.new_game("athens-sparta", seed="caches").state


def test_movable_is_kept_while_nothing_changes(monkeypatch):
    s, bd = _state(), board()
    first = movable(bd, s, "athens")
    assert first == _movable(bd, s, "athens", occupancy(s))
    monkeypatch.setattr(movement, "_movable", lambda *a: ["asked again"])
    assert movable(bd, s, "athens") == first


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


def test_movable_follows_a_new_control_snapshot(monkeypatch):
    s, bd = _state(), board()
    movable(bd, s, "athens")
    monkeypatch.setattr(movement, "_movable", lambda *a: ["asked again"])
    s["land_control"] = dict(s["land_control"])  # a new snapshot (compute_control never edits one)
    assert movable(bd, s, "athens") == ["asked again"]


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


def test_a_phase_end_with_nothing_changed_is_skipped_and_any_change_is_seen(monkeypatch):
    from engine.rulesets.athens_sparta import strategics

    s, bd = _state(), board()
    strategics.end_of_phase(bd, s, _Events())  # nothing to change at the start
    calls = []
    monkeypatch.setattr(strategics, "compute_control",
                        lambda bd, s: calls.append(1) or compute_control(bd, s))
    strategics.end_of_phase(bd, s, _Events())
    assert calls == []  # the same blocks, control and snapshot: nothing to do
    # a Spartan block alone in an Athenian city takes it at the next phase end (4.2)
    name, city = next((n, c) for n, c in bd.cities.items() if s["control"].get(n) == "athens"
                      and c.get("hex") and c["hex"] not in occupancy(s)
                      and n not in strategics.REBELS and not c.get("major"))
    b = next(x for x, r in s["blocks"].items() if r["side"] == "sparta"
             and r["loc"] not in ("pool", "off", "out") and x in bd.armies)
    s["blocks"][b]["loc"] = city["hex"]
    ctx = _Events()
    strategics.end_of_phase(bd, s, ctx)
    assert s["control"][name] == "sparta" and calls == [1]
    assert ("control", {"city": name, "old": "athens", "new": "sparta", "taken": name}) \
        in [(k, {x: v for x, v in d.items() if x in ("city", "old", "new", "taken")})
            for k, d in ctx.events]
    strategics.end_of_phase(bd, s, _Events())  # runs in full: the last one changed control
    assert calls == [1, 1]
    strategics.end_of_phase(bd, s, _Events())
    assert calls == [1, 1]
    s["control"][name] = "athens"  # control changed by other rules (not the blocks)
    strategics.end_of_phase(bd, s, _Events())
    assert calls == [1, 1, 1] and s["control"][name] == "sparta"


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
    _LAND.clear()
    assert kept == destinations(bd, s, bid)
