"""No seventh turn of six and no empty side in the log or the banner (issue 34, text):
after the sixth game turn the Olympiad ends "after turn 6"."""

from __future__ import annotations

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.rulesets.athens_sparta.state import turn_words


def test_turn_words():
    assert turn_words(3) == "turn 3" and turn_words(7) == "after turn 6"


def test_an_olympiad_s_end_names_no_turn_7_and_no_empty_side():
    g = engine.new_game("athens-sparta", seed="words")
    player = Rng("player:words")
    ends: list[str] = []
    banners: set[str] = set()
    while g.outcome is None and g.state["olympiad"] < 86:
        p = player.choice(g.prompts())
        ends += [e.text for e in g.act(p.seat, random_answer(p, player))
                 if e.kind == "phase_end"]
        banners.add(g.rules.common(g.view(None))["banner"])
    assert any("after turn 6" in t for t in ends)  # an Olympiad ended on the way
    for t in ends + sorted(banners):
        assert "turn 7" not in t and ", )" not in t, t
