"""The PPW in a channel: a whole short scenario through the real bot process and the
Discord stand-in, with four simulated people, or one person against Keryx's heuristic
holding the other three majors (rule 9.2); battle displays for every battle, the status
cards as the hand picture, and nothing public the public view would not show."""

from __future__ import annotations

import pytest

import engine
from bot.choices import channel_rulesets
from bot.sandbox import run_sandbox
from engine.players import cannot_play


def test_channels_may_open_the_ppw():
    assert engine.ruleset("ppw").not_in_channels is None and "ppw" in channel_rulesets()
    assert cannot_play("heuristic", "ppw") is None  # an empty seat is Keryx's


@pytest.mark.slow
@pytest.mark.parametrize(("players", "opponent"), [(4, None), (2, "heuristic")])
async def test_a_whole_short_scenario_through_the_real_process(tmp_path, players, opponent):
    report = await run_sandbox(out=tmp_path / "out", seed=1, ruleset="ppw",
                               scenario="archidamian", players=players, opponent=opponent,
                               workdir=tmp_path, bot_delay_s=0.0)
    assert report["problems"] == []
    assert report["finished"] is True and report["leaks"] == 0
    assert report["battle_posts"] == report["battles"] > 0
    channel = (tmp_path / "out" / "channel.md").read_text()
    assert "Game over" in channel and "map-v" in channel
    seen = (tmp_path / "out" / "player-alcibiades.md").read_text()
    assert "hand.png]" in seen and "my-map.png]" in seen
