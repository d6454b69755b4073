"""The store benchmark runs on any registered ruleset and reports what `keryx bench`
prints. (Small here; the real figures come from 1000 games, see docs/storage.md.)"""

from __future__ import annotations

import pytest

from service.bench import bench_store


async def test_bench_store_reports_figures():
    r = await bench_store("duel", games=40, concurrency=8)
    assert r["games_finished"] == 40 and r["refused"] == {}
    assert r["actions"] >= 40 * 9
    assert 0 < r["store_commit_ms_p50"] <= r["store_commit_ms_p99"]
    assert r["store_actions_per_s"] > 0


async def test_bench_store_refuses_unknown_ruleset():
    with pytest.raises(KeyError):
        await bench_store("no-such-game", games=1)
