"""Payloads no honest client sends must not stop the bot (issue 39, point 6): a string
option holding a lone surrogate (which orjson, discord.py's JSON reader, refuses) and a
player count written in superscript digits are answered, and the bot goes on answering
everyone else."""

from __future__ import annotations

import tests.fixtures.tally  # noqa: F401 - registers "tally"


async def test_a_lone_surrogate_in_an_option_leaves_the_bot_answering_others(table):
    r = await table.alice.slash("game", "new", ruleset="tally",
                                options={"options": "target=\ud800"})
    refused = await r.wait_for_message()  # the sender is answered too
    assert refused.ephemeral and "whole number" in refused.content
    r = await table.bob.slash("game", "new", ruleset="tally")
    reply = await r.wait_for_message()
    assert "Tally" in reply.content and not reply.ephemeral


async def test_a_payload_discord_py_cannot_read_is_dropped_and_the_bot_goes_on(table):
    """An interaction missing its fields, straight onto the gateway."""
    table.standin.gateway.dispatch("INTERACTION_CREATE", {"type": 2, "id": "x"})
    table.standin.gateway.dispatch("INTERACTION_CREATE", {"type": 3, "data": None})
    r = await table.bob.slash("game", "new", ruleset="tally")
    reply = await r.wait_for_message()
    assert "Tally" in reply.content


async def test_players_in_superscript_digits_is_refused_clearly(table):
    r = await table.alice.slash("game", "new", ruleset="tally",
                                 options={"options": "players=²"})
    reply = await r.wait_for_message()
    assert "Something went wrong" not in reply.content
    assert "whole number" in reply.content and reply.ephemeral
