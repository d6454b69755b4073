"""Shared helpers for the service tests: set up duel games and play them."""

from __future__ import annotations

import itertools
import random

from service import ActionResult, GameService

NORTH, SOUTH = 1001, 1002
GUILD = 77
_ids = itertools.count(1)


def iid() -> str:
    """A fresh interaction id."""
    return f"i{next(_ids)}"


async def start_duel(svc: GameService, channel: int = 500, users=(NORTH, SOUTH),
                     options=None):
    await svc.create_game(guild_id=GUILD, channel_id=channel, user_id=users[0],
                          ruleset_id="duel", options=options)
    await svc.join(channel, users[0], "north")
    await svc.join(channel, users[1], "south")
    return await svc.start(channel, users[0])


async def play_one(svc: GameService, channel: int, rng: random.Random) -> ActionResult | None:
    """One random legal choice by whoever must decide; None once the game is over."""
    info = await svc.game_info(channel)
    if info.status != "running":
        return None
    view = await svc.view(channel, None)
    waiting = view.view["game"]["waiting_for"]
    seat = rng.choice(waiting)
    user = info.user_of(seat)
    mine = await svc.view(channel, user)
    option = rng.choice(mine.prompt.prompt.options).id
    return await svc.submit(channel, user, option, mine.version, iid())


async def play_out(svc: GameService, channel: int, rng: random.Random, limit: int = 500) -> int:
    n = 0
    while n < limit and await play_one(svc, channel, rng) is not None:
        n += 1
    return n
