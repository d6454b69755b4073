"""Games saved mid-battle by version 4 load and go on (issue 30: the battle's steps are
procedures). `fixtures/v4` holds saves written by the version-4 code
(capture_battle_saves.py), one for each place a battle can wait: the Formation order,
fortify, fight or Retreat, a hit to place in the fight, in a Panic and in the Harrying,
the Retreat's destination, Ares' privilege, an Appeal to Ares and Hera's overruling, and
an Appeal to Poseidon against the Storm roll of a Retreat (`storms-appeal`, which the
random games never reached: made by the same code from a position, see
capture_battle_saves.py).
The migrated state is the state today's code reaches by replaying the save's log, and it
takes the next answers as that replay does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng

FIXTURES = sorted((Path(__file__).with_name("fixtures") / "v4").glob("*.json"))
RULES = engine.ruleset("hellenes")
STEPS = {"battle_order", "battle_fortify", "battle_fight", "battle_retreat_ask",
         "battle_ares_again", "battle_loss", "battle_panic", "battle_harry",
         "battle_retreat", "battle_storms"}


def _replayed(path: Path) -> engine.Game:
    """The save as today's code plays it: an older version is replayed from its log."""
    g = engine.load_game(path.read_text())
    assert g.rules_version == RULES.version
    return g


def test_every_place_a_battle_waits_has_a_save():
    assert {p.stem for p in FIXTURES} == {
        "order", "fortify", "fight-retreat", "fight-hit", "fight-ares-again", "fight-appeal",
        "fight-appeal_hera", "panic-hit", "harry-hit", "retreat", "storms-appeal"}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_version_4_battle_loads_as_todays_steps(path):
    saved = json.loads(path.read_text())
    assert saved["rules_version"] == "4"
    [old] = [f for f in saved["state"]["flow"] if f["name"] == "battle"]
    assert "stage" in old["args"]  # written by the code before the split
    state = RULES.load(saved["state"])
    names = [f["name"] for f in state["flow"]]
    assert names[names.index("battle") + 1] in STEPS
    for f in state["flow"]:
        assert "stage" not in f["args"] and "pending" not in f["args"]
    assert RULES.check_invariants(state) == []
    assert RULES.dump(state) == RULES.dump(_replayed(path).state)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_version_4_battle_plays_on_from_the_state_alone(path):
    """The migrated state itself (not a replay) takes the next answers as the replayed
    game does: the same questions, the same events and dice, past the battle's end (a
    game set up at a position, `storms-appeal`, has nothing after its battle)."""
    saved = json.loads(path.read_text())
    as_today = engine.Game.from_dict(saved | {"rules_version": RULES.version}, RULES)
    replayed = _replayed(path)
    player = Rng(f"v4:{path.stem}")
    for _ in range(80):
        if as_today.outcome is not None or not as_today.prompts():
            break
        assert [q.options for q in replayed.prompts()] == [q.options for q in as_today.prompts()]
        p = player.choice(as_today.prompts())
        answer = random_answer(p, player)
        told = [(e.kind, e.data) for e in as_today.act(p.seat, answer)]
        assert told == [(e.kind, e.data) for e in replayed.act(p.seat, answer)]
    assert RULES.dump(as_today.state) == RULES.dump(replayed.state)
    while as_today.outcome is None and as_today.prompts():
        p = player.choice(as_today.prompts())
        as_today.act(p.seat, random_answer(p, player))
