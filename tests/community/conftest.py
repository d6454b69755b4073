from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.community import Community, RecordingSink
from tests.backends import BACKENDS, database

T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
H = timedelta(hours=1)
D = timedelta(days=1)


class FakeClock:
    def __init__(self, t: datetime = T0):
        self.t = t

    def __call__(self) -> datetime:
        return self.t

    def advance(self, delta: timedelta) -> datetime:
        self.t += delta
        return self.t


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(params=BACKENDS)
async def db_path(request, tmp_path):
    """The database (an SQLite file or a PostgreSQL schema's URL): every community test
    runs on both (tests/backends.py)."""
    async with database(request.param, tmp_path) as target:
        yield target


@pytest.fixture
async def community(db_path, clock):
    c = Community(db_path, now=clock)
    await c.open()
    try:
        yield c
    finally:
        await c.close()


@pytest.fixture
def sink() -> RecordingSink:
    return RecordingSink()
