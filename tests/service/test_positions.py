"""Games created from a described position (issue: positions; rule-example games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from service import GameService, Refusal

POSITIONS = Path(engine.__file__).parent / "rulesets" / "athens_sparta" / "positions"


async def test_a_game_starts_from_a_position_and_survives_a_restart(target):
    position = json.loads(sorted(POSITIONS.glob("*.json"))[0].read_text())
    svc = await GameService.open(target)
    await svc.create_game(guild_id=1, channel_id=5, user_id=10, ruleset_id="athens-sparta",
                          position=position)
    await svc.join(5, 10, "athens")
    await svc.join(5, 11, "sparta")
    started = await svc.start(5, 10)
    expected = engine.ruleset("athens-sparta").from_position(position, seed="x")
    assert started.public_view["olympiad"] == expected.view(None)["olympiad"]
    assert started.public_view["blocks"] == expected.view(None)["blocks"]
    await svc.close()
    svc = await GameService.open(target)
    sv = await svc.view(5, None)
    assert sv.view["blocks"] == expected.view(None)["blocks"]
    assert await svc.check(started.game.id) == []
    await svc.close()


async def test_a_broken_position_is_refused_and_nothing_is_created(target):
    svc = await GameService.open(target)
    for bad in ({"blocks": "nonsense"}, [1, 2]):
        with pytest.raises(Refusal) as err:
            await svc.create_game(guild_id=1, channel_id=5, user_id=10,
                                  ruleset_id="athens-sparta", position=bad)
        assert err.value.code == "bad_input"
    with pytest.raises(Refusal):
        await svc.game_info(5)
    await svc.close()
