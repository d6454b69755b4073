"""No log level prints a secret: at DEBUG, a game played through the service must leave
no seed, no snapshot (hands, hidden blocks) in the log."""

from __future__ import annotations

import io
import logging
import random

import pytest

from service import GameService
from shared.logs import setup_logging
from tests.service.helpers import NORTH, SOUTH, iid


@pytest.fixture
def debug_log():
    root = logging.getLogger()
    saved = (root.level, root.handlers[:],
             {n: logging.getLogger(n).level for n in ("aiosqlite", "discord", "asyncio")})
    buf = io.StringIO()
    setup_logging("DEBUG", stream=buf)
    try:
        yield buf
    finally:
        root.handlers[:] = saved[1]
        root.setLevel(saved[0])
        for name, level in saved[2].items():
            logging.getLogger(name).setLevel(level)


async def test_debug_log_holds_no_secret(tmp_path, debug_log):
    svc = await GameService.open_sqlite(tmp_path / "k.db")
    try:
        await svc.create_game(guild_id=1, channel_id=5, user_id=NORTH,
                              ruleset_id="athens-sparta")
        await svc.join(5, NORTH, "athens")
        await svc.join(5, SOUTH, "sparta")
        started = await svc.start(5, NORTH)
        rng = random.Random(3)
        users = {"athens": NORTH, "sparta": SOUTH}
        for _ in range(15):
            seat = rng.choice((await svc.view(5, None)).view["game"]["waiting_for"])
            mine = await svc.view(5, users[seat])
            await svc.submit(5, users[seat], rng.choice(mine.prompt.prompt.options).id,
                             mine.version, iid())
        row = await svc.store.get_game(started.game.id, snapshot=True)
        assert row.status == "running"
    finally:
        await svc.close()
    logging.getLogger("keryx.test").debug("our own debug records still pass")
    text = debug_log.getvalue()
    assert "our own debug records still pass" in text
    seed = row.snapshot.split('"seed":"', 1)[1].split('"', 1)[0]
    assert len(seed) >= 16 and seed not in text
    assert '"state":' not in text and "hand" not in text.lower()


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        setup_logging("LOUD", stream=io.StringIO())
