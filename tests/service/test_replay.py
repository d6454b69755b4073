"""Export, import and verify; saved games replay under the current engine; a game saved
under an older rules version is rebuilt from its log."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import engine
from service import GameService, Refusal
from service.replay import apply_action, fresh_game
from service.store import ActionRow

from .helpers import NORTH, SOUTH, iid, play_one, play_out, start_duel

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))


def test_there_are_saved_games():
    assert len(FIXTURES) >= 3


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_saved_game_replays_under_the_current_engine(path):
    text = path.read_text()
    imported = GameService.import_game(text)
    assert imported.ok, imported.problems
    data = json.loads(text)
    g = imported.game
    assert g.rules.dump(g.state) == data["state"]
    assert (g.outcome.to_dict() if g.outcome else None) == data["outcome"]
    # The service's own log (with its undos) rebuilds the same game as the engine's log.
    again = fresh_game(data)
    for a in data["keryx"]["actions"]:
        apply_action(again, ActionRow(0, a["seq"], a["kind"], a["seat"], a["option_id"],
                                      False, a["user_id"], None, a["events"], None))
    assert again.to_dict()["state"] == data["state"]
    assert [list(e) for e in again.log] == data["log"]
    assert engine.seed_hash(data["seed"]) == data["seed_hash"]


async def test_export_import_round_trip(svc):
    import random

    started = await start_duel(svc, 70)
    with pytest.raises(Refusal) as r:
        await svc.export_game(started.game.id)
    assert r.value.code == "not_over"  # the seed is still secret
    await play_out(svc, 70, random.Random(9))
    text = await svc.export_game(started.game.id)
    data = json.loads(text)
    assert data["seed_hash"] == started.seed_hash
    assert engine.verify_game(text).ok
    assert [s["user_id"] for s in data["keryx"]["seats"]] == [NORTH, SOUTH]
    imported = GameService.import_game(text)
    assert imported.ok and imported.actions == len(data["log"])
    assert imported.game.outcome.to_dict() == data["outcome"]


@pytest.mark.parametrize("tamper", ["seed", "log", "state", "outcome"])
def test_tampered_export_fails_verification(tamper):
    data = json.loads((Path(__file__).parent / "fixtures" / "duel-finished.json").read_text())
    if tamper == "seed":
        data["seed"] = "0" * 32
    elif tamper == "log":
        data["log"][0][1] = "card:" + str(10 - int(data["log"][0][1].split(":")[1]))
    elif tamper == "state":
        data["state"]["score"]["north"] += 1
    else:
        data["outcome"]["winners"] = [s for s in ("north", "south")
                                      if [s] != data["outcome"]["winners"]]
    imported = GameService.import_game(json.dumps(data))
    assert not imported.ok and imported.problems and imported.game is None


async def test_older_rules_version_is_rebuilt_from_the_log(svc, tmp_path):
    import random

    started = await start_duel(svc, 71)
    rng = random.Random(4)
    for _ in range(5):
        await play_one(svc, 71, rng)
    gid = started.game.id
    good = (await svc.store.get_game(gid, snapshot=True)).snapshot
    expected_view = (await svc.view(71, NORTH)).view
    # Pretend the snapshot was written by an older ruleset whose state format differs:
    # the service must not trust it, but rebuild from the log.
    old = json.loads(good)
    old["rules_version"] = "0-old"
    old["state"] = {"garbage": True}
    async with svc.store._tx() as c:
        await c.execute("UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(old), gid))
    svc.ctx.cache.drop(gid)  # the test went behind the service's back
    view = await svc.view(71, NORTH)
    assert view.view == expected_view
    # Playing on writes a current snapshot (at the next one due: they are written every
    # few actions); the game keeps its original engine version.
    stale_at = (await svc.store.get_game(gid)).snapshot_version
    while (row := await svc.store.get_game(gid, snapshot=True)).snapshot_version == stale_at:
        assert await play_one(svc, 71, rng) is not None
    snap = json.loads(row.snapshot)
    assert snap["rules_version"] == engine.ruleset("duel").version
    assert snap["engine_version"] == row.engine_version == started.game.engine_version
    assert await svc.check(gid) == []


async def test_unreplayable_game_is_refused_not_crashed(svc):
    started = await start_duel(svc, 72)
    gid = started.game.id
    snap = json.loads((await svc.store.get_game(gid, snapshot=True)).snapshot)
    snap["rules_version"] = "0-old"
    snap["log"] = [["north", "no-such-option"]]
    async with svc.store._tx() as c:
        await c.execute("UPDATE games SET snapshot = ? WHERE id = ?", (json.dumps(snap), gid))
    svc.ctx.cache.drop(gid)
    with pytest.raises(Refusal) as r:
        await svc.submit(72, NORTH, "card:1", 0, iid())
    assert r.value.code == "replay_failed"


async def test_a_game_that_lived_through_a_rules_update_exports_and_verifies(svc, monkeypatch):
    """Started under an older rules version, rebuilt from its log under the new one when
    it was next loaded, finished there: its honest export passes the audit, though its
    engine record names the new version and its Keryx section the one it started under."""
    from tests.fixtures.duel import DUEL

    current = DUEL.version
    monkeypatch.setattr(DUEL, "version", "0-old")
    started = await start_duel(svc, 73)
    rng = random.Random(6)
    for _ in range(3):
        await play_one(svc, 73, rng)
    monkeypatch.setattr(DUEL, "version", current)  # the update
    gid = started.game.id
    svc.ctx.cache.drop(gid)
    while await play_one(svc, 73, rng) is not None:
        pass
    assert await svc.check(gid) == []
    exported = json.loads(await svc.export_game(gid))
    assert exported["rules_version"] == current
    assert exported["keryx"]["rules_version"] == "0-old"
    report = GameService.import_game(json.dumps(exported))
    assert report.ok, report.problems
