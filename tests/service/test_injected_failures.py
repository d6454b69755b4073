"""Probes of "nothing lost, nothing twice" with failures injected inside a click
(service/play.py): a ruleset that crashes half-way through an answer, and a commit that
reaches the database but whose caller never hears back (the process is stopped, the
connection drops after the write). Nothing uncommitted may be served afterwards, the
committed action must be answered as itself when repeated, and the game must stay
equal to the replay of its log."""

from __future__ import annotations

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
