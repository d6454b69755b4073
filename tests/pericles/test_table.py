"""Pictures of Pericles views: the map with pieces and queues, the Assembly displays,
a battle and a hand, each a PNG built from a seat's view only."""

from __future__ import annotations

import io

from PIL import Image

from engine.core.decisions import random_answer
from engine.core.game import Game
from engine.core.rng import Rng
from engine.rulesets.pericles import RULESET
from renders import render_combat
from renders.pericles.table import RENDERER, assembly, theater_map


def _game_at(scenario: str, kind: str) -> Game:
    game = Game.create(RULESET, scenario=scenario, seed=21)
    rng = Rng("pic")
    while not any(p.kind == kind for p in game.prompts()):
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
    return game


def test_assembly_picture_shows_both_displays() -> None:
    game = _game_at("assembly-t6", "debate")
    view = RULESET.view(game.state, "agiad")
    img = assembly(view)
    assert img.height > 250  # two cities
    png = RENDERER.map(view)
    assert Image.open(io.BytesIO(png)).size == img.size
    assert Image.open(io.BytesIO(RENDERER.hand(view))).height >= 24 * len(view["hand"])


def test_map_picture_changes_with_a_face_down_marker_only_in_its_colour() -> None:
    game = _game_at("14.1.01 A", "reveal")
    ours = theater_map(RULESET.view(game.state, "aristocrats"))
    theirs = theater_map(RULESET.view(game.state, "agiad"))
    assert ours.size == theirs.size and ours.tobytes() != theirs.tobytes()
    # the registry's order: the record (None: the viewer's battle, here none), the view
    png = RENDERER.combat(None, RULESET.view(game.state, None))  # type: ignore[arg-type]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_battle_record_is_drawn_through_the_registry_rule_9_3() -> None:
    """The bot hands `renders.render_combat` the `battle_end` event's record first and the
    viewer's view second (renders/__init__.py)."""
    game = Game.create(RULESET, scenario="14.1.06 A", seed="battle")
    rng = Rng("battle")
    while game.outcome is None and game.state["battle"] is None:
        p = rng.choice(game.prompts())
        game.act(p.seat, random_answer(p, rng))
    record = game.state["battle"]
    assert record is not None
    png = render_combat(record, RULESET.view(game.state, "agiad"))
    img = Image.open(io.BytesIO(png))
    low, high = img.convert("L").getextrema()
    assert img.width >= 500 and low < high  # something is drawn on the paper
