"""The bot benchmark's click-to-post figure measures each post from the click that caused
it, not from whichever click came last before it."""

from __future__ import annotations

import random

import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from bot.bench import _made_by, click_to_post_ms
from service import GameService
from tests.service.helpers import start_duel


def test_a_post_counts_from_its_own_click_not_a_later_one():
    # Game 1: the click that made v7 at t=10.0; the player clicks again (v8) at 10.1,
    # before the v7 post lands at 10.4. The post took 400 ms, not 300.
    made_by = {(1, 7): "a", (1, 8): "b", (2, 3): "c"}
    clicked = {"a": 10.0, "b": 10.1, "c": 20.0}
    posts = [(1, 7, 10.4), (2, 3, 20.25)]
    assert [round(ms) for ms in click_to_post_ms(posts, made_by, clicked)] == [400, 250]


def test_posts_no_click_made_are_left_out():
    # the opening map (v0: no action), and a version made without a recorded click
    # (an action imported, or a seat played by the bot itself)
    made_by = {(1, 1): None, (1, 2): "x"}
    posts = [(1, 0, 5.0), (1, 1, 6.0), (1, 2, 7.0)]
    assert click_to_post_ms(posts, made_by, {}) == []
    assert [round(ms) for ms in click_to_post_ms(posts, made_by, {"x": 6.5})] == [500]


async def test_made_by_names_the_click_behind_each_version(tmp_path):
    path = str(tmp_path / "keryx.db")
    svc = await GameService.open(path)
    made = {}
    try:
        start = await start_duel(svc, channel=900)
        rng = random.Random(3)
        for n in range(3):
            info = await svc.game_info(900)
            seat = rng.choice((await svc.view(900, None)).view["game"]["waiting_for"])
            mine = await svc.view(900, info.user_of(seat))
            option = rng.choice(mine.prompt.prompt.options).id
            r = await svc.submit(900, info.user_of(seat), option, mine.version, f"click-{n}")
            made[(r.game_id, r.version)] = f"click-{n}"
    finally:
        await svc.close()
    assert await _made_by(path, {start.game.id}) == made


async def tiny_bot_bench():
    from bot.bench import bench_bot

    return await bench_bot(games=1, choices_per_game=2)


def test_the_bot_section_runs_on_the_loop_a_fresh_install_has(monkeypatch):
    """`keryx bench` runs its sections on uvloop (a dependency); the stand-in used to
    assert an asyncio.Server and the bot section failed on every install (issue 34.4)."""
    from keryx import bench
    from service import event_loop

    assert event_loop.loop_name() == "uvloop"
    monkeypatch.setattr(bench, "benches", lambda: [("bot", __name__, "tiny_bot_bench", True)])
    result = bench.run(["bot"])
    assert result["skipped"] == {}
    assert result["figures"]["bot_bench_interactions"] >= 2
    assert result["figures"]["bot_bench_games"] == 1


def test_bench_refuses_a_section_it_does_not_have():
    from typer.testing import CliRunner

    from keryx.cli import app

    res = CliRunner().invoke(app, ["bench", "--only", "engine", "--only", "nonsense"])
    assert res.exit_code == 2
    assert "Unknown bench section nonsense" in res.output and "store_pg" in res.output
    assert "[engine]" not in res.output  # refused before anything ran
