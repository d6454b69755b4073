"""A league's house bot (service/community/house_bot.py): entered like a late player,
paired, its games played by the service's bot runner, rated like anyone."""

from __future__ import annotations

import pytest

import tests.fixtures.duel  # noqa: F401  (registers the "duel" ruleset)
from service import GameService
from service.bots import BotRunner, bot_id, bot_name
from service.community import Community, CommunityError
from service.community.house_bot import add_house_bot

from .conftest import T0, H


async def test_the_house_bot_is_paired_played_and_rated(db_path):
    svc = await GameService.open(db_path)
    try:
        async with Community(db_path) as c:
            lg = await c.leagues.create(channel_id=70, name="Spring", ruleset="duel",
                                        scenario="standard", at=T0)
            await c.leagues.join(lg.id, 4242, T0)
            with pytest.raises(CommunityError, match="no heuristic player"):
                await add_house_bot(c, lg.id, "heuristic", T0)
            uid, new = await add_house_bot(c, lg.id, "random", T0)
            assert uid == bot_id("random") and new == []  # before the start: no games yet
            games = await c.leagues.start(lg.id, T0 + H)
            assert len(games) == 1 and set(games[0].users) == {4242, uid}
            # What the transport does with a pairing: open the game in a thread.
            g = games[0]
            seats = g.players(lg)
            await svc.create_game(guild_id=None, channel_id=71, user_id=4242,
                                  ruleset_id="duel")
            for seat, user in seats.items():
                await svc.join(71, user, seat)
            started = await svc.start(71, 4242, moderator=True)
            await c.league_game_started(g.id, game_id=started.game.id, channel_id=71,
                                        to_act={p.seat for p in started.prompts})
            runner = BotRunner(svc, delay_s=0.0)
            human = next(s for s, u in seats.items() if u == 4242)
            for _ in range(100):
                info = await svc.game_info(71)
                if info.status != "running":
                    break
                mine = await svc.view(71, 4242)
                if mine.prompt is not None:
                    await svc.submit(71, 4242, mine.prompt.prompt.options[0].id,
                                     mine.version, f"h{mine.version}")
                else:
                    await runner.tick()
                    await runner.settle()
            info = await svc.game_info(71)
            assert info.status == "finished" and human
            rep = await c.game_ended(info.id, winners=list(info.outcome["winners"]))
            assert rep.recorded and {r.user_id for r in rep.rating_changes} == {4242, uid}
            table = await c.leagues.table_text(lg.id)
            assert bot_name(uid) in table
    finally:
        await svc.close()
