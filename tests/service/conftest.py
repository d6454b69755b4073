from __future__ import annotations

from datetime import UTC, datetime

import pytest

import tests.fixtures.duel  # noqa: F401  (registers the "duel" ruleset)
from service.store import SqliteStore


def now() -> datetime:
    return datetime.now(UTC)


@pytest.fixture
async def store(tmp_path):
    s = SqliteStore(tmp_path / "keryx.db")
    await s.open()
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def svc(tmp_path):
    from service import GameService

    s = await GameService.open_sqlite(tmp_path / "keryx.db")
    try:
        yield s
    finally:
        await s.close()
