"""Which rulesets exist. Built-in ones are imported on first use; other packages can add
theirs through the `keryx.rulesets` entry-point group."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from .ruleset import Ruleset

_BUILTIN = {
    "athens-sparta": "engine.rulesets.athens_sparta",
    "hellenes": "engine.rulesets.hellenes",
    "epic": "engine.rulesets.epic",
}
_registered: dict[str, Ruleset] = {}


def register(rules: Ruleset) -> Ruleset:
    _registered[rules.id] = rules
    return rules


def _external() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group="keryx.rulesets")}


def rulesets() -> list[str]:
    return sorted(set(_BUILTIN) | set(_registered) | set(_external()))


def ruleset(ruleset_id: str) -> Ruleset:
    if ruleset_id in _registered:
        return _registered[ruleset_id]
    target = _BUILTIN.get(ruleset_id) or _external().get(ruleset_id)
    if target is None:
        raise KeyError(f"unknown ruleset {ruleset_id!r}; known: {', '.join(rulesets())}")
    module = importlib.import_module(target.split(":")[0])
    rules = getattr(module, "RULESET", None)
    if not isinstance(rules, Ruleset):
        raise KeyError(f"{target} does not define RULESET")
    return register(rules)
