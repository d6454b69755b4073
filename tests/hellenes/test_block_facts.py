"""The facts of where the blocks stand, kept on the state's `Blocks` across clicks
(board.facts): patched for the blocks that moved, they always equal the facts read afresh
from the blocks; they survive a click that moves nothing and change when a block moves, a
block changes side or goes inside, or a garrison changes."""

from __future__ import annotations

import copy
import json
from typing import Any

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.hellenes import board as B
from engine.rulesets.hellenes.state import BlockRecord, Blocks, indexed


def _fresh(s: Any) -> tuple[Any, ...]:
    """The facts read from plain copies of the blocks (nothing kept)."""
    plain = json.loads(json.dumps(s))
    f = B.Facts.build(plain["blocks"])
    return (f.by_area, f.place, f.on_map, f.controls(plain["garrisons"]),
            *(f.outside(side, plain["blocks"]) for side in ("athens", "sparta")),
            *(f.fleets(side, plain["blocks"]) for side in ("athens", "sparta")))


def _kept(s: Any) -> tuple[Any, ...]:
    f = B.facts(s)
    return (f.by_area, f.place, f.on_map, f.controls(s["garrisons"]),
            *(f.outside(side, s["blocks"]) for side in ("athens", "sparta")),
            *(f.fleets(side, s["blocks"]) for side in ("athens", "sparta")))


def _game(scenario: str = "431", seed: str = "facts") -> Any:
    return engine.new_game("hellenes", scenario=scenario, seed=seed)


def test_kept_facts_equal_fresh_ones_at_every_step_of_random_games(monkeypatch):
    patches = []
    patched_by = B.Facts.patched

    def counted(self: B.Facts, blocks: Any, moved: Any) -> B.Facts:
        patches.append(len(moved))
        return patched_by(self, blocks, moved)

    monkeypatch.setattr(B.Facts, "patched", counted)
    for scenario, seed in (("431", "facts"), ("415", "facts415")):
        g = _game(scenario, seed)
        player = Rng(f"player:{seed}")
        for _ in range(400):
            if g.outcome is None:
                p = player.choice(g.prompts())
                g.act(p.seat, random_answer(p, player))
            assert _kept(g.state) == _fresh(g.state)
        assert type(g.state["blocks"]) is Blocks
    assert len(patches) > 100  # the patching path was taken, not only fresh builds


def test_facts_survive_a_change_that_moves_nothing_and_change_when_a_block_moves():
    s = _game().state
    first = B.facts(s)
    assert B.facts(s) is first
    bid, x = next((b, x) for b, x in s["blocks"].items() if x["loc"] in B.comps().areas)
    x["cv"] = x["cv"]  # the same value: not a change
    x["cv"] = max(1, x["cv"] - 1)  # strength is not where a block stands
    assert B.facts(s) is first
    home = x["loc"]
    x["loc"] = "pool"
    moved = B.facts(s)
    assert moved is not first
    assert bid not in moved.on_map[x["side"]] and bid in moved.by_area["pool"]
    assert bid in first.on_map[x["side"]]  # facts handed out earlier are never changed
    x["loc"] = home
    assert B.facts(s).by_area == first.by_area


def test_city_control_follows_blocks_going_inside_and_garrisons():
    s = _game().state
    city = next(c for c in B.comps().data.cities
                if c.loyalty == "athens" and c.area not in B.facts(s).by_area
                and c.name not in s["garrisons"])
    f = B.facts(s)
    assert f.controls(s["garrisons"])[city.name] == "athens"
    spartan = next(b for b, x in s["blocks"].items() if x["side"] == "sparta"
                   and x["loc"] in B.comps().areas)
    s["blocks"][spartan]["loc"] = city.area
    held = B.facts(s).controls(s["garrisons"])
    assert held[city.name] == "sparta"  # sole occupation of the CityState (1.4)
    s["garrisons"][city.name] = {"side": "athens", "kind": "detached"}
    assert B.facts(s).controls(s["garrisons"])[city.name] == "athens"
    s["blocks"][spartan]["inside"] = True  # both inside: contested, Loyalty stands
    s["garrisons"].pop(city.name)
    assert B.facts(s).controls(s["garrisons"])[city.name] == "sparta"
    s["blocks"][spartan]["side"] = "athens"
    assert B.facts(s).on_map["athens"].count(spartan) == 1
    assert spartan not in B.facts(s).on_map["sparta"]
    assert _kept(s) == _fresh(s)


def test_copies_and_replaced_records_start_afresh():
    s = _game().state
    B.facts(s)
    other = copy.deepcopy(s)
    assert type(other["blocks"]) is Blocks and other["blocks"].facts is None
    assert all(type(x) is BlockRecord for x in other["blocks"].values())
    bid = next(b for b, x in other["blocks"].items() if x["loc"] in B.comps().areas)
    other["blocks"][bid]["loc"] = "pool"  # the copy's move is not the original's
    assert bid in B.facts(s).on_map[s["blocks"][bid]["side"]]
    assert _kept(other) == _fresh(other)
    s["blocks"][bid] = {"side": s["blocks"][bid]["side"], "loc": "pool", "cv": 0,
                        "inside": False}  # a whole new record
    assert bid in B.facts(s).by_area["pool"]
    assert _kept(s) == _fresh(s)
    # a record held by two Blocks notes its moves to one only: neither keeps facts
    shared = Blocks(s["blocks"])
    assert shared.shared and s["blocks"].shared  # type: ignore[attr-defined]
    assert B.facts({"blocks": shared}) is not B.facts({"blocks": shared})  # type: ignore


def test_loaded_games_note_their_moves():
    g = _game()
    for text in (g.to_dict(), g.to_json()):
        state = engine.load_game(text).state
        assert type(state["blocks"]) is Blocks
        assert _kept(state) == _fresh(state)
    assert type(indexed(json.loads(json.dumps(state)))["blocks"]) is Blocks
