"""The bot goes through the service, never around it (docs/architecture.md): no module of
bot/ touches the store (snapshots hold the secret seed; only the service may read them)."""

from __future__ import annotations

import ast
from pathlib import Path

import bot


def _store_reads(path: Path) -> list[int]:
    tree = ast.parse(path.read_text())
    return [n.lineno for n in ast.walk(tree)
            if (isinstance(n, ast.Attribute) and n.attr == "store")
            or (isinstance(n, ast.ImportFrom) and (n.module or "").startswith("service.store"))]


def test_no_module_of_bot_reads_the_store():
    folder = Path(bot.__file__).parent
    found = {p.name: lines for p in sorted(folder.glob("*.py")) if (lines := _store_reads(p))}
    assert found == {}


def test_the_check_finds_a_store_read(tmp_path):
    leaky = tmp_path / "leaky.py"
    leaky.write_text("async def f(svc):\n    return await svc.store.actions(1)\n")
    assert _store_reads(leaky) == [2]
