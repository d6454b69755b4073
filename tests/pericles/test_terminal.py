"""`keryx play pericles --players 2`: variant A (15.12) in the terminal, one person holding
a faction of each city, Keryx's heuristic the other two, every prompt answered by typing."""

from __future__ import annotations

import random

from bot.console import play
from tests.bot.test_console import random_player_at_the_keyboard


async def test_variant_a_in_the_terminal_to_the_end_rule_15_12(tmp_path):
    said: list[str] = []
    ask = random_player_at_the_keyboard(said, random.Random(7), first=["h", "m"])
    outcome = await play(ruleset="pericles", scenario="14.1.06 A1", seat=None, hotseat=False,
                         database=tmp_path / "c.db", seed=2, options={"players": 2},
                         ask=ask, say=said.append, out_dir=tmp_path / "maps",
                         opponent="heuristic")
    text = "\n".join(said)
    assert outcome is not None and "Game over" in text
    assert "is not a command" not in text and "There is no choice" not in text
    # one person, two factions: one of each city (Aristocrats with Agiad)
    assert "You play Aristocrats (you also hold Agiad)" in text or \
        "You play Agiad (you also hold Aristocrats)" in text
    assert "debate round" in text and "theater phase" in text
    assert list((tmp_path / "maps").glob("*.png"))
