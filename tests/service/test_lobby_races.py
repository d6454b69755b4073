"""Probes of lobby requests racing across two processes on one SQLite file (each with
its own in-process game locks; on PostgreSQL the game lock holds across processes):
joins for the last free place, and two starts."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from service import GameService, Refusal
from service.store.target import is_postgres

from .helpers import GUILD, NORTH

CH = 530
LATE = (2001, 2002, 2003)


async def test_two_processes_joining_the_last_place_seat_one(target):
    one, two = await GameService.open(target), await GameService.open(target)
    try:
        await one.create_game(guild_id=GUILD, channel_id=CH, user_id=NORTH, ruleset_id="duel")
        await one.join(CH, NORTH, "north")
        tries = await asyncio.gather(one.join(CH, LATE[0]), two.join(CH, LATE[1]),
                                     return_exceptions=True)
        refused = [t for t in tries if isinstance(t, Refusal)]
        assert len(refused) == 1 and refused[0].code in ("full", "seat_taken"), tries
        info = await one.game_info(CH)
        assert len(info.seats) == 2  # a duel seats two
        started = await two.start(CH, NORTH)
        assert sorted(s.seat for s in started.game.seats) == ["north", "south"]
    finally:
        await one.close()
        await two.close()


async def test_two_processes_starting_at_once_start_once(target):
    one, two = await GameService.open(target), await GameService.open(target)
    try:
        await one.create_game(guild_id=GUILD, channel_id=CH, user_id=NORTH, ruleset_id="duel")
        await one.join(CH, NORTH, "north")
        await one.join(CH, LATE[0])
        tries = await asyncio.gather(one.start(CH, NORTH), two.start(CH, LATE[0]),
                                     return_exceptions=True)
        refused = [t for t in tries if isinstance(t, Refusal)]
        assert len(refused) == 1 and refused[0].code == "wrong_status", tries
        info = await one.game_info(CH)
        assert info.status == "running" and info.version == 0
        opening = await one.claim_announcement(info.id)
        assert opening is not None and opening.opening
        await one.announcement_sent(info.id, opening.version)
        assert await two.claim_announcement(info.id) is None  # one opening post
    finally:
        await one.close()
        await two.close()


def _then_wait(place_bid, barrier):
    async def placed(*args, **kwargs):
        await place_bid(*args, **kwargs)
        # On PostgreSQL the game lock holds across processes: the other bid waits for
        # this one to finish, so the barrier is given up after a moment.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(0.5):
                await barrier.wait()
    return placed


async def _bidding_lobby(svc, alice, bob):
    """A Hellenes 431 lobby whose sides are bid for (its RULINGS.md), both seated, bids open."""
    await svc.create_game(guild_id=GUILD, channel_id=CH, user_id=alice,
                          ruleset_id="hellenes", scenario="431", sides_mode="bid")
    await svc.join(CH, alice)
    await svc.join(CH, bob)
    await svc.open_bidding(CH, alice)


async def test_the_last_two_bids_placed_at_once_in_two_processes_both_stand(target):
    # Hellenes' sealed bids for sides (its RULINGS.md): both bids go in at the same
    # moment through two processes; each sees every bid in and starts the game. It
    # starts once, and neither bidder is told to try again: both bids are in.
    one, two = await GameService.open(target), await GameService.open(target)
    alice, bob = LATE[0], LATE[1]
    try:
        await _bidding_lobby(one, alice, bob)
        both_in = asyncio.Barrier(2)
        for svc in (one, two):  # each bid is written before either counts the bids
            svc.store.place_bid = _then_wait(svc.store.place_bid, both_in)
        tries = await asyncio.gather(one.place_bid(CH, alice, "athens", 3),
                                     two.place_bid(CH, bob, "sparta", 1),
                                     return_exceptions=True)
        assert not [t for t in tries if isinstance(t, BaseException)], tries
        assert sum(t.started is not None for t in tries) == 1
        # On SQLite both saw every bid in; on PostgreSQL the second waited for the first.
        assert [t.begun_elsewhere for t in tries].count(True) == (
            0 if is_postgres(target) else 1)
        info = await one.game_info(CH)
        assert info.status == "running"
        assert info.user_of("athens") == alice and info.user_of("sparta") == bob
    finally:
        await one.close()
        await two.close()


async def test_a_last_bid_whose_game_was_abandoned_meanwhile_is_not_told_it_began(target):
    # The last bid goes in through one process while a moderator abandons the lobby
    # through another, between that bid's count and its start: the start finds the game
    # gone from the lobby, as it does when the other process began it, but the game did
    # not begin, and the bidder is refused (wrong_status), never told it begins.
    if is_postgres(target):
        pytest.skip("on PostgreSQL the game lock holds across processes: the abandon "
                    "waits for the bid, and the race cannot happen")
    one, two = await GameService.open(target), await GameService.open(target)
    alice, bob = LATE[0], LATE[1]
    try:
        await _bidding_lobby(one, alice, bob)
        await one.place_bid(CH, alice, "athens", 3)
        game_id = (await one.game_info(CH)).id
        start_game = two.store.start_game

        async def abandoned_first(*args, **kwargs):
            await one.abandon(CH, NORTH, "closed while the last bid went in")
            return await start_game(*args, **kwargs)

        two.store.start_game = abandoned_first  # type: ignore[method-assign]
        with pytest.raises(Refusal) as refused:
            await two.place_bid(CH, bob, "sparta", 1)
        assert refused.value.code == "wrong_status"
        assert (await one.store.get_game(game_id)).status == "abandoned"
    finally:
        await one.close()
        await two.close()
