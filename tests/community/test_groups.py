"""Leagues of games for more than two: schedules of groups, standings and team ratings."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from service.community.clocks import CommunityError
from service.community.ratings import ranking, seat_places, team_keys, units
from service.community.roundrobin import group_round_robin, late_groups
from service.community.skill import Skill, rate
from service.community.standings import Result, compute_table


@pytest.mark.parametrize("n,k,cycles", [(3, 3, 1), (3, 3, 3), (4, 3, 1), (4, 3, 3), (5, 3, 2),
                                        (6, 3, 1), (6, 4, 1), (7, 6, 6), (5, 5, 5)])
def test_every_group_meets_once_per_cycle_nobody_twice_in_a_round(n, k, cycles):
    players = [100 + i for i in range(n)]
    games = group_round_robin(players, k, cycles)
    groups = Counter(frozenset(g.users) for g in games)
    assert set(groups) == {frozenset(c) for c in combinations(players, k)}
    assert set(groups.values()) == {cycles}
    by_round: dict[int, list[int]] = {}
    for g in games:
        assert len(set(g.users)) == k
        by_round.setdefault(g.round, []).extend(g.users)
    for users in by_round.values():
        assert len(users) == len(set(users))
    assert sorted(by_round) == list(range(1, len(by_round) + 1))
    places = Counter((u, i) for g in games for i, u in enumerate(g.users))
    if cycles == k:   # every member of every group played every place in it once
        for group in groups:
            for u in group:
                assert [sum(1 for g in games if frozenset(g.users) == group and g.users[i] == u)
                        for i in range(k)] == [1] * k
    else:             # balanced within one game per place
        for u in players:
            counts = [places[(u, i)] for i in range(k)]
            assert max(counts) - min(counts) <= max(1, cycles)


def test_three_players_three_cycles_rotate_every_place():
    games = group_round_robin([1, 2, 3], 3, 3)
    assert [g.users for g in games] == [(1, 2, 3), (2, 3, 1), (3, 1, 2)]
    assert [g.round for g in games] == [1, 2, 3]


def test_two_player_schedule_is_the_classic_round_robin():
    from service.community.roundrobin import round_robin
    assert group_round_robin([1, 2, 3, 4, 5], 2, 2) == round_robin([1, 2, 3, 4, 5], 2)


def test_late_groups_are_the_groups_the_newcomer_missed():
    counts = {1: [1, 0, 0], 2: [0, 1, 0], 3: [0, 0, 1]}
    games = late_groups(9, [1, 2, 3], counts, 4, 3)
    assert {frozenset(g.users) for g in games} == {frozenset({9, a, b})
                                                  for a, b in combinations([1, 2, 3], 2)}
    assert [g.round for g in games] == [4, 5, 6]
    mine = Counter(g.users.index(9) for g in games)
    assert set(mine.values()) == {1}      # the newcomer plays each place once


def test_table_of_a_three_player_game_with_allies():
    # places: 0 and 1 allied (win together), 2 alone
    results = [Result((1, 2, 3), (1, 1, 0)),      # allies 1 and 2 beat 3
               Result((3, 1, 2), (1, 1, 0)),      # 3 and 1 beat 2
               Result((2, 3, 1), (0.5, 0.5, 0.5))]  # a draw
    rows = {s.user_id: s for s in compute_table([1, 2, 3], results)}
    assert (rows[1].won, rows[1].drawn, rows[1].lost, rows[1].points) == (2, 1, 0, 5)
    assert (rows[2].won, rows[2].drawn, rows[2].lost, rows[2].points) == (1, 1, 1, 3)
    assert (rows[3].won, rows[3].drawn, rows[3].lost, rows[3].points) == (1, 1, 1, 3)
    assert rows[1].rank == 1 and rows[2].rank == rows[3].rank == 2
    assert rows[1].wins_by_place == (1, 1, 0)
    # Sonneborn-Berger counts opponents beaten (3 pts each for 2 and 3) and half of those
    # drawn with; an ally is neither
    assert rows[1].sb == 3 + 3 + (3 + 3) / 2


def rated_units(players, winners, teams=(), places=()):
    ranked = ranking(list(players), winners, places)
    return units(players, seat_places(ranked), team_keys(list(players), teams))


def test_units_teams_and_self_play():
    assert rated_units({"a": 1, "b": 2}, ["a"]) == [(1, [1]), (2, [2])]
    assert rated_units({"a": 1, "b": 2, "c": 3}, ["a", "b"], [("a", "b")]) == [(1, [1, 2]),
                                                                              (2, [3])]
    # one person holding two allies counts once
    assert rated_units({"a": 1, "b": 1, "c": 3}, ["a", "b"], [("a", "b")]) == [(1, [1]),
                                                                              (2, [3])]
    assert rated_units({"a": 1, "b": 2, "c": 1}, ["a"], [("a", "b")]) is None  # two teams
    assert rated_units({"a": 1, "b": 1}, ["a"]) is None
    assert rated_units({"a": 1, "b": None}, ["a"]) is None
    # allies who finish in different places are rated apart
    assert rated_units({"a": 1, "b": 2, "c": 3}, ["a"], [("a", "b")],
                       [("a",), ("b",), ("c",)]) == [(1, [1]), (2, [2]), (3, [3])]


def test_a_side_of_average_players_is_an_average_opponent():
    """Three new allies against one new player is an even game (the scenario balances the
    sides, not the head count): the lone winner gains what each ally loses."""
    [lone], allies = rate([[Skill()], [Skill()] * 3], [1, 2])
    assert lone.rating > 1500
    assert {round(a.rating, 6) for a in allies} == {round(2 * 1500 - lone.rating, 6)}


async def test_allies_rated_against_the_lone_player_once(community):
    from service.community import Pace

    from .conftest import T0, H
    players = {"a": 1, "b": 2, "c": 3}
    await community.game_started(1, channel_id=1, ruleset="allies", players=players,
                                 to_act=["a"], at=T0, pace=Pace.default())
    rep = await community.game_ended(1, winners=["a", "b"], at=T0 + H, teams=[("a", "b")])
    [won, _], [lost] = rate([[Skill(), Skill()], [Skill()]], [1, 2])
    got = {ch.user_id: ch.after for ch in rep.rating_changes}
    assert got[1] == pytest.approx(won.rating) and got[2] == pytest.approx(won.rating)
    assert got[3] == pytest.approx(lost.rating)     # beaten by one side, not two players


async def test_league_at_a_smaller_player_count(community):
    """`allies` for two people: one holds Athens and Plataea; the league pairs two places,
    and the holder of the allied pair is rated once."""
    import tests.fixtures.allies  # noqa: F401 - registers "allies"

    from .conftest import T0, H
    lg = await community.leagues.create(channel_id=1, name="Pairs", ruleset="allies",
                                        scenario="standard", options={"players": 2}, at=T0)
    assert lg.holdings == (("thebes",), ("athens", "plataea")) and lg.size == 2
    assert lg.teams == (("athens", "plataea"), ("thebes",))
    for u in (1, 2, 3):
        await community.leagues.join(lg.id, u, T0)
    games = await community.leagues.start(lg.id, T0)
    assert len(games) == 3 and all(len(g.users) == 2 for g in games)
    g = games[0]
    assert g.players(lg) == {"thebes": g.users[0], "athens": g.users[1],
                             "plataea": g.users[1]}
    await community.league_game_started(g.id, game_id=50, channel_id=60, to_act=["thebes"],
                                        at=T0)
    rep = await community.game_ended(50, winners=["athens", "plataea"], at=T0 + H)
    assert rep.league_game.results == ("loss", "win")
    assert sorted(c.user_id for c in rep.rating_changes) == sorted(g.users)
    [[won], _] = rate([[Skill()], [Skill()]], [1, 2])
    after = {c.user_id: c.after for c in rep.rating_changes}
    assert after[g.users[1]] == pytest.approx(won.rating)
    with pytest.raises(CommunityError):
        await community.leagues.create(channel_id=1, name="Bad", ruleset="allies",
                                       scenario="standard", options={"players": 5}, at=T0)


async def test_four_player_epic_league(community):
    """A league of the Epic's four-player game (25.0): four places, the League's three
    allies one team against Athens: when Athens loses, the League's three win together
    (the outcome names them all, 24.8 5) and are rated together against Athens."""
    from .conftest import T0, H
    lg = await community.leagues.create(channel_id=1, name="Peloponnesian League",
                                        ruleset="epic", scenario="four-player", at=T0)
    assert lg.size == 4
    assert lg.seats == ("athens", "sparta", "thebes", "corinth")
    assert lg.teams == (("athens",), ("sparta", "thebes", "corinth"))
    for u in (1, 2, 3, 4, 5):
        await community.leagues.join(lg.id, u, T0)
    games = await community.leagues.start(lg.id, T0)
    assert games and all(len(g.users) == 4 for g in games)
    g = games[0]
    seats = g.players(lg)
    assert set(seats) == {"athens", "sparta", "thebes", "corinth"}
    await community.league_game_started(g.id, game_id=70, channel_id=80, to_act=["athens"],
                                        at=T0)
    rep = await community.game_ended(70, winners=["sparta", "thebes", "corinth"], at=T0 + H)
    results = dict(zip(g.users, rep.league_game.results, strict=True))
    assert results[seats["athens"]] == "loss"
    assert {results[seats[x]] for x in ("sparta", "thebes", "corinth")} == {"win"}
    changes = {c.user_id: c.after - c.before for c in rep.rating_changes}
    assert changes[seats["athens"]] < 0 < changes[seats["sparta"]]
