from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

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


def migrations_before(tmp_path, version: int):
    """A copy of the migrations folder as it was before `version` (to build an old
    database and then migrate it)."""
    import migrations

    src = Path(migrations.__path__[0])
    old = tmp_path / f"before-{version:04d}"
    old.mkdir()
    for f in sorted(src.glob("*.sql")):
        if int(f.name[:4]) < version:
            shutil.copy(f, old / f.name)
    return old


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
