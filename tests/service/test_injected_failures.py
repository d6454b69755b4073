"""Probes of "nothing lost, nothing twice" with failures injected inside a click
(service/play.py): a ruleset that crashes half-way through an answer, and a commit that
reaches the database but whose caller never hears back (the process is stopped, the
connection drops after the write). Nothing uncommitted may be served afterwards, the
committed action must be answered as itself when repeated, and the game must stay
equal to the replay of its log."""

from __future__ import annotations

import asyncio

import pytest

from service import GameService, Refusal
from tests.fixtures.duel import Duel

from .helpers import NORTH, SOUTH, iid, start_duel

CH = 520


async def _commit_choice(svc: GameService, user: int) -> tuple[str, int]:
    mine = await svc.view(CH, user)
    assert mine.prompt is not None
    return mine.prompt.prompt.options[0].id, mine.version


async def _equals_its_log(svc: GameService) -> None:
    info = await svc.game_info(CH)
    assert await svc.check(info.id) == []  # the stored game is the replay of its log


async def test_a_ruleset_crashing_half_way_through_an_answer_changes_nothing(
        svc, monkeypatch):
    await start_duel(svc, CH)
    option, version = await _commit_choice(svc, NORTH)
    hand_before = (await svc.view(CH, NORTH)).view["hands"]["north"]
    real = Duel.apply

    def half_then_crash(self, s, seat, option_id, ctx):
        real(self, s, seat, option_id, ctx)  # the card leaves the hand in memory...
        raise KeyError("a bug in the rules")  # ...and the rules fail before the end

    monkeypatch.setattr(Duel, "apply", half_then_crash)
    with pytest.raises(KeyError):
        await svc.submit(CH, NORTH, option, version, iid())
    monkeypatch.setattr(Duel, "apply", real)
    # The half-changed game is not served: the hand is whole, the version unmoved.
    after = await svc.view(CH, NORTH)
    assert after.version == version
    assert after.view["hands"]["north"] == hand_before
    done = await svc.submit(CH, NORTH, option, version, iid())
    assert done.version == version + 1
    assert len((await svc.view(CH, NORTH)).view["hands"]["north"]) == len(hand_before) - 1
    await _equals_its_log(svc)


async def test_a_commit_whose_answer_is_lost_is_answered_as_itself_when_repeated(
        svc, monkeypatch):
    await start_duel(svc, CH)
    option, version = await _commit_choice(svc, NORTH)
    real = svc.store.commit_action

    async def written_then_lost(*args, **kwargs):
        await real(*args, **kwargs)  # in the log and the game row...
        raise ConnectionResetError("the answer never came back")  # ...unacknowledged

    monkeypatch.setattr(svc.store, "commit_action", written_then_lost)
    click = iid()
    with pytest.raises(ConnectionResetError):
        await svc.submit(CH, NORTH, option, version, click)
    monkeypatch.setattr(svc.store, "commit_action", real)
    # The same click again (Discord's retry, a double click): the first action, once.
    again = await svc.submit(CH, NORTH, option, version, click)
    assert again.duplicate and again.version == version + 1
    # A second click drawn at the old version is north's prompt gone: refused.
    with pytest.raises(Refusal) as refused:
        await svc.submit(CH, NORTH, option, version, iid())
    assert refused.value.code in ("stale", "illegal")
    info = await svc.game_info(CH)
    assert info.version == version + 1
    assert [a.interaction_id for a in await svc.store.actions(info.id)][-1] == click
    # South's move lands on the committed game, not on a copy the lost answer left.
    south, sv = await _commit_choice(svc, SOUTH)
    assert (await svc.submit(CH, SOUTH, south, sv, iid())).version == version + 2
    await _equals_its_log(svc)


@pytest.mark.parametrize("how", ["raised", "cancelled"])
async def test_a_commit_broken_off_between_the_log_write_and_its_post_writes_nothing(
        tmp_path, monkeypatch, how):
    # SQLite's commit of an action: the game row (version, snapshot when due), then the
    # log row, then the post it owes the channel, in one transaction. Broken off after
    # the log row (an error, or the task cancelled there), none of it may stay.
    svc = await GameService.open(tmp_path / "k.db", snapshot_every=1)
    try:
        await start_duel(svc, CH)
        option, version = await _commit_choice(svc, NORTH)
        store = svc.store
        real = store._add_announcement  # type: ignore[attr-defined]
        reached = asyncio.Event()

        async def broken(c, game_id, seq, *args, **kwargs):
            logged = await (await c.execute(
                "SELECT count(*) FROM actions WHERE game_id = ? AND seq = ?",
                (game_id, seq))).fetchone()
            assert logged == (1,)  # the log row is written, in the open transaction
            reached.set()
            if how == "raised":
                raise OSError("the post could not be written")
            await asyncio.Event().wait()  # until cancelled

        monkeypatch.setattr(store, "_add_announcement", broken)
        click = asyncio.create_task(svc.submit(CH, NORTH, option, version, iid()))
        await reached.wait()
        if how == "cancelled":
            click.cancel()
        with pytest.raises(OSError if how == "raised" else asyncio.CancelledError):
            await click
        monkeypatch.setattr(store, "_add_announcement", real)
        info = await svc.game_info(CH)
        assert info.version == version
        assert await svc.store.actions(info.id) == []
        assert await svc.undelivered(info.id) != []  # the opening post only
        assert all(a.version == 0 for a in await svc.undelivered(info.id))
        done = await svc.submit(CH, NORTH, option, version, iid())
        assert done.version == version + 1
        await _equals_its_log(svc)
    finally:
        await svc.close()
