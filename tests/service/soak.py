"""Conflicting clicks from several services on one database (the two-process soak).

Each clicker plays a few channels at random through its own GameService: it reads what a
seat is shown, sometimes holds on to an older shown version (a slow or double click), and
submits. Games that end are replaced by new ones. Refusals are the expected answer to most
conflicts; anything else is a failure. `check_all` then compares every stored game with the
replay of its log.

Run as a child process: python -m tests.service.soak DB_PATH SEED CLICKS CHANNELS
(prints "done <applied> <refused>" at the end).
"""

from __future__ import annotations

import asyncio
import random
import sys
import uuid
from collections import Counter

import engine.rulesets.athens_sparta  # noqa: F401  (registers "athens-sparta")
import tests.fixtures.duel  # noqa: F401  (registers "duel")
import tests.fixtures.tally  # noqa: F401  (registers "tally")
from service import GameService, Refusal

USERS = {"north": 1, "south": 2}
RULESETS = ("tally", "duel", "athens-sparta")


async def _ensure_game(svc: GameService, channel: int, rng: random.Random) -> bool:
    """True when the channel has a running game (made here or by another clicker)."""
    try:
        info = await svc.game_info(channel)
    except Refusal:
        info = None
    try:
        if info is None or info.status in ("finished", "abandoned"):
            ruleset = RULESETS[channel % len(RULESETS)]
            await svc.create_game(guild_id=1, channel_id=channel, user_id=1,
                                  ruleset_id=ruleset,
                                  options={"target": 16} if ruleset == "tally" else None)
            return False
        if info.status == "open":
            for seat, user in USERS.items():
                if info.user_of(seat) is None:
                    await svc.join(channel, user, seat)
            await svc.start(channel, 1)
            return False
    except Refusal:
        return False  # another clicker got there first
    return True


async def clicker(svcs: list[GameService], seed: int, clicks: int, channels: int,
                  tasks: int = 4) -> Counter:
    """`tasks` players' clicks in flight at once, as in a bot. A prompt is shown by one
    service and its click may arrive at another (two bot processes behind one token)."""
    tally: Counter = Counter()
    shown: dict[tuple[int, str], tuple[int, str]] = {}  # (channel, seat) -> older click
    await asyncio.gather(*[_clicks(svcs, random.Random(f"{seed}:{i}"), clicks, channels,
                                   shown, tally) for i in range(tasks)])
    return tally


async def _clicks(svcs: list[GameService], rng: random.Random, clicks: int, channels: int,
                  shown: dict[tuple[int, str], tuple[int, str]], tally: Counter) -> None:
    while tally["applied"] + tally["refused"] < clicks:
        svc = rng.choice(svcs)
        channel = 9000 + rng.randrange(channels)
        if not await _ensure_game(svc, channel, rng):
            await asyncio.sleep(0)
            continue
        try:
            waiting = (await svc.view(channel, None)).view["game"]["waiting_for"]
            if not waiting:
                continue
            seat = rng.choice(waiting)
            view = await svc.view(channel, USERS[seat])
        except Refusal:
            continue
        if view.prompt is None:
            continue
        option = rng.choice(view.prompt.prompt.options).id
        version = view.version
        old = shown.get((channel, seat))
        if old is not None and rng.random() < 0.3:
            version, option = old  # a second click drawn from a message shown before
        shown[(channel, seat)] = (view.version, option)
        if rng.random() < 0.5:
            await asyncio.sleep(rng.random() * 0.002)  # let the other clicker in
        svc = rng.choice(svcs)
        try:
            await svc.submit(channel, USERS[seat], option, version, uuid.uuid4().hex)
            tally["applied"] += 1
        except Refusal as r:
            tally["refused"] += 1
            tally[f"refused_{r.code}"] += 1


async def check_all(svc: GameService, channels: int) -> dict[int, list[str]]:
    """Every game in the soak's channels whose snapshot disagrees with its log."""
    problems: dict[int, list[str]] = {}
    for i in range(channels):
        for row in await svc.store.games_in_channel(9000 + i):
            found = await svc.check(row.id)
            if found:
                problems[row.id] = found
    return problems


async def _main(path: str, seed: int, clicks: int, channels: int) -> None:
    svcs = [await GameService.open_sqlite(path) for _ in range(2)]
    try:
        print("ready", flush=True)
        tally = await clicker(svcs, seed, clicks, channels)
    finally:
        for svc in svcs:
            await svc.close()
    print(f"done {tally['applied']} {tally['refused']}", flush=True)


if __name__ == "__main__":
    asyncio.run(_main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
