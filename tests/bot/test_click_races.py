"""Probes of clicks racing each other through the bot and the Discord stand-in: the
same card button pressed twice at once, and one interaction delivered twice (a gateway
that replays an event after a reconnect). Each applies once; the player is left with
the prompt as it stands, never an apology."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot.controller import WENT_WRONG, Keryx
from service.results import BidResult
from standin.interactions import MESSAGE_COMPONENT

from .test_bot_game import open_duel


async def _alices_prompt(t):
    msg, cid = t.players()[0].latest_open()
    res = await t.alice.click(msg, cid)
    prompt = await res.wait_for_message()
    card = next(c["custom_id"] for c in prompt.interactive_components()
                if c["custom_id"].startswith("kx:c:"))
    return prompt, card


async def test_a_card_button_pressed_twice_at_once_commits_once(table):
    # Duel rule R1: alice (north) commits one card face-down; two presses in flight
    # together commit one card.
    await open_duel(table)
    prompt, card = await _alices_prompt(table)
    first, second = await asyncio.gather(table.alice.click(prompt, card),
                                         table.alice.click(prompt, card))
    await asyncio.gather(first.wait_for_response(), second.wait_for_response())
    svc = table.bot.keryx.svc
    await table.bot.keryx.drain(5)
    info = await svc.game_info(table.channel.id)
    assert info.version == 1
    log = await svc.store.actions(info.id)
    assert [(a.seat, a.user_id) for a in log] == [("north", table.alice.id)]
    shown = table.standin.recorder.messages[prompt.id].content
    assert WENT_WRONG not in shown and "Nothing to decide" in shown
    assert len((await svc.view(table.channel.id, table.alice.id)).view["hands"]["north"]) == 2


async def test_one_interaction_delivered_twice_applies_once(table):
    await open_duel(table)
    prompt, card = await _alices_prompt(table)
    res = await table.alice.click(prompt, card)
    await res.wait_for_response()
    await table.bot.keryx.drain(5)
    table.standin.gateway.dispatch("INTERACTION_CREATE", res.payload)  # replayed
    await asyncio.sleep(0.3)
    await table.bot.keryx.drain(5)
    svc = table.bot.keryx.svc
    info = await svc.game_info(table.channel.id)
    assert info.version == 1
    assert len(await svc.store.actions(info.id)) == 1


async def test_a_forged_click_on_another_players_private_prompt_leaves_it_alone(table):
    # Only alice sees her prompt; a click forged in bob's name on its card button gets
    # bob a new private reply of his own and leaves alice's message (her hand) as it was,
    # never overwritten with bob's prompt (his hand).
    await open_duel(table)
    prompt, card = await _alices_prompt(table)
    before = table.standin.recorder.messages[prompt.id].content
    res = await table.bob._interact(MESSAGE_COMPONENT, {"custom_id": card, "component_type": 2},
                                    table.standin.channel(prompt.channel_id), message=prompt,
                                    timeout=5.0)
    reply = await res.wait_for_message(lambda m: not m.loading)
    await table.bot.keryx.drain(5)
    assert table.standin.recorder.messages[prompt.id].content == before
    assert reply.id != prompt.id and reply.ephemeral and reply.visible_to == table.bob.id
    assert "You play **North**" in before and "You play **North**" not in reply.content
    assert (await table.bot.keryx.svc.game_info(table.channel.id)).version == 0


async def test_a_last_bid_whose_game_another_process_began_is_told_so():
    # Two processes took the last two sealed bids at once (tests/service/
    # test_lobby_races.py): the one that did not begin the game tells its bidder the
    # game begins, and leaves the opening post to the process that began it.
    sent: list[str] = []

    class Response:
        def is_done(self):
            return False

        async def send_message(self, content, **kwargs):
            sent.append(content)

    class Itx:
        response = Response()

    class NoPosts(Keryx):
        async def game_begun(self, itx, started):
            raise AssertionError("the opening post is the other process's")

    keryx = NoPosts(None, None)  # type: ignore[arg-type]
    bidding = SimpleNamespace(unit="Prestige")
    await keryx.bid_placed(Itx(), BidResult(bidding, "sparta", 1,  # type: ignore[arg-type]
                                            begun_elsewhere=True))
    await keryx.bid_placed(Itx(), BidResult(bidding, "athens", 2))  # type: ignore[arg-type]
    assert "Every bid is in: the game begins" in sent[0] and "1 Prestige" in sent[0]
    assert "stays secret until every bid is in" in sent[1]
