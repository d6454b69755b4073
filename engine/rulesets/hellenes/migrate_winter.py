"""Saves from before version 6 (issue 32) in today's shape: Winter walked an integer
`stage` in one `winter` frame (0-1 the two players' Winter Actions, 2-3 SiegeBreaking
Combat, 4-5 Winter Siege Combat). Version 6 names the step instead: `winter` with the
`side` whose Winter Actions run, then `winter_combat` with its `side` and `mode`.

A saved `winter` frame always waits under a called procedure (`enter` calls at once), so
the new frame is the one whose `resume` carries on from there. Idempotent: a frame
without `stage` is left as it is."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def winter_named(data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a loaded save) with its Winter frames in version 6's shape, in place."""
    order = data.get("cards", {}).get("order") or []
    for frame in data.get("flow", []):
        if frame["name"] == "winter" and "stage" in frame["args"]:
            frame["name"], frame["args"] = named_step(int(frame["args"]["stage"]), order)
    return data


def named_step(stage: int, order: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """Winter's old step `stage` as today's procedure and args (also for a position that
    starts at an old step, positions.py)."""
    side = order[stage % 2]
    if stage < 2:
        return "winter", {"side": side}
    return "winter_combat", {"side": side, "mode": "breaking" if stage < 4 else "siege"}
