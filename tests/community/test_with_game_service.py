"""The community service next to the real GameService on one SQLite file: the wiring the
bot will do, including the forfeit path (resign with the outbox key as interaction id)."""

from __future__ import annotations

from datetime import timedelta

import tests.fixtures.duel  # noqa: F401  (registers the "duel" ruleset)
from service import GameService
from service.community import ApplyForfeit, Community, Pace, RecordingSink
from tests.service.helpers import NORTH, SOUTH, start_duel

from .conftest import T0, H


async def test_game_service_and_community_share_the_file(db_path):
    svc = await GameService.open(db_path)
    try:
        async with Community(db_path) as c:
            start = await start_duel(svc, channel=500)
            gid = start.game.id
            players = {s.seat: s.user_id for s in start.game.seats}
            await c.game_started(gid, channel_id=500, ruleset="duel", players=players,
                                 to_act={p.seat for p in start.prompts}, at=T0,
                                 pace=Pace(86400, 3600, 86400), policy="forfeit")
            sink = RecordingSink()
            sched = c.scheduler(sink)
            await sched.tick(T0 + 25 * H)
            forfeits = sink.of(ApplyForfeit)
            assert {f.seat for f in forfeits} == {p.seat for p in start.prompts}
            f = forfeits[0]
            # what the bot's sink does: resign for the late seat, keyed by the outbox key
            res = await svc.resign(500, f.user_id, interaction_id=f.key)
            again = await svc.resign(500, f.user_id, interaction_id=f.key)
            assert res.game_ended and again.duplicate
            rep = await c.game_ended(gid, winners=list(res.outcome.winners),
                                     at=T0 + 25 * H + timedelta(seconds=1))
            assert rep.recorded and len(rep.rating_changes) == 2
            loser = f.user_id
            winner = NORTH if loser == SOUTH else SOUTH
            assert (await c.ratings.profile(loser)).on_time == 0
            assert (await c.ratings.profile(winner)).wins == 1
            # the other seat's forfeit (if any) is now moot: dropped, not delivered
            await sched.tick(T0 + 26 * H)
            assert len(sink.of(ApplyForfeit)) == len(forfeits)
    finally:
        await svc.close()


async def test_a_lobby_pace_survives_a_restart_and_is_handed_over_once(db_path, clock):
    svc = await GameService.open(db_path)
    info = await svc.create_game(guild_id=1, channel_id=9, user_id=1, ruleset_id="duel")
    await svc.close()
    c = Community(db_path, now=clock)
    await c.open()
    await c.clocks.set_lobby_pace(info.id, Pace(3 * 3600, 3600, 5 * 86400))
    await c.close()
    c = Community(db_path, now=clock)  # a restart between the lobby and the start
    await c.open()
    try:
        assert await c.clocks.lobby_pace(info.id) == Pace(3 * 3600, 3600, 5 * 86400)
        assert await c.clocks.take_lobby_pace(info.id) == Pace(3 * 3600, 3600, 5 * 86400)
        assert await c.clocks.take_lobby_pace(info.id) is None
    finally:
        await c.close()
