"""A league of six simulated players through the Discord stand-in: create, join, start
(a valid round robin, each game in its own thread), results by resignation and by a
moderator, the table (text and picture), ratings, and the daily digest."""

from __future__ import annotations

import itertools
import re
from collections import Counter

from service.community.skill import Skill, idle, rate

from .conftest import T0

ROW = re.compile(r"^\s*(\d+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s*$")
RATING = re.compile(r"(p\d) \**(\d+)\**\?? ±\d+ · (\d+) games")


def parse_table(content: str) -> dict[str, tuple[int, int, int, int, float]]:
    rows = {}
    for line in content.splitlines():
        if m := ROW.match(line):
            rows[m[2]] = (int(m[3]), int(m[4]), int(m[5]), int(m[6]), float(m[7]))
    return rows


def digests(w) -> list:
    return [m for m in w.public() if "— digest," in m.content]


async def test_a_league_of_six_through_the_bot(league_world):
    w = league_world
    names = {p.id: p.name for p in w.players}

    r = await w.mod.slash("league", "create", name="Spring", ruleset="duel")
    assert "League **Spring** opened" in (await r.wait_for_message()).content
    for p in w.players:
        reply = await (await p.slash("league", "join", league="Spring")).wait_for_message()
        assert "joins **Spring**" in reply.content
    again = await (await w.players[0].slash("league", "join", league="Spring")).wait_for_message()
    assert again.ephemeral and "already in this league" in again.content
    choices = await w.players[0].autocomplete("league", "table", focused="league", league="spr")
    assert [c["value"] for c in choices] == ["Spring"]

    # only moderators start a league
    refused = await (await w.players[0].slash("league", "start", league="Spring")).wait_for_message()
    assert refused.ephemeral and "Only moderators" in refused.content
    r = await w.mod.slash("league", "start", league="Spring")
    began = await r.wait_for_message(lambda m: "begins" in m.content, timeout=40)
    assert "15 games over 5 rounds; 15 opened now" in began.content

    league = await w.community.leagues.find(w.guild.id, "Spring")
    games = await w.community.leagues.games(league.id)
    # a valid round robin: every pair once, nobody twice in a round, five rounds
    assert Counter(frozenset((g.users[0], g.users[1])) for g in games) == Counter(
        frozenset(p) for p in itertools.combinations([p.id for p in w.players], 2))
    for rnd in {g.round for g in games}:
        seated = [u for g in games if g.round == rnd for u in (g.users[0], g.users[1])]
        assert len(seated) == len(set(seated)) == 6
    assert sorted({g.round for g in games}) == [1, 2, 3, 4, 5]
    sides = Counter(g.users[0] for g in games)
    assert all(2 <= sides[p.id] <= 3 for p in w.players)  # sides balanced within one
    # each game lives in its own thread of the league channel, with its first map post
    assert len({g.thread_id for g in games}) == 15
    for g in games:
        thread = w.thread(g.thread_id)
        assert thread.is_thread and thread.parent_id == w.channel.id
        info = await w.svc.game_info(g.thread_id)
        assert info.status == "running" and info.id == g.game_id
        assert (info.user_of("north"), info.user_of("south")) == (g.users[0], g.users[1])
        assert any("-# game" in m.content and m.attachments for m in w.public(thread))

    # rounds 1-3: the second player resigns in the thread (rated games), a little later
    w.clock.set(T0.replace(minute=5))
    rated = [g for g in games if g.round <= 3]
    expected: dict[int, Skill] = {}
    for g in rated:
        loser = w.user(g.users[1])
        r = await loser.slash("game", "resign", channel=w.thread(g.thread_id), confirm=True)
        await r.wait_for_message(lambda m: "resigns" in m.content)
        await w.standin.wait_for_message(
            lambda m, g=g: m.channel_id == w.channel.id and f"round {g.round}:" in m.content
            and f"{names[g.users[0]]} beat {names[g.users[1]]}" in m.content, timeout=10)
        a = idle(expected.get(g.users[0], Skill()), 0)
        b = idle(expected.get(g.users[1], Skill()), 0)
        [[expected[g.users[0]]], [expected[g.users[1]]]] = rate([[a], [b]], [1, 2])
        thread_posts = [m.content for m in w.public(w.thread(g.thread_id))]
        assert any("Game over" in c for c in thread_posts)
        assert any("Chronicle of the war" in c for c in thread_posts)
        assert any("Ratings (duel)" in c for c in thread_posts)

    # the digest of day 1 comes once, at the first tick after 18:00 UTC
    w.clock.set(T0.replace(hour=17, minute=59))
    await w.tick()
    assert digests(w) == []
    w.clock.set(T0.replace(hour=18, minute=0, second=30))
    await w.tick()
    w.clock.set(T0.replace(hour=20))
    await w.tick()
    await w.tick()
    day1 = digests(w)
    assert len(day1) == 1 and "digest, 2025-03-01" in day1[0].content
    assert "__Results__" in day1[0].content and "Table" in day1[0].content

    # the next day a moderator settles rounds 4 and 5: draws, then second seat wins
    w.clock.set(T0.replace(day=2, hour=10))
    for g in [g for g in games if g.round >= 4]:
        result = "draw" if g.round == 4 else "south"
        r = await w.mod.slash("league", "result", league="Spring", game=g.id, result=result)
        reply = await r.wait_for_message(lambda m: "📝" in m.content, timeout=10)
        assert f"#{g.id}" in reply.content
        assert (await w.svc.game_info(g.thread_id)).status == "abandoned"
    refused = await (await w.players[0].slash("league", "result", league="Spring", game=1,
                                               result="a")).wait_for_message()
    assert refused.ephemeral and "Only moderators" in refused.content

    # the table: rounds 1-3 the first seat won, round 4 drawn, round 5 the second seat won
    want: dict[str, list[int]] = {n: [0, 0, 0, 0] for n in names.values()}
    for g in games:
        a, b = names[g.users[0]], names[g.users[1]]
        want[a][0] += 1
        want[b][0] += 1
        if g.round <= 3:
            want[a][1] += 1
            want[b][3] += 1
        elif g.round == 4:
            want[a][2] += 1
            want[b][2] += 1
        else:
            want[b][1] += 1
            want[a][3] += 1
    r = await w.players[2].slash("league", "table", league="Spring")
    table = await r.wait_for_message(lambda m: "Spring — table" in m.content)
    shown = parse_table(table.content)
    assert set(shown) == set(names.values())
    for n, (p, won, drawn, lost) in want.items():
        assert shown[n] == (p, won, drawn, lost, 2.0 * won + drawn), n
    points = [shown[n][4] for n in (ln.split()[1] for ln in table.content.splitlines()
                                    if ROW.match(ln))]
    assert points == sorted(points, reverse=True)
    assert table.attachments and table.attachments[0].filename == "table.png"
    assert table.attachments[0].image_size()[0] > 300

    # ratings: only the nine resignations count (adjudicated results are not rated)
    r = await w.players[0].slash("ratings", ruleset="duel")
    board = (await r.wait_for_message()).content
    found = {m[1]: (int(m[2]), int(m[3])) for m in RATING.finditer(board)}
    assert set(found) == set(names.values())
    for uid, g in expected.items():
        assert found[names[uid]] == (round(g.rating), 3), names[uid]
    prof = await (await w.players[0].slash("profile")).wait_for_message()
    assert "5 game(s)" in prof.content and "duel:" in prof.content

    # day 2: one digest with the adjudications and the season's end, then no more
    w.clock.set(T0.replace(day=2, hour=18, minute=1))
    await w.tick()
    w.clock.set(T0.replace(day=2, hour=21))
    await w.tick()
    w.clock.set(T0.replace(day=3, hour=18, minute=5))
    await w.tick()
    per_day = Counter(re.search(r"digest, (\S+)\*\*", m.content)[1] for m in digests(w))
    assert per_day == {"2025-03-01": 1, "2025-03-02": 1}
    assert "season is over" in digests(w)[-1].content
    assert (await w.community.leagues.get(league.id)).status == "finished"

    listing = await (await w.players[1].slash("league", "games", league="Spring",
                                              mine=True)).wait_for_message()
    assert listing.ephemeral and listing.content.count("`#") == 5
    assert w.standin.unhandled == []
