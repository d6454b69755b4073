"""Ratings and profiles after forced results."""

from __future__ import annotations

import pytest

from service.community import Pace
from service.community.skill import Skill, idle, rate

from .conftest import T0, D, H

A, B, C = 1, 2, 3


async def play(community, game_id, players, winners, *, at, status="finished", moves=()):
    await community.game_started(game_id, channel_id=500 + game_id, ruleset="athens-sparta",
                                 players=players, to_act=["athens"], at=at, pace=Pace.default())
    t = at
    for seat, dt in moves:
        t = t + dt
        await community.turn(game_id, [seat], at=t)
    return await community.game_ended(game_id, winners=winners, status=status, at=t + H)


async def test_first_game_between_new_players(community):
    rep = await play(community, 1, {"athens": A, "sparta": B}, ["athens"], at=T0)
    ra, rb = await community.ratings.get(A, "athens-sparta"), await community.ratings.get(B, "athens-sparta")
    # first-game values for two unrated players (Plackett-Luce, 1500/350, beta 175, tau 3.5)
    assert ra.rating == pytest.approx(1610.69, abs=0.01) and ra.rd == pytest.approx(338.77, abs=0.01)
    assert rb.rating == pytest.approx(1389.31, abs=0.01) and rb.rd == pytest.approx(338.77, abs=0.01)
    assert ra.games == rb.games == 1 and ra.provisional
    assert {(c.user_id, round(c.before)) for c in rep.rating_changes} == {(A, 1500), (B, 1500)}
    board = await community.ratings.leaderboard("athens-sparta", include_provisional=True)
    assert [r.user_id for r in board] == [A, B]
    assert await community.ratings.leaderboard("athens-sparta") == []   # all provisional


async def test_draw_and_idle_time_widen_deviation(community):
    await play(community, 1, {"athens": A, "sparta": B}, ["athens"], at=T0)
    # 70 days (10 rating periods) later A and C draw: A's deviation first grows
    later = T0 + 70 * D
    await play(community, 2, {"athens": C, "sparta": A}, [], at=later)
    [[a1], _] = rate([[Skill()], [Skill()]], [1, 2])
    a_pre = idle(a1, (later + H - (T0 + H)).total_seconds() / (7 * 86400))
    assert a_pre.rd == pytest.approx((a1.rd ** 2 + 10 * 10.0 ** 2) ** 0.5)
    [[expected], _] = rate([[a_pre], [Skill()]], [1, 1])
    ra = await community.ratings.get(A, "athens-sparta")
    assert ra.rating == pytest.approx(expected.rating) and ra.rd == pytest.approx(expected.rd)
    assert ra.games == 2 and ra.rating < a1.rating     # drew with a weaker-rated (new) player


async def test_unrated_games(community):
    await play(community, 1, {"athens": A, "sparta": A}, ["athens"], at=T0)          # self-play
    await play(community, 2, {"athens": A, "sparta": B}, [], at=T0, status="abandoned")
    assert (await community.ratings.get(A, "athens-sparta")).games == 0
    prof = await community.ratings.profile(A)
    assert (prof.games, prof.finished, prof.abandoned) == (3, 2, 1)   # self-play: 2 seats
    assert prof.ratings == []


async def test_profile_median_move_time_and_reliability(community):
    moves = [("sparta", 2 * H), ("athens", 4 * H), ("sparta", 10 * H), ("athens", 1 * H)]
    # Alice (athens) moves after 2 h and 10 h; Bob after 4 h and 1 h
    await play(community, 1, {"athens": A, "sparta": B}, ["sparta"], at=T0, moves=moves)
    pa, pb = await community.ratings.profile(A), await community.ratings.profile(B)
    assert pa.median_move_s == pytest.approx(6 * 3600)
    assert pb.median_move_s == pytest.approx(2.5 * 3600)
    assert (pa.losses, pb.wins, pa.reliability, pb.reliability) == (1, 1, 1.0, 1.0)
    assert "Typical move time: 6h" in pa.text("Alice")
