"""Regenerate the saved-game fixtures: python -m tests.service.make_fixtures

They are real games played through the service and exported; test_replay.py replays them
under the current engine, so a rules change that alters old games shows up as a failure
(then decide: bump the ruleset version, or fix the change)."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import tests.fixtures.duel  # noqa: F401
from service import GameService

from .helpers import NORTH, SOUTH, iid, play_one, start_duel

HERE = Path(__file__).parent / "fixtures"


async def main() -> None:
    HERE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        svc = await GameService.open_sqlite(Path(tmp) / "k.db")
        rng = random.Random(2024)
        # 1. played to the end, with an undo on the way
        s = await start_duel(svc, 1)
        v = await svc.view(1, NORTH)
        await svc.submit(1, NORTH, v.prompt.prompt.options[0].id, v.version, iid())
        await svc.undo(1, NORTH, v.version + 1, iid())
        while await play_one(svc, 1, rng):
            pass
        (HERE / "duel-finished.json").write_text(await svc.export_game(s.game.id))
        # 2. a resignation in the second round
        s = await start_duel(svc, 2, options={"rounds": 4})
        for _ in range(6):
            await play_one(svc, 2, rng)
        await svc.resign(2, SOUTH, iid())
        (HERE / "duel-resigned.json").write_text(await svc.export_game(s.game.id))
        # 3. abandoned by a moderator mid-game
        s = await start_duel(svc, 3)
        for _ in range(5):
            await play_one(svc, 3, rng)
        await svc.abandon(3, 9, "test fixture")
        (HERE / "duel-abandoned.json").write_text(await svc.export_game(s.game.id))
        await svc.close()


if __name__ == "__main__":
    asyncio.run(main())
