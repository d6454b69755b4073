"""A click on a game the process holds current commits without reading it first
(service/play.py, Play._act_known): its commit's guard must catch every change another process
(here: another service on the same database) made meanwhile, and the click must then
get the answer a click that had read the game would get."""

from __future__ import annotations

import pytest

import engine
from service import GameService, Refusal
from service.store.base import AsSeen, NewGame, StaleVersion, holders_key

from .conftest import now
from .helpers import NORTH, SOUTH, iid, start_duel

SUB = 1003
CH = 71


async def _click_waiting(svc: GameService):
    """The first waiting seat's holder clicks their first option."""
    info = await svc.game_info(CH)
    view = await svc.view(CH, None)
    seat = view.view["game"]["waiting_for"][0]
    user = info.user_of(seat)
    mine = await svc.view(CH, user)
    return await svc.submit(CH, user, mine.prompt.prompt.options[0].id, mine.version, iid())


async def test_the_guard_refuses_a_commit_whose_channel_or_seats_changed(store):
    """The store's side: with `seen`, the commit is written only when the game is still
    in that channel with exactly those seat holders; otherwise nothing is written."""
    row = await store.create_game(NewGame(None, CH, "duel", "standard", {}, NORTH, now()))
    await store.join(row.id, NORTH, "north", now())
    await store.join(row.id, SOUTH, "south", now())
    g = engine.new_game("duel", seed="s")
    await store.start_game(row.id, {}, snapshot=g.to_json(), version=g.version,
                           seed_hash=g.seed_hash, engine_version=g.engine_version,
                           rules_version=g.rules_version, at=now())
    seats = await store.seats(row.id)
    held = holders_key(seats)
    assert held == f"{NORTH}:north,{SOUTH}:south"

    async def commit(seen: AsSeen, v: int = 0):
        return await store.commit_action(
            row.id, expected_version=v, kind="act", seat="north", option_id="x",
            secret=False, user_id=NORTH, interaction_id=iid(), events=[], snapshot=None,
            at=now(), seen=seen)

    for wrong in (AsSeen(CH + 1, held), AsSeen(CH, f"{NORTH}:north,{SUB}:south"),
                  AsSeen(CH, f"{NORTH}:north")):
        with pytest.raises(StaleVersion):
            await commit(wrong)
    assert await store.actions(row.id) == []
    assert (await commit(AsSeen(CH, held))).seq == 1
    await store.replace_seat(row.id, "south", SUB, by_user_id=NORTH, reason=None, at=now())
    with pytest.raises(StaleVersion):
        await commit(AsSeen(CH, held), v=1)
    assert (await commit(AsSeen(CH, holders_key(await store.seats(row.id))), v=1)).seq == 2


async def test_a_seat_handed_over_elsewhere_is_seen_by_the_next_click(target):
    """Service A holds the game current; service B (another process) hands South's seat
    to a substitute. A's next click by the old holder is refused as not seated, as it
    would be had A read the seats, and the substitute's click applies."""
    a = await GameService.open(target)
    b = await GameService.open(target)
    try:
        started = await start_duel(a, CH)
        # clicks through A until South alone is to decide, A's own click last
        await _click_waiting(a)
        for _ in range(20):
            if (await a.view(CH, None)).view["game"]["waiting_for"] == ["south"]:
                break
            await _click_waiting(a)
        else:
            pytest.skip("South never alone to decide in 20 clicks")
        game_id = started.game.id
        known = a.ctx.cache.pop_known(game_id)
        assert known is not None  # A would skip the read of the next click
        a.ctx.cache.put(game_id, *known)
        await b.replace_seat(CH, NORTH, "south", SUB)
        south = (await b.view(CH, SUB)).prompt
        with pytest.raises(Refusal) as refused:
            await a.submit(CH, SOUTH, south.prompt.options[0].id, south.version, iid())
        assert refused.value.code == "not_seated"
        res = await a.submit(CH, SUB, south.prompt.options[0].id, south.version, iid())
        assert res.seat == "south" and res.user_id == SUB
        assert [p.user_id for p in res.prompts if p.seat == "south"] in ([], [SUB])
        assert await a.check(game_id) == []
    finally:
        await a.close()
        await b.close()
