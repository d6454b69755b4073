"""Games played through the service while the process restarts at random points: every
restart reloads the game from its stored snapshot and the actions logged after it, and
the game must still equal the replay of its action log, its honest export must pass the
audit, and it must go on (issue: nothing lost across restarts)."""

from __future__ import annotations

import pytest

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from service import GameService

from .helpers import GUILD, iid

GAMES = [("athens-sparta", None), ("hellenes", "431"), ("epic", "argive-league")]


async def _seat_everyone(svc: GameService, channel: int, rid: str, scenario: str | None):
    await svc.create_game(guild_id=GUILD, channel_id=channel, user_id=1, ruleset_id=rid,
                          scenario=scenario)
    rules = engine.ruleset(rid)
    seats = rules.scenarios[scenario or next(iter(rules.scenarios))].seats
    for n, seat in enumerate(seats):
        await svc.join(channel, 100 + n, seat)
    await svc.start(channel, 100)


async def _play(svc: GameService, channel: int, player: Rng) -> bool:
    """One random legal answer by whoever must decide; False once the game is over."""
    info = await svc.game_info(channel)
    if info.status != "running":
        return False
    public = await svc.view(channel, None)
    seat = player.choice(public.view["game"]["waiting_for"])
    user = info.user_of(seat)
    mine = await svc.view(channel, user, seat)
    assert mine.prompt is not None
    answer = random_answer(mine.prompt.prompt, player)
    await svc.submit(channel, user, answer, mine.version, iid(), seat=seat)
    return True


async def _restarting_game(target, rid, scenario, channel, actions, restart_chance):
    player = Rng(f"svc-restarts:{rid}")
    svc = await GameService.open(target)
    restarts = 0
    try:
        await _seat_everyone(svc, channel, rid, scenario)
        game_id = (await svc.game_info(channel)).id
        for _ in range(actions):
            if not await _play(svc, channel, player):
                break
            if player.randbelow(100) < restart_chance:
                await svc.close()  # a restart: nothing cached survives
                svc = await GameService.open(target)
                restarts += 1
                assert await svc.check(game_id) == []
        assert restarts > 0
        assert await svc.check(game_id) == []
        info = await svc.game_info(channel)
        if info.status == "running":
            await svc.abandon(channel, 1)
        exported = await svc.export_game(game_id)
        report = GameService.import_game(exported)
        assert report.ok, report.problems
    finally:
        await svc.close()


@pytest.mark.parametrize(("rid", "scenario"), GAMES)
async def test_a_game_restarted_at_random_points_stays_its_log(target, rid, scenario):
    await _restarting_game(target, rid, scenario, 700, actions=120, restart_chance=25)


@pytest.mark.slow
@pytest.mark.parametrize(("rid", "scenario"), GAMES)
async def test_long_games_restarted_at_random_points_stay_their_logs(target, rid, scenario):
    await _restarting_game(target, rid, scenario, 701, actions=800, restart_chance=4)
