"""Saved-state figures for Hellenes (issue 30): the bytes of a saved state after 500 random
actions in each scenario, and the sentences it holds (`engine.testing.sentences_in`).

    .venv/bin/python -m tests.hellenes.state_size
"""

from __future__ import annotations

import json

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.testing import sentences_in

ACTIONS = 500


def measure(scenario: str, seed: str = "size", actions: int = ACTIONS) -> dict[str, int]:
    g = engine.new_game("hellenes", scenario=scenario, seed=f"{seed}:{scenario}")
    player = Rng(f"player:{seed}:{scenario}")
    for _ in range(actions):
        if g.outcome is not None:
            break
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    state = g.rules.dump(g.state)
    return {"actions": len(g.log), "bytes": len(json.dumps(state, separators=(",", ":"))),
            "sentences": len(sentences_in(state))}


if __name__ == "__main__":
    for sc in engine.ruleset("hellenes").scenarios:
        print(sc, measure(sc))
