"""Playing against Keryx on Discord (the stand-in, in-process bot, fixture ruleset): the
bot's seats act on their own through the service's runner, never pinged."""

from __future__ import annotations

import random

import pytest

from service.bots import bot_level
from standin.players import RandomPlayer, play_until_over

from .conftest import open_table

FAST = {"bot_delay_s": 0.05, "search_budget_s": 0.05}


@pytest.fixture
async def fast_table(tmp_path):
    async with open_table(tmp_path, bot_options=FAST) as t:
        yield t


@pytest.mark.slow  # a whole game; the moderator's hand-over below plays one in the fast lane
async def test_a_whole_game_against_keryx(fast_table):
    t = fast_table
    r = await t.alice.slash("game", "new", ruleset="duel", opponent="random", seat="south")
    begun = await r.wait_for_message(lambda m: "seed hash" in m.content, timeout=20)
    assert "Keryx (random)" in begun.content
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
    alice = RandomPlayer(t.standin, t.alice, t.channel, random.Random(5))
    choices = await play_until_over(t.standin, [alice], t.channel, idle_timeout=30)
    assert choices >= 3
    public = t.public()
    assert sum("Game over" in m.content for m in public) == 1
    # Keryx is named, never pinged: every mention in the channel is Alice's.
    assert all(set(m.mention_ids) <= {t.alice.id} for m in public)
    info = await t.bot.keryx.svc.game_info(t.channel.id)
    assert info.status == "finished" and bot_level(info.user_of("north")) == "random"
    log = await t.bot.keryx.svc.store.actions(info.id)
    assert {a.user_id for a in log if a.seat == "north"} == {info.user_of("north")}
    # While Keryx's seat thought, the channel showed Discord's typing indicator.
    typing = [p for m, p, _status in t.standin.requests
              if m == "POST" and p.endswith(f"/channels/{t.channel.id}/typing")]
    assert 1 <= len(typing) <= sum(1 for a in log if a.seat == "north")


async def test_an_opponent_level_the_game_lacks_is_refused_and_leaves_nothing(fast_table):
    t = fast_table
    r = await t.alice.slash("game", "new", ruleset="duel", opponent="heuristic")
    said = await r.wait_for_message(timeout=20)
    assert "no heuristic player" in said.content and said.ephemeral
    r = await t.alice.slash("game", "new", ruleset="duel")
    assert "Duel" in (await r.wait_for_message()).content  # the channel is free


async def test_a_moderator_hands_a_seat_to_keryx(fast_table):
    t = fast_table
    await (await t.alice.slash("game", "new", ruleset="duel")).wait_for_message()
    await (await t.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await t.bob.slash("game", "join")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(
        lambda m: "seed hash" in m.content)
    r = await t.bob.slash("game", "replace", seat="south", bot="random")
    assert "Only moderators" in (await r.wait_for_message()).content
    r = await t.mod.slash("game", "replace", seat="south", bot="random")
    assert "Keryx (random) now plays South" in (await r.wait_for_message()).content
    alice = RandomPlayer(t.standin, t.alice, t.channel, random.Random(6))
    await play_until_over(t.standin, [alice], t.channel, idle_timeout=30)
    info = await t.bot.keryx.svc.game_info(t.channel.id)
    assert info.status == "finished"
    r = await t.mod.slash("game", "replace", seat="south")
    assert "either a `user` or a `bot`" in (await r.wait_for_message()).content
