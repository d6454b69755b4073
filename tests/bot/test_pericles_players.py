"""`/game new pericles players:N` through the stand-in: the message says how many people
play and what each holds (not the four places), and lists no empty option."""

from __future__ import annotations


async def test_solitaire_says_one_player_and_the_bots_places(table):
    r = await table.alice.slash("game", "new", ruleset="pericles", scenario="14.1.06 A",
                                players=1)
    made = (await r.wait_for_message()).content
    assert "1 player (this scenario takes" in made
    assert "4 players" not in made
    assert "one of the 4 places; Keryx's bots hold the other 3" in made
    assert "phormio=" not in made


async def test_four_people_hold_every_place(table):
    r = await table.alice.slash("game", "new", ruleset="pericles", scenario="14.1.06 A",
                                players=4)
    made = (await r.wait_for_message()).content
    assert "4 players (this scenario takes" in made and "Keryx's bots" not in made
