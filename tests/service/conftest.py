from __future__ import annotations

from datetime import UTC, datetime

import pytest

import tests.fixtures.duel  # noqa: F401  (registers the "duel" ruleset)
from service.store import open_store
from tests.backends import BACKENDS, database


def now() -> datetime:
    return datetime.now(UTC)


# The store contract: every test that takes `store`, `svc` or `target` runs on SQLite and
# on PostgreSQL (tests/backends.py).
@pytest.fixture(params=BACKENDS)
async def target(request, tmp_path):
    async with database(request.param, tmp_path) as t:
        yield t


@pytest.fixture
async def store(target):
    s = await open_store(target)
    try:
        yield s
    finally:
        await s.close()


@pytest.fixture
async def svc(target):
    from service import GameService

    s = await GameService.open(target)
    try:
        yield s
    finally:
        await s.close()
