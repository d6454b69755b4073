"""Seeded, verifiable randomness.

Every draw is derived from SHA-256(seed, draw number), so the generator's whole state is
one counter: a saved game stores it as an int, and anyone holding the revealed seed can
re-derive every die of a finished game. The seed stays secret while the game runs; only
its hash (`seed_hash`) is published at setup.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

_DOMAIN = b"keryx-dice/1:"


def new_seed() -> str:
    """A seed with enough entropy that its published hash cannot be brute-forced."""
    return secrets.token_hex(16)


def seed_hash(seed: str | int) -> str:
    return hashlib.sha256(b"keryx-seed/1:" + str(seed).encode()).hexdigest()


# the tests' FixedRng (engine/testing.py) subclasses it in Python (the compiled engine)
@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    __slots__ = ("_key", "counter")

    def __init__(self, seed: str | int, counter: int = 0):
        self._key = _DOMAIN + str(seed).encode() + b":"
        self.counter = counter

    def _draw64(self) -> int:
        h = hashlib.sha256(self._key + str(self.counter).encode()).digest()
        self.counter += 1
        return int.from_bytes(h[:8], "big")

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._draw64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.randbelow(sides) + 1

    def dice(self, n: int, sides: int = 6) -> list[int]:
        return [self.randbelow(sides) + 1 for _ in range(n)]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[self.randbelow(len(seq))]
