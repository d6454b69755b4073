"""Bot processes run on uvloop where it is installed; KERYX_EVENT_LOOP=asyncio opts out."""

import asyncio
import importlib.util

import pytest

from service import event_loop


async def _loop_type() -> str:
    return type(asyncio.get_running_loop()).__module__


@pytest.mark.skipif(importlib.util.find_spec("uvloop") is None,
                    reason="uvloop is not installed here (Windows)")
def test_runs_on_uvloop_when_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KERYX_EVENT_LOOP", raising=False)
    assert event_loop.loop_name() == "uvloop"
    assert event_loop.run(_loop_type()).startswith("uvloop")


def test_asyncio_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KERYX_EVENT_LOOP", "asyncio")
    assert event_loop.loop_name() == "asyncio"
    assert event_loop.run(_loop_type()).startswith("asyncio")
