"""Announcements are durable: written with the action, delivered in version order with
retries, and the clicker is told the truth when the post fails."""

from __future__ import annotations

import service.outbox
import tests.fixtures.tally  # noqa: F401 - registers "tally" (posted as text: no renderer)


async def _open_tally(t):
    r = await t.alice.slash("game", "new", ruleset="tally")
    await r.wait_for_message()
    await (await t.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await t.bob.slash("game", "join", seat="south")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
    # The opening post came from the outbox: waiting on the game's delivery (it holds the
    # game's post lock) means its row is marked sent before the test claims posts itself.
    assert await t.bot.keryx.deliver((await t.bot.keryx.svc.game_info(t.channel.id)).id)


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

    monkeypatch.setattr(service.outbox, "ANNOUNCE_BACKOFF_S", (0, 0, 0))
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
    # v2 (south adds, nobody new to ping, no phase ends) owes the channel nothing: it has
    # no post at all; v3 ends the phase and is drawn as it stood then.
    second = await svc.claim_announcement(info.id)
    assert second.version == 3 and second.phase_ended and second.to_ping == second.waiting
    assert second.view["game"]["version"] == 3


async def test_a_late_post_is_built_without_replaying_the_game(table, monkeypatch):
    """The committing process keeps each post's view from the moment it acted, so a post
    delivered after later moves does not replay the game back to its version; a process
    without that view (another bot process) still rebuilds it, the same."""
    await _open_tally(table)
    svc = table.bot.keryx.svc
    info = await svc.game_info(table.channel.id)
    v = await svc.view(table.channel.id, table.alice.id)
    await svc.submit(table.channel.id, table.alice.id, "pass", v.version, "y1")
    v = await svc.view(table.channel.id, table.bob.id)
    await svc.submit(table.channel.id, table.bob.id, "add", v.version, "y2")
    await svc.submit(table.channel.id, table.bob.id, "pass", v.version + 1, "y3")
    # One more move, so that v3 lies behind the game when it is posted.
    for user in (table.alice, table.bob):
        mine = await svc.view(table.channel.id, user.id)
        if mine.prompt is not None:
            await svc.submit(table.channel.id, user.id, mine.prompt.prompt.options[0].id,
                             mine.version, "y4")
            break
    assert (await svc.game_info(table.channel.id)).version == 4
    kept = dict(svc.outbox.post_views)
    replays = []
    real_replay = service.outbox.replay_log
    monkeypatch.setattr(service.outbox, "replay_log",
                        lambda *a: replays.append(a) or real_replay(*a))
    first = await svc.claim_announcement(info.id)
    await svc.announcement_done(info.id, first.version, first.attempts)
    second = await svc.claim_announcement(info.id)
    assert replays == [] and second.version == 3
    # Another process has no kept view: it replays, and draws the very same post.
    svc.outbox.post_views.update(kept)
    svc.outbox.post_views.pop((info.id, 3))
    rebuilt = await svc.outbox.public_post(await svc.store.claim_announcement(
        info.id, svc.ctx.clock() + service.outbox.timedelta(minutes=5),
        svc.ctx.clock() + service.outbox.timedelta(minutes=7)))
    assert len(replays) == 1
    assert (rebuilt.view, rebuilt.waiting, rebuilt.to_ping) == (
        second.view, second.waiting, second.to_ping)


async def test_a_failed_opening_post_is_kept_retried_and_shown(table, monkeypatch):
    """The first map goes through the outbox too: written with the start, retried."""
    keryx = table.bot.keryx
    real_channel = keryx.channel

    class Down:
        async def send(self, *args, **kwargs):
            raise RuntimeError("503 Service Unavailable")

    async def down(channel_id):
        return Down()

    monkeypatch.setattr(service.outbox, "ANNOUNCE_BACKOFF_S", (0, 0, 0))
    await (await table.alice.slash("game", "new", ruleset="tally")).wait_for_message()
    await (await table.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await table.bob.slash("game", "join", seat="south")).wait_for_message()
    keryx.channel = down
    r = await table.bob.slash("game", "start")
    told = await r.wait_for_message(lambda m: "could not be posted" in m.content)
    assert "keeps retrying" in told.content
    info = await keryx.svc.game_info(table.channel.id)
    assert info.status == "running"  # the start stands whatever happened to the post
    assert [(a.version, a.state) for a in await keryx.svc.undelivered(info.id)] == [
        (0, "pending")]
    status = await (await table.mod.slash("game", "status")).wait_for_message()
    assert "v0 not delivered" in status.content and "503" in status.content
    keryx.channel = real_channel
    assert await keryx.deliver(info.id)
    first = await table.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)
    assert "v0" in first.content and f"`{info.seed_hash}`" in first.content
    assert first.mention_ids == [table.alice.id]  # north acts first
    assert await keryx.svc.undelivered(info.id) == []
