"""Test helpers that every ruleset's tests reuse."""

from __future__ import annotations

from typing import Any

from .core.game import Game
from .core.rng import Rng


class FixedRng(Rng):
    """Dice from a fixed list (rules tests only); shuffles stay seeded."""

    __slots__ = ("values",)

    def __init__(self, values: list[int]):
        super().__init__("fixed")
        self.values = list(values)

    def dice(self, n: int, sides: int = 6) -> list[int]:
        out, self.values = self.values[:n], self.values[n:]
        assert len(out) == n, "the test ran out of fixed dice"
        return out

    def die(self, sides: int = 6) -> int:
        return self.dice(1, sides)[0]


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, as a readable path (None if equal)."""
    if type(a) is not type(b):
        return f"{path or '.'}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}: present on one side only"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list | tuple):
        if len(a) != len(b):
            return f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path or '.'}: {a!r} != {b!r}"


def assert_view_hides(game: Game, seat: str | None, seed: str | int = 0,
                      require_variant: bool = True) -> int:
    """Prove that what `seat` sees (None: the public) does not change when only facts
    hidden from it change. The ruleset supplies the variants (`hidden_variants`); a
    variant identical to the real state proves nothing and is not counted.
    Returns how many differing variants were checked."""
    rules = game.rules
    base = rules.view(game.state, seat)
    base_dump = rules.dump(game.state)
    checked = 0
    for variant in rules.hidden_variants(game.state, seat, Rng(f"redaction:{seed}")):
        if rules.dump(variant) == base_dump:
            continue
        checked += 1
        diff = first_difference(base, rules.view(variant, seat))
        if diff is not None:
            raise AssertionError(
                f"the view of {seat or 'the public'} changes when only hidden facts change: "
                f"{diff}")
    if require_variant and not checked:
        raise AssertionError("no hidden variant differs from the real state; nothing proven")
    return checked
