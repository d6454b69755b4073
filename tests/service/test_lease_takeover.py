"""A process killed while delivering a post leaves it to the others within seconds, and
what it sent is not sent again (issue 39, point 3; service/store/leases.py)."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from service import GameService
from service.outbox import ANNOUNCE_LEASE_S

from .helpers import start_duel

ROOT = Path(__file__).resolve().parents[2]


async def test_the_posts_of_a_killed_process_are_taken_over_at_once(target):
    """A child process claims the opening post, sends its first message and is killed
    before marking the post sent. Its lease has 15 s to run, but the retry loop finds
    its holder gone and takes the post over at once, with the message it sent recorded
    (so that one is skipped)."""
    svc = await GameService.open(target)
    try:
        game_id = (await start_duel(svc, 610)).game.id
        svc.outbox.claimed.clear()
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.service.lease_child", str(target), str(game_id)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            line = await asyncio.to_thread(child.stdout.readline)  # type: ignore[union-attr]
            assert line.strip() == "sent", child.stderr.read()  # type: ignore[union-attr]
            assert await svc.claim_announcement(game_id) is None  # the child holds it
            assert await svc.take_over_leases() == 0  # and it is alive
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait()
        killed = time.monotonic()
        post = None
        while post is None and time.monotonic() - killed < 10:
            await svc.take_over_leases()
            post = await svc.claim_announcement(game_id)
            if post is None:
                await asyncio.sleep(0.05)
        assert post is not None
        assert time.monotonic() - killed < 2
        assert post.version == 0 and post.opening and post.parts == {0: 4242}
    finally:
        await svc.close()


async def test_a_lease_is_renewed_while_its_holder_works_and_lost_to_a_takeover(target):
    """The holder renews its lease; once it has run out and another process claimed
    the post, the first holder's renewal and message record say it is no longer its."""
    a = await GameService.open(target)
    b = await GameService.open(target)
    try:
        game_id = (await start_duel(a, 611)).game.id
        a.outbox.claimed.clear()
        post = await a.claim_announcement(game_id)
        assert post is not None
        assert await a.renew_lease(post)
        assert await b.claim_announcement(game_id) is None
        later = a.ctx.clock() + timedelta(seconds=ANNOUNCE_LEASE_S + 1)
        b.ctx.clock = lambda: later  # type: ignore[method-assign]
        taken = await b.claim_announcement(game_id)
        assert taken is not None and taken.attempts == 2
        assert not await a.renew_lease(post)
        assert not await a.part_sent(post, 0, post.channel_id, 77)
        # the message a sent is recorded all the same, for b to skip
        assert await b.store.announcement_parts(game_id, 0) == {0: 77}
    finally:
        await a.close()
        await b.close()
