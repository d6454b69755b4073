"""A seat handed to a substitute while its old holder is clicking (issue 39, point 2).

An action commits only if the clicking user still holds the seat when it commits: the
seat holders are part of the commit's guard, inside its transaction, on both databases.
Two services on one database stand for two bot processes (each has its own connections).
"""

from __future__ import annotations

import asyncio
import random

import pytest

from service import GameService, Refusal
from service.audit import _holder_at
from service.store.base import Store

from .helpers import NORTH, SOUTH, iid, start_duel
from .test_known_game import _click_waiting

SUB = 1003
CH = 71


async def _replaced_moves(store: Store, game_id: int) -> list[int]:
    """Actions whose clicker did not hold the seat when the action was logged, by the
    export audit's own rule (service/audit.py): the seat history against the log."""
    changes = [(c.at.isoformat(), c.seat, c.new_user_id) for c in await store.seat_changes(game_id)
               if c.kind in ("assign", "replace") and c.seat]
    return [a.seq for a in await store.actions(game_id)
            if a.user_id != _holder_at(changes, a.seat, a.at.isoformat())]


@pytest.mark.parametrize("known", [False, True], ids=["read-first", "held-current"])
async def test_a_click_read_before_a_replacement_and_committed_after_it_is_refused(
        target, known):
    """Service A reads the game for South's click; service B hands South's seat to a
    substitute; only then does A commit. The commit must find South no longer seated:
    the click is refused as not seated and nothing is logged for South after the
    replacement. `held-current`: A holds the game current and skips the read."""
    a = await GameService.open(target)
    b = await GameService.open(target)
    try:
        game_id = (await start_duel(a, CH)).game.id
        for _ in range(20):
            if (await a.view(CH, None)).view["game"]["waiting_for"] == ["south"]:
                break
            await _click_waiting(b if not known else a)
        else:
            pytest.skip("South never alone to decide in 20 clicks")
        if not known:
            a.ctx.cache.drop(game_id)  # A reads the game first
        south = (await a.view(CH, SOUTH)).prompt
        assert south is not None
        reached, go = asyncio.Event(), asyncio.Event()
        commit = a.store.commit_action

        async def paused(*args, **kwargs):
            reached.set()
            await go.wait()
            return await commit(*args, **kwargs)

        a.store.commit_action = paused  # type: ignore[method-assign]
        click = asyncio.create_task(
            a.submit(CH, SOUTH, south.prompt.options[0].id, south.version, iid()))
        await asyncio.wait_for(reached.wait(), 10)
        await b.replace_seat(CH, NORTH, "south", SUB)
        go.set()
        with pytest.raises(Refusal) as refused:
            await click
        assert refused.value.code == "not_seated"
        assert await _replaced_moves(a.store, game_id) == []
        res = await a.submit(CH, SUB, south.prompt.options[0].id, south.version, iid())
        assert res.user_id == SUB and res.seat == "south"
        assert await a.check(game_id) == []
    finally:
        await a.close()
        await b.close()


async def _clicker(services: list[GameService], channel: int, user: int,
                   rng: random.Random, stop: asyncio.Event, applied: list[int]) -> None:
    """`user` clicks whenever one of their seats is asked, through a random service."""
    while not stop.is_set():
        svc = rng.choice(services)
        try:
            mine = await svc.view(channel, user)
            if mine.prompt is None or not mine.prompt.prompt.options:
                await asyncio.sleep(0)
                continue
            res = await svc.submit(channel, user, rng.choice(mine.prompt.prompt.options).id,
                                   mine.version, iid())
            applied.append(res.seq)
        except Refusal as r:
            if r.code in ("no_game", "wrong_status"):
                return
            await asyncio.sleep(0)


async def test_replacements_racing_clicks_on_two_processes_commit_no_replaced_move(tmp_path):
    """Two services with their own connection pools on one PostgreSQL database serve the
    same games; both players click through either at random while B hands South's seat to
    a substitute at a random moment. No action of the old holder may be logged after the
    replacement (the export audit's rule), and every game equals its log's replay."""
    from tests.backends import database

    rng = random.Random(39)
    async with database("postgres", tmp_path) as url:
        a = await GameService.open(url)
        b = await GameService.open(url)
        try:
            bad, races = 0, 0
            for game in range(24):
                channel = 9000 + game
                game_id = (await start_duel(a, channel)).game.id
                stop = asyncio.Event()
                applied: list[int] = []
                clicks = [asyncio.create_task(_clicker([a, b], channel, user, rng, stop,
                                                       applied))
                          for user in (NORTH, SOUTH, SOUTH, SUB)]
                await asyncio.sleep(rng.uniform(0.005, 0.04))
                try:
                    await b.replace_seat(channel, NORTH, "south", SUB)
                    races += 1
                except Refusal:  # the game ended first
                    pass
                await asyncio.sleep(0.02)
                stop.set()
                await asyncio.gather(*clicks)
                bad += len(await _replaced_moves(a.store, game_id))
                assert await a.check(game_id) == []
            assert races >= 12
            assert bad == 0
        finally:
            await a.close()
            await b.close()
