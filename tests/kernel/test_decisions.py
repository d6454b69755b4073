"""Richer decisions: choose k of n, an amount, an ordered allocation (engine/core/decisions)."""

from __future__ import annotations

import pytest

from engine import IllegalAction, Option, Prompt
from engine.core import decisions as D
from engine.core.rng import Rng

OPTS = [Option("a", "Alpha"), Option("b", "Beta"), Option("c", "Gamma", cap=2)]


def test_one_accepts_only_its_options():
    p = Prompt("x", "one", tuple(OPTS))
    assert D.parse(p, "b") == "b"
    with pytest.raises(IllegalAction):
        D.parse(p, "z")


def test_pick_checks_count_order_and_repeats():
    p = D.pick("x", "pick", OPTS, 1, 2)
    assert D.parse(p, "a|c") == ("a", "c")
    assert D.encode(p, ["c", "a"]) == "a|c"  # canonical: the prompt's order
    for bad, why in (("", "from 1 to 2"), ("a|b|c", "from 1 to 2"), ("c|a", "order"),
                     ("a|a", "at most once"), ("a|z", "not available")):
        with pytest.raises(IllegalAction, match=why):
            D.parse(p, bad)
    assert D.parse(D.pick("x", "none allowed", OPTS, 0, 1), "") == ()


def test_amount_bounds_and_format():
    p = D.amount("x", "how many", 0, 3)
    assert D.parse(p, "3") == 3 and p.options == ()
    for bad in ("4", "-1", "01", "two", ""):
        with pytest.raises(IllegalAction):
            D.parse(p, bad)
    assert [o.id for o in D.amount_options(p)] == ["0", "1", "2", "3"]


def test_allocate_is_ordered_and_respects_caps():
    p = D.allocate("x", "hits", OPTS, 3)
    assert D.parse(p, "c|a|c") == ("c", "a", "c")
    with pytest.raises(IllegalAction, match="at most 1"):
        D.parse(p, "a|a|c")
    with pytest.raises(IllegalAction, match="exactly 3"):
        D.parse(p, "a|c")


def test_bad_prompts_are_refused_when_built():
    with pytest.raises(ValueError):
        D.pick("x", "", [Option("a|b", "bad")], 1, 1)
    with pytest.raises(ValueError):
        D.pick("x", "", OPTS, 2, 4)
    with pytest.raises(ValueError):
        D.allocate("x", "", OPTS, 5)


@pytest.mark.parametrize("prompt", [D.pick("x", "", OPTS, 0, 3), D.amount("x", "", 2, 9),
                                    D.allocate("x", "", OPTS, 4), Prompt("x", "", tuple(OPTS))])
def test_random_answers_are_legal(prompt):
    rng = Rng("r")
    for _ in range(50):
        assert D.accepts(prompt, D.random_answer(prompt, rng))


def test_random_one_draws_like_choice():
    p = Prompt("x", "", tuple(OPTS))
    a, b = Rng("s"), Rng("s")
    assert [D.random_answer(p, a) for _ in range(9)] == [b.choice(p.options).id for _ in range(9)]


def test_prompt_dict_names_its_form():
    d = D.pick("x", "t", OPTS, 1, 2).to_dict()
    assert (d["form"], d["lo"], d["hi"]) == ("pick", 1, 2)
    assert d["options"][2]["cap"] == 2
    assert "lo" not in Prompt("x", "t", tuple(OPTS)).to_dict()
