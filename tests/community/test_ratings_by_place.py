"""Results, standings and ratings read the outcome's places (`Outcome.ranking`): a winning
faction inside a winning city, a free-for-all of four ranked by the `council` fixture, a
shared win, and a Keryx bot seat rated like anyone."""

from __future__ import annotations

import pytest

import engine
from engine.core.rng import Rng
from engine.selfplay import play_random
from service.bots import bot_id
from service.community import Pace
from service.community.skill import Skill, rate
from tests.fixtures.council import COUNCIL

from .conftest import T0, H

# Pericles' shape: cities Athens and Sparta, two factions each; Athens wins the war and
# the Demagogues the game (tests/kernel/test_flows.py has the kernel's side of it).
FACTIONS = ("demagogues", "aristocrats", "agiads", "eurypontids")
CITIES = (("demagogues", "aristocrats"), ("agiads", "eurypontids"))
PERICLES_PLACES = (("demagogues",), ("aristocrats",), ("agiads", "eurypontids"))


def council_outcome(seed: int) -> engine.Outcome:
    """A whole four-player `council` game played by random legal choices."""
    g = engine.new_game(COUNCIL.id, seed=seed, options={"players": 4})
    play_random(g, Rng(f"council{seed}"))
    assert g.outcome is not None
    return g.outcome


async def end(community, game_id, players, *, ruleset, winners, places=(), teams=None):
    await community.game_started(game_id, channel_id=700 + game_id, ruleset=ruleset,
                                 players=players, to_act=list(players)[:1], at=T0,
                                 pace=Pace.default())
    return await community.game_ended(game_id, winners=winners, places=places,
                                      teams=teams, at=T0 + H)


async def placed(community, game_id):
    rows = await community.db.all("SELECT seat, result, place, team FROM player_games "
                                  "WHERE game_id = ? ORDER BY seat", (game_id,))
    return {r[0]: tuple(r[1:]) for r in rows}


async def council_game(community, game_id, seed, players=None):
    """A played `council` game's outcome, recorded; (outcome, report, {seat: (result,
    place)}, {user: rating after})."""
    out = council_outcome(seed)
    players = players or {"argos": 1, "corinth": 2, "megara": 3, "elis": 4}
    rep = await end(community, game_id, players, ruleset=COUNCIL.id,
                    winners=list(out.winners), places=out.places)
    got = await placed(community, game_id)
    return (out, rep, {s: got[s][:2] for s in got},
            {c.user_id: c.after for c in rep.rating_changes})


async def test_a_winning_faction_inside_a_winning_city(community):
    players = dict(zip(FACTIONS, (1, 2, 3, 4)))
    rep = await end(community, 1, players, ruleset="pericles", winners=["demagogues"],
                    places=PERICLES_PLACES, teams=CITIES)
    assert await placed(community, 1) == {
        "demagogues": ("win", 1, "demagogues+aristocrats"),
        "aristocrats": ("loss", 2, "demagogues+aristocrats"),
        "agiads": ("loss", 3, "agiads+eurypontids"),
        "eurypontids": ("loss", 3, "agiads+eurypontids")}
    change = {c.user_id: c.after - c.before for c in rep.rating_changes}
    # the war's winners are not rated as losers: Athens' factions both go up, the
    # Demagogues most; Sparta's two factions lose together, as one side
    assert change[1] > change[2] > 0 > change[3] == change[4]
    [[demagogues], [aristocrats], spartans] = rate([[Skill()], [Skill()], [Skill(), Skill()]],
                                                   [1, 2, 3])
    after = {c.user_id: c.after for c in rep.rating_changes}
    assert after[1] == pytest.approx(demagogues.rating)
    assert after[2] == pytest.approx(aristocrats.rating)
    assert after[3] == after[4] == pytest.approx(spartans[0].rating)


