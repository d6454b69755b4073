"""A click names the prompt state it was drawn from: a second click drawn from the same
shown version never applies, even when the seat's prompt looks the same after its move."""

from __future__ import annotations

import asyncio

import pytest

import engine
import tests.fixtures.tally  # noqa: F401  (registers "tally")
from service import GameService, Refusal

from .helpers import NORTH, SOUTH, iid

CH = 70


async def _start_tally(svc: GameService, channel: int = CH) -> int:
    await svc.create_game(guild_id=1, channel_id=channel, user_id=NORTH, ruleset_id="tally")
    await svc.join(channel, NORTH, "north")
    await svc.join(channel, SOUTH, "south")
    return (await svc.start(channel, NORTH)).game.id


def test_own_action_always_changes_own_prompt():
    g = engine.new_game("tally", seed=1)
    before = g.prompt_for("north")
    g.act("north", "add")
    assert g.prompt_for("north") == before  # looks the same ...
    assert g.prompt_version("north") == g.version  # ... but counts as a new prompt


async def test_same_seat_double_click_applies_once(svc):
    await _start_tally(svc)
    shown = await svc.view(CH, NORTH)
    first = await svc.submit(CH, NORTH, "add", shown.version, iid())
    assert first.version == shown.version + 1
    with pytest.raises(Refusal) as r:
        await svc.submit(CH, NORTH, "add", shown.version, iid())
    assert r.value.code == "stale"
    assert (await svc.view(CH, None)).view["pile"] == 1


async def test_double_clicks_at_once_apply_once_each(svc):
    """Bursts of the same seat's clicks drawn from one shown version: one applies."""
    game_id = await _start_tally(svc)
    for _ in range(6):
        shown = await svc.view(CH, NORTH)
        results = await asyncio.gather(
            *[svc.submit(CH, NORTH, "add", shown.version, iid()) for _ in range(5)],
            return_exceptions=True)
        applied = [x for x in results if not isinstance(x, BaseException)]
        assert len(applied) == 1, results
        if applied[0].game_ended:
            break
    assert await svc.check(game_id) == []


async def test_old_click_after_restart_does_not_apply_again(tmp_path):
    path = tmp_path / "keryx.db"
    svc = await GameService.open_sqlite(path)
    try:
        await _start_tally(svc)
        shown = [await svc.view(CH, NORTH)]
        await svc.submit(CH, NORTH, "add", shown[0].version, iid())
        shown.append(await svc.view(CH, NORTH))
        await svc.submit(CH, NORTH, "add", shown[1].version, iid())
    finally:
        await svc.close()
    svc = await GameService.open_sqlite(path)  # a restart: nothing cached
    try:
        for old in shown:
            with pytest.raises(Refusal) as r:
                await svc.submit(CH, NORTH, "add", old.version, iid())
            assert r.value.code == "stale"
        assert (await svc.view(CH, None)).view["pile"] == 2
    finally:
        await svc.close()


async def test_double_click_of_the_seat_that_took_over(svc):
    """After the turn passes, the new seat's double click applies once too."""
    await _start_tally(svc)
    v0 = (await svc.view(CH, NORTH)).version
    await svc.submit(CH, NORTH, "pass", v0, iid())
    south = await svc.view(CH, SOUTH)
    await svc.submit(CH, SOUTH, "add", south.version, iid())
    with pytest.raises(Refusal):
        await svc.submit(CH, SOUTH, "add", south.version, iid())
