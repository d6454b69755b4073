"""No module-level mutable state in the Epic (issue 30, point 4): a game's index lives in
the kernel's context-local steady scope (engine/core/steady.py), so a thread thinking for a
bot seat never sees, or replaces, what another game's prompts are built from (the race is
played in tests/kernel/test_steady_threads.py). Here every module is read with `ast`: no
`global` statement, and no module-level name is mutated by a function."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2] / "engine" / "rulesets" / "epic"
MUTATORS = {"append", "extend", "insert", "update", "setdefault", "pop", "popitem", "clear",
            "add", "discard", "remove", "sort", "reverse"}


def _module_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _mutations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    shared = _module_names(tree)
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        local = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
        local |= {n.id for n in ast.walk(fn)
                  if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        for node in ast.walk(fn):
            if isinstance(node, ast.Global | ast.Nonlocal):
                found.append(f"{path.name}:{node.lineno} {type(node).__name__.lower()}")
            target = None
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
                for t in node.targets if isinstance(node, ast.Assign | ast.Delete) \
                        else [node.target]:
                    if isinstance(t, ast.Subscript | ast.Attribute):
                        target = t.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATORS:
                target = node.func.value
            if isinstance(target, ast.Name) and target.id in shared - local:
                found.append(f"{path.name}:{node.lineno} mutates {target.id}")
    return found


def test_no_module_level_state_is_changed_by_a_function():
    found = [m for p in sorted(ROOT.glob("*.py")) for m in _mutations(p)]
    assert found == []


def test_the_check_finds_a_module_cache(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("_index = {}\n\ndef f(s):\n    _index['x'] = s\n    _index.update(s)\n")
    assert [m.split(" ", 1)[1] for m in _mutations(bad)] == ["mutates _index", "mutates _index"]
