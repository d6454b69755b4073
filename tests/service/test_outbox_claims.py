"""The announcement outbox under several deliverers (both backends): a post is claimed by
one deliverer at a time, in version order, and the committing process claims its own post
with the action so that delivering it costs a single write ("sent", with the next claim)."""

from __future__ import annotations

import asyncio
import random
from datetime import timedelta

import pytest

from service import GameService
from service.store import open_store

from .helpers import play_one, start_duel

CH = 70


async def _three_posts(svc: GameService) -> tuple[int, list[int]]:
    """A duel played until three announcements wait in the outbox (the opening post, v0,
    delivered first as the bot does at /game start); actions that owe the channel nothing
    write none. Returns the game and the versions of those three posts."""
    started = await start_duel(svc, CH)
    opening = await svc.claim_announcement(started.game.id)
    assert opening is not None and opening.version == 0
    assert await svc.announcement_sent(started.game.id, 0) == (None, True)
    rng = random.Random(3)
    for _ in range(60):
        pending = await svc.store.undelivered(started.game.id)
        if len(pending) == 3:
            return started.game.id, [a.version for a in pending]
        assert await play_one(svc, CH, rng) is not None
    raise AssertionError("the duel never owed its channel three posts")


async def test_the_committing_process_claims_its_post_with_the_action(svc):
    game_id, (v1, v2, v3) = await _three_posts(svc)
    pending = await svc.store.undelivered(game_id)
    assert [a.version for a in pending] == [v1, v2, v3]
    # Only the first was next in order when it was committed: it alone is leased.
    assert [a.attempts for a in pending] == [1, 0, 0]
    assert pending[0].next_try_at > svc.ctx.clock() > pending[1].next_try_at
    # Another process sees nothing due: v1 is held, and v2, v3 wait behind it.
    assert await svc.store.due_announcements(svc.ctx.clock()) == [game_id]
    now = svc.ctx.clock()
    assert await svc.store.claim_announcement(game_id, now, now + timedelta(minutes=2)) is None
    # This process delivers v1 without a claim write, then "sent" claims v2 with it.
    first = await svc.claim_announcement(game_id)
    assert first is not None and first.version == v1 and first.attempts == 1
    second, clear = await svc.announcement_sent(game_id, v1)
    assert second is not None and second.version == v2 and second.attempts == 1 and not clear
    third, clear = await svc.announcement_sent(game_id, v2)
    assert third is not None and third.version == v3
    last, clear = await svc.announcement_sent(game_id, v3)
    assert last is None and clear
    assert await svc.store.undelivered(game_id) == []


async def test_a_claim_with_nothing_due_writes_nothing(svc, monkeypatch):
    """The bot asks for the next post after every action; when none is due (the action
    owed nothing, or its post is held by the deliverer that committed it) the answer costs
    no write transaction, which SQLite would queue behind every other write."""
    game_id, (v1, _, _) = await _three_posts(svc)
    writes = []
    real_tx = svc.store._tx

    def counted_tx():
        writes.append(1)
        return real_tx()

    monkeypatch.setattr(svc.store, "_tx", counted_tx)
    now = svc.ctx.clock()
    lease = now + timedelta(minutes=2)
    # v1 is leased to its committer, v2 and v3 wait behind it: nothing is due.
    assert await svc.store.claim_announcement(game_id, now, lease) is None
    assert await svc.store.claim_announcement(game_id + 1000, now, lease) is None
    assert writes == []
    # Once v1's lease has run out it is due again, and the claim writes to take it.
    later = now + timedelta(minutes=5)
    got = await svc.store.claim_announcement(game_id, later, later + timedelta(minutes=2))
    assert got is not None and got.version == v1 and writes == [1]


async def test_two_deliverers_never_claim_the_same_announcement(svc, target):
    """Two stores (two processes) claim at the same moment, many times each, once the
    first post's lease has run out: exactly one claim wins each post, in version order."""
    game_id, (v1, v2, v3) = await _three_posts(svc)
    other = await open_store(target)
    try:
        stores = [svc.store, other]
        at = svc.ctx.clock()
        for version in (v1, v2, v3):
            # Each round starts after the last claim's lease (2 minutes) ran out, so the
            # post is up for grabs again: the deliverer holding it is presumed dead.
            at += timedelta(minutes=5)
            lease = at + timedelta(minutes=2)
            claims = await asyncio.gather(*(
                stores[i % 2].claim_announcement(game_id, at, lease) for i in range(20)))
            won = [c for c in claims if c is not None]
            assert [c.version for c in won] == [version], claims
            # Nobody else can take it, nor a later post, while it is held.
            assert await other.claim_announcement(game_id, at, lease) is None
            nxt, clear = await stores[version % 2].announcement_sent(game_id, version, at,
                                                                      lease)
            # "sent" claimed the next post in the same write; the other store cannot
            assert (nxt is None) == clear == (version == v3)
            assert await other.claim_announcement(game_id, at, lease) is None
        assert await svc.store.undelivered(game_id) == []
    finally:
        await other.close()


async def test_sent_and_next_claim_race_with_another_deliverer(svc, target):
    """One deliverer marks v1 sent (claiming v2 in the same write) while another tries to
    claim at the same time: v2 goes to exactly one of them."""
    game_id, (v1, v2, v3) = await _three_posts(svc)
    other = await open_store(target)
    try:
        later = svc.ctx.clock() + timedelta(minutes=5)
        lease = later + timedelta(minutes=2)
        first = await svc.store.claim_announcement(game_id, later, lease)
        assert first is not None and first.version == v1
        results = await asyncio.gather(
            svc.store.announcement_sent(game_id, v1, later, lease),
            *(other.claim_announcement(game_id, later, lease) for _ in range(10)))
        sent_next, _ = results[0]
        claimed = [c for c in [sent_next, *results[1:]] if c is not None]
        # The claim attempts that ran before "sent" committed found v1 pending ahead.
        assert [c.version for c in claimed] == [v2]
    finally:
        await other.close()


async def test_a_claim_passes_over_a_locked_post_without_taking_a_later_one(svc, target):
    """PostgreSQL: while another deliverer's transaction holds v1's row, a claim neither
    waits for it (SKIP LOCKED) nor jumps ahead to v2 (posts stay in order)."""
    if not str(target).startswith("postgresql"):
        pytest.skip("SQLite has one writer: no row is ever locked by another")
    import asyncpg

    from service.store.pg import split_url

    game_id, (v1, v2, v3) = await _three_posts(svc)
    dsn, schema = split_url(str(target))
    holder = await asyncpg.connect(dsn, server_settings={"search_path": schema})
    try:
        async with holder.transaction():
            await holder.execute("SELECT 1 FROM announcements WHERE game_id = $1 AND "
                                 "version = $2 FOR UPDATE", game_id, v1)
            later = svc.ctx.clock() + timedelta(minutes=5)
            claim = svc.store.claim_announcement(game_id, later, later + timedelta(minutes=2))
            assert await asyncio.wait_for(claim, timeout=10) is None
        got = await svc.store.claim_announcement(game_id, later, later + timedelta(minutes=2))
        assert got is not None and got.version == v1
    finally:
        await holder.close()
