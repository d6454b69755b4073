"""One bot process of the PostgreSQL soak (tests/service/test_pg_soak.py): clicks on the
shared games, runs the scheduler when it leads, and writes down what it acknowledged and
what it delivered, each line flushed and synced before it counts."""

from __future__ import annotations

import asyncio
import os
import random
import sys

import tests.fixtures.duel  # noqa: F401 - registers the duel ruleset
from service import GameService, Refusal
from service.community import Community

HOT = 6  # the clicks go to the lowest-numbered live games, so processes collide


def appender(path: str):
    f = open(path, "a", buffering=1)  # noqa: SIM115 - open for the process's life

    def write(line: str) -> None:
        f.write(line + "\n")
        f.flush()
        os.fsync(f.fileno())
    return write


async def main(url: str, index: int, clicks: int, outdir: str) -> None:
    rng = random.Random(index)
    acked = appender(f"{outdir}/acked-{index}.log")
    sent = appender(f"{outdir}/sent-{index}.log")
    svc = await GameService.open(url)
    community = Community(url)
    await community.open()

    async def sink(action) -> None:
        sent(action.key)

    scheduler = community.scheduler(sink)
    stop = asyncio.Event()

    async def tick_loop() -> None:
        while not stop.is_set():
            if await community.db.lead("scheduler"):
                await scheduler.tick()
            await asyncio.sleep(0.05)

    async def click_loop(n: int, worker: int) -> None:
        for k in range(n):
            rows = await svc.store.all("SELECT channel_id FROM games WHERE status = 'running' "
                                       "ORDER BY id LIMIT ?", (HOT,))
            if not rows:
                return
            channel = rng.choice(rows)[0]
            try:
                view = await svc.view(channel, None)
                seat = rng.choice(view.view["game"]["waiting_for"])
                user = (await svc.game_info(channel)).user_of(seat)
                mine = await svc.view(channel, user)
                option = rng.choice(mine.prompt.prompt.options).id
                iid = f"p{index}-{worker}-{k}"
                tries = 2 if rng.random() < 0.2 else 1  # a double click now and then
                results = await asyncio.gather(
                    *(svc.submit(channel, user, option, mine.version, iid)
                      for _ in range(tries)), return_exceptions=True)
            except (Refusal, AttributeError, IndexError):
                continue  # the game moved or ended under us: an expected conflict
            ok = [r for r in results if not isinstance(r, BaseException)]
            if ok:
                acked(f"{iid} {ok[0].game_id} {ok[0].version}")
                await community.turn(ok[0].game_id, [p.seat for p in ok[0].prompts])

    ticker = asyncio.create_task(tick_loop())
    await asyncio.gather(*(click_loop(clicks // 3, w) for w in range(3)))
    await asyncio.sleep(1.0)  # let reminders fall due and the leader deliver them
    stop.set()
    await ticker
    await community.close()
    await svc.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
