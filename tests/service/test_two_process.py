"""Two services, and two processes, clicking on the same games in one database: every
game ends equal to the replay of its log, and a refused commit never leaves its modified
game behind in a cache."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from service import GameService, Refusal

from .helpers import NORTH, SOUTH, iid, start_duel
from .soak import check_all, clicker

ROOT = Path(__file__).resolve().parents[2]
CLICKS = int(os.environ.get("KERYX_SOAK_CLICKS", "600"))  # per clicker; raise for a soak


async def test_refused_commit_leaves_no_modified_game_in_the_cache(tmp_path):
    """Service A loads the game, then service B commits before A does: A's commit is
    refused, and A's next request must not build on the move it failed to commit."""
    a = await GameService.open_sqlite(tmp_path / "k.db")
    b = await GameService.open_sqlite(tmp_path / "k.db")
    try:
        game_id = (await start_duel(a, 5)).game.id
        view = await a.view(5, NORTH)
        first, second = (o.id for o in view.prompt.prompt.options[:2])
        a.ctx.cache.drop(game_id)  # A has nothing cached: it loads the snapshot for the click
        commit = a.store.commit_action

        async def b_first(*args, **kwargs):  # B's click lands while A is committing
            await b.submit(5, NORTH, first, view.version, iid())
            return await commit(*args, **kwargs)

        a.store.commit_action = b_first  # type: ignore[method-assign]
        with pytest.raises(Refusal) as r:
            await a.submit(5, NORTH, second, view.version, iid())
        assert r.value.code == "stale"
        a.store.commit_action = commit  # type: ignore[method-assign]
        shown = await a.view(5, NORTH)
        assert shown.version == 1
        assert shown.view["committed"] == {"north": int(first.split(":")[1])}
        # A plays on from B's move; the stored game still equals the replay of its log.
        south = await a.view(5, SOUTH)
        await a.submit(5, SOUTH, south.prompt.prompt.options[0].id, south.version, iid())
        assert await a.check(game_id) == []
    finally:
        await a.close()
        await b.close()


async def test_two_services_on_one_database(tmp_path):
    a = await GameService.open_sqlite(tmp_path / "k.db")
    b = await GameService.open_sqlite(tmp_path / "k.db")
    try:
        tallies = await asyncio.gather(clicker([a, b], 1, CLICKS, 3),
                                       clicker([b, a], 2, CLICKS, 3))
        assert all(t["applied"] > 0 and t["refused"] > 0 for t in tallies), tallies
        assert await check_all(a, 3) == {}
    finally:
        await a.close()
        await b.close()


@pytest.mark.slow
async def test_two_processes_on_one_database(tmp_path):
    db = tmp_path / "k.db"
    first = await GameService.open_sqlite(db)  # create and migrate before the children
    await first.close()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [subprocess.Popen(
        [sys.executable, "-m", "tests.service.soak", str(db), str(seed), str(CLICKS), "3"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        for seed in (11, 12)]
    outputs = [c.communicate(timeout=600) for c in children]
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err.decode()[-3000:]
        assert out.decode().splitlines()[-1].startswith("done"), out
    svc = await GameService.open_sqlite(db)
    try:
        assert await svc.store.integrity_check() == "ok"
        assert await check_all(svc, 3) == {}
    finally:
        await svc.close()
