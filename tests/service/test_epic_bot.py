"""Keryx's heuristic seat at The Epic of the Peloponnesian War (engine/players/epic.py):
the service seats it in the lobby and its runner plays it, through a whole Argive League
game against a person answering at random."""

from __future__ import annotations

import pytest

from engine.core import decisions
from engine.core.rng import Rng
from service import GameService
from service.bots import BotRunner, bot_level, is_bot

from .helpers import NORTH, iid

CH = 650


async def human_moves(svc: GameService, user: int, rng: Rng) -> bool:
    """The person's random answer if it is their turn (picks too); False when it is not."""
    mine = await svc.view(CH, user)
    if mine.prompt is None:
        return False
    answer = decisions.random_answer(mine.prompt.prompt, rng)
    await svc.submit(CH, user, answer, mine.version, iid())
    return True


# the seat's runner does not touch the store's dialect: one store plays the whole game
@pytest.mark.slow
@pytest.mark.parametrize("target", ["sqlite"], indirect=True)
async def test_a_whole_epic_game_against_the_heuristic_seat(svc):
    await svc.create_game(guild_id=7, channel_id=CH, user_id=NORTH, ruleset_id="epic",
                          scenario="argive-league")
    await svc.join(CH, NORTH, "athens")
    await svc.seat_bots(CH, "heuristic")
    info = (await svc.start(CH, NORTH)).game
    bot = info.user_of("sparta")  # the place Keryx took is drawn at the start
    assert is_bot(bot) and bot_level(bot) == "heuristic"
    runner = BotRunner(svc, delay_s=0.0)
    rng = Rng("epic-human")
    for _ in range(6000):
        if (await svc.game_info(CH)).status != "running":
            break
        if not await human_moves(svc, NORTH, rng):
            assert await runner.tick() >= 1  # the bot's turn, nobody else's
            await runner.settle()
    info = await svc.game_info(CH)
    assert info.status == "finished"
    log = await svc.store.actions(info.id)
    assert {a.user_id for a in log if a.seat == "sparta"} == {bot}
    assert sum(a.seat == "sparta" for a in log) > 50  # the bot played its side
    assert await svc.bot_turns() == []
