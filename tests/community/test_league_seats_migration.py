"""Migration 0014 turns two-seat league games (user_a, user_b, result 'a'/'b'/'draw') into
one row per person with their own result, losslessly: a database made by the previous
schema reads back the same pairings, the same results and the same table."""

from __future__ import annotations

from service.community import Community

from .conftest import T0, migrations_before

# (id, round, board, user_a, user_b, status, result, result_how)
OLD_GAMES = [(1, 1, 1, 11, 12, "finished", "a", "played"),
             (2, 1, 2, 13, 14, "finished", "b", "time"),
             (3, 2, 1, 11, 13, "finished", "draw", "played"),
             (4, 2, 2, 14, 12, "void", None, "adjudicated"),
             (5, 3, 1, 12, 13, "running", None, None),
             (6, 3, 2, 11, 14, "pending", None, None)]


async def test_two_seat_league_data_survives_the_migration(db_path, tmp_path):
    old = Community(db_path, migrations=migrations_before(tmp_path, 14))
    await old.open()
    async with old.db.tx() as c:
        await c.execute(
            "INSERT INTO leagues (id, channel_id, name, ruleset, scenario, seats, status, "
            "created_at) VALUES (1, 5, 'Old', 'athens-sparta', 'standard', "
            "'[\"athens\", \"sparta\"]', 'running', '2025-03-01T09:00:00.000000Z')")
        for u in (11, 12, 13, 14):
            await c.execute("INSERT INTO league_players (league_id, user_id, joined_at) "
                            "VALUES (1, ?, '2025-03-01T09:00:00.000000Z')", (u,))
        for gid, rnd, board, a, b, status, result, how in OLD_GAMES:
            await c.execute(
                "INSERT INTO league_games (id, league_id, round, board, user_a, user_b, "
                "game_id, status, result, result_how) VALUES (?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
                (gid, rnd, board, a, b, 100 + gid if status != "pending" else None, status,
                 result, how))
    await old.close()

    new = Community(db_path)
    await new.open()
    try:
        league = await new.leagues.get(1)
        assert league.seats == ("athens", "sparta") and league.holdings == (("athens",),
                                                                            ("sparta",))
        assert league.teams == () and league.size == 2
        games = {g.id: g for g in await new.leagues.games(1)}
        expected = {"a": ("win", "loss"), "b": ("loss", "win"), "draw": ("draw", "draw"),
                    None: (None, None)}
        for gid, rnd, board, a, b, status, result, how in OLD_GAMES:
            g = games[gid]
            assert (g.round, g.board, g.users, g.status, g.result_how) == (rnd, board, (a, b),
                                                                          status, how)
            assert g.results == expected[result]
            assert g.players(league) == {"athens": a, "sparta": b}
        # the table as the two-seat code scored it: 11 won and drew, 12 lost, 13 lost on
        # time and drew, 14 won; game 4 is void
        table = {s.user_id: (s.played, s.won, s.drawn, s.lost, s.points)
                 for s in await new.leagues.table(1)}
        assert table == {11: (2, 1, 1, 0, 3), 12: (1, 0, 0, 1, 0), 13: (2, 0, 1, 1, 1),
                         14: (1, 1, 0, 0, 2)}
        assert [g.id for g in await new.leagues.games(1, user_id=14)] == [2, 4, 6]
        # the running game still ends the usual way, scored per person
        await new.clocks.register_game(105, channel_id=9, ruleset="athens-sparta",
                                       players={"athens": 12, "sparta": 13}, to_act=["athens"],
                                       at=T0, pace=None, league_game_id=5)
        rep = await new.game_ended(105, winners=["sparta"], at=T0)
        assert rep.league_game.results == ("loss", "win")
    finally:
        await new.close()
