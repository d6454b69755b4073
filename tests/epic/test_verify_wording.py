"""`keryx verify` accepts an honest exported Epic game after its wording changed (issue 30,
point 3): the state keeps facts, never sentences, so rewording every log line, every battle
step and the reason the game ended changes nothing that verify compares; a changed fact
is still refused."""

from __future__ import annotations

import json

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.core.ruleset import Context
from engine.core.verify import verify_game
from engine.rulesets.epic import battle_text, combat, result_text, wings
from engine.testing import sentences_in


def _export(scenario: str, seed: str) -> dict:
    """A finished random game as `keryx export` writes it (the record and its outcome)."""
    g = Game.create(engine.ruleset("epic"), scenario=scenario, seed=seed)
    player = Rng(f"verify:{seed}")
    while g.outcome is None:
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    data = json.loads(g.to_json())
    data["outcome"] = g.outcome.to_dict()
    return data


@pytest.fixture
def reworded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every word the Epic says, said otherwise."""
    event, step_text, clause = Context.event, battle_text.step_text, result_text.clause

    def event_(self, kind, text, *args, **data):  # noqa: ANN001, ANN002, ANN003
        return event(self, kind, f"(reworded) {text.upper()}", *args, **data)

    def step_text_(step, number):  # noqa: ANN001
        return f"step {step['kind']}: {step_text(step, number).lower()}"

    monkeypatch.setattr(Context, "event", event_)
    monkeypatch.setattr(combat, "step_text", step_text_)
    monkeypatch.setattr(wings, "step_text", step_text_)
    monkeypatch.setattr(result_text, "clause", lambda c: f"as we now say it: {clause(c)}")


@pytest.mark.parametrize("scenario", ["argive-league", "spartan-fantasy"])
def test_an_honest_export_verifies_after_a_wording_change(scenario, request):
    data = _export(scenario, f"verify-{scenario}")
    assert sentences_in(data["state"]) == []
    assert verify_game(data).ok
    request.getfixturevalue("reworded")
    assert "as we now say it" in Game.from_dict(data, engine.ruleset("epic")).outcome.reason
    report = verify_game(data)
    assert report.ok, report.problems
    assert report.finished


def test_a_changed_fact_is_still_refused(reworded):
    data = _export("argive-league", "verify-forged")
    data["state"]["treasury"]["athens"] += 1
    assert not verify_game(data).ok
