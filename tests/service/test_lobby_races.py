"""Probes of lobby requests racing across two processes on one SQLite file (each with
its own in-process game locks; on PostgreSQL the game lock holds across processes):
joins for the last free place, and two starts."""

from __future__ import annotations

import asyncio

import pytest

from service import GameService, Refusal

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
