"""The one cache of base maps: every board's picture is drawn once per process and key
(a ruleset's scenario window, a hash of its map data) and never drawn on after, so
renders running in worker threads share it. A builder that takes long is run once even
when several threads ask for it at the same moment."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_bases: dict[tuple[str, str], Any] = {}


def get(ruleset: str, key: str, build: Callable[[], T]) -> T:
    """The base of (ruleset, key), built by `build` the first time it is asked for."""
    hit = _bases.get((ruleset, key))
    if hit is not None:
        return hit
    with _lock:
        if (ruleset, key) not in _bases:
            _bases[(ruleset, key)] = build()
        return _bases[(ruleset, key)]


def forget(ruleset: str | None = None) -> None:
    """Drop the bases of one ruleset (or all), e.g. after its map data changed in a test."""
    with _lock:
        for k in [k for k in _bases if ruleset is None or k[0] == ruleset]:
            del _bases[k]


def held() -> list[tuple[str, str]]:
    return sorted(_bases)
