"""League moderation through the bot: a clock running out under the forfeit policy ends
the game through the game service; an abandoned game is voided; a late player gets their
games in new threads; a withdrawn player's running games are forfeited."""

from __future__ import annotations

import random
from datetime import timedelta

from standin.players import RandomPlayer

from .conftest import T0


async def test_forfeit_abandon_add_and_remove(league_world):
    w = league_world
    p1, p2, p3, p4 = w.players[:4]
    names = {p.id: p.name for p in w.players}
    r = await w.mod.slash("league", "create", name="Blitz", ruleset="duel",
                          pace="1h +1h max 2h", policy="forfeit")
    assert "Blitz" in (await r.wait_for_message()).content
    for p in (p1, p2, p3):
        await (await p.slash("league", "join", league="Blitz")).wait_for_message()
    r = await w.mod.slash("league", "start", league="Blitz")
    began = await r.wait_for_message(lambda m: "begins" in m.content, timeout=20)
    assert "3 games over 3 rounds" in began.content
    league = await w.community.leagues.find(w.guild.id, "Blitz")
    timed, abandoned, resigned = await w.community.leagues.games(league.id)

    # a late player: one new game against each of the three, in new threads
    r = await w.mod.slash("league", "add", league="Blitz", user=p4)
    added = await r.wait_for_message(lambda m: "joins **Blitz**" in m.content, timeout=20)
    assert "3 new game(s) (3 opened now)" in added.content
    late = await w.community.leagues.games(league.id, user_id=p4.id)
    assert len(late) == 3 and all(g.status == "running" for g in late)
    assert len({g.thread_id for g in late} | {timed.thread_id, abandoned.thread_id,
                                              resigned.thread_id}) == 6
    assert all(g.round > 3 for g in late)
    # then withdrawn: the running games end as forfeits for the opponents
    r = await w.mod.slash("league", "remove", league="Blitz", user=p4)
    done = await r.wait_for_message(lambda m: "withdrawn" in m.content, timeout=20)
    assert "(p4)" in done.content  # still in the table, in parentheses
    for g in late:
        info = await w.svc.game_info(g.thread_id)
        assert info.status == "finished" and p4.id not in [
            info.user_of(s) for s in (info.outcome or {}).get("winners", [])]
    table = {s.user_id: s for s in await w.community.leagues.table(league.id)}
    assert table[p4.id].lost == 3 and not table[p4.id].active


    w.clock.set(T0 + timedelta(minutes=10))
    # a moderator abandons one game in its thread: the league voids it
    r = await w.mod.slash("game", "abandon", channel=w.thread(abandoned.thread_id), reason="test")
    await r.wait_for_message()
    await w.standin.wait_for_message(lambda m: m.channel_id == w.channel.id
                                     and "was voided" in m.content)
    # one resigns
    r = await w.user(resigned.users[0]).slash("game", "resign", confirm=True,
                                             channel=w.thread(resigned.thread_id))
    await r.wait_for_message(lambda m: "resigns" in m.content)
    await w.standin.wait_for_message(
        lambda m: m.channel_id == w.channel.id
        and f"{names[resigned.users[1]]} beat {names[resigned.users[0]]}" in m.content)
    # in the timed game the first player moves; the second lets the clock run out
    mover = RandomPlayer(w.standin, w.user(timed.users[0]), w.thread(timed.thread_id),
                         random.Random(3))
    assert await mover.play_turn() >= 1
    w.clock.set(T0 + timedelta(hours=1, minutes=1))
    report = await w.tick()
    assert report.expiries == 1
    thread_posts = [m.content for m in w.public(w.thread(timed.thread_id))]
    assert any("ran out of time" in c and "forfeits" in c for c in thread_posts)
    assert any("Game over" in c for c in thread_posts)
    assert (await w.svc.game_info(timed.thread_id)).status == "finished"
    lg = await w.community.leagues.league_game(timed.id)
    assert (lg.status, lg.results, lg.result_how) == ("finished", ("win", "loss"), "time")
    assert (await w.community.leagues.get(league.id)).status == "finished"
    assert any("Blitz** is over" in m.content for m in w.public())
    await w.tick()  # a repeated tick forfeits nothing twice
    assert sum("forfeits" in m.content for m in w.public(w.thread(timed.thread_id))) == 1


    # after the season, no more additions
    r = await w.mod.slash("league", "add", league="Blitz", user=w.players[4])
    over = await r.wait_for_message()
    assert over.ephemeral and "league is over" in over.content
