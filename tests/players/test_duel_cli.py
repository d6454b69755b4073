"""`keryx duel`, run in-process on the tiny fixture ruleset."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from keryx.cli import app

runner = CliRunner()


def test_duel_json_reports_rates_with_intervals_by_side():
    res = runner.invoke(app, ["duel", "duel", "--a", "random", "--b", "random",
                              "--games", "6", "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["games"] == 6
    assert report["a_wins"] + report["b_wins"] + report["draws"] == 6
    assert report["a_win_rate_low"] <= report["a_win_rate"] <= report["a_win_rate_high"]
    assert sum(r["games"] for r in report["by_side"].values()) == 6
    assert len(report["by_side"]) == 2  # A changed seat every game
    for side in report["by_side"].values():
        assert set(side) >= {"games", "a_wins", "b_wins", "draws", "a_win_rate",
                             "a_win_rate_low", "a_win_rate_high"}


def test_duel_unknown_level_is_a_clear_error():
    res = runner.invoke(app, ["duel", "duel", "--a", "grandmaster", "--games", "1"])
    assert res.exit_code == 2
    assert "no player level 'grandmaster'" in res.output


def test_duel_text_report_names_each_side():
    res = runner.invoke(app, ["duel", "duel", "--a", "random", "--b", "random",
                              "--games", "2", "--jobs", "1"])
    assert res.exit_code == 0, res.output
    assert "A as " in res.output and "95 % interval" in res.output


def test_duel_refuses_a_level_the_ruleset_lacks():
    res = runner.invoke(app, ["duel", "duel", "--a", "heuristic", "--games", "1"])
    assert res.exit_code == 2
    assert "no heuristic player for the ruleset 'duel'" in res.output


def test_duel_may_hold_player_a_to_one_seat():
    res = runner.invoke(app, ["duel", "duel", "--a", "random", "--b", "random", "--games", "3",
                              "--jobs", "1", "--json", "--seat", "south"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert list(report["by_side"]) == ["south"] and report["by_side"]["south"]["games"] == 3


def test_duel_refuses_an_unknown_seat():
    res = runner.invoke(app, ["duel", "duel", "--games", "1", "--seat", "persia"])
    assert res.exit_code == 2 and "has no seat 'persia'" in res.output


def test_a_level_mirrored_against_itself_parts_on_no_seed():
    # random against random, then random in A's place again: the same seeds, seats and
    # player seeds make the same games, so no seed can be won by one and lost by the other
    res = runner.invoke(app, ["duel", "duel", "--a", "random", "--b", "random", "--games", "4",
                              "--jobs", "1", "--json", "--seat", "south", "--mirror"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["mirror"]["games"] == 4
    assert report["mirror"]["a_wins"] == report["a_wins"]
    assert report["paired"] == {"seeds": 4, "won_alone": 0, "mirror_won_alone": 0,
                                "sign_p": 1.0}


def test_the_mirror_text_report_counts_the_seeds_each_won_alone():
    res = runner.invoke(app, ["duel", "duel", "--a", "random", "--b", "random", "--games", "2",
                              "--jobs", "1", "--mirror"])
    assert res.exit_code == 0, res.output
    assert "seed by seed: random won 0 that random lost" in res.output
