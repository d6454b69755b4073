"""The Epic's modules are layered (issue 30, point 7): state -> board -> mechanics ->
procedures -> rules. A module imports only from its own layer or those below, never in a
circle, and only at its top (ruff's PLC0415 holds the last). Read with `ast`, so the test
finds an import however it is written (`from . import x`, `from .x import y`, absolute)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[2] / "engine" / "rulesets" / "epic"
PACKAGE = "engine.rulesets.epic"
LAYERS = {
    "state": {"state", "components", "special"},
    "board": {"board", "alliances", "leaders", "longwalls", "ionian", "sicily_box", "combat",
              "result_text",
              "battle_text", "menus", "places", "unit_names"},
    "mechanics": {"notes", "cards", "politics", "peace", "losses", "fleets", "movement",
                  "supply", "persia", "sicily", "allied_peace", "retreats"},
    "procedures": {"assessment", "battles", "building", "event_phase", "events", "flow",
                   "helots", "league_turns", "moves", "placement", "raiding", "revolts",
                   "sieges", "supplyphase", "wings"},
    "rules": {"rules", "view", "determinize", "variants", "invariants", "positions", "saves",
              "setup", "__init__"},
}
RANK = {m: i for i, layer in enumerate(LAYERS.values()) for m in layer}


def imports_of(path: Path, modules: set[str]) -> tuple[set[str], list[str]]:
    """The sibling modules `path` imports, and where it imports inside a function."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    inner: list[str] = []
    top = set(map(id, tree.body))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level == 0 and base.startswith(PACKAGE):
                base = base[len(PACKAGE):].lstrip(".")
            elif node.level != 1:
                continue
            names = [base.split(".")[0]] if base else [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name[len(PACKAGE) + 1:].split(".")[0] for a in node.names
                     if a.name.startswith(PACKAGE + ".")]
        names = [n for n in names if n in modules and n != path.stem]
        found.update(names)
        if names and id(node) not in top:
            inner.append(f"{path.name}:{node.lineno}")
    return found, inner


def graph(root: Path) -> tuple[dict[str, set[str]], list[str]]:
    modules = {p.stem for p in root.glob("*.py")}
    edges: dict[str, set[str]] = {}
    inner: list[str] = []
    for p in sorted(root.glob("*.py")):
        edges[p.stem], where = imports_of(p, modules)
        inner += where
    return edges, inner


def circle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the modules on it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(edges.get(m, ())):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (found := visit(n)):
                return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_no_import_circle_and_no_import_inside_a_function():
    edges, inner = graph(ROOT)
    assert circle(edges) is None
    assert inner == []


def test_every_module_has_a_layer_and_imports_only_downwards():
    edges, _ = graph(ROOT)
    assert set(edges) == set(RANK), "a module missing from LAYERS, or a layer's module gone"
    upward = [f"{m} -> {n}" for m, ns in edges.items() for n in ns if RANK[n] > RANK[m]]
    assert upward == []


def test_the_walk_finds_a_circle_written_any_way(tmp_path):
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("def f():\n    from engine.rulesets.epic.c import x\n")
    (tmp_path / "c.py").write_text("from .a import y\n")
    edges, inner = graph(tmp_path)
    assert circle(edges) == ["a", "b", "c", "a"]
    assert inner == ["b.py:2"]
