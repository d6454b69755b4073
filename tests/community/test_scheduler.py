"""Clocks, reminders, pauses, vacations and expiry, driven by a fake clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.community import (
    ApplyForfeit,
    ChannelMessage,
    Community,
    CommunityError,
    DirectMessage,
    ModeratorAlert,
    Pace,
    RecordingSink,
)

from .conftest import T0, D, H

# 2 days to start, +1 day per move, at most 3 days: turn bank B = 48 h at the first turn,
# so reminder 1 at 24 h used (B/2 left) and reminder 2 when min(24 h, B/4) = 12 h are left.
PACE = Pace(2 * 86400, 86400, 3 * 86400)
ALICE, BOB = 11, 22


async def start(community: Community, game_id: int = 1, policy: str = "notify",
                to_act=("athens",)) -> None:
    await community.game_started(game_id, channel_id=1000 + game_id, ruleset="athens-sparta",
                                 players={"athens": ALICE, "sparta": BOB}, to_act=to_act,
                                 at=T0, pace=PACE, policy=policy, alert_channel_id=555)


async def test_reminders_fire_at_half_time_then_when_12h_are_left(community, clock, sink):
    await start(community)
    sched = community.scheduler(sink)
    assert (await sched.tick(T0 + 24 * H - timedelta(seconds=1))).reminders == 0
    rep = await sched.tick(T0 + 24 * H)
    assert rep.reminders == 1 and rep.delivery.sent == 1
    (m,) = sink.actions
    assert isinstance(m, ChannelMessage) and m.channel_id == 1001 and m.mentions == (ALICE,)
    assert "reminder" in m.text and "1d" in m.text
    assert (await sched.tick(T0 + 36 * H - timedelta(seconds=1))).reminders == 0
    rep = await sched.tick(T0 + 36 * H)
    assert rep.reminders == 1 and "last call" in sink.actions[1].text
    # nothing more until the expiry
    assert (await sched.tick(T0 + 48 * H - timedelta(seconds=1))).claimed == 0
    assert len(sink.actions) == 2


async def test_reminders_exactly_once_across_restarts(db_path, clock):
    t = T0
    seen: list[str] = []
    # reopen the database before every tick: a restart must never repeat a reminder
    for step in range(0, 50):
        t = T0 + step * H
        async with Community(db_path, now=lambda t=t: t) as c:
            if step == 0:
                await start(c)
            sink = RecordingSink()
            await c.scheduler(sink).tick(t)
            seen += [a.key for a in sink.actions]
    reminders = [k for k in seen if k.startswith("remind:")]
    assert reminders == ["remind:1:athens:1:1", "remind:1:athens:1:2"]
    assert [k for k in seen if k.startswith("expire:")] == ["expire:1:athens:1:1",
                                                            "expire:1:athens:1:1:game"]


async def test_crash_between_claim_and_send_delivers_after_restart(db_path):
    async with Community(db_path) as c:
        await start(c)
        failing = RecordingSink(fail=True)
        rep = await c.scheduler(failing).tick(T0 + 25 * H)
        assert rep.reminders == 1 and rep.delivery.retried == 1
    # "restart": the claim is not repeated, the pending delivery is retried after back-off
    async with Community(db_path) as c:
        sink = RecordingSink()
        rep = await c.scheduler(sink).tick(T0 + 25 * H + timedelta(seconds=30))
        assert rep.reminders == 0 and sink.actions == []
        rep = await c.scheduler(sink).tick(T0 + 25 * H + timedelta(minutes=2))
        assert rep.reminders == 0 and [a.key for a in sink.actions] == ["remind:1:athens:1:1"]
        await c.scheduler(sink).tick(T0 + 30 * H)
        assert len(sink.actions) == 1


async def test_reminder_dropped_if_player_moved_before_delivery(community, sink):
    await start(community)
    await community.scheduler(RecordingSink(fail=True)).tick(T0 + 25 * H)
    await community.turn(1, ["sparta"], at=T0 + 25 * H + timedelta(seconds=10))
    rep = await community.scheduler(sink).tick(T0 + 26 * H)
    assert sink.actions == [] and rep.delivery.dropped == 1


async def test_increment_cap_and_new_turn_restart_reminders(community, sink):
    await start(community)
    sched = community.scheduler(sink)
    await community.turn(1, ["sparta"], at=T0 + 10 * H)        # Alice used 10 h
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 10 * H)}
    assert st["athens"].remaining_s == pytest.approx((48 - 10 + 24) * 3600)
    assert not st["athens"].running and st["sparta"].running
    # several clicks by Sparta in one turn add nothing; the hand-over adds 24 h, capped at 72 h
    await community.turn(1, ["sparta"], at=T0 + 11 * H)
    await community.turn(1, ["athens"], at=T0 + 12 * H)
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 12 * H)}
    assert st["sparta"].remaining_s == pytest.approx(70 * 3600)    # 48 - 2 + 24
    # Alice's new turn: B = 62 h; first reminder when 31 h are left
    await sched.tick(T0 + 12 * H + 31 * H - timedelta(seconds=1))
    assert sink.actions == []
    await sched.tick(T0 + 12 * H + 31 * H)
    assert [a.key for a in sink.actions] == ["remind:1:athens:2:1"]
    # she moves 1 h later: 62 - 32 + 24 = 54 h; then Bob moves quickly, and Alice too:
    await community.turn(1, ["sparta"], at=T0 + 44 * H)
    await community.turn(1, ["athens"], at=T0 + 45 * H)
    await community.turn(1, ["sparta"], at=T0 + 46 * H)
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 46 * H)}
    assert st["athens"].remaining_s == pytest.approx(72 * 3600)    # 54 - 1 + 24 = 77: cap 72


async def test_pause_stops_clock_and_resume_restarts(community, sink):
    await start(community)
    sched = community.scheduler(sink)
    await community.clocks.pause(1, by=99, at=T0 + 10 * H)
    with pytest.raises(CommunityError):
        await community.clocks.pause(1, by=99, at=T0 + 11 * H)
    assert (await sched.tick(T0 + 100 * H)).claimed == 0        # paused: nothing falls due
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 100 * H)}
    assert st["athens"].paused_by == "moderator"
    assert st["athens"].remaining_s == pytest.approx(38 * 3600)
    await community.clocks.resume(1, by=99, at=T0 + 100 * H)
    # 14 h more to the half-way reminder (24 h used in all)
    assert (await sched.tick(T0 + 114 * H - timedelta(seconds=1))).reminders == 0
    assert (await sched.tick(T0 + 114 * H)).reminders == 1


async def test_vacation_pauses_only_that_players_clocks(community, sink):
    await start(community, game_id=1)
    await start(community, game_id=2, to_act=("sparta",))       # Bob to act in game 2
    sched = community.scheduler(sink)
    vac = await community.clocks.start_vacation(ALICE, 3, T0 + 4 * H)
    assert vac.until == T0 + 4 * H + 3 * D
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 5 * H)}
    assert st["athens"].paused_by == "vacation" and not st["athens"].running
    # Bob is not on vacation: his clock in game 2 still runs and reminds him at 24 h
    await sched.tick(T0 + 24 * H)
    assert [a.key for a in sink.actions] == ["remind:2:sparta:1:1"]
    # Alice's clock restarts when the vacation ends (ended by the tick, from its exact end)
    end = T0 + 4 * H + 3 * D
    await sched.tick(end + H)
    st = {s.seat: s for s in await community.clocks.status(1, end + H)}
    assert st["athens"].running and st["athens"].remaining_s == pytest.approx((48 - 4 - 1) * 3600)
    # half-way reminder now at end + 20 h (4 h were used before the vacation)
    await sched.tick(end + 20 * H - timedelta(seconds=1))
    assert not [a for a in sink.actions if a.key.startswith("remind:1:")]
    await sched.tick(end + 20 * H)
    assert [a.key for a in sink.actions if a.key.startswith("remind:1:")] == ["remind:1:athens:1:1"]


async def test_vacation_allowance_per_league_season(community):
    lg = await community.leagues.create(channel_id=5, name="L", ruleset="athens-sparta",
                                        scenario="s", seats=("athens", "sparta"), at=T0,
                                        vacation_days=5)
    for u in (ALICE, BOB):
        await community.leagues.join(lg.id, u, T0)
    await community.leagues.start(lg.id, T0)
    await community.clocks.start_vacation(ALICE, 3, T0)
    await community.clocks.end_vacation(ALICE, T0 + 30 * H)     # 2 days used (rounded up)
    assert await community.clocks.vacation_left(ALICE, T0 + 2 * D) == 3
    with pytest.raises(CommunityError):
        await community.clocks.start_vacation(ALICE, 4, T0 + 2 * D)
    await community.clocks.start_vacation(ALICE, 3, T0 + 2 * D)
    assert await community.clocks.vacation_left(ALICE, T0 + 10 * D) == 0


async def test_expiry_forfeit_policy_instructs_the_transport(community, sink):
    await start(community, policy="forfeit")
    sched = community.scheduler(sink)
    rep = await sched.tick(T0 + 48 * H)
    assert rep.expiries == 1
    (f,) = sink.of(ApplyForfeit)
    assert (f.game_id, f.seat, f.user_id) == (1, "athens", ALICE)
    # the scheduler first looked at the expiry time itself: reminders are moot, none sent
    assert [a.key for a in sink.actions if a.key.startswith("remind")] == []
    assert (await sched.tick(T0 + 60 * H)).claimed == 0
    # the transport resigns for Alice and reports the end: a loss on time
    rep = await community.game_ended(1, winners=["sparta"], at=T0 + 48 * H)
    assert rep.recorded
    prof = await community.ratings.profile(ALICE)
    assert (prof.losses, prof.on_time, prof.reliability) == (1, 0, 0.0)
    assert (await community.ratings.profile(BOB)).reliability == 1.0


async def test_expiry_notify_policy_alerts_moderators_then_extend(community, sink):
    await start(community, policy="notify")
    sched = community.scheduler(sink)
    await sched.tick(T0 + 50 * H)
    (alert,) = sink.of(ModeratorAlert)
    assert alert.channel_id == 555 and alert.user_id == ALICE and sink.of(ApplyForfeit) == []
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 50 * H)}
    assert st["athens"].expired and st["athens"].remaining_s == 0
    # a moderator gives 2 more days: the clock runs again and reminders come back
    await community.clocks.extend(1, 2 * 86400, at=T0 + 50 * H, seat="athens", by=99)
    st = {s.seat: s for s in await community.clocks.status(1, T0 + 51 * H)}
    assert st["athens"].running and not st["athens"].expired
    await sched.tick(T0 + 50 * H + 2 * D)
    assert len(sink.of(ModeratorAlert)) == 2        # expired again: a new, second alert


async def test_both_reminders_due_at_once_sends_only_the_firmer(community, sink):
    await start(community)
    await community.scheduler(sink).tick(T0 + 40 * H)       # bot was down from T0 to T0+40h
    assert [a.key for a in sink.actions] == ["remind:1:athens:1:2"]
    await community.scheduler(sink).tick(T0 + 47 * H)
    assert len(sink.actions) == 1


async def test_dm_preference(community, sink):
    await community.clocks.set_dm_reminders(ALICE, True)
    assert await community.clocks.dm_reminders(ALICE)
    await start(community)
    await community.scheduler(sink).tick(T0 + 24 * H)
    (dm,) = sink.actions
    assert isinstance(dm, DirectMessage) and dm.user_id == ALICE and dm.fallback_channel_id == 1001


async def test_simultaneous_prompts_run_both_clocks(community, sink):
    await start(community, to_act=("athens", "sparta"))
    await community.scheduler(sink).tick(T0 + 24 * H)
    assert sorted(a.key for a in sink.actions) == ["remind:1:athens:1:1", "remind:1:sparta:1:1"]


async def test_ended_game_stops_clocks(community, sink):
    await start(community)
    await community.game_ended(1, winners=["athens"], at=T0 + H)
    again = await community.game_ended(1, winners=["athens"], at=T0 + 2 * H)
    assert not again.recorded
    assert (await community.scheduler(sink).tick(T0 + 100 * H)).claimed == 0


def count_writes(monkeypatch, db) -> list[int]:
    """A list that gets one entry per write transaction `db` opens from now on."""
    writes: list[int] = []
    real_tx = db.tx

    def counted_tx():
        writes.append(1)
        return real_tx()

    monkeypatch.setattr(db, "tx", counted_tx)
    return writes


async def test_a_turn_that_changes_no_clock_writes_nothing(community, monkeypatch):
    """After every action the bot restarts the clocks; in an untimed game most actions
    leave the same seat to move and change nothing, and then no write transaction is
    taken (it would queue with the game store's commits for the file's one writer). A
    hand-over still writes: the move is counted and the clocks change hands."""
    await community.game_started(1, channel_id=1001, ruleset="athens-sparta",
                                 players={"athens": ALICE, "sparta": BOB}, to_act=("athens",),
                                 at=T0, pace=None)
    db = community.clocks.db
    writes = count_writes(monkeypatch, db)
    moves = "SELECT moves FROM community_games WHERE game_id = 1"
    await community.turn(1, ["athens"], at=T0 + H)
    await community.turn(1, ["athens"], at=T0 + 2 * H)
    assert writes == [] and (await db.one(moves))[0] == 0
    await community.turn(1, ["sparta"], at=T0 + 3 * H)
    assert writes == [1] and (await db.one(moves))[0] == 1
    await community.turn(1, ["sparta"], at=T0 + 4 * H)
    assert writes == [1]


async def test_a_running_clock_is_charged_on_every_turn(community, monkeypatch):
    """A timed game's running clock changes with time, so each turn still writes it."""
    await start(community)
    db = community.clocks.db
    writes = count_writes(monkeypatch, db)
    await community.turn(1, ["athens"], at=T0 + H)
    assert writes == [1]
    (row,) = await db.all("SELECT turn_used_s FROM seat_clocks WHERE game_id = 1 AND "
                          "seat = 'athens'")
    assert row[0] == 3600


async def test_delivered_outbox_rows_are_pruned_after_the_retention_window(community, sink):
    """Rows sent (or dropped) longer ago than the retention window are deleted, hourly;
    recent ones stay, and a pruned reminder is not claimed again."""
    await start(community)
    sched = community.scheduler(sink)
    sched.retention = timedelta(days=2)
    rep = await sched.tick(T0 + 24 * H)
    assert rep.reminders == 1 and rep.delivery.sent == 1 and rep.pruned == 0

    async def done() -> list[str]:
        return [r[0] for r in await community.db.all(
            "SELECT done_at FROM outbox WHERE state <> 'pending' ORDER BY id")]

    first = await done()
    assert len(first) == 1
    rep = await sched.tick(T0 + 24 * H + 2 * D - timedelta(minutes=1))  # within the window
    later = await done()
    assert rep.pruned == 0 and later[0] == first[0] and len(later) > 1
    sent = len(sink.actions)
    rep = await sched.tick(T0 + 24 * H + 2 * D + timedelta(hours=1))
    assert rep.pruned == 1 and await done() == later[1:]
    assert rep.claimed == 0 and len(sink.actions) == sent
