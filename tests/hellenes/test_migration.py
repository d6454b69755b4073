"""Games saved before version 4 (issue 30) load and go on: `tests/hellenes/fixtures` holds
saves written by the code of version 3 (log lines, private lines, battles as English lines
in the state), some taken mid-battle, one with a card committed face down, one with
Hera's overruling asked. The game loads (replayed from its log, as the engine
does for any older rules version) and finishes; the state itself, read by `load`, is
rewritten to today's shape with the same facts the replay reaches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.testing import sentences_in

FIXTURES = sorted(Path(__file__).with_name("fixtures").glob("*.json"))
RULES = engine.ruleset("hellenes")


def _facts(state: dict) -> dict:
    """The state with each battle record's steps left out, only its current round kept (a
    save of version 3 kept the steps as lines, which are not read again)."""
    out = json.loads(json.dumps(state))
    records = [out.get("battle")] + [f["args"].get("snap", {}).get("battle")
                                     for f in out["flow"] if f["name"] == "battle"]
    for rec in records:
        if rec:
            rec["rounds"] = rec["rounds"][-1]["number"] if rec["rounds"] else None
    for f in out["flow"]:  # what an Appeal is about was a sentence: not read again
        if f["name"] in ("appeal", "appeal_hera"):
            f["args"]["what"] = "?"
    return out


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_save_of_version_3_loads_in_todays_shape(path):
    saved = json.loads(path.read_text())
    assert saved["rules_version"] == "3" and "log" in saved["state"]
    state = RULES.load(saved["state"])
    assert sentences_in(RULES.dump(state)) == []
    replayed = engine.load_game(path.read_text())  # its log replayed (legacy_answers.py)
    assert _facts(RULES.dump(state)) == _facts(RULES.dump(replayed.state))
    if saved["state"]["battle"]:
        forces = {p["id"] for p in state["battle"]["forces"]}
        assert forces == {b["id"] for b in saved["state"]["battle"]["blocks"]}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_save_of_version_3_continues_to_the_end(path):
    g = engine.load_game(path.read_text())
    assert g.rules_version == RULES.version and "log" not in g.state
    player = Rng(f"continue:{path.stem}")
    while g.outcome is None:
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    assert g.outcome is not None


@pytest.mark.parametrize("path", [p for p in FIXTURES
                                  if json.loads(p.read_text())["state"]["flow"]],
                         ids=lambda p: p.stem)
def test_a_migrated_state_plays_on_from_the_state_alone(path):
    """The migrated state itself (not a replay: the save read as if of today's version)
    takes the next answers, and they play as the replayed game's do: mid-battle, and with
    one card committed face down (now the kernel's simultaneous choice)."""
    saved = json.loads(path.read_text())
    as_today = engine.Game.from_dict(saved | {"rules_version": RULES.version}, RULES)
    replayed = engine.load_game(path.read_text())
    player = Rng(f"mid-battle:{path.stem}")
    for _ in range(60):
        if as_today.outcome is not None:
            break
        p = player.choice(as_today.prompts())
        assert [q.options for q in replayed.prompts()] == [q.options for q in as_today.prompts()]
        answer = random_answer(p, player)
        told = [(e.kind, e.data.get("dice")) for e in as_today.act(p.seat, answer)]
        assert told == [(e.kind, e.data.get("dice")) for e in replayed.act(p.seat, answer)]
    assert RULES.check_invariants(as_today.state) == []
    assert _facts(RULES.dump(as_today.state)) | {"battle": None} == \
        _facts(RULES.dump(replayed.state)) | {"battle": None}
