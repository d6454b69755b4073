"""Run-wide: the heavy tests the fast lane leaves out (tests/heavy.txt), and whether the
PostgreSQL half of the store contract suite ran."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.backends import PG_URL, pg_unavailable

HEAVY = Path(__file__).with_name("heavy.txt")


def heavy_tests() -> set[str]:
    """The node ids listed in tests/heavy.txt (scripts/heavy_tests.py writes it)."""
    lines = (line.partition("#")[0].strip() for line in HEAVY.read_text().splitlines())
    return {line for line in lines if line}


def pytest_collection_modifyitems(config, items):
    heavy = heavy_tests()
    for item in items:
        if item.nodeid in heavy or item.nodeid.partition("[")[0] in heavy:
            item.add_marker(pytest.mark.slow)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    ran = any(item for item in terminalreporter.stats.get("passed", [])
              if "postgres" in item.nodeid)
    why = pg_unavailable() if not ran else None
    if why is not None and any("postgres" in r.nodeid
                               for r in terminalreporter.stats.get("skipped", [])):
        terminalreporter.write_line(f"PostgreSQL contract tests SKIPPED: {why}", yellow=True)
    elif ran:
        terminalreporter.write_line(f"PostgreSQL contract tests ran against {PG_URL}")
