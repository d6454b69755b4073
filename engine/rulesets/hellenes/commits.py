"""The cards committed face down and not yet revealed (3.3, 9.1, 10.1): the kernel's
`Simultaneous` keeps each side's choice (an option id, "12:a" or "12:e") in the `commit`
frame's arguments until both are in. Views show only who has committed; the searches
deal a hidden commitment afresh (determinize.py, variants.py)."""

from __future__ import annotations

from typing import Any

from engine.core.flows import CHOSEN
from engine.core.procedures import Frame

from .state import Commit, HState

ACTIONS, EVENT = "a", "e"


def commit_id(commit: Commit) -> str:
    return f"{commit['card']}:{EVENT if commit['use'] == 'event' else ACTIONS}"


def parsed(option_id: str) -> Commit:
    card, use = option_id.split(":")
    return {"card": int(card), "use": "event" if use == EVENT else "actions"}


def _frame(s: HState) -> Frame | None:
    flow = s["flow"]
    return flow[-1] if flow and flow[-1]["name"] == "commit" else None


def committed(s: HState) -> dict[str, Commit]:
    """Each side's card committed so far this phase, in the order the sides chose."""
    frame = _frame(s)
    chosen: dict[str, Any] = (frame["args"].get(CHOSEN) or {}) if frame else {}
    return {side: parsed(str(a)) for side, a in chosen.items()}


def set_committed(s: HState, side: str, commit: Commit) -> None:
    """Replace `side`'s hidden commitment (a sampled world, never live play)."""
    frame = _frame(s)
    assert frame is not None and side in frame["args"][CHOSEN]
    frame["args"][CHOSEN][side] = commit_id(commit)
