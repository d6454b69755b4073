"""A long run through the service keeps its rows and its cache bounded (issue 39,
point 6; service/longrun.py measures the same on real games, docs/storage.md)."""

from __future__ import annotations

from datetime import timedelta

import tests.fixtures.duel  # noqa: F401  (registers "duel")
from service.longrun import long_run


async def test_rows_and_cache_stay_bounded_over_many_games(tmp_path):
    report = await long_run("duel", games=48, at_once=8, path=tmp_path / "lr.db",
                            retention=timedelta(days=2))
    waves = report["waves"]
    assert [w["games"] for w in waves] == [8, 16, 24, 32, 40, 48]
    assert all(w["cached"] == 0 and w["cache_kb"] == 0 for w in waves)  # all finished
    created, before = [], 0
    for w in waves:
        created.append(w["rows_announcements"] - before + w["pruned"])
        before = w["rows_announcements"]
    # one day a wave, two days kept: at most the last three waves' posts remain
    assert sum(w["pruned"] for w in waves) >= sum(created[:3])
    assert waves[-1]["rows_announcements"] <= sum(created[-3:])
    assert waves[-1]["rows_actions"] == waves[-1]["actions"]  # the log itself is kept
