"""The Epic's state keeps no log (issue 30, point 3): a test that reads what was said
takes `told`, the text of every event since it began, in order (phase and battle ends
aside, which are pictures' cues rather than lines)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.ruleset import Context
from engine.core.view import BATTLE_END, PHASE_END


@pytest.fixture
def told(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    lines: list[str] = []
    event = Context.event

    def recording(self: Context, kind: str, text: str, *args: Any, **data: Any) -> Any:
        if kind not in (PHASE_END, BATTLE_END):
            lines.append(text)
        return event(self, kind, text, *args, **data)

    monkeypatch.setattr(Context, "event", recording)
    return lines


def described(seed: str, **p: Any) -> Any:
    """A described position (engine/rulesets/epic/POSITIONS.md) for the rulebook tests: the
    Campaign unless another scenario is named, the board alone unless `start` is given, and
    every map unit back in its pool unless `clear` is False."""
    import engine

    p.setdefault("start", None)
    p.setdefault("scenario", "campaign")
    p.setdefault("clear", True)
    generation = p.pop("generation", None)  # None: the questions new games ask
    return engine.ruleset("epic").from_position(p, seed=seed, generation=generation)


def city_hexes() -> dict[str, str]:
    """Each city's hex by its name."""
    from engine.rulesets.epic import board as B

    return {n: c.hex for n, c in B.comps().cities.items()}
