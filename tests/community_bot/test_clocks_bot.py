"""Clocks through the bot: reminders reach the player who must act (DM or ping, as they
chose) exactly once, also across a restart of the community service; moderators see and
change the clock; vacations; the public map at an earlier version."""

from __future__ import annotations

from datetime import timedelta

from .conftest import T0

H = timedelta(hours=1)
M = timedelta(minutes=1)


def reminders_to(w, user, word="reminder"):
    public = [m for m in w.public() if word in m.content and user.id in m.mention_ids]
    dms = [m for m in user.dm_messages() if word in m.content]
    return public, dms


async def open_timed_duel(w, hours=12):
    a, b = w.players
    r = await a.slash("game", "new", ruleset="duel", pace_hours=hours)
    assert "Duel" in (await r.wait_for_message()).content
    await (await a.slash("game", "join", seat="north")).wait_for_message()
    await (await b.slash("game", "join")).wait_for_message()
    r = await b.slash("game", "start")
    await r.wait_for_message(lambda m: "seed hash" in m.content)
    await w.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)


async def test_reminders_once_each_by_preference_across_a_restart(duo):
    w = duo
    a, b = w.players
    said = await (await a.slash("reminders", dm=True)).wait_for_message()
    assert said.ephemeral and "direct message" in said.content
    await open_timed_duel(w)  # +12h per move: 36h to start with, both must commit now

    await w.tick()
    w.clock.set(T0 + 17 * H)
    await w.tick()
    assert reminders_to(w, a) == ([], []) and reminders_to(w, b) == ([], [])
    w.clock.set(T0 + 18 * H + M)  # half the bank used: the first reminder
    await w.tick()
    for _ in range(2):
        await w.tick()
        pub_a, dm_a = reminders_to(w, a)
        pub_b, dm_b = reminders_to(w, b)
        assert (len(pub_a), len(dm_a)) == (0, 1)  # alice asked for DMs
        assert (len(pub_b), len(dm_b)) == (1, 0)  # bob is pinged in the game's channel
        assert pub_b[0].mention_ids == [b.id]
        await w.restart_community()  # a restart never repeats a reminder
        w.clock.advance(minutes=30)
    # the last call (a quarter of the bank left), once as well
    w.clock.set(T0 + 27 * H + M)
    await w.tick()
    await w.restart_community()
    await w.tick()
    assert len(reminders_to(w, a, "last call")[1]) == 1
    assert len(reminders_to(w, b, "last call")[0]) == 1
    assert len(a.dm_messages()) == 2

    # moderators read and change the clock; players may not
    refused = await (await a.slash("game", "deadline", extend_hours=5)).wait_for_message()
    assert refused.ephemeral and "Only moderators" in refused.content
    r = await w.mod.slash("game", "deadline", extend_hours=5)
    shown = (await r.wait_for_message()).content
    assert "5h added" in shown and "North" in shown and "13h 59m" in shown  # 9h - 1m + 5h
    r = await w.mod.slash("game", "deadline", pause=True)
    assert "paused" in (await r.wait_for_message()).content
    r = await w.mod.slash("game", "deadline", hours=48)
    assert "fixed once the game has started" in (await r.wait_for_message()).content


async def test_vacation_and_profile_and_history(duo):
    w = duo
    a, b = w.players
    await open_timed_duel(w)
    r = await a.slash("vacation", "start", days=3)
    said = await r.wait_for_message()
    assert said.ephemeral and "clocks are stopped until" in said.content
    clocks = await w.community.clocks.status((await w.svc.game_info(w.channel.id)).id, w.clock())
    north = next(c for c in clocks if c.seat == "north")
    assert not north.running and north.paused_by == "vacation"
    prof = await (await b.slash("profile", user=a)).wait_for_message()
    assert "On vacation" in prof.content
    back = await (await a.slash("vacation", "end")).wait_for_message()
    assert "Welcome back" in back.content
    again = await (await a.slash("vacation", "end")).wait_for_message()
    assert again.ephemeral and "not on vacation" in again.content

    # the public map as it stood at version 0, only for the asker; never a seat's view
    r = await b.slash("game", "history", phase_version=0)
    shown = await r.wait_for_message()
    assert shown.ephemeral and shown.attachments[0].filename == "map-v0.png"
    too_far = await (await b.slash("game", "history", phase_version=99)).wait_for_message()
    assert too_far.ephemeral and "version 0" in too_far.content


async def test_the_scheduler_loop_runs_by_itself_and_stops_with_the_bot(tmp_path):
    from .conftest import running

    async with running(tmp_path, 2, loop_interval=0.05) as w:
        a, b = w.players
        await open_timed_duel(w)
        w.clock.set(T0 + 18 * H + M)
        await w.standin.wait_for_message(
            lambda m: "reminder" in m.content and b.id in m.mention_ids, timeout=5)
        assert w.hooks._task is not None and not w.hooks._task.done()
    assert w.hooks._task is None  # closed with the bot


async def test_a_dm_refused_by_discord_falls_back_to_the_channel(duo, monkeypatch):
    from types import SimpleNamespace

    import discord

    from service.community import DirectMessage

    w = duo
    a, _ = duo.players

    class ClosedDMs:
        async def send(self, *args, **kwargs):
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50007, "message": "Cannot send messages"})

    monkeypatch.setattr(w.bot, "get_user", lambda uid: ClosedDMs())
    await w.hooks.deliver(DirectMessage("k1", a.id, f"<@{a.id}> reminder: your turn",
                                        fallback_channel_id=w.channel.id))
    posted = [m for m in w.public() if "reminder: your turn" in m.content]
    assert len(posted) == 1 and posted[0].mention_ids == [a.id]
    assert a.dm_messages() == []
