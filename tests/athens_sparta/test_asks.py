"""Prompts share their option objects (issue #17): the same id, label and rule give the
same immutable option; anything different gives its own."""

from __future__ import annotations

from engine.rulesets.athens_sparta.asks import ask


def test_equal_options_are_shared_and_different_ones_are_not():
    a = ask("athens", "move", "Move", "4.0", [["b:X", "X (3) at Athens", "4.0"], ["done", "End", "4.0"]])
    b = ask("sparta", "move", "Move", "4.0", [["b:X", "X (3) at Athens", "4.0"]])
    assert a.options[0] is b.options[0]
    c = ask("athens", "move", "Move", "4.0", [["b:X", "X (2) at Athens", "4.0"]])
    d = ask("athens", "move", "Move", "4.0", [["b:X", "X (3) at Athens", "4.4"]])
    assert c.options[0].label == "X (2) at Athens" and d.options[0].rule == "4.4"
    assert c.options[0] is not a.options[0] and d.options[0] is not a.options[0]
    assert [(o.id, o.label, o.rule, o.cap) for o in a.options] == \
        [("b:X", "X (3) at Athens", "4.0", 1), ("done", "End", "4.0", 1)]


def test_ask_takes_rows_and_options_alike():
    """Menus that keep their options from click to click hand them to `ask` as they are;
    the prompt is the one the rows would make, sharing the same option objects."""
    from engine.rulesets.athens_sparta.asks import ask, shared_option

    kept = shared_option("b:x", "Block x", "4.0")
    p = ask("athens", "move", "Choose.", "4.0", [kept, ["done", "End", "4.0"]])
    q = ask("athens", "move", "Choose.", "4.0", [["b:x", "Block x", "4.0"], ["done", "End", "4.0"]])
    assert p == q and p.options[0] is kept and q.options[0] is kept
