"""No ruleset keeps module-level mutable state (issue 30, point 4): a game's index lives in
the kernel's steady scope and a search's memo in the kernel's `Memo` tables, one per
thread (engine/core/steady.py). Every ruleset module is read with `ast` by the Epic's check
(tests/epic/test_module_state.py): no `global`, no module-level name changed by a function.
Pure `functools.cache` of static component data is allowed (it is not written to by
the ruleset's code)."""

from __future__ import annotations

from pathlib import Path

from tests.epic.test_module_state import _mutations

RULESETS = Path(__file__).parents[2] / "engine" / "rulesets"
# Athens & Sparta's process-wide change marks are kernel clocks (engine/core/clock.py),
# safe beside a thinking thread; nothing is left to move.
LEFT: dict[str, set[str]] = {}


def _found() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in sorted(RULESETS.rglob("*.py")):
        where = str(path.relative_to(RULESETS))
        for m in _mutations(path):
            what = m.split(" ", 1)[1]
            out.setdefault(where, set()).add(what.split()[-1] if what.startswith("mutates")
                                             else "global")
    return out


def test_no_ruleset_changes_module_level_state_but_the_listed_remainders():
    assert _found() == LEFT
