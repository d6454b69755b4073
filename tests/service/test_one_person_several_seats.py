"""One person holding several seats where the scenario says so: `allies` for two people
(tests/fixtures/allies.py: Thebes alone; Athens and Plataea, allied, held by one person).
The lobby seats people by place, the prompts are per seat, the seat a choice is for is
named (or is the first of the holder's seats with an open decision), and a repeated click
applies once per seat's prompt."""

from __future__ import annotations

import pytest

import tests.fixtures.allies  # noqa: F401 - registers "allies"
from service.errors import Refusal

CH, GUILD, THEBES, ALLIES, OTHER = 700, 1, 11, 12, 13


async def two_player_allies(svc):
    await svc.create_game(guild_id=GUILD, channel_id=CH, user_id=THEBES, ruleset_id="allies",
                          options={"players": 2})
    info = await svc.join(CH, ALLIES, "plataea")          # any seat of the place
    assert info.seats_of(ALLIES) == ("athens", "plataea") and info.players == 2
    with pytest.raises(Refusal) as err:
        await svc.join(CH, OTHER, "athens")
    assert err.value.code == "seat_taken"
    await svc.join(CH, THEBES)
    with pytest.raises(Refusal) as err:
        await svc.join(CH, OTHER)
    assert err.value.code == "full"
    return await svc.start(CH, THEBES)


async def test_player_count_chosen_at_creation(svc):
    with pytest.raises(Refusal) as err:
        await svc.create_game(guild_id=GUILD, channel_id=CH, user_id=1, ruleset_id="allies",
                              options={"players": 4})
    assert "2 or 3 players" in err.value.message


async def test_one_person_holds_two_allied_seats(svc):
    start = await two_player_allies(svc)
    info = start.game
    assert {s.seat: s.user_id for s in info.seats} == {"thebes": THEBES, "athens": ALLIES,
                                                       "plataea": ALLIES}
    # orders are simultaneous: three prompts, two of them for the same person
    assert {(p.seat, p.user_id) for p in start.prompts} == {
        ("thebes", THEBES), ("athens", ALLIES), ("plataea", ALLIES)}
    first = await svc.view(CH, ALLIES)
    assert first.seat == "athens" and first.held == ("athens", "plataea")
    assert (await svc.view(CH, ALLIES, seat="plataea")).seat == "plataea"
    v = first.version
    done = await svc.submit(CH, ALLIES, "fortify", v, "i-1", seat="athens")
    assert done.seat == "athens"
    # the same click again (a new interaction id, the version it was drawn at): Athens'
    # prompt is gone, so it does not fall through to Plataea's
    with pytest.raises(Refusal) as err:
        await svc.submit(CH, ALLIES, "fortify", v, "i-2", seat="athens")
    assert err.value.code in ("stale", "illegal")
    # Plataea's own prompt, drawn at the same version, still counts: once
    done = await svc.submit(CH, ALLIES, "expand", v, "i-3", seat="plataea")
    assert done.seat == "plataea"
    with pytest.raises(Refusal):
        await svc.submit(CH, ALLIES, "expand", v, "i-4", seat="plataea")
    # a seat one does not hold is refused
    with pytest.raises(Refusal) as err:
        await svc.submit(CH, ALLIES, "expand", done.version, "i-5", seat="thebes")
    assert err.value.code == "not_seated"
    # without a seat, the first of theirs with an open decision: none now
    assert (await svc.view(CH, ALLIES)).prompt is None
    pending = await svc.pending(ALLIES)
    assert pending == []
    await svc.submit(CH, THEBES, "expand", done.version, "i-6")
    after = await svc.view(CH, ALLIES)
    assert after.view["game"]["waiting_for"]
    history = await svc.history(CH, ALLIES)
    assert sum(1 for e in history if e.seat in ("athens", "plataea") and e.option_id) == 2
