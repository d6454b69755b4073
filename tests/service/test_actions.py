"""Refusals change nothing; a repeated interaction applies once; undo, resign, abandon,
substitutes."""

from __future__ import annotations

import pytest

from service import Refusal

from .helpers import NORTH, SOUTH, iid, start_duel

CH = 40


async def _state(svc, channel=CH):
    """Everything that must not move when a request is refused."""
    info = await svc.game_info(channel)
    row = await svc.store.get_game(info.id, snapshot=True)
    return (row.version, row.snapshot, row.status, len(await svc.store.actions(info.id)),
            tuple(await svc.store.seats(info.id)))


async def _card(svc, user, channel=CH):
    v = await svc.view(channel, user)
    return v.prompt.prompt.options[0].id, v.version


async def _refused(code, coro):
    with pytest.raises(Refusal) as r:
        await coro
    assert r.value.code == code, r.value
    assert r.value.message
    return r.value


async def test_same_interaction_applies_once(svc):
    await start_duel(svc, CH)
    card, ver = await _card(svc, NORTH)
    first = await svc.submit(CH, NORTH, card, ver, "click-1")
    before = await _state(svc)
    again = await svc.submit(CH, NORTH, card, ver, "click-1")
    assert again.duplicate and not first.duplicate
    assert (again.seq, again.seat, again.kind) == (first.seq, first.seat, first.kind)
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in first.events]
    assert await _state(svc) == before
    # Discord interaction ids are ints: the same id as int or text is the same click.
    card2, ver2 = await _card(svc, SOUTH)
    await svc.submit(CH, SOUTH, card2, ver2, 123456789012345678)
    assert (await svc.submit(CH, SOUTH, card2, ver2, "123456789012345678")).duplicate
    # The id reused by someone else, or elsewhere, is refused, not applied.
    await _refused("duplicate", svc.submit(CH, NORTH, card, ver, "123456789012345678"))
    assert (await _state(svc))[0] == 2


async def test_refusals_change_nothing(svc):
    await start_duel(svc, CH)
    card, ver = await _card(svc, NORTH)
    before = await _state(svc)
    await _refused("not_seated", svc.submit(CH, 4242, card, ver, iid()))
    await _refused("stale", svc.submit(CH, NORTH, card, ver + 1, iid()))
    await _refused("illegal", svc.submit(CH, NORTH, "card:99", ver, iid()))
    await _refused("illegal", svc.submit(CH, NORTH, "bank:left", ver, iid()))
    await _refused("no_game", svc.submit(CH + 1, NORTH, card, ver, iid()))
    await _refused("illegal", svc.submit(CH, NORTH, "", ver, iid()))  # no card chosen
    await _refused("bad_input", svc.submit(CH, NORTH, "card\x00", ver, iid()))
    await _refused("bad_input", svc.submit(CH, -1, card, ver, iid()))
    await _refused("bad_input", svc.submit(CH, NORTH, card, True, iid()))
    await _refused("illegal", svc.undo(CH, NORTH, ver, iid()))  # nothing to undo yet
    assert await _state(svc) == before
    # The refused interaction ids were not burnt: a good request under one applies.
    res = await svc.submit(CH, NORTH, card, ver, "reused-after-refusal")
    assert res.version == ver + 1
    # North's prompt changed with its own choice: a click drawn before it is stale.
    stale = await _refused("stale", svc.submit(CH, NORTH, card, ver, iid()))
    assert stale.details["version"] == ver + 1


async def test_a_click_stays_good_while_the_clickers_own_prompt_is_unchanged(svc):
    """Both seats commit a card face-down at the same time: south's menu was drawn before
    north committed, and still counts, because south's own prompt did not change."""
    await start_duel(svc, CH)
    north_card, ver = await _card(svc, NORTH)
    south_card, south_ver = await _card(svc, SOUTH)
    assert south_ver == ver
    await svc.submit(CH, NORTH, north_card, ver, iid())
    res = await svc.submit(CH, SOUTH, south_card, south_ver, iid())
    assert res.version == ver + 2 and res.seat == "south"
    # After the reveal south's prompt is new: the same old version is now stale.
    winner = next(p for p in res.prompts)
    user = NORTH if winner.seat == "north" else SOUTH
    await _refused("stale", svc.submit(CH, user, winner.prompt.options[0].id, ver, iid()))


