"""Which rulesets exist: the games registered in the `keryx.games` entry-point group
(engine/core/games.py), and rulesets registered in the process (`register`: a module
named in KERYX_PLUGINS, a test's fixture). Each is imported on first use."""

from __future__ import annotations

from . import games
from .ruleset import Ruleset

_registered: dict[str, Ruleset] = {}
_loaded: dict[str, Ruleset] = {}  # the games' rulesets, imported once


def register(rules: Ruleset) -> Ruleset:
    _registered[rules.id] = rules
    return rules


def rulesets() -> list[str]:
    return sorted(set(games.games()) | set(_registered))


def ruleset(ruleset_id: str) -> Ruleset:
    if ruleset_id in _registered:
        return _registered[ruleset_id]
    entry = games.game(ruleset_id)
    if entry is None:
        raise KeyError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(rulesets())}")
    rules = _loaded.get(entry.ruleset)
    if rules is None:
        rules = games.load_object(entry.ruleset)
        if not isinstance(rules, Ruleset) or rules.id != ruleset_id:
            raise KeyError(f"{entry.ruleset} is not the Ruleset of {ruleset_id!r}")
        _loaded[entry.ruleset] = rules
    return rules
