"""A whole game through the bot and the Discord stand-in (fixture ruleset, in-process)."""

from __future__ import annotations

from bot import limits
from standin.players import play_until_over


async def open_duel(t):
    r = await t.alice.slash("game", "new", ruleset="duel")
    assert "Duel" in (await r.wait_for_message()).content
    await (await t.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await t.bob.slash("game", "join")).wait_for_message()
    r = await t.bob.slash("game", "start")
    start = await r.wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
    return start


async def test_synced_command_tree_respects_discord_limits(table):
    synced = table.standin.synced_commands()
    names = {c["name"] for c in synced}
    assert {"game", "act", "hand", "undo", "turns"} <= names
    assert limits.command_problems(synced) == []


async def test_a_whole_game_in_a_channel(table):
    start = await open_duel(table)
    assert start.public
    choices = await play_until_over(table.standin, table.players(1), table.channel)
    assert choices >= 9
    public = table.public()
    maps = [m for m in public if m.attachments and "map-v" in m.attachments[0].filename]
    assert len(maps) >= 3  # one per round (phase) at least, plus the opening map
    final = [m for m in public if "Game over" in m.content]
    assert len(final) == 1 and "seed was" in final[0].content
    # Nothing private in public: no public message names a face-down card.
    private = [m for m in table.standin.messages if m.ephemeral]
    assert private and all(m.visible_to in (table.alice.id, table.bob.id) for m in private)
    assert not any("commits a card" in m.content and "north commits" in m.content
                   for m in public)


async def test_pings_mention_only_the_player_who_must_act(table):
    await open_duel(table)
    opening = [m for m in table.public() if m.attachments][-1]
    assert set(opening.mention_ids) == {table.alice.id, table.bob.id}  # both commit at once


async def test_stale_click_gets_the_fresh_prompt(table):
    await open_duel(table)
    p1, _ = table.players(2)
    msg, cid = p1.latest_open()
    res = await table.alice.click(msg, cid)
    prompt = await res.wait_for_message()
    card = next(c for c in prompt.interactive_components() if c["custom_id"].startswith("kx:c:"))
    first = await table.alice.click(prompt, card["custom_id"])
    await first.wait_for_response()
    # the same (now outdated) button again: refused kindly, nothing applied twice
    again = await table.alice.click(prompt, card["custom_id"])
    await again.wait_for_response()
    await again.wait_for_message(lambda m: "moved on" in m.content or "Nothing to decide"
                                 in m.content)
    svc = table.bot.keryx.svc
    info = await svc.game_info(table.channel.id)
    assert info.version == 1


async def test_someone_without_a_seat_is_refused_politely(table):
    await open_duel(table)
    msg, cid = table.players()[0].latest_open()
    res = await table.mod.click(msg, cid)
    reply = await res.wait_for_message()
    assert reply.ephemeral and "do not hold a seat" in reply.content


async def test_user_errors_are_clear_and_ephemeral(table):
    r = await table.alice.slash("game", "join")
    reply = await r.wait_for_message()
    assert reply.ephemeral and "no game" in reply.content.lower()
    await table.alice.slash("game", "new", ruleset="duel")
    r = await table.alice.slash("game", "new", ruleset="duel")
    assert "already has a game" in (await r.wait_for_message()).content


async def test_moderator_commands_are_refused_to_players(table):
    await open_duel(table)
    r = await table.alice.slash("game", "abandon")
    assert "Only moderators" in (await r.wait_for_message()).content
    r = await table.mod.slash("game", "abandon", reason="test")
    assert "abandoned" in (await r.wait_for_message()).content


async def test_heartbeat_file_is_written_while_connected(table, tmp_path):
    import asyncio

    for _ in range(100):
        if (tmp_path / "health").exists():
            break
        await asyncio.sleep(0.05)
    assert (tmp_path / "health").exists()


async def test_unexpected_errors_are_logged_with_context_and_the_user_is_told(table, caplog):
    await open_duel(table)

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    table.bot.keryx.svc.view = broken
    r = await table.alice.slash("act")
    reply = await r.wait_for_message(lambda m: not m.loading)
    assert reply.ephemeral and "Something went wrong" in reply.content
    logged = [rec for rec in caplog.records if rec.name == "keryx.bot"]
    assert logged and "act" in logged[-1].getMessage()
    assert str(table.channel.id) in logged[-1].getMessage()
    assert str(table.alice.id) in logged[-1].getMessage()


async def test_channel_rate_limits_slow_posts_down_but_lose_none(tmp_path):
    from standin.ratelimit import RateLimitRule

    from .conftest import open_table

    # Discord answers 429 without warning when a channel gets more than 3 posts a second.
    async with open_table(tmp_path, message_rate_limit=RateLimitRule(3, 1.0, advertise=False)
                          ) as t:
        await open_duel(t)
        await play_until_over(t.standin, t.players(4), t.channel)
        assert t.standin.ratelimiter.rejected, "the bot should have been rate limited"
        info = await t.bot.keryx.svc.game_info(t.channel.id)
        posted = await t.bot.keryx.svc.posts(info.id, "map")
        shown = [m for m in t.public() if "-# game" in m.content]
        assert len(shown) == len(posted) + 1  # every recorded map post, plus the final one
        assert sum("Game over" in m.content for m in t.public()) == 1
