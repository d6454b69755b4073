"""The terminal tells an Epic battle in words from its record (Ruleset.battle_lines)."""

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.view import BATTLE_END


def test_every_battle_is_told_with_its_rounds_and_winner():
    rules = engine.ruleset("epic")
    game = engine.new_game("epic", seed="lines")
    player = Rng("x")
    told = 0
    while game.outcome is None and told < 3:
        p = player.choice(game.prompts())
        for e in game.act(p.seat, random_answer(p, player)):
            if e.kind != BATTLE_END:
                continue
            lines = rules.battle_lines(e.data["battle"])
            record = e.data["battle"]["record"]
            assert lines[0].startswith("Battle at ") and " attacks " in lines[0]
            steps = sum(len(r["steps"]) for r in record["rounds"])
            assert len(lines) == 1 + steps + (1 if record["winner"] else 0)
            assert any("die" in line for line in lines[1:])  # a CRT roll, with its die
            told += 1
    assert told == 3
