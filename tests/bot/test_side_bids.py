"""Bidding for sides on Discord, through the stand-in (`/game new sides:bid`, Hellenes):
players join without a seat, `/game start` posts the call for sealed bids, each bids in
private (a side's button and a modal, or `/game bid`), nothing of a bid shows in the
channel until both are in, a second click seals nothing more, and the opening post
reveals both bids and who pays."""

from __future__ import annotations


def _bid_buttons(message):
    return [c for c in message.interactive_components() if c["custom_id"].startswith("kx:b:")]


async def test_sealed_bids_for_sides_through_the_bot(table):
    t = table
    svc = t.bot.keryx.svc
    r = await t.alice.slash("game", "new", ruleset="hellenes", sides="bid")
    opened = await r.wait_for_message()
    assert opened.public and "sealed bids of 0 to 10 Prestige" in opened.content
    r = await t.alice.slash("game", "join", seat="athens")
    refused = await r.wait_for_message()
    assert refused.ephemeral and "join without naming a seat" in refused.content
    joined = await (await t.alice.slash("game", "join")).wait_for_message()
    assert "Free:" not in joined.content  # no seat is free or taken before the bids
    joined = await (await t.bob.slash("game", "join")).wait_for_message()
    assert "opens the sealed bids for sides" in joined.content

    r = await t.bob.slash("game", "start")
    call = await r.wait_for_message(lambda m: "Sealed bids for sides" in m.content)
    assert call.public and set(call.mention_ids) == {t.alice.id, t.bob.id}
    buttons = {b["label"]: b["custom_id"] for b in _bid_buttons(call)}
    assert set(buttons) == {"Bid for Athens", "Bid for Sparta"}

    # alice: Athens, through the button and its modal
    click = await t.alice.click(call, buttons["Bid for Athens"])
    await click.wait_for_response()
    assert click.modal is not None and click.modal["custom_id"].startswith("kx:B:")
    bad = await t.alice.submit_modal(click, {"amount": "11"})
    told = await bad.wait_for_message()
    assert told.ephemeral and "Nothing was sealed" in told.content
    good = await t.alice.submit_modal(click, {"amount": " 3 "})
    sealed = await good.wait_for_message()
    assert sealed.ephemeral and "Your sealed bid: 3 Prestige for **Athens**" in sealed.content
    assert "secret until every bid is in" in sealed.content
    # a double click seals nothing more
    again = await t.alice.click(call, buttons["Bid for Sparta"])
    no = await again.wait_for_message()
    assert no.ephemeral and "bids are final" in no.content and again.modal is None
    twice = await t.alice.submit_modal(click, {"amount": "9"})
    no = await twice.wait_for_message()
    assert no.ephemeral and "3 Prestige for athens" in no.content
    status = await svc.bidding(t.channel.id)
    assert status.bid == (t.alice.id,)
    assert (await svc.game_info(t.channel.id)).status == "open"
    # nothing of a bid in the channel while the bidding runs
    assert not any("3 Prestige" in m.content or "Your sealed bid" in m.content
                   for m in t.public())

    # bob: Athens too, by command, lower: alice takes Athens and pays 3
    r = await t.bob.slash("game", "bid", side="athens", amount=2)
    last = await r.wait_for_message(lambda m: "Every bid is in" in m.content)
    assert last.ephemeral
    opening = await t.standin.wait_for_message(
        lambda m: m.public and "Sealed bids:" in m.content, timeout=30)
    assert f"<@{t.alice.id}> 3 Prestige for Athens" in opening.content
    assert f"<@{t.bob.id}> 2 Prestige for Athens" in opening.content
    assert "starts 3 Prestige behind" in opening.content
    assert "seed hash" in opening.content.lower() and opening.attachments
    info = await svc.game_info(t.channel.id)
    assert info.status == "running" and info.user_of("athens") == t.alice.id
    assert info.user_of("sparta") == t.bob.id
    assert info.options["prestige_handicap"] == -3
    assert t.standin.unhandled == []


async def test_random_sides_through_the_bot(table):
    t = table
    r = await t.alice.slash("game", "new", ruleset="duel", sides="random")
    assert "drawn by a dice roll" in (await r.wait_for_message()).content
    await (await t.alice.slash("game", "join")).wait_for_message()
    await (await t.bob.slash("game", "join")).wait_for_message()
    r = await t.bob.slash("game", "start")
    await r.wait_for_message(lambda m: "seed hash" in m.content)
    opening = await t.standin.wait_for_message(
        lambda m: m.public and "Sides drawn:" in m.content)
    info = await t.bot.keryx.svc.game_info(t.channel.id)
    north = info.user_of("north")
    assert north in (t.alice.id, t.bob.id)
    assert f"<@{north}> plays **North**" in opening.content
    # Keryx does not bid: sides:bid with an opponent is refused before anything opens
    await t.bot.keryx.svc.abandon(t.channel.id, t.mod.id, "done")
    r = await t.alice.slash("game", "new", ruleset="hellenes", sides="bid", opponent="random")
    refused = await r.wait_for_message()
    assert refused.ephemeral and "games between people" in refused.content
