"""`keryx league`: the leagues of a database, and one league's games, table and ratings,
read without Discord (service/community/overview.py)."""

from __future__ import annotations

import asyncio

from typer.testing import CliRunner

from keryx.cli import app
from service.community import Community
from service.community.overview import overview

from .conftest import T0, D

NAMES = {101: "Pericles", 102: "Archidamus", 103: "Cleon"}


async def league_of_three(path) -> None:
    """Three players, one round robin: one game won by Athens, one drawn, one running."""
    async with Community(path) as c:
        lg = await c.leagues.create(channel_id=7, guild_id=1, name="Archidamian War",
                                    ruleset="athens-sparta", scenario="431",
                                    seats=("athens", "sparta"), at=T0)
        for user, name in NAMES.items():
            await c.leagues.join(lg.id, user, T0)
            await c.remember_name(user, name)
        await c.leagues.start(lg.id, T0, shuffle_seed=1)
        for p in await c.leagues.pending_games():
            await c.league_game_started(p.id, game_id=500 + p.id, channel_id=900 + p.id,
                                        to_act=["athens"], at=T0)
        first, second, _ = await c.leagues.games(lg.id)
        await c.leagues.record_result(first.id, ["athens"], T0 + D, by=1)
        await c.leagues.record_result(second.id, [], T0 + D, by=1)


async def test_the_overview_lists_leagues_then_shows_one(tmp_path):
    path = tmp_path / "k.db"
    await league_of_three(path)
    listing = await overview(str(path))
    assert listing == ("#1 Archidamian War — athens-sparta (431), running, 3 entrants, "
                       "2/3 games over")
    text = await overview(str(path), "archidamian war")
    assert text is not None and text.startswith(listing)
    lines = text.splitlines()
    results = [ln for ln in lines if ln.startswith("round ")]
    assert len(results) == 3
    assert sum(" beat " in ln for ln in results) == 1
    assert sum(" drew with " in ln for ln in results) == 1
    assert sum(ln.endswith(": running") for ln in results) == 1
    assert all("(adjudicated)" in ln for ln in results if "beat" in ln or "drew" in ln)
    assert "Archidamian War — table" in text
    assert "```" not in text and "**" not in text  # a terminal's text, not Discord's
    for name in NAMES.values():
        assert name in text
    assert "Ratings (athens-sparta" in text  # adjudicated games are not rated: none listed
    assert await overview(str(path), "Peloponnesian") is None


def test_keryx_league_prints_and_refuses(tmp_path):
    path = tmp_path / "k.db"
    asyncio.run(league_of_three(path))
    runner = CliRunner()
    listed = runner.invoke(app, ["league", "--db", str(path)])
    assert listed.exit_code == 0 and "#1 Archidamian War" in listed.output
    shown = runner.invoke(app, ["league", "Archidamian War", "--db", str(path)])
    assert shown.exit_code == 0 and "Archidamian War — table" in shown.output
    unknown = runner.invoke(app, ["league", "Delian", "--db", str(path)])
    assert unknown.exit_code == 1 and "No league called 'Delian'" in unknown.output
    missing = runner.invoke(app, ["league", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 2 and not (tmp_path / "none.db").exists()
