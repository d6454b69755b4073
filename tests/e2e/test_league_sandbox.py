"""`keryx sandbox --league`: a round robin of simulated people and Keryx through the real
bot process and the stand-in, every game played to its end, then the table, the ratings
and the digest as the bot posts them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import tests.fixtures.duel_plugin  # noqa: F401 - the audit replays the duel here too
from bot.league_sandbox import run_league_sandbox
from keryx.cli import app
from service.community.overview import overview

PEOPLE = ["alcibiades", "brasidas", "cleon"]


@pytest.mark.slow
async def test_a_league_of_three_people_and_keryx_plays_out_and_adds_up(tmp_path):
    out = tmp_path / "out"
    report = await run_league_sandbox(out=out, seed=2, ruleset="duel", people=3,
                                      house_bot="random", workdir=tmp_path,
                                      plugins="tests.fixtures.duel_plugin")
    assert report["problems"] == []
    assert report["finished"] and report["leaks"] == 0
    # four entrants, one round robin: six games, each played to its end
    assert report["games"] == report["games_finished"] == 6
    assert report["choices"] > 6

    rows = report["standings"]
    assert sorted(r["name"] for r in rows) == sorted(PEOPLE + ["Keryx (random)"])
    for r in rows:
        assert r["played"] == 3 == r["won"] + r["drawn"] + r["lost"], r
        assert r["points"] == 2 * r["won"] + r["drawn"], r
    assert sum(r["won"] for r in rows) == sum(r["lost"] for r in rows)
    assert sum(r["drawn"] for r in rows) % 2 == 0
    assert sum(r["points"] for r in rows) == 2 * 6  # every game hands out two points
    points = [r["points"] for r in rows]
    assert points == sorted(points, reverse=True)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)

    # the posts a host sees: the table and the rating list name every entrant
    for name in PEOPLE + ["Keryx (random)"]:
        assert name in report["table_post"] and name in report["ratings_post"]
    assert {r["name"] for r in report["ratings"]} == {r["name"] for r in rows}
    assert all(r["games"] == 3 for r in report["ratings"])

    # the digest: results of all six games, the table, the season's end
    assert "digest," in report["digest"] and "season is over" in report["digest"]
    assert report["digest"].count(" beat ") + report["digest"].count(" drew ") == 6

    # written out: the league channel, a folder per game, the digest and the report
    channel = (out / "channel.md").read_text()
    assert "begins" in channel and "Archidamian** is over" in channel
    assert len(list(out.glob("game-*/channel.md"))) == 6
    assert "season is over" in (out / "digest.md").read_text()
    assert json.loads((out / "report.json").read_text())["standings"] == rows

    # and `keryx league` reads the same league from the copy of the bot's database
    shown = await overview(str(out / "keryx.db"), "Archidamian")
    assert shown is not None
    assert "Archidamian — duel" in shown and "6/6 games over" in shown
    assert shown.count(" beat ") + shown.count(" drew with ") == 6
    for name in PEOPLE + ["Keryx (random)"]:
        assert name in shown


def test_league_sandbox_refuses_bad_input_before_starting_anything():
    result = CliRunner().invoke(app, ["sandbox", "--league", "--players", "0"])
    assert result.exit_code == 2
    assert "1 to 6 people" in result.output
    result = CliRunner().invoke(app, ["sandbox", "--league", "--restart-after", "5"])
    assert result.exit_code == 2 and "leave it out with --league" in result.output
    result = CliRunner().invoke(app, ["sandbox", "--league", "--opponent", "genius"])
    assert result.exit_code == 2 and "--opponent" in result.output
