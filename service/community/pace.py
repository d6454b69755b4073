"""A game's pace: a Fischer-style clock with a cap on the bank.

"3d +24h max 5d" means: each seat starts with 3 days; whenever a seat hands the turn
over (it stops being one of the seats that must act) 24 hours are added to its bank, which
never exceeds 5 days. The clock of every seat that must act runs at once (simultaneous
prompts). Several clicks that make up one turn add nothing: the increment is paid per
hand-over, not per click, or a player could bank time by clicking through small steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Policy = Literal["forfeit", "notify"]
POLICIES: tuple[str, ...] = ("forfeit", "notify")

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])", re.I)


def parse_duration(text: str) -> float:
    """'2d12h' -> seconds. Raises ValueError on anything else."""
    text = text.strip().replace(" ", "")
    if not text:
        raise ValueError("empty duration")
    pos, total = 0, 0.0
    for m in _DURATION.finditer(text):
        if m.start() != pos:
            break
        total += float(m.group(1)) * _UNITS[m.group(2).lower()]
        pos = m.end()
    if pos != len(text):
        raise ValueError(f"not a duration: {text!r} (use e.g. 24h, 2d12h, 90m)")
    return total


def format_duration(seconds: float) -> str:
    """Short human form: 2d 4h, 5h 30m, 12m."""
    s = max(0, int(round(seconds)))
    d, s = divmod(s, 86400)
    h, s = divmod(s, 3600)
    m = s // 60
    if d:
        return f"{d}d {h}h" if h else f"{d}d"
    if h:
        return f"{h}h {m}m" if m else f"{h}h"
    return f"{m}m"


@dataclass(frozen=True, slots=True)
class Pace:
    initial_s: float
    increment_s: float
    cap_s: float

    def __post_init__(self) -> None:
        if self.initial_s <= 0 or self.increment_s < 0 or self.cap_s <= 0:
            raise ValueError("a pace needs a positive start, a non-negative increment and cap")
        if self.initial_s > self.cap_s:
            raise ValueError("the starting bank cannot exceed the cap")

    @classmethod
    def default(cls) -> Pace:
        return cls(3 * 86400, 86400, 5 * 86400)

    @classmethod
    def parse(cls, text: str) -> Pace:
        """'3d +24h max 5d', '+24h max 5d' (start = the increment x 3, capped), '3d+1d/5d'."""
        t = text.strip().lower().replace("max", "/").replace("cap", "/")
        m = re.fullmatch(r"\s*([0-9smhdw. ]*?)\s*\+\s*([0-9smhdw. ]+?)\s*(?:/\s*([0-9smhdw. ]+))?\s*", t)
        if m is None:
            raise ValueError(f"not a pace: {text!r} (use e.g. '3d +24h max 5d')")
        inc = parse_duration(m.group(2))
        cap = parse_duration(m.group(3)) if m.group(3) else max(inc * 5, inc)
        start = parse_duration(m.group(1)) if m.group(1).strip() else min(inc * 3, cap)
        return cls(start, inc, cap)

    def describe(self) -> str:
        return (f"{format_duration(self.initial_s)} +{format_duration(self.increment_s)} "
                f"per move, at most {format_duration(self.cap_s)} banked")
