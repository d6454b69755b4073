"""The Hellenes heuristic: its evaluation and legal play against random."""

from __future__ import annotations

import pytest

import engine
from engine.players import decide, player
from engine.players.hellenes import PRESSURE, evaluate


def test_land_units_standing_where_the_enemy_holds_a_city_are_worth_more():
    game = engine.new_game("hellenes", seed="pressure")
    view = game.view("athens")
    megara = "Megara"
    assert view["control"][megara] == "sparta"
    unit = next(b for b in view["blocks"] if b["type"] != "fleet" and b["area"] != "MEG")
    moved = dict(view, blocks=[dict(b, area="MEG") if b is unit else b
                               for b in view["blocks"]])
    assert evaluate(moved, "athens") == pytest.approx(evaluate(view, "athens") + PRESSURE * 2)
    fleet = next(b for b in view["blocks"] if b["type"] == "fleet")
    sailed = dict(view, blocks=[dict(b, area="MEG") if b is fleet else b
                                for b in view["blocks"]])
    assert evaluate(sailed, "athens") == pytest.approx(evaluate(view, "athens"))


def test_heuristic_plays_hellenes_legally_against_random():
    game = engine.new_game("hellenes", seed="legal")
    players = {"athens": player("heuristic", 1), "sparta": player("random", 2)}
    for _ in range(60):
        if game.outcome is not None:
            break
        seat = game.prompts()[0].seat
        game.act(seat, decide(game, seat, players[seat]))  # decide refuses an answer not offered
    assert game.outcome is not None or game.prompts()
