from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_disk_cache(monkeypatch, tmp_path):
    # Each test run builds its own base map: a stale cache must not hide a bug.
    monkeypatch.setenv("KERYX_RENDER_CACHE", str(tmp_path / "cache"))
