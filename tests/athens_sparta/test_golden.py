"""Athens & Sparta plays exactly as before on saved games: the golden logs (recorded by
tests/athens_sparta/golden.py before the house moved A&S onto the kernel) replay to the
same action counts, outcomes, dice counts and rules-state hashes, and a game stored
mid-way under the old code loads and finishes the same."""

from __future__ import annotations

import json

import pytest

import engine
from tests.athens_sparta import golden

GAMES = json.loads(golden.FILE.read_text())["games"]
EVENTS = golden.read_events()


@pytest.mark.parametrize("entry", GAMES, ids=[g["seed"] for g in GAMES])
def test_golden_logs_replay_to_the_same_end(entry):
    assert golden.where_it_parts(entry, EVENTS[entry["seed"]]) is None
    g = golden.replay(entry)
    assert golden.summary(g) == {k: entry[k] for k in ("actions", "outcome", "rng",
                                                      "state_sha256")}


def test_a_replay_that_parts_from_the_record_says_where():
    """A failure names the action and the key, not just a hash that differs."""
    entry = GAMES[0]
    expected = json.loads(json.dumps(EVENTS[entry["seed"]]))
    i = next(n for n, done in enumerate(expected["actions"])
             if any(kind == "dice" for kind, _, _ in done))
    dice = next(e for e in expected["actions"][i] if e[0] == "dice")
    dice[2]["hits"] += 1
    where = golden.where_it_parts(entry, expected)
    assert where is not None and f"action {i} (" in where and ".hits" in where
    expected = json.loads(json.dumps(EVENTS[entry["seed"]]))
    expected["final"]["olympiad"] += 1
    assert golden.where_it_parts(entry, expected) == f"{entry['seed']}: the final state.olympiad: " \
        f"{expected['final']['olympiad']} != {expected['final']['olympiad'] - 1}"


def test_a_game_saved_mid_way_loads_and_finishes_the_same():
    entry = GAMES[0]
    g = engine.load_game(golden.SAVED.read_text())
    assert len(g.log) == golden.SAVED_AT
    for seat, answer in entry["log"][golden.SAVED_AT:]:
        g.act(seat, answer)
    assert golden.summary(g)["state_sha256"] == entry["state_sha256"]
    assert g.outcome.to_dict() == entry["outcome"]


def test_a_record_in_the_old_shape_verifies_and_a_changed_one_does_not():
    """`keryx verify` compares the replay with the recorded state in today's shape: a
    record written with the step machine's keys and the short names (flow_compat.py)
    verifies; one whose state was altered does not."""
    data = json.loads(golden.SAVED.read_text())
    assert "step" in data["state"] and "hctl" in data["state"]  # the old shape
    report = engine.verify_game(data)
    assert report.ok, report.problems
    h = next(iter(data["state"]["hctl"]))
    data["state"]["hctl"][h] = "persia" if data["state"]["hctl"][h] != "persia" else "athens"
    assert not engine.verify_game(data).ok


SUMMARIES = json.loads(golden.SUMMARIES.read_text())["games"]


@pytest.mark.slow
@pytest.mark.parametrize("entry", SUMMARIES, ids=[g["seed"] for g in SUMMARIES])
def test_random_games_from_200_seeds_end_the_same(entry):
    """Issue #17: the random player's game from each fixed seed reaches the same action
    count, outcome, dice count and rules-state hash (speed work must change no game)."""
    g = golden.play(entry["seed"])
    assert golden.summary(g) == {k: entry[k] for k in ("actions", "outcome", "rng",
                                                      "state_sha256")}
