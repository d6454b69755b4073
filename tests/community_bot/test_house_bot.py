"""A house bot in a league, through the bot: a moderator enters Keryx, its pairing opens
in a thread like any other, its seat plays itself, and the result is rated."""

from __future__ import annotations

import asyncio
import random

from service.bots import bot_id
from standin.players import RandomPlayer, play_until_over


async def test_a_league_with_keryx_as_an_entrant(duo):
    w = duo
    p1 = w.players[0]
    r = await w.mod.slash("league", "create", name="Agora", ruleset="duel")
    assert "Agora" in (await r.wait_for_message()).content
    await (await p1.slash("league", "join", league="Agora")).wait_for_message()
    r = await w.mod.slash("league", "add", league="Agora", bot="heuristic")
    refused = await r.wait_for_message()
    assert refused.ephemeral and "no heuristic player" in refused.content
    r = await w.mod.slash("league", "add", league="Agora", bot="random")
    assert "Keryx (random) joins **Agora**" in (await r.wait_for_message()).content
    r = await w.mod.slash("league", "start", league="Agora")
    await r.wait_for_message(lambda m: "begins" in m.content, timeout=20)
    league = await w.community.leagues.find(w.guild.id, "Agora")
    (game,) = await w.community.leagues.games(league.id)
    assert bot_id("random") in game.users
    thread = w.thread(game.thread_id)
    assert "Keryx (random)" in thread.name
    player = RandomPlayer(w.standin, p1, thread, random.Random(3))
    await play_until_over(w.standin, [player], thread, idle_timeout=30)
    info = await w.svc.game_info(game.thread_id)
    assert info.status == "finished"
    for _ in range(100):  # the end is recorded with the final post
        profile = await w.community.ratings.profile(bot_id("random"))
        if profile.games:
            break
        await asyncio.sleep(0.1)
    assert profile.games == 1
