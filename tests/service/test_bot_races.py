"""Probes of Keryx's own seats racing people and themselves (service/bots.py): the
runner's turn key names the version it was listed at, so a person acting while the
bot thinks lists the same decision again under a newer version; a stopping bot cancels
a turn in hand; a restart comes between the bot's commit and its post."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

from service import GameService
from service.bots import BotRunner, is_bot
from service.outbox import ANNOUNCE_LEASE_S

from .helpers import NORTH, iid
from .test_bots import CH, start_against


async def test_a_turn_listed_again_while_in_hand_is_played_once(svc):
    # Duel rule R1: both seats commit a card face-down at the same time. North (a
    # person) commits while the bot (south) is still waiting out its delay; the next
    # tick lists south's unchanged decision again at the newer version.
    await start_against(svc)
    runner = BotRunner(svc, delay_s=0.4, budget_s=0.0)
    assert await runner.tick() == 1
    mine = await svc.view(CH, NORTH)
    assert mine.prompt is not None
    await svc.submit(CH, NORTH, mine.prompt.prompt.options[0].id, mine.version, iid())
    assert await runner.tick() == 1  # the same decision, listed at version + 1
    await runner.settle()
    info = await svc.game_info(CH)
    log = await svc.store.actions(info.id)
    assert [a.seat for a in log] == ["north", "south"]  # one commit each, then the reveal
    assert runner.acted == 1
    assert await svc.check(info.id) == []


async def test_a_person_and_the_bot_acting_at_the_same_moment_apply_once_each(svc):
    await start_against(svc)
    runner = BotRunner(svc, delay_s=0.0)
    mine = await svc.view(CH, NORTH)
    assert mine.prompt is not None
    person = svc.submit(CH, NORTH, mine.prompt.prompt.options[0].id, mine.version, iid())
    ticked, _ = await asyncio.gather(runner.tick(), person)
    assert ticked == 1
    await runner.settle()
    log = await svc.store.actions((await svc.game_info(CH)).id)
    assert sorted(a.seat for a in log) == ["north", "south"]


async def test_a_bot_turn_cancelled_by_a_stop_is_played_once_after_the_restart(target):
    svc = await GameService.open(target)
    try:
        await start_against(svc, seat="south")  # the bot (north) commits first
        runner = BotRunner(svc, delay_s=30.0, budget_s=0.0)
        assert await runner.tick() == 1
        await asyncio.sleep(0.1)
        await runner.stop(timeout=0.1)  # the turn waits out its delay: cancelled
        await asyncio.sleep(0)
        assert (await svc.store.actions((await svc.game_info(CH)).id)) == []
    finally:
        await svc.close()
    svc = await GameService.open(target)  # the restarted process
    try:
        runner = BotRunner(svc, delay_s=0.0)
        assert await runner.tick() == 1
        await runner.settle()
        assert await runner.tick() == 0  # played: nothing of the bot's is open now
        log = await svc.store.actions((await svc.game_info(CH)).id)
        assert [(a.seat, is_bot(a.user_id)) for a in log] == [("north", True)]
    finally:
        await svc.close()


async def test_a_bot_action_whose_post_a_crash_cut_off_is_posted_once_after(target):
    svc = await GameService.open(target)
    try:
        await start_against(svc, seat="south")
        while (p := await svc.claim_announcement((await svc.game_info(CH)).id)) is not None:
            await svc.announcement_sent(p.game_id, p.version)  # the opening post is out

        async def crash(result):  # the process dies after the commit, before the post
            raise RuntimeError("killed")

        runner = BotRunner(svc, crash, delay_s=0.0)
        await runner.tick()
        await runner.settle()
        assert runner.acted == 1
    finally:
        await svc.close()
    # The restarted process. On SQLite in this one test process the dead holder's pid
    # still runs, so its lease is let run out (ANNOUNCE_LEASE_S) instead of taken over.
    later = datetime.now(UTC) + timedelta(seconds=ANNOUNCE_LEASE_S + 1)
    svc = await GameService.open(target, clock=lambda: later)
    try:
        game = (await svc.game_info(CH)).id
        runner = BotRunner(svc, delay_s=0.0)
        assert await runner.tick() == 0  # the bot's move stands; its turn is not replayed
        await svc.take_over_leases()
        versions = []
        while (p := await svc.claim_announcement(game)) is not None:
            versions.append(p.version)
            await svc.announcement_sent(game, p.version)
        assert versions == [(await svc.game_info(CH)).version]  # the bot's post, once
        assert [a.seat for a in await svc.store.actions(game)] == ["north"]
        rng = random.Random(1)
        mine = await svc.view(CH, NORTH)
        assert mine.prompt is not None
        await svc.submit(CH, NORTH, rng.choice(mine.prompt.prompt.options).id, mine.version,
                         iid())
    finally:
        await svc.close()
