"""Every Hellenes option carries its facts (`Option.data`, issue 30): renderers and the
automated player read those, never the label's English."""

from __future__ import annotations

from dataclasses import replace

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.types import Prompt
from engine.players.hellenes import HEURISTIC


def _walk(scenario: str, seed: str, actions: int) -> list[tuple[dict, Prompt]]:
    """(view, prompt) of every decision of a random game."""
    g = engine.new_game("hellenes", scenario=scenario, seed=seed)
    player = Rng(f"p:{seed}")
    seen = []
    while g.outcome is None and len(g.log) < actions:
        prompts = g.prompts()
        seen += [(g.view(p.seat), p) for p in prompts]
        p = player.choice(prompts)
        g.act(p.seat, random_answer(p, player))
    return seen


def test_every_option_says_what_it_does():
    kinds = set()
    for scenario in engine.ruleset("hellenes").scenarios:
        for _, prompt in _walk(scenario, f"data:{scenario}", 250):
            for o in prompt.options:
                assert o.data is not None and o.data.get("kind"), (prompt.kind, o.id)
                if "unit" in o.data:
                    assert o.data["unit"] in o.id or prompt.kind in ("appeal", "retreat")
                kinds.add(o.data["kind"])
    assert {"commit", "move", "route", "unit", "done"} <= kinds


def _reworded(prompt: Prompt) -> Prompt:
    return replace(prompt, text="REWORDED", options=tuple(
        replace(o, label=f"RELABELLED {i}") for i, o in enumerate(prompt.options)))


def test_the_heuristic_decides_the_same_whatever_the_words():
    decided = 0
    for view, prompt in _walk("431", "words", 300):
        plain = HEURISTIC.choose(view, prompt, None, Rng("same"))
        assert HEURISTIC.choose(view, _reworded(prompt), None, Rng("same")) == plain
        for o in prompt.options:
            assert HEURISTIC.imagine(view, prompt, o.id) == HEURISTIC.imagine(
                view, _reworded(prompt), o.id)
        decided += plain is not None
    assert decided > 10  # the rules of thumb did decide on the way