async def test_undo_back_to_the_last_reveal(svc):
    await start_duel(svc, CH)
    card, ver = await _card(svc, NORTH)
    await svc.submit(CH, NORTH, card, ver, iid())
    north = await svc.view(CH, NORTH)
    assert north.can_undo and north.prompt is None
    await _refused("illegal", svc.undo(CH, SOUTH, north.version, iid()))  # not south's
    res = await svc.undo(CH, NORTH, north.version, iid())
    assert res.kind == "undo" and res.version == 2
    back = await svc.view(CH, NORTH)
    assert back.prompt is not None and card in {o.id for o in back.prompt.prompt.options}
    assert [a.kind for a in await svc.store.actions(res.game_id)] == ["act", "undo"]
    # After both commit, the reveal is new information: no undo past it.
    await svc.submit(CH, NORTH, card, back.version, iid())
    card2, v2 = await _card(svc, SOUTH)
    await svc.submit(CH, SOUTH, card2, v2, iid())
    v3 = (await svc.view(CH, SOUTH)).version
    await _refused("illegal", svc.undo(CH, SOUTH, v3, iid()))
    assert await svc.check(res.game_id) == []


async def test_resign_ends_the_game(svc):
    await start_duel(svc, CH)
    res = await svc.resign(CH, SOUTH, iid())
    assert res.game_ended and res.outcome.winners == ("north",) and res.seed
    info = await svc.game_info(CH)
    assert info.status == "finished" and info.seed == res.seed
    assert info.outcome["winners"] == ["north"]
    await _refused("no_game", svc.resign(CH, NORTH, iid()))


async def test_abandon_and_replace(svc):
    await start_duel(svc, CH)
    info = await svc.replace_seat(CH, 9, "south", 3003, reason="went on holiday")
    assert info.user_of("south") == 3003
    await _refused("not_seated", svc.submit(CH, SOUTH, "card:1", 0, iid()))
    card, ver = await _card(svc, 3003)
    assert (await svc.submit(CH, 3003, card, ver, iid())).seat == "south"
    await _refused("seat_taken", svc.replace_seat(CH, 9, "north", 3003))
    await _refused("bad_input", svc.replace_seat(CH, 9, "east", 3004))
    changes = await svc.store.seat_changes(info.id)
    assert [c.kind for c in changes][-1] == "replace"
    assert (changes[-1].old_user_id, changes[-1].new_user_id, changes[-1].by_user_id) == (
        SOUTH, 3003, 9)
    over = await svc.abandon(CH, 9, "players vanished")
    assert over.status == "abandoned" and over.seed is not None
    assert over.outcome["reason"] == "players vanished"
    await _refused("no_game", svc.abandon(CH, 9))
    assert (await svc.view(CH, None)).status == "abandoned"  # still viewable


async def test_abandon_lobby_and_leave(svc):
    await svc.create_game(guild_id=1, channel_id=CH, user_id=NORTH, ruleset_id="duel")
    await svc.join(CH, NORTH)
    await _refused("not_seated", svc.leave(CH, SOUTH))
    info = await svc.leave(CH, NORTH)
    assert info.seats == ()
    over = await svc.abandon(CH, 9)
    assert over.status == "abandoned" and over.seed is None


async def test_posted_messages_are_remembered(svc):
    started = await start_duel(svc, CH)
    gid = started.game.id
    await svc.record_post(gid, CH, 111, "map", version=0)
    await svc.record_post(gid, CH, 112, "prompt", seat="north", version=0)
    await svc.record_post(gid, CH, 111, "map", version=3)  # edited in place
    assert [(m.message_id, m.version) for m in await svc.posts(gid, "map")] == [(111, 3)]
    await svc.forget_post(112)
    assert [m.message_id for m in await svc.posts(gid)] == [111]


async def test_choosing_none_of_a_k_of_n_prompt_is_an_answer(svc):
    """A "choose 0 to k" prompt answered with nothing is the empty answer (the bot's
    "Choose none" button, the terminal's '-'): the service passes it to the engine."""
    import tests.fixtures.allies  # noqa: F401 - registers the three-seat fixture

    users = {"thebes": 11, "athens": 12, "plataea": 13}
    await svc.create_game(guild_id=1, channel_id=CH, user_id=11, ruleset_id="allies")
    for seat, user in users.items():
        await svc.join(CH, user, seat)
    await svc.start(CH, 11)
    for _ in range(20):
        waiting = (await svc.view(CH, None)).view["game"]["waiting_for"]
        seat = waiting[0]
        mine = await svc.view(CH, users[seat])
        prompt = mine.prompt.prompt
        if prompt.form == "pick" and prompt.lo == 0:
            result = await svc.submit(CH, users[seat], "", mine.version, iid())
            assert result.version == mine.version + 1
            assert any("nothing" in e.text for e in result.events)
            return
        await svc.submit(CH, users[seat], prompt.options[0].id, mine.version, iid())
    raise AssertionError("no claim prompt came up")
