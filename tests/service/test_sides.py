"""Sides chosen at the start (`sides: bid` / `sides: random`, service/sides.py): sealed
bids that stay secret until both are in, the higher bid paying, a roll-off on a tie that
anyone can re-derive from the revealed seed, different sides for free, a bid that applies
once, and bids that survive a restart. Hellenes, whose bid is Prestige (its RULINGS.md)."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from service import GameService, Refusal
from service import sides as S

from .helpers import GUILD

ALICE, BOB, CAROL = 2001, 2002, 2003
CH = 900


async def _bid_lobby(svc, channel=CH, scenario="431", options=None):
    info = await svc.create_game(guild_id=GUILD, channel_id=channel, user_id=ALICE,
                                 ruleset_id="hellenes", scenario=scenario, options=options,
                                 sides_mode="bid")
    assert info.sides == "bid"
    await svc.join(channel, ALICE)
    await svc.join(channel, BOB)
    return info


async def _code(coro) -> str:
    with pytest.raises(Refusal) as r:
        await coro
    return r.value.code


async def _revealed_seed(svc, channel) -> str:
    info = await svc.abandon(channel, CAROL, "test over")
    assert info.seed is not None
    return info.seed


async def test_the_bid_lobby_refuses_what_does_not_belong(svc):
    await svc.create_game(guild_id=GUILD, channel_id=CH, user_id=ALICE,
                          ruleset_id="hellenes", sides_mode="bid")
    assert await _code(svc.join(CH, ALICE, "athens")) == "bad_input"  # no seat named
    await svc.join(CH, ALICE)
    assert await _code(svc.open_bidding(CH, ALICE)) == "wrong_status"  # one player short
    await svc.join(CH, BOB)
    assert await _code(svc.place_bid(CH, ALICE, "athens", 1)) == "wrong_status"  # not open
    assert await _code(svc.start(CH, ALICE)) == "bidding"
    assert await _code(svc.open_bidding(CH, CAROL)) == "not_allowed"
    opened = await svc.open_bidding(CH, BOB)
    assert opened.just_opened and opened.unit == "Prestige" and opened.most == 10
    assert opened.sides == ("athens", "sparta") and set(opened.waiting) == {ALICE, BOB}
    again = await svc.open_bidding(CH, ALICE)
    assert not again.just_opened
    assert await _code(svc.leave(CH, BOB)) == "wrong_status"  # bids open: nobody leaves
    assert await _code(svc.place_bid(CH, CAROL, "athens", 1)) == "not_seated"
    assert await _code(svc.place_bid(CH, ALICE, "corinth", 1)) == "bad_input"
    assert await _code(svc.place_bid(CH, ALICE, "athens", 11)) == "bad_input"
    assert await _code(svc.place_bid(CH, ALICE, "athens", -1)) == "bad_input"
    assert (await svc.bidding(CH)).bid == ()  # nothing refused was stored


async def test_creating_a_bid_lobby_needs_a_ruleset_that_takes_bids(svc):
    assert await _code(svc.create_game(guild_id=GUILD, channel_id=CH, user_id=ALICE,
                                       ruleset_id="duel", sides_mode="bid")) == "bad_input"
    assert await _code(svc.create_game(
        guild_id=GUILD, channel_id=CH, user_id=ALICE, ruleset_id="hellenes",
        options={"prestige_handicap": 2}, sides_mode="bid")) == "bad_input"  # the bid sets it
    assert await _code(svc.create_game(guild_id=GUILD, channel_id=CH, user_id=ALICE,
                                       ruleset_id="hellenes", sides_mode="auction")) == "bad_input"
    with pytest.raises(Refusal):
        await svc.game_info(CH)  # nothing was opened


async def test_bids_are_secret_until_both_are_in_and_the_higher_pays(svc):
    await _bid_lobby(svc)
    await svc.open_bidding(CH, ALICE)
    first = await svc.place_bid(CH, ALICE, "athens", 3)
    assert first.started is None and first.side == "athens" and first.amount == 3
    status = await svc.bidding(CH)
    assert status.bid == (ALICE,) and status.waiting == (BOB,)
    # what anyone can ask for names who has bid, never the amount or the side
    assert {f.name for f in dataclasses.fields(status)}.isdisjoint({"amount", "bids"})
    info = await svc.game_info(CH)
    assert info.status == "open" and info.seats_of(ALICE) == ()
    assert await svc.claim_announcement(info.id) is None  # nothing public yet

    last = await svc.place_bid(CH, BOB, "athens", 2)
    started = last.started
    assert started is not None and started.game.status == "running"
    assert started.game.user_of("athens") == ALICE and started.game.user_of("sparta") == BOB
    assert started.game.options["prestige_handicap"] == -3  # Athens pays its 3
    assert started.public_view["prestige"] == -3 and started.public_view["handicap"] == -3
    post = await svc.claim_announcement(started.game.id)
    assert post is not None and post.opening
    assert post.sides == {"mode": "bid", "bids": [[ALICE, "athens", 3], [BOB, "athens", 2]],
                          "rolls": [], "paid": [ALICE, "athens", 3],
                          "seats": [[ALICE, "athens"], [BOB, "sparta"]]}
    # the game row carries the options it was set up with
    assert (await svc.game_info(CH)).options["prestige_handicap"] == -3


async def test_different_sides_cost_nothing(svc):
    await _bid_lobby(svc, scenario="413")
    await svc.open_bidding(CH, BOB)
    await svc.place_bid(CH, BOB, "athens", 4)
    started = (await svc.place_bid(CH, ALICE, "sparta", 6)).started
    assert started is not None
    assert started.game.user_of("athens") == BOB and started.game.user_of("sparta") == ALICE
    assert started.game.options["prestige_handicap"] == 0
    assert started.public_view["prestige"] == 3  # 15.3's own start, unchanged
    post = await svc.claim_announcement(started.game.id)
    assert post.sides["paid"] is None and post.sides["rolls"] == []


async def test_a_tie_is_settled_by_a_roll_anyone_can_check_after_the_end(svc):
    await _bid_lobby(svc)
    await svc.open_bidding(CH, ALICE)
    await svc.place_bid(CH, ALICE, "sparta", 2)
    started = (await svc.place_bid(CH, BOB, "sparta", 2)).started
    assert started is not None
    record = (await svc.claim_announcement(started.game.id)).sides
    rolls = record["rolls"]
    assert len(rolls) >= 2 and len(rolls) % 2 == 0
    winner = record["paid"][0]
    loser = BOB if winner == ALICE else ALICE
    assert started.game.user_of("sparta") == winner and started.game.user_of("athens") == loser
    assert started.game.options["prestige_handicap"] == 2  # Sparta pays: toward Athens
    last_pair = {u: d for u, d in rolls[-2:]}
    assert last_pair[winner] > last_pair[loser]
    seed = await _revealed_seed(svc, CH)
    assert engine.seed_hash(seed) == started.seed_hash
    order, again = S.roll_order(S.dice(seed), [ALICE, BOB])
    assert again == rolls and order[0] == winner


async def test_a_second_bid_applies_once(svc):
    await _bid_lobby(svc)
    await svc.open_bidding(CH, ALICE)
    await svc.place_bid(CH, ALICE, "athens", 5)
    with pytest.raises(Refusal) as r:
        await svc.place_bid(CH, ALICE, "sparta", 0)  # a double click, or a change of mind
    assert r.value.code == "already_bid" and "5 Prestige for athens" in r.value.message
    assert (await svc.bidding(CH)).bid == (ALICE,)
    started = (await svc.place_bid(CH, BOB, "sparta", 0)).started
    assert started.game.user_of("athens") == ALICE and started.game.options[
        "prestige_handicap"] == 0
    assert await _code(svc.place_bid(CH, BOB, "sparta", 1)) == "wrong_status"  # game on


async def test_bids_survive_a_restart(target):
    svc = await GameService.open(target)
    try:
        await _bid_lobby(svc)
        await svc.open_bidding(CH, ALICE)
        await svc.place_bid(CH, BOB, "sparta", 7)
    finally:
        await svc.close()
    svc = await GameService.open(target)  # a new process on the same database
    try:
        status = await svc.bidding(CH)
        assert status.bid == (BOB,) and status.waiting == (ALICE,)
        assert await _code(svc.place_bid(CH, BOB, "athens", 1)) == "already_bid"
        started = (await svc.place_bid(CH, ALICE, "sparta", 6)).started
        assert started is not None
        assert started.game.user_of("sparta") == BOB
        assert started.game.options["prestige_handicap"] == 7
    finally:
        await svc.close()


async def test_random_sides_are_drawn_by_a_checkable_roll(svc):
    info = await svc.create_game(guild_id=GUILD, channel_id=CH, user_id=ALICE,
                                 ruleset_id="duel", sides_mode="random")
    assert info.sides == "random"
    assert await _code(svc.join(CH, ALICE, "north")) == "bad_input"
    await svc.join(CH, ALICE)
    await svc.join(CH, BOB)
    started = await svc.start(CH, BOB)
    post = await svc.claim_announcement(started.game.id)
    record = post.sides
    assert record["mode"] == "random"
    first = next(u for u, seat in record["seats"] if seat == "north")
    assert started.game.user_of("north") == first
    assert started.game.user_of("south") == ({ALICE, BOB} - {first}).pop()
    seed = await _revealed_seed(svc, CH)
    order, rolls = S.roll_order(S.dice(seed), [ALICE, BOB])
    assert rolls == record["rolls"] and order[0] == first


def test_resolving_bids_on_their_own():
    rules = engine.ruleset("hellenes")
    leads = ("athens", "sparta")
    a, b = S.Bid(1, "sparta", 4), S.Bid(2, "sparta", 9)
    got = S.resolve_bids(rules, leads, [a, b], "seed")
    assert got.assignment == {2: "sparta", 1: "athens"}
    assert got.options == {"prestige_handicap": 9} and got.record["paid"] == [2, "sparta", 9]
    zero = S.resolve_bids(rules, leads, [S.Bid(1, "athens", 0), S.Bid(2, "athens", 0)], "s")
    assert zero.options == {} and len(zero.record["rolls"]) >= 2  # a roll, for nothing
    # a tie goes to each player for some seeds: the roll decides, not the order of bids
    winners = {S.resolve_bids(rules, leads, [S.Bid(1, "athens", 3), S.Bid(2, "athens", 3)],
                              f"s{i}").record["paid"][0] for i in range(20)}
    assert winners == {1, 2}
    # Athens & Sparta's bid is its tourney bid (10.3)
    aands = S.resolve_bids(engine.ruleset("athens-sparta"), leads,
                           [S.Bid(1, "athens", 2), S.Bid(2, "athens", 1)], "s")
    assert aands.options == {"bid": "athens:2"}


def test_roll_order_rerolls_only_ties():
    class Dice:
        def __init__(self, values):
            self.values = list(values)

        def die(self):
            return self.values.pop(0)

    order, rolls = S.roll_order(Dice([3, 5, 3, 6, 2]), [1, 2, 3])  # type: ignore[arg-type]
    assert order == [2, 1, 3]  # 5 first; 1 and 3 tied at 3 roll again: 6 beats 2
    assert rolls == [[1, 3], [2, 5], [3, 3], [1, 6], [3, 2]]


async def test_the_export_carries_the_sides_and_the_audit_redraws_them(svc):
    import json

    await _bid_lobby(svc)
    await svc.open_bidding(CH, ALICE)
    await svc.place_bid(CH, ALICE, "sparta", 4)
    started = (await svc.place_bid(CH, BOB, "sparta", 4)).started  # a tie: a roll-off
    await svc.abandon(CH, CAROL, "over")
    text = await svc.export_game(started.game.id)
    record = json.loads(text)["keryx"]["sides"]
    assert record["bids"] == [[ALICE, "sparta", 4], [BOB, "sparta", 4]] and record["rolls"]
    assert svc.import_game(text).ok
    # a record altered after the fact is caught: the bids, or who won the roll
    for tamper in ({"bids": [[ALICE, "sparta", 4], [BOB, "sparta", 3]]},
                   {"paid": [BOB if record["paid"][0] == ALICE else ALICE, "sparta", 4]}):
        data = json.loads(text)
        data["keryx"]["sides"].update(tamper)
        checked = svc.import_game(json.dumps(data))
        assert not checked.ok and any("sides" in p for p in checked.problems)
