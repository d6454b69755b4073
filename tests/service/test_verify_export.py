"""`keryx verify` re-derives every recorded fact: forgeries in the engine's record or in
the bot's own section, truncated logs and records of another game are all refused."""

from __future__ import annotations

import asyncio
import copy
import json
import random

import pytest
from typer.testing import CliRunner

from keryx.cli import app
from service import GameService

from .helpers import NORTH, SOUTH, play_out, start_duel

CH = 90


@pytest.fixture
async def exported(svc):
    started = await start_duel(svc, CH)
    await play_out(svc, CH, random.Random(6))
    return json.loads(await svc.export_game(started.game.id))


def _dice_action(data):
    return next(a for a in data["keryx"]["actions"]
                if any(e["data"].get("dice") for e in a["events"]))


def _truncate(data):
    """Cut the last round: engine log, state and the bot's actions agree with each other
    and with a replay, but the game never ended."""
    from service.replay import fresh_game

    keep = len(data["keryx"]["actions"]) - 3
    g = fresh_game(data)
    for a in data["keryx"]["actions"][:keep]:
        g.act(a["seat"], a["option_id"])
    data["keryx"]["actions"] = data["keryx"]["actions"][:keep]
    data["log"] = [list(e) for e in g.log]
    data["state"] = g.rules.dump(g.state)
    data["version"], data["rng"], data["barrier"] = g.version, g.rng.counter, g.barrier
    data["outcome"] = None


def _tamper(kind, data):
    k = data["keryx"]
    if kind == "dice_in_events":
        ev = next(e for e in _dice_action(data)["events"] if e["data"].get("dice"))
        ev["data"]["dice"] = [7 - d for d in ev["data"]["dice"]]
    elif kind == "event_text":
        ev = next(e for e in _dice_action(data)["events"] if e["data"].get("dice"))
        ev["text"] = ev["text"].replace("rolls", "rolls a lucky")
    elif kind == "who_clicked":
        a = k["actions"][0]
        a["user_id"] = SOUTH if a["user_id"] == NORTH else NORTH
    elif kind == "bot_outcome":
        k["outcome"]["winners"] = [s for s in ("north", "south")
                                   if [s] != k["outcome"]["winners"]]
    elif kind == "truncated":
        _truncate(data)
    elif kind == "engine_outcome_dropped":
        data["outcome"] = None
    elif kind == "action_dropped":
        del k["actions"][2]
    elif kind == "no_bot_section":
        del data["keryx"]
    elif kind == "status":
        k["status"] = "running"


TAMPERINGS = ["dice_in_events", "event_text", "who_clicked", "bot_outcome", "truncated",
              "engine_outcome_dropped", "action_dropped", "no_bot_section", "status"]


async def test_the_untouched_export_verifies(exported):
    imported = GameService.import_game(json.dumps(exported))
    assert imported.ok, imported.problems
    assert imported.game_id == exported["keryx"]["game_id"]
    assert imported.seed_hash == exported["seed_hash"]


@pytest.mark.parametrize("kind", TAMPERINGS)
async def test_forgeries_are_refused(exported, kind):
    data = copy.deepcopy(exported)
    _tamper(kind, data)
    imported = GameService.import_game(json.dumps(data))
    assert not imported.ok and imported.problems, kind


async def test_cli_prints_and_binds_seed_hash_and_game_id(exported, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    runner = CliRunner()
    res = runner.invoke(app, ["verify", str(path)])
    assert res.exit_code == 0, res.output
    assert f"game {exported['keryx']['game_id']}" in res.output
    assert exported["seed_hash"] in res.output and "sha256sum" in res.output
    res = runner.invoke(app, ["verify", str(path), "--seed-hash", "ab" * 32])
    assert res.exit_code == 1 and "NOT verified" in res.output
    res = runner.invoke(app, ["verify", str(path), "--game-id", "999"])
    assert res.exit_code == 1 and "not 999" in res.output
    res = runner.invoke(app, ["verify", str(path), "--seed-hash", exported["seed_hash"],
                              "--game-id", str(exported["keryx"]["game_id"])])
    assert res.exit_code == 0, res.output


def test_keryx_export_writes_a_verifiable_record(tmp_path, monkeypatch):
    db = tmp_path / "k.db"

    async def play(finish: bool) -> int:
        svc = await GameService.open_sqlite(db)
        try:
            if not finish:
                return (await start_duel(svc, CH)).game.id
            await play_out(svc, CH, random.Random(2))
            return 0
        finally:
            await svc.close()

    game_id = asyncio.run(play(False))
    runner = CliRunner()
    monkeypatch.setenv("KERYX_DATABASE", str(db))
    res = runner.invoke(app, ["export", str(game_id)])
    assert res.exit_code == 1 and "secret until the end" in res.output  # still running
    asyncio.run(play(True))
    out = tmp_path / "g.json"
    res = runner.invoke(app, ["export", str(game_id), "--out", str(out)])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["verify", str(out)])
    assert res.exit_code == 0 and "verified" in res.output, res.output
    # the outcome in words (issue 34, text), not a dict
    assert "Winner: " in res.output and "{'" not in res.output, res.output
