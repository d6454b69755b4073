"""The typed state (schema.py) covers every key the rules keep and marks every place a
block id is stored, so the redaction variants derived from it miss nothing."""

from __future__ import annotations

from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.athens_sparta import schema
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.variants import _hints, _mentions_block_id, remap

# Printed names: for some blocks the same text as their id, by coincidence of spelling.
NOT_IDS = {"name"}


def _walk(x: Any, tp: Any, path: str, ids: set[str], bad: list[str]) -> None:
    """Record `path` when a block id sits where the type does not say BlockId."""
    if get_origin(tp) in (Union, UnionType):
        arms = [a for a in get_args(tp) if a is not type(None)]
        tp = arms[0] if len(arms) == 1 else Any
    if isinstance(x, str):
        if x in ids and tp not in (schema.BlockId, schema.ShownBlockId) \
                and path.rsplit("/", 1)[-1] not in NOT_IDS:
            bad.append(path)
    elif isinstance(x, dict):
        if is_typeddict(tp):
            hints = _hints(tp)
            for k, v in x.items():
                if k not in hints:
                    bad.append(f"{path}/{k} (undeclared)")
                _walk(v, hints.get(k, Any), f"{path}/{k}", ids, bad)
        else:
            kt, vt = get_args(tp) if get_origin(tp) is dict else (Any, Any)
            for k, v in x.items():
                if k in ids and kt != schema.BlockId:
                    bad.append(f"{path}/<key>")
                _walk(v, vt, f"{path}/*", ids, bad)
    elif isinstance(x, list):
        (item,) = get_args(tp) if get_origin(tp) is list else (Any,)
        for v in x:
            _walk(v, item, f"{path}/[]", ids, bad)


def test_random_games_keep_to_the_typed_state():
    ids = set(board().blocks)
    bad: list[str] = []
    for seed in range(4):
        g = engine.new_game("athens-sparta", seed=f"schema:{seed}")
        player = Rng(f"schema-player:{seed}")
        while g.outcome is None:
            _walk(g.state, schema.State, "", ids, bad)
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))
    assert sorted(set(bad)) == []


def test_remap_follows_every_marked_id_and_nothing_else():
    state = {"moved": ["a", "x"], "flow": [{"name": "move_dest", "args": {"block": "a"}}],
             "entries": {"K8": {"a": 1}}, "phase": "a",
             "battle": {"role": {"a": "athens"}, "defender": "a", "record": {
                 "forces": [{"id": "a", "name": "a"}], "rounds": [
                     {"steps": [{"unit": "a", "targets": [{"target": "a"}]}]}]}}}
    hints = get_type_hints(schema.State, include_extras=True)
    out = {k: remap(v, hints[k], {"a": "b"}) for k, v in state.items()}
    assert out["moved"] == ["b", "x"] and out["flow"][0]["args"]["block"] == "b"
    assert out["entries"] == {"K8": {"b": 1}} and out["phase"] == "a"
    assert out["battle"]["role"] == {"b": "athens"} and out["battle"]["defender"] == "a"
    # a battle record is public history: it keeps the ids as everyone saw them
    assert out["battle"]["record"] == state["battle"]["record"]
    assert not _mentions_block_id(hints["control"])
