"""Seeded golden games of every Epic scenario, recorded on the code before the Epic moved
onto the kernel's records (issue 30; `fixtures/make_fixtures.py`): replayed today, each
answer is accepted, each event has the same kind and at least the same data (new facts may
be added, none lost or changed), and the final state's facts are the same (the procedure
stack aside, whose frames changed shape when the seasons became procedures)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import engine
from engine.core.game import Game, generation_of
from engine.rulesets.epic.battle_text import record_lines, unit_words
from engine.rulesets.epic.result_text import reason

from .helpers import through_menus

FIXTURES = Path(__file__).parent / "fixtures"
SCENARIOS = sorted(engine.ruleset("epic").scenarios)


UNIT_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*-(?:hoplite|light|cavalry|fleet)-\w+\b")


def _named(line: str) -> str:
    """An old battle line with its unit ids as the units' names (issue 33)."""
    return UNIT_ID.sub(lambda m: unit_words(m.group(0)), re.sub(r"^garrison\b", "The garrison", line))


def _first_difference(old: object, new: object, where: str = "") -> str | None:
    """Where `new` departs from `old` (dict keys `new` adds are allowed). A battle told in
    sentences then (`lines`) is told by its record now, a result's `reason` by its `why`:
    worded, they must give the very same words."""
    if isinstance(old, dict) and isinstance(new, dict):
        if "lines" in old and "record" in new:
            old = {**old, "lines": [_named(x) for x in old["lines"]]}
            worded = record_lines(new["record"])
            if worded[-1:] and worded[-1].startswith("Cavalry pursuit") and \
                    len(worded) == len(old["lines"]) + 1:
                worded = worded[:-1]  # the old lines left out a pursuit that struck no one
            found = _first_difference(old["lines"], worded, f"{where}.record worded")
            if found:
                return found
            old = {k: v for k, v in old.items() if k != "lines"}
        if "reason" in old and "why" in new:  # a result told in words then, as facts now
            if old["reason"] != reason(new):
                return f"{where}.why worded: {old['reason']!r} now {reason(new)!r}"
            old = {k: v for k, v in old.items() if k != "reason"}
        for k, v in old.items():
            if k not in new:
                return f"{where}.{k} missing"
            found = _first_difference(v, new[k], f"{where}.{k}")
            if found:
                return found
        return None
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return f"{where}: {len(old)} items, now {len(new)}"
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            found = _first_difference(a, b, f"{where}[{i}]")
            if found:
                return found
        return None
    return None if old == new else f"{where}: {old!r} now {new!r}"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_golden_game_replays_as_it_was_played(scenario):
    golden = json.loads((FIXTURES / f"golden-{scenario}.json").read_text())
    # recorded before generations of questions: it asks those of generation 0
    g = Game.create(engine.ruleset("epic"), scenario=scenario, seed=golden["seed"],
                    generation=generation_of(golden))
    for i, step in enumerate(golden["steps"]):
        events = through_menus(g, step["seat"], step["answer"])
        now = [[e.kind, json.loads(json.dumps(e.data))] for e in events]
        found = _first_difference(step["events"], now, f"action {i} events")
        assert found is None, found
    state = json.loads(json.dumps(g.rules.dump(g.state)))
    # the procedure stack is how the machine remembers where it is, not a fact of the game:
    # the seasons' walk became procedures (issue 30, point 2) and its frames changed shape
    facts = {k: v for k, v in golden["state"].items() if k != "flow"}
    found = _first_difference(facts, state, "final state")
    assert found is None, found
