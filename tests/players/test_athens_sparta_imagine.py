"""The Athens & Sparta heuristic reads the moving block of a move-destination prompt from
the prompt's `data`, never from its words (rules 4.4-4.5): rewording the text leaves what
it imagines unchanged."""

from __future__ import annotations

import dataclasses

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.players.athens_sparta import imagine


def _move_destination(seed: str) -> tuple[engine.Game, engine.Prompt]:
    """The first move-destination prompt with a destination to go to in a random game."""
    game = engine.new_game("athens-sparta", seed=seed)
    rng = Rng(f"player:{seed}")
    while game.outcome is None:
        prompts = game.prompts()
        for p in prompts:
            if p.kind == "move_dest" and any(o.id.count("|") == 4 for o in p.options):
                return game, p
        p = rng.choice(prompts)
        game.act(p.seat, random_answer(p, rng))
    raise AssertionError("no move in the game")


def test_imagine_moves_the_block_the_prompt_data_names_whatever_its_words():
    game, prompt = _move_destination("imagine-data")
    view = game.view(prompt.seat)
    assert prompt.data is not None
    block = prompt.data["block"]
    mine = next(b for b in view["blocks"] if b.get("id") == block)
    option = next(o.id for o in prompt.options if o.id.count("|") == 4)
    dest = option.split("|")[1]
    assert dest != mine["hex"]

    seen = imagine(view, prompt, option)
    assert seen is not None
    moved = next(b for b in seen["blocks"] if b.get("id") == block)
    assert moved["hex"] == dest and not moved["in_city"]

    reworded = dataclasses.replace(prompt, text="Where to? (rules 4.4, 4.5)")
    assert imagine(view, reworded, option) == seen
    # another block's name in the words does not move that block either
    other = next(b for b in view["blocks"]
                 if b["side"] == prompt.seat and b.get("id") not in (block, None))
    misleading = dataclasses.replace(prompt, text=f"Move {other['name']} from nowhere")
    assert imagine(view, misleading, option) == seen
    # without the data nothing is imagined (the words are not read)
    assert imagine(view, dataclasses.replace(prompt, data=None), option) is None
