"""A league of six players through the service API: start, games, results, table,
digests (once per day, across restarts), moderator operations."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest

from service.community import (
    AbandonGame,
    ApplyForfeit,
    ChannelMessage,
    Community,
    CommunityError,
    Pace,
    RecordingSink,
)

from .conftest import T0, D, H

PLAYERS = [101, 102, 103, 104, 105, 106]
NAMES = {101: "Pericles", 102: "Archidamus", 103: "Cleon", 104: "Brasidas", 105: "Nicias",
         106: "Alcibiades"}


async def make_league(c: Community, **kw):
    lg = await c.leagues.create(channel_id=777, guild_id=1, name="Archidamian War",
                                ruleset="athens-sparta", scenario="431", seats=("athens", "sparta"),
                                at=T0, pace=Pace.parse("2d +1d max 4d"), digest_hour=18,
                                created_by=1, **kw)
    for u in PLAYERS:
        await c.leagues.join(lg.id, u, T0)
        await c.remember_name(u, NAMES[u])
    return lg


async def create_pending(c: Community, at):
    """What the transport does: one thread and game per pending pairing."""
    started = []
    for p in await c.leagues.pending_games():
        started.append(await c.league_game_started(p.id, game_id=5000 + p.id,
                                                   channel_id=9000 + p.id, to_act=["athens"],
                                                   at=at))
    return started


async def test_create_join_leave_validation(community):
    lg = await make_league(community)
    with pytest.raises(CommunityError):
        await community.leagues.join(lg.id, 101, T0)
    await community.leagues.leave(lg.id, 106, T0)
    with pytest.raises(CommunityError):
        await community.leagues.leave(lg.id, 106, T0)
    await community.leagues.join(lg.id, 106, T0 + H)
    with pytest.raises(CommunityError):
        await community.leagues.create(channel_id=1, guild_id=1, name="archidamian war",
                                       ruleset="athens-sparta", scenario="431",
                                       seats=("athens", "sparta"), at=T0)
    assert (await community.leagues.find(1, "ARCHIDAMIAN WAR")).id == lg.id
    assert await community.leagues.players(lg.id) == [101, 102, 103, 104, 105, 106]


async def test_season_of_six(db_path, clock):
    c = Community(db_path, now=clock)
    await c.open()
    try:
        await season_of_six(c, db_path, clock)
    finally:
        await c.db.close()


async def season_of_six(c, db_path, clock):
    lg = await make_league(c)
    games = await c.leagues.start(lg.id, T0, shuffle_seed=None)
    assert len(games) == 15 and {g.round for g in games} == {1, 2, 3, 4, 5}
    with pytest.raises(CommunityError):
        await c.leagues.join(lg.id, 999, T0)
    sides = Counter(g.users[0] for g in games)
    assert all(abs(sides[u] - (5 - sides[u])) <= 1 for u in PLAYERS)

    started = await create_pending(c, T0 + H)
    assert len(started) == 15 and await c.leagues.pending_games() == []
    clock_ = await c.clocks.game(started[0].game_id)
    assert clock_.pace == Pace(2 * 86400, 86400, 4 * 86400) and clock_.alert_channel_id == 777

    # Day 1: some moves, then results: round 1 is decided by "lower id wins", one draw
    by_round = {}
    for g in started:
        by_round.setdefault(g.round, []).append(g)
    r1 = by_round[1]
    await c.turn(r1[0].game_id, ["sparta"], at=T0 + 2 * H)
    await c.turn(r1[0].game_id, ["athens"], at=T0 + 3 * H)

    def winner_seat(g):
        return "athens" if g.users[0] < g.users[1] else "sparta"

    await c.game_ended(r1[0].game_id, winners=[winner_seat(r1[0])], at=T0 + 4 * H)
    await c.game_ended(r1[1].game_id, winners=[winner_seat(r1[1])], at=T0 + 4 * H)
    await c.game_ended(r1[2].game_id, winners=[], at=T0 + 5 * H)                 # a draw

    sink = RecordingSink()
    sched = c.scheduler(sink)
    await sched.tick(T0 + 8 * H)                           # 17:00: before the digest hour
    assert sink.of(ChannelMessage) == []
    await sched.tick(T0 + 9 * H)                           # 18:00
    (digest,) = [a for a in sink.actions if a.kind == "digest"]
    assert digest.channel_id == 777 and digest.key == "digest:1:2025-03-01"
    assert len(digest.text) <= 2000
    assert "__Results__" in digest.text and "drew with" in digest.text
    assert "__Moves__" in digest.text and "Table" in digest.text
    assert "Pericles" in digest.text
    await sched.tick(T0 + 9 * H + timedelta(minutes=30))
    assert len([a for a in sink.actions if a.kind == "digest"]) == 1

    # restart: the day's digest is not posted again
    await c.close()
    await c.open()          # the same object reopened: a fresh connection to the file
    sink2 = RecordingSink()
    await c.scheduler(sink2).tick(T0 + 10 * H)
    assert [a for a in sink2.actions if a.kind == "digest"] == []

    # Day 2: nothing happens -> no digest (the day still counts as done)
    await c.scheduler(sink2).tick(T0 + D + 9 * H)
    assert [a for a in sink2.actions if a.kind == "digest"] == []

    # Everything else finishes on day 3; one game is adjudicated by a moderator
    rest = [g for g in started if g.round > 1]
    adjudicated = rest[0]
    ins = await c.leagues.record_result(adjudicated.id, ["athens"], T0 + 2 * D, by=1, note="agreed")
    assert ins == [AbandonGame(ins[0].key, adjudicated.game_id, ins[0].reason)]
    await c.game_ended(adjudicated.game_id, winners=[], status="abandoned", at=T0 + 2 * D)
    for g in rest[1:]:
        rep = await c.game_ended(g.game_id, winners=[winner_seat(g)], at=T0 + 2 * D + H)
    assert rep.league_finished

    # hand-computed table: lower id wins everywhere except the round-1 draw (r1[2]) and the
    # adjudicated game (first place, users[0], wins)
    exp = {u: 0.0 for u in PLAYERS}
    for g in started:
        if g.id == r1[2].id:
            exp[g.users[0]] += 1
            exp[g.users[1]] += 1
        elif g.id == adjudicated.id:
            exp[g.users[0]] += 2
        else:
            exp[min(g.users[0], g.users[1])] += 2
    table = await c.leagues.table(lg.id)
    assert {s.user_id: s.points for s in table} == exp
    assert all(s.played == 5 for s in table)
    assert sum(s.won for s in table) == 14 and sum(s.drawn for s in table) == 2
    text = await c.leagues.table_text(lg.id)
    assert len(text) <= 2000 and "Pericles" in text

    # ratings: adjudicated and abandoned games are not rated; the others are
    assert (await c.ratings.get(101, "athens-sparta")).games == 5 - (101 in (
        adjudicated.users[0], adjudicated.users[1]))
    sink3 = RecordingSink()
    await c.scheduler(sink3).tick(T0 + 2 * D + 9 * H)       # final digest of the season
    (final,) = [a for a in sink3.actions if a.kind == "digest"]
    assert "season is over" in final.text and "adjudicated" in final.text
    await c.scheduler(sink3).tick(T0 + 5 * D + 9 * H)
    assert len([a for a in sink3.actions if a.kind == "digest"]) == 1
    assert (await c.leagues.get(lg.id)).status == "finished"


async def test_moderator_add_and_remove(community):
    lg = await make_league(community, policy="forfeit")
    await community.leagues.start(lg.id, T0)
    started = await create_pending(community, T0)
    # a late entrant gets one game against each of the six, one per new round
    new = await community.leagues.add_player(lg.id, 107, T0 + D)
    assert len(new) == 6 and [g.round for g in new] == [6, 7, 8, 9, 10, 11]
    assert {g.users[0] for g in new} | {g.users[1] for g in new} == set(PLAYERS) | {107}
    # 106 withdraws: running games are forfeited to the opponents
    ins = await community.leagues.remove_player(lg.id, 106, T0 + D, by=1, unplayed="forfeit")
    theirs = [g for g in started if 106 in (g.users[0], g.users[1])]
    assert len(ins) == len(theirs) == 5 and all(isinstance(i, ApplyForfeit) for i in ins)
    assert {i.user_id for i in ins} == {106}
    # the transport ends those games; the league result is already set and stays a forfeit
    for g in theirs:
        loser = "athens" if g.users[0] == 106 else "sparta"
        winner = "sparta" if loser == "athens" else "athens"
        await community.game_ended(g.game_id, winners=[winner], at=T0 + D + H)
    table = {s.user_id: s for s in await community.leagues.table(lg.id)}
    assert table[106].lost == 6 and not table[106].active     # 5 running + 1 v the newcomer
    games = await community.leagues.games(lg.id, user_id=106)
    assert {g.result_how for g in games} == {"forfeit"}
    # the pending pairing 107 v 106 was scored as a forfeit too, without a game
    assert any(107 in (g.users[0], g.users[1]) and g.game_id is None for g in games)
    assert await community.leagues.players(lg.id) == [101, 102, 103, 104, 105, 107]


async def test_digest_lists_overdue_players_and_pings_them(community):
    lg = await make_league(community)          # policy notify, pace 2d +1d max 4d
    await community.leagues.start(lg.id, T0)
    started = await create_pending(community, T0)
    sink = RecordingSink()
    sched = community.scheduler(sink)
    await sched.tick(T0 + 9 * H)                # day 1, 18:00: nothing happened yet
    assert [a for a in sink.actions if a.kind == "digest"] == []
    # every first seat sits on its hands: all clocks expire 48 h after the start
    await sched.tick(T0 + 2 * D + H)
    assert len([a for a in sink.actions if a.kind == "expiry" and a.channel_id == 777]) == 15
    # that tick (day 3, 10:00) was also the first since day 2's 18:00 slot: day 2's digest
    (digest,) = [a for a in sink.actions if a.kind == "digest"]
    assert digest.key == f"digest:{lg.id}:2025-03-02"
    await sched.tick(T0 + 2 * D + 9 * H)        # day 3, 18:00: still overdue, told again
    assert [a.key for a in sink.actions if a.kind == "digest"][1:] == [f"digest:{lg.id}:2025-03-03"]
    assert "__Overdue__" in digest.text and "out of time" in digest.text
    late = {g.users[0] for g in started}
    assert set(digest.mentions) == late
    assert len(digest.text) <= 2000
