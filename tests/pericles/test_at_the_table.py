"""Pericles through the real bot process and the Discord stand-in (`keryx sandbox
--ruleset pericles`): four simulated people, or two by variant A (15.12), to the end of
the Archidamian War, with nothing leaked and pings only for a seat that must act."""

from __future__ import annotations

import pytest

from bot.sandbox import run_sandbox


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 2])
async def test_the_archidamian_war_through_the_real_process(tmp_path, players):
    report = await run_sandbox(out=tmp_path / "out", seed=1, ruleset="pericles",
                               scenario="14.1.06 A", workdir=tmp_path, players=players)
    assert report["problems"] == []
    assert report["finished"] is True and report["leaks"] == 0
    assert report["extra_pings"] == 0  # a ping only when a seat must act
    # a map post after both Assemblies, after the theater phase and after each turn
    assert report["phase_posts"] >= 6
    assert report["battle_posts"] == report["battles"]
    channel = (tmp_path / "out" / "channel.md").read_text()
    # the first post waits for all four factions at once: both cities debate together
    assert "Waiting for: Agiad" in channel and "Eurypontid" in channel.split("Waiting for:")[1]
    assert "Game over" in channel
