"""The one cache of base maps: every board's picture is drawn once per process and key
(a ruleset's scenario window, a hash of its map data) and never drawn on after, so
renders running in worker threads share it. A builder that takes long is run once even
when several threads ask for it at the same moment. Bases that take seconds to draw are
also kept on disk (`cache_dir`, keyed by `digest` of their data and drawing code), so a
restarted bot does not draw them again."""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
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


def cache_dir() -> Path | None:
    """Where bases are kept on disk: KERYX_RENDER_CACHE, ~/.cache/keryx/renders when it
    is unset, nowhere when it is empty."""
    path = os.environ.get("KERYX_RENDER_CACHE")
    if path == "":
        return None
    return Path(path) if path else Path.home() / ".cache" / "keryx" / "renders"


def digest(files: Iterable[Path], *extra: str) -> str:
    """A key for what a base is drawn from: the bytes of its data and code files."""
    h = hashlib.sha256()
    for f in files:
        h.update(f.read_bytes())
    for e in extra:
        h.update(e.encode())
    return h.hexdigest()[:20]
