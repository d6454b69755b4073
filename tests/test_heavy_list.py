"""The fast lane's list of heavy tests (tests/heavy.txt) names tests that exist, and the
tests it names are marked slow, so `pytest -m "not slow"` leaves them out."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import heavy_tests, pytest_collection_modifyitems

ROOT = Path(__file__).resolve().parents[1]


def _functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}


def test_every_listed_heavy_test_exists():
    heavy = heavy_tests()
    assert len(heavy) > 10
    missing = []
    for node in sorted(heavy):
        file, _, rest = node.partition("::")
        name = rest.split("::")[-1].partition("[")[0]
        path = ROOT / file
        if not path.exists() or name not in _functions(path):
            missing.append(node)
    assert missing == []


class _Item:
    def __init__(self, nodeid: str):
        self.nodeid = nodeid
        self.marks: list[str] = []

    def add_marker(self, mark) -> None:
        self.marks.append(mark.name)


def test_listed_tests_and_every_case_of_a_listed_name_are_marked_slow():
    listed = sorted(heavy_tests())
    whole = next(n for n in listed if "[" not in n)  # a name: all its cases
    case = next(n for n in listed if "[" in n)      # one case of a parametrized test
    items = [_Item(whole), _Item(whole + "[another]"), _Item(case),
             _Item(case.partition("[")[0] + "[not-listed]"), _Item("tests/x.py::test_light")]
    pytest_collection_modifyitems(None, items)
    assert [i.marks for i in items] == [["slow"], ["slow"], ["slow"], [], []]
