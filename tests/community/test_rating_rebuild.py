"""Migration 0019 and the rebuild: results recorded by the Glicko-2 code (winners and
losers, no places, no teams) are rated again under the Weng-Lin model when the community
tables are first opened, and give exactly what recording those games today gives."""

from __future__ import annotations

import tests.fixtures.allies  # noqa: F401 - registers "allies" (teams: athens + plataea)
from service.community import Community
from service.community.skill import MODEL_NAME

from .conftest import T0, D, migrations_before

TEAMS = '[["athens", "plataea"], ["thebes"]]'

# (game, ruleset, league, day, {seat: (user, result)}, status, rated)
OLD = [(1, "athens-sparta", None, 0, {"athens": (1, "win"), "sparta": (2, "loss")},
        "finished", 1),
       (2, "allies", 1, 1, {"athens": (1, "win"), "plataea": (3, "win"),
                            "thebes": (2, "loss")}, "finished", 1),
       (3, "allies", None, 2, {"athens": (2, "loss"), "plataea": (3, "loss"),
                               "thebes": (1, "win")}, "finished", 1),
       (4, "allies", None, 3, {"athens": (1, "draw"), "plataea": (3, "draw"),
                               "thebes": (2, "draw")}, "finished", 1),
       (5, "athens-sparta", None, 4, {"athens": (1, None), "sparta": (2, None)},
        "abandoned", 0),
       (6, "athens-sparta", None, 5, {"athens": (1, "win"), "sparta": (1, "loss")},
        "finished", 0)]


async def fill_old(c):
    await c.execute(
        "INSERT INTO leagues (id, channel_id, name, ruleset, scenario, seats, status, "
        "created_at, teams) VALUES (1, 5, 'Old', 'allies', 'standard', "
        "'[\"thebes\", \"athens\", \"plataea\"]', 'running', '2025-03-01T09:00:00.000000Z', ?)",
        (TEAMS,))
    # game 3 was casual: its teams come from the game store's row (the scenario)
    await c.execute("INSERT INTO games (id, channel_id, ruleset, scenario, status, created_at, "
                    "updated_at) VALUES (3, 9, 'allies', 'standard', 'finished', ?, ?)",
                    ("2025-03-01T09:00:00.000000Z", "2025-03-01T09:00:00.000000Z"))
    for gid, ruleset, league, day, seats, status, rated in OLD:
        for seat, (user, result) in seats.items():
            await c.execute(
                "INSERT INTO player_games (game_id, user_id, seat, ruleset, status, result, "
                "on_time, rated, league_id, ended_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
                (gid, user, seat, ruleset, status, result, rated, league,
                 (T0 + day * D).strftime("%Y-%m-%dT%H:%M:%S.%fZ")))
    # a stale Glicko-2 rating, which the rebuild replaces
    await c.execute("INSERT INTO ratings (user_id, ruleset, rating, rd, volatility, games, "
                    "updated_at) VALUES (1, 'athens-sparta', 1662.3, 290.3, 0.06, 1, ?)",
                    ("2025-03-01T09:00:00.000000Z",))


async def replay_today(path):
    """The same games recorded by today's code, on a database of their own."""
    async with Community(path) as live:
        for gid, ruleset, _league, day, seats, status, _rated in OLD:
            players = {seat: user for seat, (user, _) in seats.items()}
            winners = [seat for seat, (_, result) in seats.items() if result == "win"]
            # game 4 has neither a league nor a game row: its seats are rated alone
            known = ruleset == "allies" and gid != 4
            teams = (("athens", "plataea"), ("thebes",)) if known else ()
            await live.game_ended(gid, winners=winners, status=status, ruleset=ruleset,
                                  players=players, teams=teams, at=T0 + day * D)
        return await ratings_of(live)


async def ratings_of(community):
    rows = await community.db.all("SELECT user_id, ruleset, rating, rd, games FROM ratings "
                                  "ORDER BY ruleset, user_id")
    return {(r[0], r[1]): (round(r[2], 9), round(r[3], 9), r[4]) for r in rows}


async def test_recorded_results_are_rated_again(db_path, tmp_path):
    old = Community(db_path, migrations=migrations_before(tmp_path, 19))
    await old.open()
    async with old.db.tx() as c:
        await fill_old(c)
    await old.close()

    async with Community(db_path) as new:
        got = await ratings_of(new)
        assert got == await replay_today(tmp_path / "today.db")
        assert set(got) == {(1, "athens-sparta"), (2, "athens-sparta"), (1, "allies"),
                            (2, "allies"), (3, "allies")}
        assert got[1, "athens-sparta"][2] == 1 and got[1, "allies"][2] == 3
        assert got[1, "athens-sparta"][0] != round(1662.3, 9)
        assert await new.db.one("SELECT model FROM rating_model") == (MODEL_NAME,)
        assert await new.db.one("SELECT count(*) FROM rating_changes") == (11,)
        # old rows got their places (from the result) and teams (league, scenario)
        rows = await new.db.all("SELECT game_id, seat, place, team FROM player_games "
                                "WHERE game_id IN (2, 3, 4, 5) ORDER BY game_id, seat")
        assert [tuple(r) for r in rows] == [
            (2, "athens", 1, "athens+plataea"), (2, "plataea", 1, "athens+plataea"),
            (2, "thebes", 2, "thebes"),
            (3, "athens", 2, "athens+plataea"), (3, "plataea", 2, "athens+plataea"),
            (3, "thebes", 1, "thebes"),
            (4, "athens", 1, "athens"), (4, "plataea", 1, "plataea"),
            (4, "thebes", 1, "thebes"),
            (5, "athens", None, None), (5, "sparta", None, None)]
        # a second opening finds the model current and rebuilds nothing
        assert await new.ratings.ensure_model(T0) is False


async def test_a_new_database_names_its_model_with_its_first_rated_game(db_path):
    async with Community(db_path) as c:
        # opening writes nothing (`keryx db copy` wants an empty target)
        assert await c.db.one("SELECT count(*) FROM rating_model") == (0,)
        await c.game_ended(1, winners=["athens"], ruleset="athens-sparta",
                           players={"athens": 1, "sparta": 2}, at=T0)
        assert await c.db.one("SELECT model FROM rating_model") == (MODEL_NAME,)
        assert await c.ratings.ensure_model(T0 + D) is False   # nothing to rebuild
