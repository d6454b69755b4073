"""Snapshots are written every few actions (docs/storage.md, Snapshots): the commits in
between leave the stored one behind, and everything that reads a game applies the
logged actions after it, so nothing a player did is lost or done twice."""

from __future__ import annotations

import json
import random

import pytest

from service import GameService
from service.games import SNAPSHOT_EVERY

from .helpers import NORTH, SOUTH, play_one, start_duel


async def _row(svc: GameService, channel: int):
    info = await svc.game_info(channel)
    row = await svc.store.get_game(info.id, snapshot=True)
    assert row is not None
    return row


async def _three_actions_in(svc: GameService, channel: int, seed: int):
    """A duel three actions in, its stored snapshot behind them."""
    await start_duel(svc, channel)
    rng = random.Random(seed)
    for _ in range(3):
        await play_one(svc, channel, rng)
    row = await _row(svc, channel)
    assert row.snapshot_version < row.version
    return row, rng


async def test_snapshots_are_written_every_few_actions_and_loads_catch_up(svc):
    assert SNAPSHOT_EVERY > 1
    await start_duel(svc, 91)
    rng = random.Random(2)
    written = []
    for _ in range(2 * SNAPSHOT_EVERY + 3):
        if await play_one(svc, 91, rng) is None:
            break
        row = await _row(svc, 91)
        written.append(row.snapshot_version)
        # the stored snapshot is never ahead, nor more than the allowance behind
        assert row.version - SNAPSHOT_EVERY < row.snapshot_version <= row.version
        # and it is of the version it says
        assert json.loads(row.snapshot)["version"] == row.snapshot_version
        # a process with nothing cached (the cache dropped) loads the same game
        live = svc.ctx.cache.get(row.id, row.version)
        assert await svc.check(row.id) == []
        if row.status != "running":
            assert live is None  # a finished game is not kept in the cache
            break
        assert live is not None
        svc.ctx.cache.drop(row.id)
        loaded = await svc.ctx.game(row)
        assert loaded.to_json() == live.to_json()
    assert any(w < v for w, v in zip(written, range(1, len(written) + 1), strict=True))
    assert SNAPSHOT_EVERY in written


async def test_every_action_snapshotted_when_asked(target):
    svc = await GameService.open(target, snapshot_every=1)
    try:
        await start_duel(svc, 92)
        rng = random.Random(3)
        for _ in range(5):
            await play_one(svc, 92, rng)
            row = await _row(svc, 92)
            assert row.snapshot_version == row.version
    finally:
        await svc.close()
    with pytest.raises(ValueError):
        GameService(svc.store, snapshot_every=0)


async def test_undo_resign_and_end_write_the_snapshot(svc):
    started = await start_duel(svc, 93)
    rng = random.Random(5)
    await play_one(svc, 93, rng)
    row = await _row(svc, 93)
    assert row.snapshot_version < row.version  # the first action left it behind
    res = await svc.resign(93, NORTH, "resign-93")
    assert res.game_ended
    row = await _row(svc, 93)
    assert row.status == "finished" and row.snapshot_version == row.version
    assert await svc.check(started.game.id) == []


async def test_a_lagging_snapshot_is_checked_against_the_whole_log(svc):
    row, rng = await _three_actions_in(svc, 94, 6)
    assert row.snapshot_version < row.version
    async with svc.store._tx() as c:  # a forged log entry after the snapshot
        await c.execute("UPDATE actions SET option_id = 'no-such-option' "
                        "WHERE game_id = ? AND seq = ?", (row.id, row.version))
    problems = await svc.check(row.id)
    assert any("cannot be replayed" in p for p in problems), problems


async def test_an_abandoned_game_exports_its_last_state(svc):
    row, rng = await _three_actions_in(svc, 95, 7)
    live = svc.ctx.cache.get(row.id, row.version)
    assert live is not None and row.snapshot_version < row.version
    await svc.abandon(95, SOUTH, "test")
    exported = json.loads(await svc.export_game(row.id))
    assert exported["version"] == row.version
    assert exported["state"] == json.loads(live.to_json())["state"]


async def test_rows_from_before_the_migration_are_snapshots_of_their_version(svc):
    row, rng = await _three_actions_in(svc, 96, 8)
    async with svc.store._tx() as c:  # as every row written before 0015 reads
        await c.execute("UPDATE games SET snapshot_version = NULL, snapshot = ? "
                        "WHERE id = ?", (svc.ctx.cache.get(row.id, row.version).to_json(),
                                         row.id))
    svc.ctx.cache.drop(row.id)
    again = await _row(svc, 96)
    assert again.snapshot_version == again.version == row.version
    assert await svc.check(row.id) == []
    assert await play_one(svc, 96, rng) is not None


async def test_public_views_at_several_versions_are_each_the_view_of_that_version(svc):
    row, rng = await _three_actions_in(svc, 97, 9)
    seen = {row.version: (await svc.view(97, None)).view}
    for _ in range(4):
        if (res := await play_one(svc, 97, rng)) is None:
            break
        seen[res.version] = (await svc.view(97, None)).view
    views = await svc.public_views_at(row.id, sorted(seen, reverse=True))
    assert set(views) == set(seen)
    for version, view in seen.items():
        assert views[version] == view == await svc.public_view_at(row.id, version)
    from service import Refusal
    with pytest.raises(Refusal):
        await svc.public_views_at(row.id, [max(seen) + 1])
