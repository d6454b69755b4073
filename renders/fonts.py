"""Bundled fonts (DejaVu, Bitstream Vera licence: fonts/LICENSE-DejaVu.txt).

Loaded by path from the package, never from the system, so every machine draws the
same letters."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"

FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "cond-bold": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}


@lru_cache(maxsize=128)
def font(style: str, size: int) -> ImageFont.FreeTypeFont:
    """A font face at a pixel size. Faces are cached: they are only read after loading,
    and Pillow renders glyphs while holding the GIL, so worker threads may share them."""
    return ImageFont.truetype(str(FONT_DIR / FILES[style]), size)
