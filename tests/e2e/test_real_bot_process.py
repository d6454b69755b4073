"""The real `keryx run` process against the Discord stand-in, played by two simulated
users who choose random options from what the bot shows them."""

from __future__ import annotations

import pytest

import tests.fixtures.duel_plugin  # noqa: F401 - the audit replays the duel here too
from bot.sandbox import run_sandbox


@pytest.mark.slow
async def test_whole_athens_sparta_game_survives_a_kill_and_leaks_nothing(tmp_path):
    report = await run_sandbox(out=tmp_path / "out", seed=11, ruleset="athens-sparta",
                               workdir=tmp_path, kill_after=40)
    assert report["problems"] == []
    assert report["finished"] is True          # the game ended with an outcome
    assert report["restarts"] == 1             # SIGKILL mid-game, old buttons kept working
    assert report["leaks"] == 0                # public images are exactly public renders
    assert report["phase_posts"] >= 10         # a public map post after every phase
    assert report["ephemeral_messages"] > 0
    assert (tmp_path / "out" / "channel.md").read_text().count("[image") >= 10
    for player in ("alcibiades", "brasidas"):  # each player's own hand and map, saved
        seen = (tmp_path / "out" / f"player-{player}.md").read_text()
        assert "hand.png]" in seen and "my-map.png]" in seen
        assert seen.count("[image") >= 4


@pytest.mark.slow
async def test_whole_hellenes_game_through_the_real_process(tmp_path):
    """`/game new hellenes 431`: a whole game of the block game through the real bot with
    random answers, a public post per phase and per battle, private hands and maps."""
    # The simulated players' path depends on when the bot's posts land, and a rare random
    # game ends before any battle: a second seed then shows the combat displays.
    for seed in (2, 7):
        out, work = tmp_path / f"out{seed}", tmp_path / f"work{seed}"
        work.mkdir()
        report = await run_sandbox(out=out, seed=seed, ruleset="hellenes", scenario="431",
                                   workdir=work)
        assert report["problems"] == []
        assert report["finished"] is True and report["leaks"] == 0
        assert report["phase_posts"] >= 10
        assert report["battle_posts"] == report["battles"]  # a combat display per battle
        if report["battles"]:
            break
    assert report["battles"] > 0
    channel = (out / "channel.md").read_text()
    assert "The 431 Campaign" in channel and "Game over" in channel
    assert "Battle of" in channel and "battle-v" in channel
    for player in ("alcibiades", "brasidas"):
        seen = (out / f"player-{player}.md").read_text()
        assert "hand.png]" in seen and "my-map.png]" in seen
        assert "coins; Event for" in seen  # the hand lists each card with its event


@pytest.mark.slow
async def test_whole_epic_game_through_the_real_process(tmp_path):
    """`/game new epic`: a whole Argive League (about 1,300 choices) through the real bot,
    a map post per phase and a combat display per battle, each player's own map and aids,
    and every public image exactly the public view's render."""
    report = await run_sandbox(out=tmp_path / "out", seed=1, ruleset="epic", workdir=tmp_path)
    assert report["problems"] == []
    assert report["finished"] is True and report["leaks"] == 0
    assert report["choices"] > 300 and report["phase_posts"] >= 20
    assert report["battle_posts"] == report["battles"]
    channel = (tmp_path / "out" / "channel.md").read_text()
    assert "Game over" in channel and "map-v" in channel
    for player in ("alcibiades", "brasidas"):
        seen = (tmp_path / "out" / f"player-{player}.md").read_text()
        assert "hand.png]" in seen and "my-map.png]" in seen


async def test_plugin_ruleset_game_through_the_real_process(tmp_path):
    report = await run_sandbox(seed=3, ruleset="duel", workdir=tmp_path,
                               plugins="tests.fixtures.duel_plugin")
    assert report["problems"] == [] and report["finished"] and report["leaks"] == 0
    assert report["first_response_ms_p99"] < 1000