async def test_the_same_result_in_a_league_table(community):
    lg = await community.leagues.create(channel_id=1, name="Pericles", ruleset="pericles",
                                        scenario="standard", seats=FACTIONS, teams=CITIES,
                                        at=T0)
    for u in (1, 2, 3, 4):
        await community.leagues.join(lg.id, u, T0)
    [g] = await community.leagues.start(lg.id, T0)
    await community.league_game_started(g.id, game_id=10, channel_id=11, to_act=FACTIONS,
                                        at=T0)
    seat_of = {u: s for s, u in g.players(lg).items()}
    rep = await community.game_ended(10, winners=["demagogues"], places=PERICLES_PLACES,
                                     at=T0 + H)
    done = rep.league_game
    by_seat = {seat_of[u]: (r, p) for u, r, p in zip(done.users, done.results, done.places)}
    assert by_seat == {"demagogues": ("win", 1), "aristocrats": ("loss", 2),
                       "agiads": ("loss", 3), "eurypontids": ("loss", 3)}
    table = {s.user_id: s for s in await community.leagues.table(lg.id)}
    first = [u for u, s in seat_of.items() if s == "demagogues"][0]
    second = [u for u, s in seat_of.items() if s == "aristocrats"][0]
    assert table[first].places == (1, 0, 0, 0) and table[second].places == (0, 1, 0, 0)
    assert [s.user_id for s in await community.leagues.table(lg.id)][0] == first
    text = await community.leagues.table_text(lg.id)
    assert "Places" in text and "1·0·0\n" in text and "0·0·1\n" in text


async def test_a_four_player_ranking_from_the_council_fixture(community):
    out, rep, got, after = await council_game(community, 2, 22)
    assert out.places == (("corinth",), ("elis",), ("megara",), ("argos",))
    assert got == {"corinth": ("win", 1), "elis": ("loss", 2), "megara": ("loss", 3),
                   "argos": ("loss", 4)}
    # one ranking, not pairwise games: each place above the next
    assert after[2] > after[4] > 1500 > after[3] > after[1]
    expected = rate([[Skill()]] * 4, [4, 1, 3, 2])
    assert [after[u] for u in (1, 2, 3, 4)] == pytest.approx([e[0].rating for e in expected])
    # and in a league of four, the table counts the places and the result reads by place
    lg = await community.leagues.create(channel_id=3, name="Council", ruleset=COUNCIL.id,
                                        scenario="standard", at=T0)
    for u in (1, 2, 3, 4):
        await community.leagues.join(lg.id, u, T0)
    [g] = await community.leagues.start(lg.id, T0)
    await community.league_game_started(g.id, game_id=20, channel_id=21, to_act=["argos"],
                                        at=T0)
    rep = await community.game_ended(20, winners=list(out.winners), places=out.places,
                                     at=T0 + H)
    seat = {u: s for s, u in g.players(lg).items()}
    from service.community.leagues import result_text
    assert result_text(rep.league_game, lambda p: seat[g.users[p]]) == (
        "1st corinth · 2nd elis · 3rd megara · 4th argos")
    table = {seat[s.user_id]: s for s in await community.leagues.table(lg.id)}
    assert table["elis"].places == (0, 1, 0, 0) and table["argos"].places == (0, 0, 0, 1)
    assert table["corinth"].points == 2 and table["elis"].lost == 1


async def test_a_shared_win(community):
    out, _, got, after = await council_game(community, 3, 4)
    assert out.places == (("corinth", "megara"), ("argos",), ("elis",))
    assert got == {"corinth": ("win", 1), "megara": ("win", 1), "argos": ("loss", 2),
                   "elis": ("loss", 3)}
    # rivals sharing the first place are rated apart, tied (not as one side); from equal
    # ratings Plackett-Luce moves the place just below a shared win like the winners
    # (docs/community.md, Ratings)
    assert after[2] == pytest.approx(after[3]) and after[2] > 1500 > after[4]
    assert after[1] <= after[2] + 1e-9
    expected = [e[0].rating for e in rate([[Skill()]] * 4, [2, 1, 1, 3])]
    assert [after[u] for u in (1, 2, 3, 4)] == pytest.approx(expected)
    # both winners score a win in the profile; a shared win is not a draw
    assert (await community.ratings.profile(3)).wins == 1
    # the same without places: the winners first, everyone else second
    players = {"argos": 1, "corinth": 2, "megara": 3, "elis": 4}
    await end(community, 4, players, ruleset=COUNCIL.id, winners=["corinth", "megara"])
    assert {s: v[:2] for s, v in (await placed(community, 4)).items()} == {
        "corinth": ("win", 1), "megara": ("win", 1), "argos": ("loss", 2), "elis": ("loss", 2)}


async def test_a_bot_seat_is_rated_like_anyone(community):
    keryx = bot_id("random")
    _, _, _, after = await council_game(community, 5, 22,
                                        {"argos": 1, "corinth": keryx, "megara": 3, "elis": 4})
    assert set(after) == {1, keryx, 3, 4}
    bot = await community.ratings.get(keryx, COUNCIL.id)
    assert bot.games == 1 and bot.rating > 1500
    board = await community.ratings.leaderboard(COUNCIL.id, include_provisional=True)
    assert board[0].user_id == keryx
