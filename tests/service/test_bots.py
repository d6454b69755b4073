"""Keryx's own seats (service/bots.py): seated in the lobby or handed a running seat,
played by the service's runner after a fixed delay, through restarts."""

from __future__ import annotations

import asyncio
import random

import pytest

from service import GameService, Refusal
from service.bots import BotRunner, bot_id, bot_level, is_bot

from .helpers import NORTH, iid

CH = 640


async def human_moves(svc: GameService, channel: int, user: int, rng: random.Random) -> bool:
    """The human's random answer if it is their turn; False when it is not."""
    mine = await svc.view(channel, user)
    if mine.prompt is None:
        return False
    option = rng.choice(mine.prompt.prompt.options).id
    await svc.submit(channel, user, option, mine.version, iid())
    return True


async def start_against(svc: GameService, level: str = "random", seat: str = "north"):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=NORTH, ruleset_id="duel")
    await svc.join(CH, NORTH, seat)
    info = await svc.seat_bots(CH, level)
    assert [is_bot(s.user_id) for s in info.seats].count(True) == 1
    return await svc.start(CH, NORTH)


def test_reserved_ids_say_their_level_and_are_no_discord_account():
    assert bot_level(bot_id("search", 3)) == "search"
    assert bot_level(NORTH) is None and bot_level(None) is None
    assert bot_id("random") < 1 << 22  # below any id Discord can hand out
    with pytest.raises(Refusal, match="no opponent level 'grandmaster'"):
        bot_id("grandmaster")


async def test_a_whole_game_against_a_bot_seat(svc):
    acted = []

    async def on_acted(result):
        acted.append(result)

    await start_against(svc)
    runner = BotRunner(svc, on_acted, delay_s=0.0)
    rng = random.Random(4)
    for _ in range(200):
        if (await svc.game_info(CH)).status != "running":
            break
        if not await human_moves(svc, CH, NORTH, rng):
            assert await runner.tick() >= 1  # the bot's turn, nobody else's
            await runner.settle()
    info = await svc.game_info(CH)
    assert info.status == "finished"
    bot = info.user_of("south")
    assert is_bot(bot) and acted and all(r.user_id == bot for r in acted)
    log = await svc.store.actions(info.id)
    assert {a.user_id for a in log if a.seat == "south"} == {bot}
    assert await svc.bot_turns() == []


async def test_the_answer_waits_a_fixed_delay_whatever_the_thinking(svc, monkeypatch):
    await start_against(svc)
    real_answer, real_act = svc.bot_answer, svc.bot_act
    thinking = iter([0.0, 0.3])
    waits = []

    async def slow(turn, player):
        await asyncio.sleep(next(thinking))
        return await real_answer(turn, player)

    async def timed(turn, answer):
        waits.append((svc.now() - turn.since).total_seconds())
        return await real_act(turn, answer)

    monkeypatch.setattr(svc, "bot_answer", slow)
    monkeypatch.setattr(svc, "bot_act", timed)
    runner = BotRunner(svc, delay_s=0.6, budget_s=0.1)
    rng = random.Random(2)
    while len(waits) < 2:
        while await human_moves(svc, CH, NORTH, rng):
            pass
        assert await runner.tick() == 1
        await runner.settle()
    # Thought for 0 s and for 0.3 s: both answers went in when the delay was over.
    assert all(0.6 <= w < 0.85 for w in waits), waits


async def test_a_chain_of_bot_decisions_does_not_wait_a_tick_apiece(svc):
    # Keryx holds both seats: every next decision is a bot's. The runner's timer would tick
    # again only in an hour, so the game goes on only if each action wakes the runner.
    await svc.create_game(guild_id=7, channel_id=CH, user_id=NORTH, ruleset_id="duel")
    info = await svc.seat_bots(CH, "random")
    assert all(is_bot(s.user_id) for s in info.seats) and len(info.seats) == 2
    await svc.start(CH, NORTH)
    runner = BotRunner(svc, delay_s=0.0, interval_s=3600.0)
    task = asyncio.create_task(runner.run())
    try:
        async with asyncio.timeout(30):
            while runner.acted < 6 and (await svc.game_info(CH)).status == "running":
                await asyncio.sleep(0.05)
    finally:
        await runner.stop()
        await task
    assert runner.acted >= 6 or (await svc.game_info(CH)).status == "finished"


