"""Run-wide: say whether the PostgreSQL half of the store contract suite ran."""

from __future__ import annotations

from tests.backends import PG_URL, pg_unavailable


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    ran = any(item for item in terminalreporter.stats.get("passed", [])
              if "postgres" in item.nodeid)
    why = pg_unavailable() if not ran else None
    if why is not None and any("postgres" in r.nodeid
                               for r in terminalreporter.stats.get("skipped", [])):
        terminalreporter.write_line(f"PostgreSQL contract tests SKIPPED: {why}", yellow=True)
    elif ran:
        terminalreporter.write_line(f"PostgreSQL contract tests ran against {PG_URL}")
