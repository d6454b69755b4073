"""A league of three-player games with allies through the Discord stand-in: `allies`
(tests/fixtures/allies.py: Thebes against Athens and Plataea, who win together) played by
three simulated people over three cycles, so each of them holds each seat once. Checks the
schedule, that every game is played whole through the bot, the table (allies each score
the win) and the ratings (the allied pair rated together against Thebes' holder)."""

from __future__ import annotations

import random
from collections import Counter

import tests.fixtures.allies  # noqa: F401 - registers the ruleset and its renderer
from service.community.skill import Skill, rate
from standin.players import RandomPlayer, play_until_over

from .conftest import running
from .test_league_bot import RATING, parse_table


async def test_a_three_player_league_with_allies(tmp_path):
    async with running(tmp_path, 3) as w:
        names = {p.id: p.name for p in w.players}
        r = await w.mod.slash("league", "create", name="Boeotia", ruleset="allies", cycles=3)
        assert "League **Boeotia** opened" in (await r.wait_for_message()).content
        for p in w.players:
            await (await p.slash("league", "join", league="Boeotia")).wait_for_message()
        r = await w.mod.slash("league", "start", league="Boeotia")
        began = await r.wait_for_message(lambda m: "begins" in m.content, timeout=40)
        assert "3 games over 3 rounds" in began.content

        league = await w.community.leagues.find(w.guild.id, "Boeotia")
        assert league.seats == ("thebes", "athens", "plataea") and league.size == 3
        assert league.teams == (("athens", "plataea"), ("thebes",))
        games = await w.community.leagues.games(league.id)
        # one group of three, once per cycle; each person holds each seat once
        assert [g.round for g in games] == [1, 2, 3]
        assert {frozenset(g.users) for g in games} == {frozenset(names)}
        assert Counter((u, place) for g in games for place, u in enumerate(g.users)) == Counter(
            {(u, place): 1 for u in names for place in range(3)})

        expected: dict[int, Skill] = {}
        want = {n: [0, 0, 0, 0] for n in names.values()}  # played, won, drawn, lost
        for g in games:
            thread = w.thread(g.thread_id)
            info = await w.svc.game_info(g.thread_id)
            assert {s.seat: s.user_id for s in info.seats} == g.players(league)
            intro = w.standin.channel_messages(thread)[0].content
            assert all(f"<@{u}> plays **" in intro for u in g.users)
            rng = random.Random(g.id)
            movers = [RandomPlayer(w.standin, w.user(u), thread, rng) for u in g.users]
            assert await play_until_over(w.standin, movers, thread) > 0
            posted = f"round {g.round}:"
            await w.standin.wait_for_message(lambda m, posted=posted: m.channel_id == w.channel.id
                                             and posted in m.content, 15)
            info = await w.svc.game_info(g.thread_id)
            winners = set(info.outcome["winners"])
            lg = await w.community.leagues.league_game(g.id)
            people = g.players(league)
            if not winners or winners == set(league.seats):
                assert lg.results == ("draw",) * 3
            else:
                assert winners in ({"thebes"}, {"athens", "plataea"})  # allies together
                assert lg.results == tuple("win" if set(league.holdings[p]) & winners
                                           else "loss" for p in range(3))
            for place, u in enumerate(g.users):
                col = {"win": 1, "draw": 2, "loss": 3}[lg.results[place]]
                want[names[u]][0] += 1
                want[names[u]][col] += 1
            # ratings: Thebes' holder against the allied pair, rated together
            before = {u: expected.get(u, Skill()) for u in g.users}
            allies = [people["athens"], people["plataea"]]
            lone = people["thebes"]
            result = lg.results[g.users.index(lone)]
            places = [1 if result != "loss" else 2, 1 if result != "win" else 2]
            [[expected[lone]], pair] = rate([[before[lone]], [before[u] for u in allies]],
                                            places)
            expected.update(zip(allies, pair))

        r = await w.players[0].slash("league", "table", league="Boeotia")
        table = await r.wait_for_message(lambda m: "Boeotia — table" in m.content)
        shown = parse_table(table.content)
        for n, (played, won, drawn, lost) in want.items():
            assert shown[n] == (played, won, drawn, lost, 2.0 * won + drawn), n
        assert (await w.community.leagues.get(league.id)).status == "finished"

        r = await w.players[0].slash("ratings", ruleset="allies")
        board = (await r.wait_for_message()).content
        found = {m[1]: (int(m[2]), int(m[3])) for m in RATING.finditer(board)}
        for uid, rating in expected.items():
            assert found[names[uid]] == (round(rating.rating), 3), names[uid]

        listing = await (await w.players[1].slash("league", "games",
                                                  league="Boeotia")).wait_for_message()
        assert listing.content.count("`#") == 3 and "Athens & " not in listing.content
        assert w.standin.unhandled == []
