"""A process serving some shards plays Keryx's turns only in its own shards' guilds
(bot/client.py), the guilds whose events Discord sends it."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.client import ShardedKeryxBot, shard_of
from service.bots import BotTurn, bot_id


def turn_in(guild_id: int | None) -> BotTurn:
    return BotTurn(1, 2, "athens", bot_id("random"), 3, datetime.now(UTC), guild_id)


def test_the_shard_of_a_guild_follows_discords_rule():
    guild = (123456789 << 22) | 77  # the shard lies in the id's timestamp bits
    assert shard_of(guild, 8) == 123456789 % 8
    assert shard_of(None, 8) == 0  # direct messages go to shard 0


async def test_a_sharded_process_plays_only_its_guilds_bot_turns():
    bot = ShardedKeryxBot(object(), shard_ids=[1, 3], shard_count=4)
    assert bot.bots.serves is not None
    for shard in range(4):
        guild = next(g << 22 for g in range(1000, 1010) if g % 4 == shard)
        assert bot.bots.serves(turn_in(guild)) is (shard in (1, 3))
    assert bot.bots.serves(turn_in(None)) is False
