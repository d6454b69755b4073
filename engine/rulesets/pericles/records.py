"""The public log of a game: facts only (kinds, keys, numbers); the view turns each
record into words (view.line). Every procedure module writes through `log`."""

from __future__ import annotations

from .schema import PericlesState


def log(s: PericlesState, kind: str, city: str | None = None, faction: str | None = None,
        n: int = 0, what: str | None = None, theater: str | None = None) -> None:
    s["log"].append({"kind": kind, "city": city, "faction": faction, "n": n, "what": what,
                     "theater": theater})
