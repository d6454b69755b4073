"""`from_position` copies what it is given: neither the caller's dicts nor the position
the game records (replayed by undo and verify) become live state that play changes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng

AS_POSITION = Path(engine.__file__).parent / "rulesets" / "athens_sparta" / "positions"


def _play(g: engine.Game, n: int) -> None:
    player = Rng("copied")
    for _ in range(n):
        if g.outcome is not None or not g.prompts():
            return  # over, or the procedure the position began has ended
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))


def _containers(value, out: set[int]) -> set[int]:
    if isinstance(value, dict | list):
        out.add(id(value))
        for v in value.values() if isinstance(value, dict) else value:
            _containers(v, out)
    return out


def _check(rid: str, position: dict) -> None:
    before = copy.deepcopy(position)
    g = engine.ruleset(rid).from_position(position, seed="copied")
    # no dict or list of the caller's, nor of the recorded position, is in the state
    live = _containers(g.state, set())
    assert not live & _containers(position, set())
    assert not live & _containers(g.position, set())
    _play(g, 60)
    assert position == before  # the caller's dicts are untouched
    assert g.position == before  # and so is the recorded position
    if g.can_undo(g.log[-1][0]):
        g.undo(g.log[-1][0])  # undo replays from the recorded position


def test_athens_sparta_position_is_copied():
    _check("athens-sparta", json.loads((AS_POSITION / "amphipolis_example.json").read_text()))


def test_hellenes_position_is_copied():
    # a battle begun from the position: its Formations become the battle's own records
    blocks = {b: {"loc": "PHO", "cv": cv} for b, cv in
              {"S9": 2, "S1": 3, "A1": 3, "A12": 2}.items()}
    _check("hellenes", {"scenario": "431", "season": 1, "blocks": blocks,
                        "turn": {"side": "sparta", "actions": 0}, "start": "battle",
                        "args": {"area": "PHO", "attacker": "sparta", "defender": "athens",
                                 "formations": [{"area": "PHO", "via": "LOC",
                                                 "units": ["S1", "S9"], "from_sea": False}]}})


def test_pericles_position_is_copied():
    # the worked example's Boeotian battle begun from a position (rule 9.3)
    _check("pericles", {"scenario": "14.1.06 A", "war": True,
                        "forces": {"boeotia": {"D": {"land": 1, "bases": 1},
                                               "P": {"land": 4, "bases": 1}}},
                        "battle_cards": {"athens": [4], "sparta": [1]},
                        "expedition": {"theater": "boeotia", "cg": "agiad", "city": "sparta",
                                       "moves": 0, "revealed": True, "ship": False},
                        "committed": {"agiad": 5}, "start": "battle",
                        "args": {"kind": "land", "second": False}})
