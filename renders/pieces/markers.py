"""Ordered stacks of markers on a space: face-down markers put there one after another,
the last put on top and taken first (LIFO), each shown face up only to the seats allowed
to see it. The stack is data (`MarkerStack`), so what a seat sees is decided here once
and every renderer draws the same: the redaction itself stays in the engine's per-seat
view, which gives this only what the seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import ImageDraw

from .. import theme
from .primitives import fit_text, text_c


@dataclass(frozen=True, slots=True)
class Marker:
    face: str  # what it says face up ("Revolt", "+2")
    side: str = "none"  # whose colour its back shows
    seen_by: frozenset[str] = frozenset()  # seats that may see its face; "*": everyone


@dataclass
class MarkerStack:
    """Bottom first: `put` lays a marker on top, `take` removes the top one."""

    markers: list[Marker] = field(default_factory=list)

    def put(self, marker: Marker) -> None:
        self.markers.append(marker)

    def take(self) -> Marker:
        if not self.markers:
            raise IndexError("the stack is empty")
        return self.markers.pop()

    def top(self) -> Marker | None:
        return self.markers[-1] if self.markers else None

    def seen_by(self, seat: str | None) -> list[str | None]:
        """Bottom first, each marker's face if the seat may see it, else None (its back).
        The public (seat None) sees only markers open to everyone."""
        return [m.face if "*" in m.seen_by or (seat is not None and seat in m.seen_by)
                else None for m in self.markers]


def draw(d: ImageDraw.ImageDraw, cx: float, cy: float, size: int, stack: Sequence[Marker],
         faces: Sequence[str | None]) -> tuple[float, float, float, float]:
    """The stack as a pile, bottom first, each marker a little up and right of the one
    under it, the top one whole; a face-down marker shows its side's colour and a dot.
    More than five: the five on top, and the count. Returns the pile's box."""
    shown = list(zip(stack, faces, strict=True))[-5:]
    step = max(3, size // 6)
    h = size / 2
    x0 = cx - h - step * (len(shown) - 1) / 2
    y0 = cy - h + step * (len(shown) - 1) / 2
    for k, (m, face) in enumerate(shown):
        x, y = x0 + k * step, y0 - k * step
        if face is None:
            fill = theme.side_colour(m.side)
            d.rounded_rectangle((x, y, x + size, y + size), radius=3, fill=fill,
                                outline=theme.INK)
            d.ellipse((x + h - 2, y + h - 2, x + h + 2, y + h + 2), fill=theme.WHITE)
        else:
            d.rounded_rectangle((x, y, x + size, y + size), radius=3, fill=theme.PAPER,
                                outline=theme.side_colour(m.side), width=2)
            text, fs = fit_text(face, "cond-bold", max(8, size // 3), size - 4)
            text_c(d, (x + h, y + h), text, "cond-bold", fs, theme.INK)
    if len(stack) > len(shown):
        text_c(d, (x0 + len(shown) * step + size, cy), f"×{len(stack)}", "bold",
               max(9, size // 3), theme.INK, halo=theme.WHITE, anchor="lm")
    top = y0 - (len(shown) - 1) * step
    return (x0, top, x0 + (len(shown) - 1) * step + size, y0 + size)
