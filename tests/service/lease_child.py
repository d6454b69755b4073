"""Child process for the lease takeover test: claims a game's pending post, records its
first message as sent, says so, and waits to be killed before marking the post sent.

Run as: python -m tests.service.lease_child TARGET GAME_ID
"""

from __future__ import annotations

import asyncio
import sys

import tests.fixtures.duel  # noqa: F401  (registers "duel")
from service import GameService


async def main(target: str, game_id: int) -> None:
    svc = await GameService.open(target)
    post = await svc.claim_announcement(game_id)
    assert post is not None, "no post to claim"
    assert await svc.part_sent(post, 0, post.channel_id, 4242)
    print("sent", flush=True)
    await asyncio.sleep(3600)  # killed here: between posting and marking sent


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
