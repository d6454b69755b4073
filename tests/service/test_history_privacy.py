"""The log a spectator or the opponent reads holds public text only: no option ids, which
can name hidden blocks (`b:Thebes P`), until the game is over."""

from __future__ import annotations

import json
import random

from .helpers import NORTH, SOUTH, iid, play_one, start_duel

CH = 80


async def test_history_shows_option_ids_only_to_their_own_seat(svc):
    await start_duel(svc, CH, options={"rounds": 2})
    rng = random.Random(4)
    for _ in range(4):  # both commit, then the winner banks (a choice that is not secret)
        await play_one(svc, CH, rng)
    mine = {NORTH: "north", SOUTH: "south"}
    public = await svc.history(CH, None)
    assert public and all(e.option_id is None for e in public)
    for user, seat in mine.items():
        for entry in await svc.history(CH, user):
            assert (entry.option_id is not None) == (entry.seat == seat), entry
    # Nothing in what a spectator gets carries an option id, in any field.
    ids = {a.option_id for a in await svc.store.actions((await svc.game_info(CH)).id)}
    text = json.dumps([[e.kind, e.seat, [ev.to_dict() for ev in e.events]] for e in public])
    assert not any(i and ":" in i and i in text for i in ids)  # "roll" is also a word


async def test_finished_game_history_is_open(svc):
    await start_duel(svc, CH, options={"rounds": 1})
    rng = random.Random(2)
    while (await svc.game_info(CH)).status == "running":
        info = await svc.game_info(CH)
        view = await svc.view(CH, None)
        seat = view.view["game"]["waiting_for"][0]
        mine = await svc.view(CH, info.user_of(seat))
        await svc.submit(CH, info.user_of(seat), rng.choice(mine.prompt.prompt.options).id,
                         mine.version, iid())
    assert all(e.option_id for e in await svc.history(CH, None) if e.kind == "act")
