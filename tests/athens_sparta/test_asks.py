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
