"""Announcements are durable: written with the action, delivered in version order with
retries, and the clicker is told the truth when the post fails."""

from __future__ import annotations

import service.games
import tests.fixtures.tally  # noqa: F401 - registers "tally" (posted as text: no renderer)


async def _open_tally(t):
    r = await t.alice.slash("game", "new", ruleset="tally")
    await r.wait_for_message()
    await (await t.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await t.bob.slash("game", "join", seat="south")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)


async def _click(t, user, option):
    msg = [m for m in t.public() if m.components][-1]
    opener = next(c["custom_id"] for c in msg.interactive_components()
                  if c["custom_id"].startswith("kx:o:"))
    prompt = await (await user.click(msg, opener)).wait_for_message()
    button = next(c["custom_id"] for c in prompt.interactive_components()
                  if c["custom_id"].startswith("kx:c:") and c["custom_id"].endswith(option))
    res = await user.click(prompt, button)
    await res.wait_for_response()
    return res


async def test_failed_post_is_kept_retried_and_shown_to_moderators(table, monkeypatch):
    await _open_tally(table)
    keryx = table.bot.keryx
    real_channel = keryx.channel

    class Down:  # Discord answering 503 to every post
        async def send(self, *args, **kwargs):
            raise RuntimeError("503 Service Unavailable")

    async def down(channel_id):
        return Down()

    monkeypatch.setattr(service.games, "ANNOUNCE_BACKOFF_S", (0, 0, 0))
    keryx.channel = down
    posts_before = len([m for m in table.public() if "-# game" in m.content])
    res = await _click(table, table.alice, "pass")  # a phase ends: south must be pinged
    told = await res.wait_for_message(lambda m: "saved" in m.content)
    assert "Your move is saved" in told.content and "try again" not in told.content.lower()
    info = await keryx.svc.game_info(table.channel.id)
    assert info.version == 1  # the move is committed
    pending = await keryx.svc.undelivered(info.id)
    assert [(a.version, a.state) for a in pending] == [(1, "pending")]
    r = await table.mod.slash("game", "status")
    status = await r.wait_for_message()
    assert "v1 not delivered" in status.content and "503" in status.content
    # Discord is back: the retry delivers the map post that pings south, once.
    keryx.channel = real_channel
    assert await keryx.deliver(info.id)
    msg = await table.standin.wait_for_message(
        lambda m: m.public and "-# game" in m.content and "v1" in m.content)
    assert msg.mention_ids == [table.bob.id]
    assert len([m for m in table.public() if "-# game" in m.content]) == posts_before + 1
    assert await keryx.svc.undelivered(info.id) == []


async def test_posts_are_built_from_their_own_version(table):
    """A post delivered late shows the game as it stood at its version, not the live one."""
    await _open_tally(table)
    svc = table.bot.keryx.svc
    info = await svc.game_info(table.channel.id)
    v = await svc.view(table.channel.id, table.alice.id)
    await svc.submit(table.channel.id, table.alice.id, "pass", v.version, "x1")
    v = await svc.view(table.channel.id, table.bob.id)
    await svc.submit(table.channel.id, table.bob.id, "add", v.version, "x2")
    await svc.submit(table.channel.id, table.bob.id, "pass", v.version + 1, "x3")
    first = await svc.claim_announcement(info.id)
    assert first.version == 1 and first.view["game"]["version"] == 1
    assert first.waiting == {"south": table.bob.id} == first.to_ping
    assert first.view["turn"] == "south" and first.view["pile"] == 0
    # Order: the second waits until the first is done.
    assert await svc.claim_announcement(info.id) is None
    await svc.announcement_done(info.id, 1, first.attempts)
    second = await svc.claim_announcement(info.id)
    assert second.version == 2 and second.to_ping == {}  # south acted: nobody new to ping
