"""Games saved before the kernel's battle record load and go on: `saved_before_records.json`
holds two saves made by the code before the change (main at 0a4b346, seed "records:1"):
one in the middle of a battle with a finished one behind it, one of the finished game. The
old records and the worded win reason are rewritten on load (flow_compat.records_from_old)
into exactly what today's code writes when it replays the same log."""

from __future__ import annotations

import json
from pathlib import Path

import engine
from engine.core.battle_record import problems
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.testing import first_difference, sentences_in

SAVES = json.loads(Path(__file__).with_name("saved_before_records.json").read_text())


def _state(g: engine.Game) -> dict:
    return json.loads(json.dumps(g.rules.dump(g.state)))


def test_the_saves_are_in_the_old_shape():
    mid = SAVES["mid"]["state"]
    assert "result" in mid["last_battle"] and "actions" in mid["battle"]["record"]["rounds"][0]
    assert SAVES["end"]["state"]["reason"].endswith("(rule 10.2)")


def test_a_save_mid_battle_loads_as_its_replay_and_goes_on_the_same():
    saved = engine.load_game(SAVES["mid"])
    replayed = engine.load_game(SAVES["mid"], replay=True)
    assert first_difference(_state(replayed), _state(saved)) is None
    for record in (saved.state["last_battle"], saved.state["battle"]["record"]):
        assert problems(record) == []
    assert sentences_in(_state(saved)) == []
    player = Rng("records:on")
    for _ in range(300):
        if saved.outcome is not None:
            break
        p = player.choice(saved.prompts())
        answer = random_answer(p, player)
        assert [e.data for e in saved.act(p.seat, answer)] == \
            [e.data for e in replayed.act(p.seat, answer)]
    assert first_difference(_state(replayed), _state(saved)) is None


def test_a_finished_save_keeps_its_outcome():
    old_reason = SAVES["end"]["state"]["reason"]
    saved = engine.load_game(SAVES["end"])
    assert saved.state["reason"] == "war_over"
    assert saved.outcome is not None and saved.outcome.reason == old_reason
    assert saved.outcome == engine.load_game(SAVES["end"], replay=True).outcome
    assert saved.view(None)["reason"] == old_reason
