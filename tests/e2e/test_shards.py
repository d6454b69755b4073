"""Two real `keryx run --shards i --shard-count 2` processes on one PostgreSQL database,
against the stand-in: each process gets, and answers, only the events of its own guilds."""

from __future__ import annotations

import time

import pytest

from bot.sandbox import BotProcess
from standin.server import StandIn
from tests.backends import drop_schema, new_schema_url, require_pg


def guilds_on_both_shards(standin: StandIn):
    """One guild for shard 0 and one for shard 1 (Discord's rule: (id >> 22) % 2)."""
    found = {}
    while len(found) < 2:
        g = standin.create_guild(f"guild {len(found)}")
        found.setdefault((g.id >> 22) % 2, g)
        time.sleep(0.002)  # the shard lies in the id's millisecond part
    return found[0], found[1]


def interactions_seen(standin: StandIn, shard: int) -> set[str]:
    """The guild ids of every interaction the stand-in sent to that shard's session."""
    return {frame["d"]["guild_id"] for s in standin.gateway.sessions.values()
            if s.shard == (shard, 2) for frame in s.backlog
            if frame["t"] == "INTERACTION_CREATE"}


@pytest.mark.slow
async def test_each_process_answers_only_its_shards_guilds(tmp_path):
    require_pg()
    url = new_schema_url()
    standin = StandIn()
    await standin.start("127.0.0.1", 0)
    g0, g1 = guilds_on_both_shards(standin)
    users = [standin.add_member(g0, "pericles"), standin.add_member(g1, "archidamus")]
    bots = []
    try:
        for shard in (0, 1):
            (tmp_path / f"p{shard}").mkdir()
            bot = BotProcess(standin, tmp_path / f"p{shard}", database=url,
                             plugins="tests.fixtures.duel_plugin",
                             args=("--shards", str(shard), "--shard-count", "2"))
            await bot.start()
            bots.append(bot)
        for user in users:
            res = await user.slash("game", "new", ruleset="duel", timeout=30)
            await res.wait_for_message(timeout=30)
        assert interactions_seen(standin, 0) == {str(g0.id)}
        assert interactions_seen(standin, 1) == {str(g1.id)}
        # With shard 1's process gone, its guild goes unanswered and shard 0's does not.
        await bots[1].kill()
        res = await users[0].slash("game", "status", timeout=30)
        assert await res.wait_for_message(timeout=30)
        with pytest.raises(Exception):  # noqa: B017 - the stand-in's timeout, whatever its type
            await (await users[1].slash("game", "status", timeout=3)).wait_for_message(timeout=3)
    finally:
        for bot in bots:
            await bot.stop()
        await standin.stop()
        await drop_schema(url)
