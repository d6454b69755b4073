"""`keryx play`: the terminal transport, through the service layer."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import engine
import tests.fixtures.duel  # noqa: F401 - registers the fixture ruleset
from bot.console import play


async def test_a_whole_game_against_the_random_player(tmp_path):
    """The duel's renderer is registered by this folder's conftest, so 'm' draws a map."""
    said: list[str] = []
    script = itertools.chain(["?", "h", "zzz", "m", "l"], itertools.repeat("1"))
    outcome = await play(ruleset="duel", scenario=None, seat="north", hotseat=False,
                         database=tmp_path / "c.db", seed=3, ask=lambda _: next(script),
                         say=said.append, out_dir=tmp_path)
    text = "\n".join(said)
    assert outcome is not None and outcome["winners"]
    assert "Game over" in text and "Seed:" in text
    assert "Not understood" in text and "Map written to" in text
    assert (tmp_path / "map-north.png").exists()


async def test_quitting_keeps_the_game_to_resume(tmp_path):
    answers = iter(["1", "q"])
    await play(ruleset="duel", scenario=None, seat="north", hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=lambda _: next(answers),
               say=lambda _: None, out_dir=tmp_path)
    said: list[str] = []
    rest = itertools.chain(["q"])
    await play(ruleset="duel", scenario=None, seat="north", hotseat=True,
               database=tmp_path / "c.db", seed=1, ask=lambda _: next(rest),
               say=said.append, out_dir=tmp_path)
    assert any("[south]" in s for s in said)  # resumed where north had already committed


async def test_starting_from_a_position(tmp_path):
    folder = Path(engine.__file__).parent / "rulesets" / "athens_sparta" / "positions"
    position = json.loads((folder / "chios_example.json").read_text())
    said: list[str] = []
    await play(ruleset="athens-sparta", scenario=None, seat="sparta", hotseat=True,
               database=tmp_path / "c.db", seed=1, position=position,
               ask=lambda _: "q", say=said.append, out_dir=tmp_path)
    assert any("Olympiad" in s for s in said)