async def test_a_failing_bot_turn_waits_for_the_next_tick(svc, monkeypatch):
    # Only an action wakes the runner early: a turn whose thinking fails is tried again on
    # the timer, not in a loop that floods the log and the database.
    await start_against(svc, seat="south")  # the bot (north) must commit first
    calls = []

    async def broken(turn, player):
        calls.append(turn.key)
        raise RuntimeError("the player broke")

    monkeypatch.setattr(svc, "bot_answer", broken)
    runner = BotRunner(svc, delay_s=0.0, interval_s=3600.0)
    task = asyncio.create_task(runner.run())
    await asyncio.sleep(0.5)
    await runner.stop()
    await task
    assert len(calls) == 1 and runner.acted == 0


async def test_a_bot_whose_turn_it_is_acts_after_a_restart(target):
    svc = await GameService.open(target)
    try:
        await start_against(svc, seat="south")  # the bot (north) must commit first
        assert len(await svc.bot_turns()) == 1
    finally:
        await svc.close()
    svc = await GameService.open(target)  # a new process: no memory of the turn
    try:
        runner = BotRunner(svc, delay_s=0.0)
        assert await runner.tick() == 1
        await runner.settle()
        assert runner.acted == 1
        log = await svc.store.actions((await svc.game_info(CH)).id)
        assert [a.seat for a in log] == ["north"] and log[0].interaction_id.startswith("bot:")
    finally:
        await svc.close()


async def test_two_runners_answer_a_turn_once(svc):
    await start_against(svc, seat="south")
    first, second = BotRunner(svc, delay_s=0.0), BotRunner(svc, delay_s=0.0)
    await asyncio.gather(first.tick(), second.tick())
    await asyncio.gather(first.settle(), second.settle())
    log = await svc.store.actions((await svc.game_info(CH)).id)
    assert [a.seat for a in log] == ["north"]


async def test_a_moderator_hands_a_running_seat_to_a_bot(svc):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=NORTH, ruleset_id="duel")
    await svc.join(CH, NORTH, "north")
    await svc.join(CH, 5005, "south")
    await svc.start(CH, NORTH)
    assert await svc.bot_turns() == []
    with pytest.raises(Refusal, match="no heuristic player for the ruleset 'duel'"):
        await svc.replace_seat_with_bot(CH, 9, "south", "heuristic")
    info = await svc.replace_seat_with_bot(CH, 9, "south", "random")
    assert bot_level(info.user_of("south")) == "random"
    changes = await svc.store.seat_changes(info.id)
    assert changes[-1].kind == "replace" and "Keryx (random)" in (changes[-1].reason or "")
    assert [t.seat for t in await svc.bot_turns()] == ["south"]


async def test_unknown_levels_and_full_lobbies_are_refused(svc):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=NORTH, ruleset_id="duel")
    with pytest.raises(Refusal, match="no opponent level"):
        await svc.seat_bots(CH, "grandmaster")
    await svc.join(CH, NORTH)
    await svc.seat_bots(CH, "random")
    with pytest.raises(Refusal, match="Every seat"):
        await svc.seat_bots(CH, "random")


async def test_a_runner_plays_only_the_turns_it_serves(svc):
    """Shards: each process's runner thinks only about its own guilds' games."""
    await start_against(svc, seat="south")
    other = BotRunner(svc, delay_s=0.0, serves=lambda turn: turn.guild_id != 7)
    assert await other.tick() == 0
    ours = BotRunner(svc, delay_s=0.0, serves=lambda turn: turn.guild_id == 7)
    assert await ours.tick() == 1
    await ours.settle()
    log = await svc.store.actions((await svc.game_info(CH)).id)
    assert [a.seat for a in log] == ["north"]
