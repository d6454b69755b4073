"""Delivered public posts are pruned once past the retention window (issue 39, point 6)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from service import GameService

from .helpers import play_one, start_duel


async def _states(svc: GameService) -> list[tuple[int, str]]:
    rows = await svc.store.all(  # type: ignore[attr-defined]
        "SELECT version, state FROM announcements ORDER BY game_id, version")
    return [(r[0], r[1]) for r in rows]


async def test_delivered_posts_older_than_the_retention_window_are_pruned(target):
    now = [datetime.now(UTC)]
    svc = await GameService.open(target, clock=lambda: now[0], retention=timedelta(days=3))
    try:
        game_id = (await start_duel(svc, 620)).game.id
        post = await svc.claim_announcement(game_id)
        assert post is not None and post.opening
        await svc.announcement_done(game_id, post.version, post.attempts)  # sent
        rng = random.Random(6)
        while len(await _states(svc)) < 2:  # play on until another post is owed (pending)
            assert await play_one(svc, 620, rng) is not None
        before = await _states(svc)
        assert before[0] == (0, "sent") and len(before) > 1
        assert {state for _, state in before[1:]} == {"pending"}
        now[0] += timedelta(days=3) - timedelta(seconds=1)
        assert await svc.prune_delivered() == 0
        now[0] += timedelta(seconds=2)
        assert await svc.prune_delivered() == 1
        assert await _states(svc) == before[1:]  # the pending posts stay
    finally:
        await svc.close()
