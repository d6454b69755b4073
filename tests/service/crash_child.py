"""Child process for the crash test: plays duel games as fast as it can, printing
"<game id> <seq>" for each action after the service reported it committed. The test
kills it with SIGKILL at random moments.

Run as: python -m tests.service.crash_child DB_PATH SEED
"""

from __future__ import annotations

import asyncio
import random
import sys
import uuid

import tests.fixtures.duel  # noqa: F401  (registers "duel")
from service import GameService, Refusal

USERS = {"north": 1, "south": 2}


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    svc = await GameService.open_sqlite(path)
    print("ready", flush=True)
    channel = 1
    while True:
        try:
            info = await svc.game_info(channel)
        except Refusal:
            await svc.create_game(guild_id=1, channel_id=channel, user_id=1, ruleset_id="duel")
            continue
        if info.status == "open":  # a lobby an earlier child left behind
            for seat, user in USERS.items():
                if info.user_of(seat) is None:
                    await svc.join(channel, user, seat)
            await svc.start(channel, 1)
            continue
        if info.status != "running":
            channel += 1
            continue
        waiting = (await svc.view(channel, None)).view["game"]["waiting_for"]
        seat = rng.choice(waiting)
        view = await svc.view(channel, USERS[seat])
        option = rng.choice(view.prompt.prompt.options).id
        res = await svc.submit(channel, USERS[seat], option, view.version, uuid.uuid4().hex)
        sys.stdout.write(f"{res.game_id} {res.seq}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
