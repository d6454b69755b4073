"""Imports run one way (docs/architecture.md): service/ below shared/ (settings, logging,
argument checks, the options syntax) below bot/ below keryx/ (the command line), and no
circle of imports among their modules. Read from the source with `ast`, not by importing."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# lowest first: a module may import its own package and those before it, never one after
LAYERS = ("service", "shared", "bot", "keryx")


@dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the module imported (a package's submodule when one is named)
    line: int
    deferred: bool  # inside a function: runs when called, not when the module loads


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, tuple[Path, bool]]:
    """Dotted name -> (file, is a package's __init__)."""
    out = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            init = parts[-1] == "__init__"
            out[".".join(parts[:-1] if init else parts)] = (path, init)
    return out


def _statements(body: list[ast.stmt], deferred: bool) -> Iterator[tuple[ast.stmt, bool]]:
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue  # read by type checkers only, never run
        yield node, deferred
        inner = deferred or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for field in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                yield from _statements([b for b in block if isinstance(b, ast.stmt)]
                                       + [s for h in block if isinstance(h, ast.ExceptHandler)
                                          for s in h.body], inner)


def imports(root: Path, packages: tuple[str, ...]) -> list[Import]:
    known = modules(root, packages)
    found = []
    for name, (path, init) in known.items():
        package = name if init else name.rpartition(".")[0]
        for node, deferred in _statements(ast.parse(path.read_text()).body, False):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                # `from . import chain` names the submodule, not the package around it
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in known else module
                           for a in node.names]
            else:
                continue
            found += [Import(name, t, node.lineno, deferred) for t in targets
                      if t != name and t.split(".")[0] in packages]
    return found


def cycles(edges: list[Import]) -> list[list[str]]:
    """Every circle of imports: the strongly connected parts of more than one module."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def upward(edges: list[Import]) -> list[str]:
    """Imports from a lower layer into a higher one, deferred ones included."""
    rank = {package: i for i, package in enumerate(LAYERS)}
    return [f"{e.source}:{e.line} imports {e.target}" for e in edges
            if rank[e.target.split(".")[0]] > rank[e.source.split(".")[0]]]


def _layered(root: Path = ROOT) -> list[Import]:
    return imports(root, LAYERS)


def test_no_circle_of_imports_that_run_when_a_module_loads():
    assert cycles([e for e in _layered() if not e.deferred]) == []


def test_no_circle_through_deferred_imports_either():
    # a deferred import only hides a circle (bot/commands.py and bot/league_commands.py
    # had one, as had the PostgreSQL store and its migrations)
    assert cycles(_layered()) == []


def test_no_import_runs_up_a_layer():
    assert upward(_layered()) == []


def test_the_service_and_shared_never_import_the_bot():
    low = [e for e in _layered() if e.source.split(".")[0] in ("service", "shared")]
    assert [e for e in low if e.target.split(".")[0] in ("bot", "keryx")] == []
    assert any(e.target.startswith("service") for e in low)  # the walk sees their imports


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def test_the_checks_find_a_circle_and_an_arrow_up(tmp_path):
    root = _tree(tmp_path, {
        "service/__init__.py": "",
        "service/a.py": "from . import b\n",
        "service/b.py": "def f():\n    from service.a import x\n",
        "shared/__init__.py": "",
        "shared/settings.py": "from bot import commands\n",
        "bot/__init__.py": "",
        "bot/commands.py": "from .league import x\n",
        "bot/league.py": "def add():\n    from .commands import y\n",
        "bot/typed.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                        "    from keryx import cli\n",
        "keryx/__init__.py": "",
        "keryx/cli.py": "import bot.commands\n",
    })
    edges = imports(root, LAYERS)
    assert cycles([e for e in edges if not e.deferred]) == []
    assert cycles(edges) == [["bot.commands", "bot.league"], ["service.a", "service.b"]]
    assert upward(edges) == ["shared.settings:1 imports bot.commands"]