@pytest.mark.slow  # a whole game through the real process; the fast lane keeps one
async def test_a_game_without_renderer_plays_through_and_players_see_their_map_as_text(
        tmp_path):
    """A plug-in game with no renderer: its posts and "My map" replies are text, and a
    simulated player's look at its map takes that reply (it used to wait out its whole
    timeout for an image, which is why the Epic's sandbox once ran past 240 s)."""
    report = await run_sandbox(out=tmp_path / "out", seed=3, ruleset="duel", workdir=tmp_path,
                               plugins="tests.fixtures.duel_plain_plugin")
    assert report["problems"] == [] and report["finished"] and report["leaks"] == 0
    assert report["images"] == 0
    journals = "".join(p.read_text() for p in (tmp_path / "out").glob("player-*.md"))
    assert "My map → " in journals and "'s map · v" in journals


@pytest.mark.slow  # a whole game through the real process; the fast lane keeps one
async def test_three_seat_allied_game_with_rich_decisions_through_the_real_process(tmp_path):
    """`allies` (tests/fixtures/allies.py): three people, k-of-n claims as multi-selects,
    amounts, secret simultaneous orders, battle images from the shared pieces."""
    import tests.fixtures.allies  # noqa: F401 - the audit replays allies here too

    report = await run_sandbox(out=tmp_path / "out", seed=5, ruleset="allies",
                               workdir=tmp_path, plugins="tests.fixtures.allies")
    assert report["problems"] == [] and report["finished"] and report["leaks"] == 0
    assert report["phase_posts"] >= 3  # one map post per round
    journals = "".join(p.read_text() for p in (tmp_path / "out").glob("player-*.md"))
    assert "Choose from 0 to" in journals  # a k-of-n claim was shown and answered
    assert "how many reserves" in journals  # an amount
    assert len(list((tmp_path / "out").glob("player-*.md"))) == 3


@pytest.mark.slow
async def test_a_whole_game_against_keryx_search_through_the_real_process(tmp_path):
    """One person against Keryx (`/game new opponent:search`) in the three-seat allies
    game: Keryx holds two seats, its runner plays them in the bot process, and after a
    SIGKILL mid-game the restarted process finds its open turns and plays on."""
    import tests.fixtures.allies  # noqa: F401 - the audit replays allies here too

    report = await run_sandbox(out=tmp_path / "out", seed=7, ruleset="allies",
                               workdir=tmp_path, plugins="tests.fixtures.allies",
                               opponent="search", budget_s=0.2, kill_after=2)
    assert report["problems"] == [] and report["finished"] and report["leaks"] == 0
    assert report["restarts"] == 1
    channel = (tmp_path / "out" / "channel.md").read_text()
    assert "Keryx (search)" in channel
    assert len(list((tmp_path / "out").glob("player-*.md"))) == 1


@pytest.mark.slow
async def test_four_player_epic_year_pings_a_person_once_per_run(tmp_path):
    """Issue 34, point 10: about a year of the four-player Epic (250 choices; a random
    year takes 240 to 1,600): a person is pinged only when play passes to them, at most
    once per run of their own decisions, and one standing "waiting for" message (edited,
    posted again only to ping) replaces a post per decision."""
    report = await run_sandbox(seed=2, ruleset="epic", scenario="four-player",
                               workdir=tmp_path, max_choices=250)
    assert report["problems"] == []
    # the simulated people act concurrently, so the game differs from run to run and may
    # end before 250 choices (a capital taken): then the whole game is checked
    assert report["choices"] >= 250 or (report["finished"] and report["choices"] >= 100), \
        (report["choices"], report["finished"])
    assert report["extra_pings"] == 0
    runs = report["runs_by_person"]
    assert len(runs) == 4 and report["pings"] > 0
    for person, pinged in report["pings_by_person"].items():
        assert pinged <= runs.get(person, 0) + 1, (person, pinged, runs)
    assert report["call_posts"] <= 1
