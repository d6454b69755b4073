"""Hellenes plays exactly as recorded: the golden logs (tests/hellenes/golden.py, one or
two per scenario) replay to the same action counts, outcomes, dice counts, rules-state
and view hashes, and offer exactly the same prompts and events on the way. This guards
the speed work (searches, caches, indexes) against changing any game."""

from __future__ import annotations

import json

import pytest

import engine
from tests.hellenes import golden

DATA = json.loads(golden.FILE.read_text())
GAMES = DATA["games"]


def test_golden_games_belong_to_this_version_of_the_rules():
    """A rules change that alters games bumps the version and rewrites the golden file."""
    assert DATA["version"] == engine.ruleset(golden.RULESET).version


@pytest.mark.parametrize("entry", GAMES, ids=[f"{g['scenario']}-{g['seed']}" for g in GAMES])
def test_golden_logs_replay_to_the_same_end(entry):
    g, trace = golden.replay(entry)
    assert golden.summary(g, trace) == {k: entry[k] for k in (
        "actions", "outcome", "rng", "state_sha256", "views_sha256", "trace_sha256")}


def test_a_game_saved_mid_way_loads_and_finishes_the_same():
    entry = GAMES[0]
    half = len(entry["log"]) // 2
    g = golden.start(entry)
    for seat, answer in entry["log"][:half]:
        g.act(seat, answer)
    g = engine.load_game(g.to_json())
    for seat, answer in entry["log"][half:]:
        g.act(seat, answer)
    assert g.outcome.to_dict() == entry["outcome"]
    assert golden.summary(g, golden.Trace())["state_sha256"] == entry["state_sha256"]


V6 = json.loads(golden.FILE.with_name("golden_v6.json").read_text())


# the version-6 games in which card 20, a Revolt in the first edition, is played as its Event
PLAYED_A_CHANGED_CARD = [g for g in V6["games"] if ["sparta", "20:e"] in g["log"]]


@pytest.mark.parametrize("entry", PLAYED_A_CHANGED_CARD,
                         ids=lambda g: f"{g['scenario']}-{g['seed']}")
def test_games_recorded_before_the_card_editions_replay_with_the_first(entry):
    """Version 7 prints five cards otherwise (the second edition, issue 35); a game
    recorded by version 6 is rebuilt from its log with the first edition, as it was
    played: the same actions, dice and outcome (states and views now name the edition).
    With the second, the same log cannot be played."""
    with pytest.raises(engine.IllegalAction):
        g = engine.new_game(golden.RULESET, scenario=entry["scenario"], seed=entry["seed"],
                            generation=0)
        for seat, answer in entry["log"]:
            g.act(seat, answer)
    record = {"format": "keryx-game/2", "ruleset": golden.RULESET, "rules_version": "6",
              "scenario": entry["scenario"], "options": {"prestige_handicap": 0},
              "seed": entry["seed"], "position": None, "log": entry["log"]}
    g = engine.Game.from_dict(record, engine.ruleset(golden.RULESET))
    assert g.options["deck"] == "first"
    assert g.state["cards"]["edition"] == "first"
    assert (len(g.log), g.outcome.to_dict(), g.rng.counter) == (
        entry["actions"], entry["outcome"], entry["rng"])
