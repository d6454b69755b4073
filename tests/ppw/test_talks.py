"""Private talks (issue 38 point 4): `/game talks player:@x` gives two players of the
channel's running game a private thread of their own, the same one whoever asks, and
nothing said there reaches the game's channel."""

from __future__ import annotations

import pytest

from tests.bot.conftest import open_table


@pytest.fixture
async def table(tmp_path):
    async with open_table(tmp_path) as t:
        yield t


async def _two_player_game(t):
    r = await t.alice.slash("game", "new", ruleset="ppw", scenario="archidamian", players=2)
    await r.wait_for_message()
    await (await t.alice.slash("game", "join", seat="athens")).wait_for_message()
    await (await t.bob.slash("game", "join")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)


async def test_a_pair_of_players_gets_one_private_thread(table):
    t = table
    await _two_player_game(t)
    before = len(t.public())
    r = await t.alice.slash("game", "talks", player=t.bob)
    reply = await r.wait_for_message()
    assert reply.ephemeral and "Opened private talks" in reply.content
    threads = [c for c in t.standin.channels.values()
               if c.is_thread and c.parent_id == t.channel.id]
    assert len(threads) == 1
    thread = threads[0]
    assert thread.type == 12  # a private thread
    assert {t.alice.user.id, t.bob.user.id} <= thread.thread_member_ids
    assert "Athens" in thread.name and "Sparta" in thread.name
    intro = t.standin.channel_messages(thread)
    assert intro and "Private talks" in intro[0].content
    assert "a hostage given" in intro[0].content  # the terms the bot enforces (2.8, 2.9)
    # asked again, by the other: the same thread
    r = await t.bob.slash("game", "talks", player=t.alice)
    assert "Your private talks" in (await r.wait_for_message()).content
    assert [c for c in t.standin.channels.values() if c.is_thread] == [thread]
    assert len(t.public()) == before  # nothing of it in the game's channel


async def test_talks_are_for_seated_players_only(table):
    t = table
    await _two_player_game(t)
    r = await t.mod.slash("game", "talks", player=t.bob)
    assert "no seat" in (await r.wait_for_message()).content
    r = await t.alice.slash("game", "talks", player=t.mod)
    assert "holds no seat" in (await r.wait_for_message()).content
    r = await t.alice.slash("game", "talks", player=t.alice)
    assert "another player" in (await r.wait_for_message()).content
