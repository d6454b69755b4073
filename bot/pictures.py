"""The terminal's pictures: every image the bot would post on Discord (the public map at
the start, after each phase and at the end, each battle's display, a seat's own map, the
hand or player aids) written as PNG files into one folder, each named by what it shows
and the game's version, so `keryx play` shows what a Discord table shows."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import renders
from engine import Event
from engine.core.view import BATTLE_END


class Pictures:
    def __init__(self, out_dir: Path, ruleset: str) -> None:
        self.out_dir = out_dir
        self.ruleset = ruleset
        self.written: set[str] = set()

    def _write(self, name: str, draw: Callable[[], bytes]) -> Path | None:
        """The file, drawn once per name; None when the game has no such renderer."""
        path = self.out_dir / name
        if name not in self.written:
            try:
                png = draw()
            except renders.NoRenderer:
                return None
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
            self.written.add(name)
        return path.resolve()

    def public_map(self, view: dict[str, Any], version: int) -> Path | None:
        return self._write(f"public-v{version:04d}.png", lambda: renders.render_map(view))

    def seat_map(self, view: dict[str, Any], seat: str, version: int) -> Path | None:
        return self._write(f"map-{seat}-v{version:04d}.png", lambda: renders.render_map(view))

    def hand(self, view: dict[str, Any], seat: str, version: int) -> Path | None:
        """The seat's cards, or the player aids of a game without cards (the Epic)."""
        return self._write(f"hand-{seat}-v{version:04d}.png",
                           lambda: renders.render_hand(view))

    def battles(self, events: Iterable[Event], version: int) -> list[Path]:
        """The display of every battle that ended with these events (public, as posted)."""
        out = []
        done = [e for e in events if e.kind == BATTLE_END and (e.data or {}).get("battle")]
        for i, e in enumerate(done, 1):
            path = self._write(f"battle-v{version:04d}-{i}.png",
                               self._combat(e.data["battle"]))
            if path is not None:
                out.append(path)
        return out

    def _combat(self, battle: dict[str, Any]) -> Callable[[], bytes]:
        return lambda: renders.render_combat(battle, {"ruleset": self.ruleset})
