"""The chronicle of a real Athens & Sparta game played through the GameService: entries
in version order, each dated by the public view's turn banner (the Olympiad), and no
private event told."""

from __future__ import annotations

import random

import engine
from service import GameService
from service.community.chronicle import game_chronicle
from tests.service.helpers import play_one

CHANNEL = 5


def _worth_telling(e) -> bool:
    return e.kind == "battle_end" or bool(e.data.get("taken"))


async def test_chronicle_of_an_athens_sparta_game_is_in_version_order_and_names_the_olympiad(
        tmp_path, monkeypatch):
    monkeypatch.setattr(engine, "new_seed", lambda: "chronicle:1")  # the same game each run
    svc = await GameService.open(tmp_path / "chronicle.db")
    try:
        await svc.create_game(guild_id=1, channel_id=CHANNEL, user_id=1,
                              ruleset_id="athens-sparta")
        await svc.join(CHANNEL, 1, "athens")
        await svc.join(CHANNEL, 2, "sparta")
        info = (await svc.start(CHANNEL, 1)).game
        rng = random.Random(1)
        expected: list[tuple[int, str]] = []     # (version, line) as the public saw it
        private: set[str] = set()
        for _ in range(600):  # until something worth telling happens in Olympiad 85
            if any("Olympiad 85" in line for _, line in expected):
                break
            banner = (await svc.view(CHANNEL, None)).view["common"]["banner"]
            res = await play_one(svc, CHANNEL, rng)
            assert res is not None
            expected += [(res.version, f"{banner}: {e.text}") for e in res.events
                         if e.seats is None and _worth_telling(e)]
            private |= {e.text for e in res.events if e.seats is not None}
        text = await game_chronicle(svc, info.id, title="Chronicle")
    finally:
        await svc.close()

    assert len(expected) >= 4 and {v for v, _ in expected} != {expected[0][0]}
    assert "Olympiad 84" in expected[0][1] and "Olympiad 85" in expected[-1][1]
    body = text.splitlines()[1:-1]
    told = [ln.split(" ", 1)[1] for ln in body]
    assert told == [line for _, line in expected]            # all of them, in version order
    assert all(ln.split(" ", 1)[1].startswith("Olympiad ") for ln in body)
    assert private and not any(p in text for p in private)


async def test_an_undone_choice_is_not_told(tmp_path):
    import tests.fixtures.duel  # noqa: F401  (registers the "duel" ruleset)
    from service.community.chronicle import dated_public_events
    from tests.service.helpers import NORTH, iid, start_duel

    svc = await GameService.open(tmp_path / "undo.db")
    try:
        start = await start_duel(svc, channel=CHANNEL)
        mine = await svc.view(CHANNEL, NORTH)
        await svc.submit(CHANNEL, NORTH, mine.prompt.prompt.options[0].id, mine.version, iid())
        told = await dated_public_events(svc, start.game.id)
        assert [e["text"] for e in told] == ["north has committed a card"]
        assert told[0]["version"] == 1
        await svc.undo(CHANNEL, NORTH, 1, iid())
        assert await dated_public_events(svc, start.game.id) == []
    finally:
        await svc.close()
