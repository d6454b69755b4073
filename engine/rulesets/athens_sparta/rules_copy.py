"""Fast deep copy of plain JSON data (dicts, lists, scalars)."""

from __future__ import annotations

from typing import Any


def copy_state(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: copy_state(v) for k, v in x.items()}
    if isinstance(x, list):
        return [copy_state(v) for v in x]
    return x
