"""The one combat display (renders/pieces/combat.py) as every ruleset's renderer draws it:
pixel probes of the units' row and the dice, on fixed records."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

import renders
from renders import theme
from renders.pieces import combat as kit

RULESETS = ("athens-sparta", "hellenes", "epic", "ppw", "pericles")


def _piece(ruleset: str, side: str, n: int) -> dict:
    """A unit of each ruleset's shape (ids and kinds as its engine writes them)."""
    return {
        "athens-sparta": {"id": f"{side} H{n}", "name": f"{side} H{n}", "kind": "hoplite",
                          "rating": "B2", "side": side, "strength": 2},
        "hellenes": {"id": f"{side[0].upper()}{n}", "name": f"{side} hoplites",
                     "kind": "hoplite", "rating": "C2", "side": side, "strength": 2},
        "epic": {"id": f"laconia-hoplite-{n}", "side": side, "kind": "hoplite", "strength": 2,
                 "home": "laconia"},
        "ppw": {"id": f"OEN:{side}:land", "side": side, "kind": "land", "strength": 2,
                "home": "OEN"},
        "pericles": {"id": f"{side[0].upper()}:land", "side": side, "kind": "land",
                     "strength": 2},
    }[ruleset]


def _record(ruleset: str) -> dict:
    """Athens attacks Sparta; Sparta's one unit destroys Athens' one unit before it acts
    (issue 34 point 14: the attacker's row was empty)."""
    place = {"athens-sparta": "J7", "hellenes": "ATH", "epic": "W2437", "ppw": "OEN",
             "pericles": "boeotia"}[ruleset]
    att, dfn = _piece(ruleset, "athens", 1), _piece(ruleset, "sparta", 2)
    return {"place": place, "kind": "new", "attacker": "athens", "defender": "sparta",
            "forces": [dfn, att],
            "rounds": [{"number": 1, "steps": [
                {"kind": "fire", "side": "sparta", "unit": dfn["id"], "dice": [1, 2], "hits": 2,
                 "facts": {"stage": "land", "strength": 2, "rating": "C2"},
                 "targets": [{"target": att["id"], "before": 2, "after": 1},
                             {"target": att["id"], "before": 1, "after": 0}]}]}],
            "winner": "sparta", "outcome": "defender_held"}


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _draw(ruleset: str, record: dict) -> Image.Image:
    battle = {"record": record, "attacker": "athens", "defender": "sparta",
              "dead": []} if ruleset == "epic" else record
    return _png(renders.render_combat(battle, {"ruleset": ruleset}))


def _near(c: tuple[int, ...], want: tuple[int, int, int], tol: int = 12) -> bool:
    return sum(abs(a - b) for a, b in zip(c, want)) <= tol


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_eliminated_attacker_still_shows_in_its_row(ruleset):
    img = _draw(ruleset, _record(ruleset))
    assert img.width == kit.WIDTH
    # the attacker's unit: its side's colour dimmed (eliminated), struck through in ink
    x, y = kit.unit_centre(0, 0)
    dimmed = theme.mix(theme.side_colour("athens"), theme.PAPER, 0.55)
    inside = [img.getpixel((int(x) + dx, int(y) + 6)) for dx in (-14, -10, 10, 14)]
    assert any(_near(c, dimmed) for c in inside), inside
    cross = [img.getpixel((int(x - kit.UNIT / 2 + k), int(y - kit.UNIT / 2 + k)))
             for k in range(2, 6)]
    assert any(_near(c, theme.INK, 40) for c in cross), cross
    # the defender's unit in full colour, not struck through
    x, y = kit.unit_centre(1, 0)
    assert _near(img.getpixel((int(x) - 14, int(y) + 6)), theme.side_colour("sparta"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_side_with_no_unit_listed_keeps_its_row(ruleset):
    record = _record(ruleset)
    record["forces"] = [p for p in record["forces"] if p["side"] == "sparta"]
    for step in record["rounds"][0]["steps"]:
        step["targets"] = []
    img = _draw(ruleset, record)
    x, y = kit.unit_centre(0, 0)
    row = img.crop((kit.PAD, int(y) - 8, kit.WIDTH // 2 - kit.PAD, int(y) + 8))
    # the words saying so, in the ink of notes, where the attacker's units would stand
    assert any(c != theme.PAPER for _n, c in row.getcolors(100_000))


def test_hits_are_filled_in_the_firing_side_colour_in_every_theme():
    """A scoring die is filled with the firer's colour where its theme says it hit."""
    red = theme.side_colour("sparta")
    for ruleset in ("athens-sparta", "hellenes"):
        record = _record(ruleset)
        hit = _draw(ruleset, record)
        record["rounds"][0]["steps"][0].update(dice=[6, 6], hits=0, targets=[])
        miss = _draw(ruleset, record)

        def reds(im: Image.Image) -> int:
            return sum(n for n, c in im.getcolors(1_000_000) if _near(c, red, 30))

        assert reds(hit) > reds(miss) + 200, ruleset


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_battle_and_the_viewers_battle(ruleset):
    """The registry's order is (battle, viewer's view): no battle draws a placard."""
    if ruleset == "epic":
        img = _png(renders.render_combat({"record": None, "attacker": "a", "defender": "b"},
                                         {"ruleset": ruleset}))
    else:
        img = _png(renders.render_combat({}, {"ruleset": ruleset}))
    assert img.height == 60


def test_no_regular_expression_reads_words_in_any_renderer():
    """Issue 31: renderers draw facts; none parses English with a regular expression."""
    root = Path(renders.__file__).parent
    for path in root.rglob("*.py"):
        text = path.read_text()
        assert "import re\n" not in text and "from re import" not in text, path
        assert " re." not in text and "(re." not in text, path


def test_a_battle_in_progress_shows_the_enemys_unrevealed_blocks_blank():
    """Athens & Sparta's battle in progress (VIEW.md "battle"): the viewer's own blocks
    with their faces, the enemy's not yet revealed (5.4) as blank blocks of its colour."""
    battle = {"hex": "H9", "kind": "new", "attacker": "athens", "defender": "sparta",
              "round": 1, "stage": "land", "log": [],
              "blocks": [{"id": "Argos H1", "name": "Argos H1", "type": "hoplite",
                          "rating": "B3", "side": "athens", "strength": 3, "max_strength": 4,
                          "role": "attacker", "status": "eng"},
                         {"hex": "H9", "side": "sparta", "role": "defender"},
                         {"hex": "H9", "side": "sparta", "role": "defender"}]}
    img = _png(renders.render_combat(battle, {"ruleset": "athens-sparta"}))
    sparta, athens = theme.side_colour("sparta"), theme.side_colour("athens")
    for i in (0, 1):
        x, y = kit.unit_centre(1, i)
        assert _near(img.getpixel((int(x), int(y))), sparta)  # blank: no face drawn
    x, y = kit.unit_centre(1, 2)
    assert img.getpixel((int(x), int(y))) == theme.PAPER  # two, not three
    x, y = kit.unit_centre(0, 0)
    assert _near(img.getpixel((int(x) - 14, int(y) + 6)), athens)
