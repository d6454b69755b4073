"""The event loop a Keryx process runs on: uvloop where it is installed (every platform but
Windows gets it with Keryx), else asyncio's own.

Why: a bot process spends about a tenth of each click in the event loop and socket calls;
uvloop (libuv, the loop asyncpg's authors recommend) takes about 10 % off the client CPU of a
click on PostgreSQL (docs/benchmarks.md, "uvloop"). `KERYX_EVENT_LOOP=asyncio` keeps the
standard loop, e.g. to compare or to debug."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def loop_name() -> str:
    """'uvloop' or 'asyncio': the loop `run` will use."""
    if os.environ.get("KERYX_EVENT_LOOP", "").lower() == "asyncio":
        return "asyncio"
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on the loop `loop_name` names."""
    if loop_name() == "uvloop":
        import uvloop

        return uvloop.run(main)
    return asyncio.run(main)
