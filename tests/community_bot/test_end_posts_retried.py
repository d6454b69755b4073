"""A league game's end posts survive a chronicle that fails: the retry of the final post
still tells the ratings in the thread and the result in the league channel, once each
(the ratings used to be reported only by the first, failed, attempt)."""

from __future__ import annotations

import asyncio

import bot.community
import service.outbox


async def test_a_failed_chronicle_still_gets_ratings_and_the_league_result_once(duo,
                                                                                 monkeypatch):
    w = duo
    monkeypatch.setattr(service.outbox, "ANNOUNCE_BACKOFF_S", (0, 0, 0, 0))
    real = bot.community.game_chronicle
    failures = [RuntimeError("the chronicle cannot be built")]

    async def flaky(*args, **kwargs):
        if failures:
            raise failures.pop()
        return await real(*args, **kwargs)

    monkeypatch.setattr(bot.community, "game_chronicle", flaky)
    r = await w.mod.slash("league", "create", name="Duo", ruleset="duel")
    await r.wait_for_message()
    for p in w.players:
        await (await p.slash("league", "join", league="Duo")).wait_for_message()
    r = await w.mod.slash("league", "start", league="Duo")
    await r.wait_for_message(lambda m: "begins" in m.content, timeout=20)
    league = await w.community.leagues.find(w.guild.id, "Duo")
    [game] = await w.community.leagues.games(league.id)
    thread = w.thread(game.thread_id)
    r = await w.user(game.users[1]).slash("game", "resign", channel=thread, confirm=True)
    await r.wait_for_message(lambda m: "resigns" in m.content)
    for _ in range(200):  # the final post goes out after the reply, then the chronicle
        if not failures:
            break
        await asyncio.sleep(0.05)
    assert not failures  # the first attempt met the failing chronicle
    assert await w.bot.keryx.deliver(game.game_id)  # the retry sends the rest

    def count(channel, words: str) -> int:
        return sum(words in m.content for m in w.public(channel))

    assert count(thread, "**Game over.**") == 1
    assert count(thread, "Chronicle of the war") == 1
    assert count(thread, "Ratings (duel)") == 1
    assert count(w.channel, "**Duo**, round 1:") == 1
    assert await w.bot.keryx.deliver(game.game_id)  # nothing more is sent
    assert count(thread, "Ratings (duel)") == 1 and count(w.channel, "**Duo**, round 1:") == 1
