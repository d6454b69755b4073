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


def test_an_attacker_destroyed_before_it_fired_is_still_drawn():
    """Issue 34 (text): the defenders fire first and destroy the attacking block; its row
    was empty. It is drawn (blank, dimmed: lost), on the attacker's side."""
    from renders.athens_sparta import combat as C

    battle = {"attacker": "athens", "defender": "sparta", "place": "J7", "kind": "new",
              "outcome": "defender_held", "winner": "sparta",
              "forces": [{"id": "Thebes H1", "name": "Thebes H1", "kind": "hoplite",
                          "rating": "B2", "side": "sparta", "strength": 4},
                         {"id": "Athens H2", "name": "Athens H2", "kind": "hoplite",
                          "rating": "B2", "side": "athens", "strength": 2}],
              "rounds": [{"number": 1, "steps": [
                  {"kind": "fire", "side": "sparta", "unit": "Thebes H1", "dice": [1, 2],
                   "hits": 2, "facts": {"stage": "land", "strength": 4, "half_hits": 0},
                   "targets": [{"target": "Athens H2", "before": 2, "after": 1},
                               {"target": "Athens H2", "before": 1, "after": 0}]}]}]}
    parts = C._participants(battle)
    assert [b["id"] for _f, _s, b in parts["attacker"]] == ["Athens H2"]
    assert parts["attacker"][0][2]["lost"] is True and parts["attacker"][0][1] == "athens"
    img = C.render_image(battle)
    # a pixel probe of the attacker's first block: the Athenian colour, dimmed
    x, y = C.PAD + C.BLOCK / 2, 72 + 16 + C.BLOCK / 2
    assert img.getpixel((int(x), int(y))) != theme.PAPER
