"""Richer decisions on Discord, through the stand-in: an amount asked in a modal (bad
input gets a private message and changes nothing; a second submit of the same modal does
not apply twice) and choose 30 of 100 over paged multi-selects (every option reachable);
400 of 1,000, a selection too long for custom ids, built whole through the message."""

from __future__ import annotations

import json
import random

import tests.fixtures.stake  # noqa: F401 - registers "stake" (posted as text: no renderer)
from standin.players import RandomPlayer, play_until_over
from tests.bot.prompts import edited, open_prompt


async def _open_stake(t, **scenario):
    await (await t.alice.slash("game", "new", ruleset="stake", **scenario)).wait_for_message()
    await (await t.alice.slash("game", "join", seat="north")).wait_for_message()
    await (await t.bob.slash("game", "join", seat="south")).wait_for_message()
    await (await t.bob.slash("game", "start")).wait_for_message(lambda m: "seed hash" in m.content)
    await t.standin.wait_for_message(lambda m: m.public and "-# game" in m.content)


def _ids(message, prefix):
    return [c for c in message.interactive_components() if c["custom_id"].startswith(prefix)]


async def test_amount_in_a_modal_and_k_of_n_over_pages(table):
    t = table
    await _open_stake(t)
    svc = t.bot.keryx.svc
    prompt = await open_prompt(t, t.alice)
    (button,) = _ids(prompt, "kx:n:")
    assert button["label"] == "Enter an amount (0–50)"
    assert not _ids(prompt, "kx:c:") and not _ids(prompt, "kx:s:")  # no list of 51 values

    opened = await t.alice.click(prompt, button["custom_id"])
    await opened.wait_for_response()
    modal = opened.modal
    assert modal is not None and modal["custom_id"].startswith("kx:N:")
    for bad in ("abc", "51", "-1", "3.5", " "):
        r = await t.alice.submit_modal(opened, {"amount": bad})
        told = await r.wait_for_message()
        assert told.ephemeral and "Nothing was chosen" in told.content and "0 to 50" in told.content
        assert (await svc.game_info(t.channel.id)).version == 0
    edits = len(prompt.history)
    r = await t.alice.submit_modal(opened, {"amount": " 17 "})
    await r.wait_for_response()
    await edited(prompt, edits)                # the prompt message moved on in place
    assert (await svc.game_info(t.channel.id)).version == 1
    edits = len(prompt.history)
    again = await t.alice.submit_modal(opened, {"amount": "18"})  # the same modal twice
    await again.wait_for_response()
    await edited(prompt, edits)
    assert (await svc.game_info(t.channel.id)).version == 1

    # south: 30 of 100 beacons, three menus per page, adding several at a time
    prompt = await open_prompt(t, t.bob)
    seen = set()
    for _ in range(5):
        adders = _ids(prompt, "kx:a:")
        seen |= {o["label"] for c in adders for o in c["options"]}
        nxt = [c for c in _ids(prompt, "kx:q:") if c["label"].startswith("Next")]
        if not nxt:
            break
        edits = len(prompt.history)
        r = await t.bob.click(prompt, nxt[0]["custom_id"])
        await r.wait_for_response()
        await edited(prompt, edits)
    assert seen == {f"Beacon {i}" for i in range(1, 101)}   # every option reachable
    prompt = await open_prompt(t, t.bob)
    first = _ids(prompt, "kx:a:")[0]
    assert first["max_values"] == 25
    edits = len(prompt.history)
    r = await t.bob.select(prompt, first["custom_id"], [o["value"] for o in first["options"][:20]])
    await r.wait_for_response()
    await edited(prompt, edits)
    assert "So far: Beacon 1, Beacon 2" in prompt.content
    later = _ids(prompt, "kx:a:")[2]                      # beacons 71..95
    assert later["max_values"] == 10                      # room left: 10
    edits = len(prompt.history)
    r = await t.bob.select(prompt, later["custom_id"], [o["value"] for o in later["options"][:10]])
    await r.wait_for_response()
    await edited(prompt, edits)
    assert not _ids(prompt, "kx:a:")                      # full
    (submit,) = _ids(prompt, "kx:k:")
    edits = len(prompt.history)
    r = await t.bob.click(prompt, submit["custom_id"])
    await r.wait_for_response()
    await edited(prompt, edits)
    info = await svc.game_info(t.channel.id)
    assert info.status == "finished"
    assert info.outcome["winners"] == ["south"]            # stake 17 < beacon 80 // 2
    export = await svc.export_game(info.id)
    assert '"17"' in export and '"18"' not in export       # the stake, once
    assert t.standin.unhandled == []


async def test_random_players_play_it_through_the_modal_and_the_pages(table):
    t = table
    await _open_stake(t)
    rng = random.Random(3)
    players = [RandomPlayer(t.standin, u, t.channel, rng) for u in (t.alice, t.bob)]
    assert await play_until_over(t.standin, players, t.channel) == 2
    info = await t.bot.keryx.svc.game_info(t.channel.id)
    assert info.status == "finished"


async def test_400_of_1000_built_through_the_message(table):
    """The crowded stake: South marks the 400 highest of 1,000 beacons. The selection soon
    outgrows Discord's custom ids and rides in the prompt message's last line; the bot
    reads it back on each click, and the submit answers exactly the 400 marked."""
    t = table
    await _open_stake(t, scenario="crowded")
    svc = t.bot.keryx.svc
    prompt = await open_prompt(t, t.alice)
    opened = await t.alice.click(prompt, _ids(prompt, "kx:n:")[0]["custom_id"])
    await opened.wait_for_response()
    edits = len(prompt.history)
    await (await t.alice.submit_modal(opened, {"amount": "0"})).wait_for_response()
    await edited(prompt, edits)

    prompt = await open_prompt(t, t.bob)
    while nxt := [c for c in _ids(prompt, "kx:q:") if c["label"].startswith("Next")]:
        edits = len(prompt.history)                       # to the last page
        await (await t.bob.click(prompt, nxt[0]["custom_id"])).wait_for_response()
        await edited(prompt, edits)
    carried = False
    while adders := _ids(prompt, "kx:a:"):
        menu = adders[-1]
        carried |= menu["custom_id"].endswith(":@")
        edits = len(prompt.history)
        values = [o["value"] for o in menu["options"]][-menu["max_values"]:]
        await (await t.bob.select(prompt, menu["custom_id"], values)).wait_for_response()
        await edited(prompt, edits)
        assert len(prompt.content) <= 2000
    assert carried and prompt.content.splitlines()[-1].startswith("-# Selection: ~")
    (submit,) = _ids(prompt, "kx:k:")
    assert submit["custom_id"].endswith(":@")
    edits = len(prompt.history)
    await (await t.bob.click(prompt, submit["custom_id"])).wait_for_response()
    await edited(prompt, edits)
    info = await svc.game_info(t.channel.id)
    assert info.status == "finished" and info.outcome["winners"] == ["south"]
    export = json.loads(await svc.export_game(info.id))
    marks = export["log"][-1]
    assert sorted(int(m[1:]) for m in marks[-1].split("|")) == list(range(601, 1001))
    assert t.standin.unhandled == []
