"""An announcement's messages go out once each (issue 39, point 3): each message sent is
recorded before the next one and before the announcement is marked sent, and a retry
skips what went out (bot/parts.py)."""

from __future__ import annotations

from datetime import timedelta

import service.outbox
import tests.fixtures.tally  # noqa: F401 - registers "tally" (posted as text: no renderer)

from .test_announcements import _open_tally


class Chronicler:
    """Community hooks that post a chronicle after the final post, failing while `fail`."""

    def __init__(self) -> None:
        self.fail = True
        self.calls = 0

    async def after_action(self, result) -> None:
        pass

    async def close(self) -> None:
        pass

    async def game_ended(self, channel, info) -> None:
        self.calls += 1
        if self.fail:
            raise RuntimeError("the chronicle cannot be built")
        await channel.send(f"📜 Chronicle of game {info.id}")


async def _finish(t) -> int:
    """North adds stones until the pile is full (eight: north wins), through the
    service, so that nothing is posted yet; returns the game id."""
    svc = t.bot.keryx.svc
    info = await svc.game_info(t.channel.id)
    for n in range(8):
        v = await svc.view(t.channel.id, t.alice.id)
        await svc.submit(t.channel.id, t.alice.id, "add", v.version, f"fin{info.id}.{n}")
    assert (await svc.game_info_by_id(info.id)).status == "finished"
    return info.id


def _count(t, words: str) -> int:
    return sum(1 for m in t.public() if words in m.content)


async def test_a_failing_chronicle_does_not_post_the_game_over_again(table, monkeypatch):
    """The chronicle fails after the final post went out: every retry tries the
    chronicle again, and the final post stays one."""
    await _open_tally(table)
    keryx = table.bot.keryx
    monkeypatch.setattr(service.outbox, "ANNOUNCE_BACKOFF_S", (0, 0, 0, 0))
    hooks = Chronicler()
    keryx.hooks = hooks  # type: ignore[assignment]
    game_id = await _finish(table)
    for _ in range(3):
        assert not await keryx.deliver(game_id)
    assert hooks.calls == 3
    assert _count(table, "added the last stone") == 1
    [pending] = await keryx.svc.undelivered(game_id)
    assert pending.state == "pending" and "chronicle" in (pending.last_error or "")
    hooks.fail = False
    assert await keryx.deliver(game_id)
    assert _count(table, "added the last stone") == 1
    assert _count(table, "📜 Chronicle") == 1
    finals = await keryx.svc.posts(game_id, "final")
    assert len(finals) == 1


async def test_a_failure_between_posting_and_marking_sent_posts_once(table, monkeypatch):
    """Marking the post sent fails after its message went out (the database away for a
    moment): the retry, here by another process once the lease ran out, sends nothing
    again and marks it sent."""
    await _open_tally(table)
    keryx = table.bot.keryx
    svc = keryx.svc
    info = await svc.game_info(table.channel.id)
    v = await svc.view(table.channel.id, table.alice.id)
    await svc.submit(table.channel.id, table.alice.id, "pass", v.version, "m1")  # pings south
    real_sent = svc.announcement_sent

    async def lost(game_id, version):
        raise ConnectionError("the database went away")

    svc.announcement_sent = lost  # type: ignore[method-assign]
    before = _count(table, "-# game")
    pings = _count(table, "your decision")
    assert not await keryx.deliver(info.id)
    assert _count(table, "-# game") + _count(table, "your decision") == before + pings + 1
    svc.announcement_sent = real_sent  # type: ignore[method-assign]
    # The lease of the attempt that failed runs out; the next attempt takes the post.
    later = svc.ctx.clock() + timedelta(seconds=service.outbox.ANNOUNCE_LEASE_S + 1)
    monkeypatch.setattr(svc.ctx, "clock", lambda: later)
    svc.outbox.claimed.clear()
    assert await keryx.deliver(info.id)
    assert _count(table, "-# game") + _count(table, "your decision") == before + pings + 1
    assert await svc.undelivered(info.id) == []


async def test_a_message_sent_but_not_recorded_is_not_posted_twice(table, monkeypatch):
    """The process stops after Discord took a message and before it was recorded (the
    one window the record cannot close): the retry sends it again with the same nonce,
    which Discord (here the stand-in) enforces, so the channel still shows it once."""
    await _open_tally(table)
    keryx = table.bot.keryx
    svc = keryx.svc
    info = await svc.game_info(table.channel.id)
    v = await svc.view(table.channel.id, table.alice.id)
    await svc.submit(table.channel.id, table.alice.id, "pass", v.version, "n1")
    real = svc.part_sent

    async def died(*args, **kwargs):
        raise ConnectionError("killed before the record")

    svc.part_sent = died  # type: ignore[method-assign]
    before = len(table.public())
    assert not await keryx.deliver(info.id)
    assert len(table.public()) == before + 1
    svc.part_sent = real  # type: ignore[method-assign]
    later = svc.ctx.clock() + timedelta(seconds=service.outbox.ANNOUNCE_LEASE_S + 1)
    monkeypatch.setattr(svc.ctx, "clock", lambda: later)
    svc.outbox.claimed.clear()
    assert await keryx.deliver(info.id)
    assert len(table.public()) == before + 1
    assert await svc.undelivered(info.id) == []
