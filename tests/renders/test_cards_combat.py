from __future__ import annotations

import io

from PIL import Image

import renders
from renders import theme
from renders.athens_sparta import sample

AS = {"ruleset": "athens-sparta"}  # the record alone does not name its game


def test_hand_shows_one_card_per_card():
    view = {"game": {"ruleset": "athens-sparta"}, "viewer": "sparta",
            "cards": {"hand": [{"id": "a", "mp": 3}, {"id": "b", "mp": 1},
                               {"id": "c", "mp": 2, "event": {"name": "Storm", "text": "x"}}]}}
    im = Image.open(io.BytesIO(renders.render_hand(view))).convert("RGB")
    three = im.width
    view["cards"]["hand"].pop()
    two = Image.open(io.BytesIO(renders.render_hand(view))).convert("RGB").width
    assert three > two
    # Card borders are in the seat's colour.
    colours = {c for _, c in im.getcolors(1_000_000)}
    assert any(sum(abs(a - b) for a, b in zip(c, theme.SIDE["sparta"])) < 30 for c in colours)


def test_combat_marks_hits_in_the_firing_side_colour():
    battle = {"place": "", "kind": "new", "attacker": "sparta", "defender": "athens",
              "forces": [{"id": "x", "side": "sparta", "name": "S", "kind": "hoplite",
                          "rating": "B3", "strength": 2}],
              "rounds": [{"number": 1, "steps": [
                  {"kind": "fire", "side": "sparta", "unit": "x", "dice": [1, 6], "hits": 1,
                   "targets": [], "facts": {"stage": "land", "strength": 2}}]}],
              "winner": None, "outcome": None}
    hit = Image.open(io.BytesIO(renders.render_combat(battle, AS))).convert("RGB")
    battle["rounds"][0]["steps"][0]["hits"] = 0
    miss = Image.open(io.BytesIO(renders.render_combat(battle, AS))).convert("RGB")

    def red(im):
        return sum(n for n, c in im.getcolors(1_000_000)
                   if sum(abs(a - b) for a, b in zip(c, theme.SIDE["sparta"])) < 30)

    assert red(hit) > red(miss) + 100  # the scoring die is filled red


def test_sample_battle_renders():
    data = renders.render_combat(sample.sample_battle(), {"ruleset": "athens-sparta"})
    im = Image.open(io.BytesIO(data))
    assert im.width == 1000 and im.height > 300
