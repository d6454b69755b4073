"""Wing battles saved while the wings' set-up kept its sub-step in the battle
(`b["wings"]["step"]`, issue 30 point 2; fixtures made by that code,
`fixtures/make_wing_saves.py`) load into today's procedures: the same question is asked
of the same seat with the same choices, and the battle is fought to its end."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.epic import wings as W

from .helpers import RULES, bare

FIXTURES = Path(__file__).parent / "fixtures"
with gzip.open(FIXTURES / "saved-wings.json.gz", "rt") as f:
    SAVES = json.load(f)
NOW = {"ask:wings": "wings", "deploy:wings": "wings_deploy", "shift:wings": "wings_shift"}


def test_the_fixtures_hold_every_old_sub_step():
    assert {"ask:wings", "deploy:wings", "shift:wings"} <= set(SAVES)
    assert any(k.startswith("fight:") for k in SAVES)
    assert all("step" in v["state"]["battle"]["wings"] for v in SAVES.values())


@pytest.mark.parametrize("key", sorted(SAVES))
def test_an_old_wing_battle_asks_the_same_and_is_fought_to_its_end(key):
    s = RULES.load(SAVES[key]["state"])
    assert "step" not in s["battle"]["wings"]
    assert s["flow"][-1]["name"] == NOW.get(key, key.split(":")[1])
    assert W.active(s, s["battle"]) == key.startswith("fight:")
    assert W.deploying(s) == (key == "deploy:wings")
    g: Game = bare("saved-wings")
    g.state = s
    g._prompts = None
    assert [[p.seat, p.kind, [o.id for o in p.options]] for p in g.prompts()] == \
        SAVES[key]["prompts"]
    rng = Rng(f"saved-wings:{key}")
    g.rng = rng
    for _ in range(1000):
        if s["battle"] is None:
            break
        p = rng.choice(g.prompts())
        g.act(p.seat, random_answer(p, rng))
        assert RULES.check_invariants(s) == []
    assert s["battle"] is None and not s["flow"]
