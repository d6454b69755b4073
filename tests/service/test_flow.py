"""The ordinary life of a game: lobby, start, play, end, and what each seat sees."""

from __future__ import annotations

import random

import pytest

from service import Refusal

from .helpers import GUILD, NORTH, SOUTH, iid, play_out, start_duel


async def test_lobby_start_and_first_prompts(svc):
    info = await svc.create_game(guild_id=GUILD, channel_id=5, user_id=NORTH,
                                 ruleset_id="duel", options={"rounds": 2})
    assert info.status == "open" and info.options["rounds"] == 2
    assert info.seat_names == ("north", "south")
    await svc.join(5, NORTH, "south")
    with pytest.raises(Refusal) as r:
        await svc.join(5, SOUTH, "south")
    assert r.value.code == "seat_taken"
    with pytest.raises(Refusal) as r:
        await svc.start(5, NORTH)
    assert r.value.code == "wrong_status"  # one player short
    await svc.join(5, SOUTH)  # any seat: drawn at start
    with pytest.raises(Refusal) as r:
        await svc.start(5, 999)
    assert r.value.code == "not_allowed"
    started = await svc.start(5, SOUTH)
    assert started.game.status == "running"
    assert started.game.user_of("south") == NORTH and started.game.user_of("north") == SOUTH
    assert len(started.seed_hash) == 64 and started.game.seed is None
    assert {p.seat: p.user_id for p in started.prompts} == {"north": SOUTH, "south": NORTH}
    assert all(p.prompt.secret for p in started.prompts)
    # The secret seed is nowhere in what the public sees.
    assert started.public_view["game"]["seed"] is None
    with pytest.raises(Refusal) as r:
        await svc.join(5, 3333)
    assert r.value.code == "wrong_status"


async def test_one_live_game_per_channel(svc):
    await start_duel(svc, channel=6)
    with pytest.raises(Refusal) as r:
        await svc.create_game(guild_id=GUILD, channel_id=6, user_id=NORTH, ruleset_id="duel")
    assert r.value.code == "channel_busy"
    await svc.create_game(guild_id=GUILD, channel_id=7, user_id=NORTH, ruleset_id="duel")


async def test_bad_ruleset_scenario_option(svc):
    for kwargs, code in [({"ruleset_id": "chess"}, "unknown_ruleset"),
                         ({"ruleset_id": "duel", "scenario": "nope"}, "bad_input"),
                         ({"ruleset_id": "duel", "options": {"rounds": 9}}, "bad_input")]:
        with pytest.raises(Refusal) as r:
            await svc.create_game(guild_id=GUILD, channel_id=8, user_id=NORTH, **kwargs)
        assert r.value.code == code


async def test_secret_commit_events_and_pings(svc):
    await start_duel(svc, channel=9)
    north = await svc.view(9, NORTH)
    card = north.prompt.prompt.options[0].id
    res = await svc.submit(9, NORTH, card, north.version, iid())
    assert res.seq == res.version == 1 and res.seat == "north"
    # The card is in north's private events only.
    assert any("card" in e.data for e in res.private_events["north"])
    assert all("card" not in e.data for e in res.public_events)
    assert all("card" not in e.data for e in res.events_for("south"))
    assert "south" not in res.private_events
    assert [p.seat for p in res.prompts] == ["south"]
    assert res.to_ping == ()  # south was already waiting
    assert res.can_undo
    # The opponent's view and the log hide the committed card.
    south_log = await svc.history(9, SOUTH)
    assert south_log[0].option_id is None
    assert all("card" not in e.data for e in south_log[0].events)
    north_log = await svc.history(9, NORTH)
    assert north_log[0].option_id == card
    south = await svc.view(9, SOUTH)
    assert south.view["committed"] == {"north": True}
    # South commits: reveal, and north (the winner) or south gets the bank prompt.
    res2 = await svc.submit(9, SOUTH, south.prompt.prompt.options[0].id, south.version, iid())
    assert any(e.kind == "reveal" for e in res2.public_events)
    winner = res2.prompts[0].seat
    assert res2.prompts[0].user_id == {"north": NORTH, "south": SOUTH}[winner]
    assert [p.seat for p in res2.to_ping] == ([winner] if winner == "north" else [])
    assert not res2.can_undo  # the reveal is new information


async def test_play_to_the_end_reveals_seed_and_lists_pending(svc):
    await start_duel(svc, channel=10)
    await start_duel(svc, channel=11)
    pend = await svc.pending(NORTH)
    assert sorted(p.channel_id for p in pend) == [10, 11]
    assert all(p.seat == "north" and p.prompt.secret for p in pend)
    n = await play_out(svc, 10, random.Random(1))
    assert n >= 9
    info = await svc.game_info(10)
    assert info.status == "finished" and info.seed is not None and info.outcome
    assert info.ended_at is not None
    assert [p.channel_id for p in await svc.pending(NORTH)] == [11]
    with pytest.raises(Refusal) as r:
        await svc.submit(10, NORTH, "card:1", info.version, iid())
    assert r.value.code in ("no_game", "wrong_status")
    # Over: the whole log is open to everyone, and the channel is free again.
    hist = await svc.history(10, None)
    assert len(hist) == info.version and all(h.option_id for h in hist if h.kind == "act")
    assert await svc.check(info.id) == []
    await svc.create_game(guild_id=GUILD, channel_id=10, user_id=SOUTH, ruleset_id="duel")


async def test_phase_end_flags_a_map_post(svc):
    await start_duel(svc, channel=12, options={"rounds": 1})
    rng = random.Random(3)
    flags = []
    while (await svc.game_info(12)).status == "running":
        from .helpers import play_one
        res = await play_one(svc, 12, rng)
        flags.append((res.phase_ended, res.game_ended))
    assert flags[-1] == (True, True)
    assert sum(p for p, _ in flags) == 1
