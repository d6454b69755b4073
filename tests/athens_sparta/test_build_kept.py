"""Issue #17: in the replacement phase each side's prompt is kept while nothing it reads
changes (the other side's answers seldom change it), and built again when something does:
always the prompt a build from scratch gives."""

from __future__ import annotations

from engine.rulesets.athens_sparta import flow
from engine.rulesets.athens_sparta.board import board
from engine.rulesets.athens_sparta.rules_copy import copy_state
from engine.rulesets.athens_sparta.state import Block
from tests.athens_sparta.conftest import act, prompt
from tests.athens_sparta.test_rules_replacements import build_position


def _afresh(g, seat):
    """The prompt built from a plain copy of the state (nothing kept)."""
    return next(p for p in flow.prompts(board(), copy_state(g.state)) if p.seat == seat)


def test_the_other_sides_answers_keep_a_prompt_they_do_not_change():
    g = build_position()
    sparta = prompt(g, "sparta")
    act(g, "R", "athens")
    assert prompt(g, "sparta") is sparta
    act(g, "r:Athens H1", "athens")  # an Athenian strength: nothing Sparta's menu reads
    assert prompt(g, "sparta") is sparta
    assert prompt(g, "sparta") == _afresh(g, "sparta")
    act(g, "back", "athens")
    assert prompt(g, "athens") == _afresh(g, "athens")


def test_a_prompt_is_built_again_when_what_it_reads_changes():
    g = build_position()
    act(g, "R", "sparta")
    before = prompt(g, "sparta")
    assert "r:Sparta H1" in [o.id for o in before.options]
    # a Spartan strength, a block moved by the other side, a mark removed: each is seen
    g.state["blocks"]["Sparta H1"]["str"] = 3
    g._prompts = None
    g.rules._memo = None
    assert prompt(g, "sparta") is not before
    assert prompt(g, "sparta") == _afresh(g, "sparta")
    for change in (lambda: g.state["blocks"]["Athens H3"].update(loc="I10"),
                   lambda: g.state["blocks"]["Sparta H1"].update(rv=True),
                   lambda: g.state["blocks"]["Sparta H1"].pop("rv")):
        before = prompt(g, "sparta")
        change()
        g._prompts = None
        g.rules._memo = None
        assert prompt(g, "sparta") is not before
        assert prompt(g, "sparta") == _afresh(g, "sparta")


def test_removing_a_mark_that_is_not_there_changes_nothing():
    g = build_position()
    x = g.state["blocks"]["Sparta H1"]
    assert type(x) is Block
    edits = dict(g.state["blocks"].edits)
    assert x.pop("rv", None) is None
    assert g.state["blocks"].edits == edits
