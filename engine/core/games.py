"""One registration point per game: the `keryx.games` entry-point group.

A game is one entry, named by its ruleset id, whose value is a `GameEntry`: where its
ruleset, renderer and heuristic player live, its benchmark sections and the modules the
optional compiled build compiles. Every registry (rulesets, renderers, heuristics, bench
sections, the compiled build) reads these entries, so a new game adds one line to its
package's `pyproject.toml`:

    [project.entry-points."keryx.games"]
    my-game = "my_package.game:GAME"

The pieces are named as "module:attribute" strings and imported only when asked for, so
listing the games costs no game's import. Rule summaries and component data are hooks of
the ruleset (`Ruleset.rule_book`, `Ruleset.components_json`), reached through it.

Built-in games are declared in Keryx's own pyproject.toml like any other. A checkout whose
installed metadata predates a change there (or that was never installed) reads that file
directly, so the games are the same either way.
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

GROUP = "keryx.games"
# Keryx's own pyproject.toml, read when the installed metadata has no games
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@dataclass(frozen=True)
class GameEntry:
    """Where a game's pieces live ("module:attribute"; None where it has none)."""

    id: str  # the ruleset id, as the entry point is named
    ruleset: str  # an `engine.Ruleset` instance
    renderer: str | None = None  # a `renders.registry.Renderer`
    heuristic: str | None = None  # an `engine.players.heuristic.RulesetHeuristic`
    # `keryx bench` sections: (section name, "module:function" returning figures)
    bench: tuple[tuple[str, str], ...] = ()
    # modules the compiled build compiles with the kernel (engine/compiled.py)
    compiled: tuple[str, ...] = ()


def load_object(target: str) -> Any:
    """The object a "module:attribute" string names."""
    module, _, attribute = target.partition(":")
    found: Any = importlib.import_module(module)
    for part in attribute.split(".") if attribute else ():
        found = getattr(found, part)
    return found


_cache: dict[str, GameEntry] | None = None


def _declared() -> dict[str, str]:
    """Entry name -> "module:attribute" of its GameEntry: the installed metadata, else
    (a checkout not installed since the games were declared) Keryx's pyproject.toml."""
    found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    if not found and PYPROJECT.is_file():
        data = tomllib.loads(PYPROJECT.read_text())
        found = dict(data.get("project", {}).get("entry-points", {}).get(GROUP, {}))
    return found


def games() -> dict[str, GameEntry]:
    """Every registered game by ruleset id (read once a process; `refresh` to re-read)."""
    global _cache
    if _cache is None:
        out: dict[str, GameEntry] = {}
        for name, target in sorted(_declared().items()):
            entry = load_object(target)
            if not isinstance(entry, GameEntry) or entry.id != name:
                raise TypeError(f"the {GROUP} entry {name!r} ({target}) is not the "
                                f"GameEntry of {name!r}")
            out[name] = entry
        _cache = out
    return _cache


def game(ruleset_id: str) -> GameEntry | None:
    return games().get(ruleset_id)


def refresh() -> None:
    """Forget the entries read (a package installed while the process runs; tests)."""
    global _cache
    _cache = None
