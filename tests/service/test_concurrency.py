"""Many clicks at once on one game: exactly one applies per version, no gaps, no twins."""

from __future__ import annotations

import asyncio
import random

from service import GameService, Refusal

from .helpers import NORTH, SOUTH, iid, start_duel

CH = 60


async def _burst(svc: GameService, n: int, rng: random.Random):
    """n tasks click at the same moment with the version they were all shown."""
    info = await svc.game_info(CH)
    waiting = (await svc.view(CH, None)).view["game"]["waiting_for"]
    views = {s: await svc.view(CH, info.user_of(s)) for s in waiting}
    version = next(iter(views.values())).version
    calls = []
    for _ in range(n):
        seat = rng.choice(waiting)
        option = rng.choice(views[seat].prompt.prompt.options).id
        calls.append(svc.submit(CH, info.user_of(seat), option, version, iid()))
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, Refusal)]
    others = [r for r in results if isinstance(r, BaseException) and not isinstance(r, Refusal)]
    assert not others, others
    return version, applied, refused


async def test_fifty_conflicting_clicks_apply_once_per_version(svc):
    """Clicks of one seat conflict: one applies per version. Seats choosing at the same
    time (cards face-down) do not conflict with each other: each may apply once, at
    consecutive versions, because neither seat's own prompt changed by the other's choice."""
    started = await start_duel(svc, CH, users=(NORTH, SOUTH))
    rng = random.Random(5)
    total = 0
    while (await svc.game_info(CH)).status == "running":
        version, applied, refused = await _burst(svc, 50, rng)
        seats = [r.seat for r in applied]
        assert len(applied) >= 1 and len(seats) == len(set(seats)), applied  # one per seat
        assert sorted(r.version for r in applied) == list(
            range(version + 1, version + 1 + len(applied)))  # one per version, no gaps
        assert len(refused) == 50 - len(applied)
        if any(r.game_ended for r in applied):  # the late clicks are told the game is over
            assert {r.code for r in refused} <= {"wrong_status", "stale"}
        else:
            assert {r.code for r in refused} == {"stale"}
        total += len(applied)
    assert total >= 9
    actions = await svc.store.actions(started.game.id)
    assert [a.seq for a in actions] == list(range(1, total + 1))
    assert len({a.interaction_id for a in actions}) == total
    assert await svc.check(started.game.id) == []


async def test_fifty_clicks_of_one_seat_apply_once(svc):
    await start_duel(svc, CH, users=(NORTH, SOUTH))
    v = await svc.view(CH, NORTH)
    results = await asyncio.gather(
        *[svc.submit(CH, NORTH, o.id, v.version, iid())
          for o in v.prompt.prompt.options for _ in range(17)], return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    assert len(applied) == 1 and applied[0].version == v.version + 1
    assert all(isinstance(r, Refusal) and r.code == "stale"
               for r in results if isinstance(r, BaseException))


async def test_twin_requests_with_one_interaction_id(svc):
    await start_duel(svc, CH)
    v = await svc.view(CH, NORTH)
    option = v.prompt.prompt.options[0].id
    results = await asyncio.gather(*[svc.submit(CH, NORTH, option, v.version, "same")
                                     for _ in range(20)])
    assert sum(not r.duplicate for r in results) == 1
    assert {r.seq for r in results} == {1}
    assert len(await svc.store.actions(results[0].game_id)) == 1


async def test_two_services_on_one_database_never_double_apply(target):
    """Two service objects (as two processes would) share the database: on SQLite only
    the version guard in the UPDATE protects the game, on PostgreSQL the game lock too;
    either way it holds."""
    a = await GameService.open(target)
    b = await GameService.open(target)
    try:
        await start_duel(a, CH)
        for _ in range(5):
            info = await a.game_info(CH)
            seat = (await a.view(CH, None)).view["game"]["waiting_for"][0]
            user = info.user_of(seat)
            v = await a.view(CH, user)
            option = v.prompt.prompt.options[0].id
            results = await asyncio.gather(
                *[svc.submit(CH, user, option, v.version, iid())
                  for svc in (a, b) for _ in range(10)], return_exceptions=True)
            ok = [r for r in results if not isinstance(r, BaseException)]
            assert len(ok) == 1, results
            odd = [r for r in results if isinstance(r, BaseException)
                   and not (isinstance(r, Refusal) and r.code == "stale")]
            assert odd == []
        assert await b.check(info.id) == []
    finally:
        await a.close()
        await b.close()
