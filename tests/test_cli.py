"""The `keryx` command line, run in-process."""

from __future__ import annotations

import json
import os
import time

from typer.testing import CliRunner

import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from engine import compiled
from keryx.cli import app

runner = CliRunner()


def test_help_lists_every_command_with_help_text():
    out = runner.invoke(app, ["--help"]).output
    for command in ("run", "selfplay", "data", "bench", "health"):
        assert command in out


def test_selfplay_json_reports_the_named_figures():
    res = runner.invoke(app, ["selfplay", "duel", "--games", "12", "--seed", "3",
                              "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    for key in ("games", "completed", "errors", "actions_per_game_median",
                "seconds_per_game_median", "seconds_per_game_p95"):
        assert key in report
    assert report["games"] == report["completed"] == 12 and report["errors"] == []


def test_selfplay_all_scenarios_plays_each_in_turn():
    res = runner.invoke(app, ["selfplay", "hellenes", "--games", "4", "--scenario", "all",
                              "--jobs", "1", "--json", "--no-check"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["by_scenario"] == {sc: {"games": 1, "completed": 1, "errors": 0}
                                     for sc in ("413", "415", "431", "sicily")}


def test_selfplay_passes_game_options_as_game_new_reads_them(monkeypatch):
    import engine.selfplay as S

    seen: dict = {}

    def fake(ruleset, games, **kw):
        seen.update(kw)
        return S.summarize(ruleset, [])

    monkeypatch.setattr(S, "selfplay", fake)
    res = runner.invoke(app, ["selfplay", "epic", "--games", "1", "--jobs", "1", "--json",
                              "--option", "wings=on"])
    assert res.exit_code == 0, res.output
    assert seen["options"] == {"wings": True}
    res = runner.invoke(app, ["selfplay", "epic", "--games", "1", "--option", "wingz=on"])
    assert res.exit_code == 2 and "no option 'wingz'" in res.output


def test_selfplay_unknown_ruleset_is_a_clear_error():
    res = runner.invoke(app, ["selfplay", "chess", "--games", "1"])
    assert res.exit_code == 2 and "Unknown ruleset" in res.output


def test_run_without_token_explains_how_to_provide_one_and_fails(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("KERYX_IN_DOCKER", raising=False)
    monkeypatch.setenv("KERYX_DATABASE", str(tmp_path / "data" / "k.db"))
    res = runner.invoke(app, ["run"])
    assert res.exit_code == 1  # a service manager must see that nothing runs
    assert "DISCORD_TOKEN" in res.output and "keryx play" in res.output
    assert str(tmp_path) in res.output and "docker run" not in res.output
    from service.store.guard import check_sqlite

    check_sqlite(tmp_path / "data" / "k.db", must_exist=True)  # a first run makes one


def test_run_without_token_in_our_image_speaks_of_docker_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.setenv("KERYX_IN_DOCKER", "1")
    monkeypatch.setenv("KERYX_DATABASE", str(tmp_path / "data" / "k.db"))
    res = runner.invoke(app, ["run"])
    assert res.exit_code == 1
    assert "docker run -e DISCORD_TOKEN" in res.output and "in this folder" not in res.output


def test_a_refused_token_is_one_line_and_no_retry():
    import discord

    from keryx.cli import run_with_retries

    calls = []

    def start():
        calls.append(1)
        raise discord.LoginFailure("Improper token has been passed.")

    res = _capture(lambda: run_with_retries(start, waits=(1, 1), sleep=lambda s: None))
    assert res.code == 1 and len(calls) == 1
    assert len(res.err.strip().splitlines()) == 1 and "refused the token" in res.err


def test_no_network_retries_with_growing_waits_then_one_line_per_attempt():
    from keryx.cli import run_with_retries

    slept = []

    def start():
        raise OSError("Cannot connect to host discord.com:443 [Name or service not known]")

    res = _capture(lambda: run_with_retries(start, waits=(5, 15, 45), sleep=slept.append))
    assert res.code == 1 and slept == [5, 15, 45]
    lines = res.err.strip().splitlines()
    assert len(lines) == 4 and "gave up after 4 attempts" in lines[-1]
    assert "Traceback" not in res.err


def test_network_back_after_a_retry_runs_the_bot():
    from keryx.cli import run_with_retries

    attempts = []

    def start():
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError("network is unreachable")

    res = _capture(lambda: run_with_retries(start, waits=(2,), sleep=lambda s: None))
    assert res.code == 0 and len(attempts) == 2


class _Captured:
    def __init__(self, code: int, err: str):
        self.code, self.err = code, err


def _capture(fn) -> _Captured:
    """Run fn as a command would run, collecting its exit code and stderr."""
    import io
    from contextlib import redirect_stderr

    import typer

    buf = io.StringIO()
    code = 0
    with redirect_stderr(buf):
        try:
            fn()
        except typer.Exit as exc:
            code = exc.exit_code
    return _Captured(code, buf.getvalue())


def test_wrong_names_and_counts_are_one_line_and_exit_2():
    cases = [["play", "chess"], ["render", "nope"], ["data", "nope"],
             ["play", "athens-sparta", "--scenario", "999"],
             ["play", "athens-sparta", "--seat", "persia"],
             ["sandbox", "--ruleset", "nope"],
             ["selfplay", "athens-sparta", "--games", "-3"],
             ["selfplay", "athens-sparta", "--games", "0"],
             ["render", "athens-sparta", "--steps", "-1"],
             ["play", "athens-sparta", "--players", "3"],
             ["play", "epic", "--players", "5"],
             ["play", "epic", "--scenario", "three-player", "--players", "4"]]
    for args in cases:
        res = runner.invoke(app, args)
        assert res.exit_code == 2, (args, res.output)
        assert len(res.output.strip().splitlines()) == 1, (args, res.output)
        assert isinstance(res.exception, SystemExit), (args, res.exception)


def test_players_picks_the_scenario_for_that_many_people():
    """`keryx play epic --players 4` plays the four-player Campaign; a count no scenario
    takes names every scenario with its counts."""
    from shared import checks

    assert checks.player_count("epic", None, 4) == "four-player"
    assert checks.player_count("epic", None, 3) == "three-player"
    assert checks.player_count("epic", None, 2) == "argive-league"
    assert checks.player_count("epic", "ionian", None) == "ionian"
    res = runner.invoke(app, ["play", "epic", "--players", "5"])
    assert "four-player (4)" in res.output and "argive-league (2)" in res.output


def test_selfplay_prints_a_table_with_wins_per_side():
    res = runner.invoke(app, ["selfplay", "duel", "--games", "6", "--seed", "3", "--jobs", "1"])
    assert res.exit_code == 0, res.output
    assert "{" not in res.output  # no Python dict
    table = res.output.split("winner")[1]
    rows = [line.split() for line in table.strip().splitlines() if line.strip()]
    wins = {r[0]: int(r[1]) for r in rows if len(r) == 3 and r[2].endswith("%")}
    assert sum(wins.values()) == 6 and set(wins) <= {"north", "south", "shared", "none"}


def test_data_pretty_is_indented_json():
    flat = runner.invoke(app, ["data", "athens-sparta"]).output
    pretty = runner.invoke(app, ["data", "athens-sparta", "--pretty"]).output
    assert len(flat.strip().splitlines()) == 1
    assert len(pretty.splitlines()) > 1000 and json.loads(pretty) == json.loads(flat)


def test_health_follows_the_heartbeat_file(tmp_path, monkeypatch):
    beat = tmp_path / "health"
    monkeypatch.setenv("KERYX_HEALTH_FILE", str(beat))
    assert runner.invoke(app, ["health"]).exit_code == 1
    beat.write_text("ok")
    assert runner.invoke(app, ["health"]).exit_code == 0
    old = time.time() - 600
    os.utime(beat, (old, old))
    assert runner.invoke(app, ["health"]).exit_code == 1


def test_data_prints_the_components_with_the_named_fields():
    res = runner.invoke(app, ["data", "athens-sparta"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert {"hexes", "cities", "blocks", "cards", "setup"} <= set(data)
    for city in data["cities"]:
        assert {"name", "hex", "value", "side", "walled", "port"} <= set(city)
        assert city["side"] in ("athens", "sparta", "neutral", "persia", "none")
    for block in data["blocks"]:
        assert {"name", "side", "type", "home", "max_strength", "rating", "move"} <= set(block)
    assert len(data["cards"]) == 25
    assert all({"id", "mp", "event"} <= set(card) for card in data["cards"])


def test_data_says_when_a_components_module_cannot_import_what_it_needs(monkeypatch):
    """A missing ruleset package means "not built in" (the registry is asked next); a
    module that is there but fails to import a dependency is an error, not a silence."""
    import importlib

    real = importlib.import_module

    def broken(name, *args):
        if name == "engine.rulesets.hellenes.components":
            raise ModuleNotFoundError("No module named 'pydantic'", name="pydantic")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", broken)
    res = runner.invoke(app, ["data", "hellenes"])
    assert res.exit_code != 0 and isinstance(res.exception, ModuleNotFoundError)
    assert res.exception.name == "pydantic"
    res = runner.invoke(app, ["data", "duel"])  # no package of that name: asked the registry
    assert res.exit_code == 1 and "publishes no component data" in res.output


def fake_engine_bench():
    return {"engine_action_us_median": 100.0, "games": 20}


async def fake_store_bench():
    return {"store_commit_ms_p99": 9.0, "games": 1000}


def test_bench_json_collects_named_figures_and_reports_missing_sections(monkeypatch):
    from keryx import bench

    monkeypatch.setattr(bench, "benches", lambda: [
        ("engine", "tests.test_cli", "fake_engine_bench", False),
        ("store", "tests.test_cli", "fake_store_bench", True),
        ("render", "no.such.module", "bench_render", False),
    ])
    res = runner.invoke(app, ["bench", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    figures = out["figures"]
    assert figures["engine_action_us_median"] == 100.0 and figures["store_commit_ms_p99"] == 9.0
    assert figures["games"] == 20 and figures["store_games"] == 1000  # no silent overwrite
    assert "render" in out["skipped"] and out["machine"]["cpus"]
    assert out["machine"]["speed_probe_ms"] > 0 and out["machine"]["load_average_1m"] >= 0
    # whether the figures came from the compiled engine (scripts/compile_engine.sh)
    assert out["machine"]["engine_compiled_modules"] in (0, len(compiled.modules()))
    only = json.loads(runner.invoke(app, ["bench", "--json", "--only", "store"]).output)
    assert "engine_action_us_median" not in only["figures"]


def test_shard_lists_are_read_and_checked():
    import pytest

    from shared.settings import parse_shards

    assert parse_shards(None, None) is None
    assert parse_shards("0-3", 8) == ([0, 1, 2, 3], 8)
    assert parse_shards("0,2-3", 4) == ([0, 2, 3], 4)
    for shards, count in (("0-8", 8), ("x", 2), ("1", None), (None, 2)):
        with pytest.raises(ValueError):
            parse_shards(shards, count)


def test_several_processes_on_one_sqlite_file_are_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("KERYX_DATABASE", str(tmp_path / "k.db"))
    res = runner.invoke(app, ["run", "--shards", "0-1", "--shard-count", "4"])
    assert res.exit_code == 2 and "PostgreSQL" in res.output


def test_database_url_is_shown_without_its_password():
    from shared.settings import shown_database

    assert shown_database("postgresql://k:s3cret@db:5432/keryx") == \
        "postgresql://k:***@db:5432/keryx"


def test_db_copy_refuses_what_it_cannot_copy(tmp_path):
    res = runner.invoke(app, ["db", "copy", str(tmp_path / "none.db"), str(tmp_path / "x.db")])
    assert res.exit_code == 2 and "postgresql://" in res.output
    res = runner.invoke(app, ["db", "copy", str(tmp_path / "none.db"),
                              "postgresql://nobody@127.0.0.1:1/none"])
    assert res.exit_code == 2 and "No database at" in res.output


def test_export_reads_the_database_named_by_db_and_names_it_when_the_game_is_missing(
        tmp_path, monkeypatch):
    import asyncio

    from service.store.sqlite import SqliteStore

    async def make() -> None:
        async with SqliteStore(tmp_path / "games.db"):
            pass
    asyncio.run(make())
    monkeypatch.setenv("KERYX_DATABASE", str(tmp_path / "elsewhere.db"))
    res = runner.invoke(app, ["export", "7", "--db", str(tmp_path / "games.db")])
    assert res.exit_code == 1
    assert res.output.strip() == f"No such game in {(tmp_path / 'games.db').resolve()}."
    assert not (tmp_path / "elsewhere.db").exists()


def test_play_refuses_a_position_it_cannot_start_from_in_one_line(tmp_path):
    (tmp_path / "p.json").write_text('{"turn": 1}')
    res = runner.invoke(app, ["play", "athens-sparta", "--position", str(tmp_path / "p.json"),
                              "--db", str(tmp_path / "k.db")], input="q\n")
    assert res.exit_code == 2 and '"active"' in res.output, res.output
    assert len(res.output.strip().splitlines()) == 1


def test_play_refuses_to_resume_another_rulesets_game(tmp_path):
    import engine

    db, out = str(tmp_path / "k.db"), str(tmp_path)  # pictures into tmp, not the checkout
    res = runner.invoke(app, ["play", "athens-sparta", "--db", db, "--out", out], input="q\n")
    assert res.exit_code == 0 and "Game kept in" in res.output, res.output
    res = runner.invoke(app, ["play", "hellenes", "--db", db, "--out", out], input="q\n")
    assert res.exit_code == 2, res.output
    assert engine.ruleset("athens-sparta").title in res.output
    assert "play athens-sparta --db" in res.output and len(res.output.splitlines()) == 1
    res = runner.invoke(app, ["play", "athens-sparta", "--db", db, "--out", out], input="q\n")
    assert res.exit_code == 0 and "Resumed game #1 " in res.output



def test_play_help_names_every_ruleset():
    """Issue 34 (text): `keryx play --help` named no game. (Rulesets other tests register
    later are not in a help written before them: the built-in games are checked.)"""
    res = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    for rid in ("athens-sparta", "hellenes", "epic"):
        assert rid in res.output
