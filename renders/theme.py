"""Colours shared by every render. Side colours follow the board: Athenian blue,
Spartan red, neutral green, Persian orange, black for the cities of no side."""

from __future__ import annotations

RGB = tuple[int, int, int]

SEA: RGB = (158, 192, 212)
SEA_SHALLOW: RGB = (188, 213, 226)
LAND: RGB = (238, 229, 203)
LAND_SHADE: RGB = (226, 214, 182)
MOUNTAIN: RGB = (200, 181, 146)
MOUNTAIN_INK: RGB = (130, 106, 72)
COAST: RGB = (96, 104, 110)
GRID_SEA: RGB = (128, 164, 188)
GRID_LAND: RGB = (196, 182, 148)
LABEL_SEA: RGB = (82, 116, 142)
LABEL_LAND: RGB = (128, 116, 92)
RIVER: RGB = (70, 130, 190)
STRAIT: RGB = (30, 100, 200)
INK: RGB = (28, 28, 32)
PAPER: RGB = (250, 246, 236)
WHITE: RGB = (255, 255, 255)
BANNER: RGB = (36, 40, 52)
BANNER_TEXT: RGB = (244, 238, 222)
GOLD: RGB = (196, 152, 40)

SIDE: dict[str, RGB] = {
    "athens": (34, 86, 178),
    "sparta": (186, 38, 38),
    "neutral": (40, 138, 80),
    "persia": (232, 126, 26),
    "thebes": (118, 58, 150),  # the Epic's League allies (24.0, 25.0)
    "corinth": (18, 128, 132),
    "none": (32, 32, 32),
}
# Darker edge of a block, for a little depth.
SIDE_DARK: dict[str, RGB] = {
    "athens": (18, 50, 112),
    "sparta": (110, 18, 18),
    "neutral": (20, 84, 46),
    "persia": (150, 76, 10),
    "thebes": (70, 30, 92),
    "corinth": (8, 78, 80),
    "none": (0, 0, 0),
}
SIDE_NAME = {"athens": "Athens", "sparta": "Sparta", "thebes": "Thebes", "corinth": "Corinth",
             "neutral": "Neutral",
             "persia": "Persia", "none": "—"}


def side_colour(side: str | None) -> RGB:
    return SIDE.get(side or "none", SIDE["none"])


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """t = 0 gives a, 1 gives b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]
