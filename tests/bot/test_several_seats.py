"""`/game new players:2` for `allies` through the stand-in: one person holds Athens and
Plataea together. Their prompts name the seat, the components are drawn for that seat,
and a double click answers that seat's prompt once (never the other seat's)."""

from __future__ import annotations

import asyncio
import random

import tests.fixtures.allies  # noqa: F401 - registers "allies" and its renderer
from standin.players import RandomPlayer, play_until_over
from tests.bot.prompts import edited, open_prompt


async def _two_player_allies(t):
    r = await t.alice.slash("game", "new", ruleset="allies", players=2)
    made = await r.wait_for_message()
    assert "2 players (this scenario takes 2 or 3" in made.content
    assert "Thebes, Athens & Plataea" in made.content
    r = await t.alice.slash("game", "join", seat="plataea")
    joined = await r.wait_for_message()
    assert "as **Athens & Plataea**" in joined.content and "Free: Thebes" in joined.content
    await (await t.bob.slash("game", "join")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)


async def test_one_person_two_seats_prompts_name_the_seat_and_clicks_apply_once(table):
    t = table
    await _two_player_allies(t)
    svc = t.bot.keryx.svc
    ping = [m for m in t.public() if m.components][-1]
    for seat in ("Athens", "Plataea"):                      # posts name each seat
        assert f"{seat} (<@{t.alice.id}>)" in ping.content
    prompt = await open_prompt(t, t.alice)
    assert "You play **Athens** (you also hold Plataea)" in prompt.content
    buttons = {c["label"]: c["custom_id"] for c in prompt.interactive_components()
               if c["custom_id"].startswith("kx:c:")}
    athens_fortify = next(cid for label, cid in buttons.items() if "ortify" in label)
    assert athens_fortify.split(":")[3] == "0.1"      # version 0, drawn for seat 1 (Athens)
    # a double click: both reach the bot before the message changes. Plataea's prompt is
    # open with the same options at the same version, but the second click was drawn for
    # Athens, so it is answered as stale and applies to nothing.
    edits = len(prompt.history)
    clicks = await asyncio.gather(t.alice.click(prompt, athens_fortify),
                                  t.alice.click(prompt, athens_fortify))
    for r in clicks:
        await r.wait_for_response()
    await edited(prompt, edits)
    await asyncio.sleep(0.3)
    assert (await svc.game_info(t.channel.id)).version == 1
    assert "You play **Plataea** (you also hold Athens)" in prompt.content
    plataea = [c for c in prompt.interactive_components() if c["custom_id"].startswith("kx:c:")]
    assert all(c["custom_id"].split(":")[3] == "1.2" for c in plataea)
    edits = len(prompt.history)
    r = await t.alice.click(prompt, plataea[0]["custom_id"])
    await r.wait_for_response()
    await edited(prompt, edits)
    assert (await svc.game_info(t.channel.id)).version == 2
    actions = [a.seat for a in await svc.history(t.channel.id, t.alice.id)]
    assert actions == ["athens", "plataea"]


async def test_two_people_play_allies_whole(table):
    t = table
    await _two_player_allies(t)
    rng = random.Random(7)
    players = [RandomPlayer(t.standin, u, t.channel, rng) for u in (t.alice, t.bob)]
    assert await play_until_over(t.standin, players, t.channel) > 0
    info = await t.bot.keryx.svc.game_info(t.channel.id)
    assert info.status == "finished"
    assert t.standin.unhandled == []
