"""Built-in rulesets, one package each.

Calling the package, `engine.rulesets()`, lists every registered ruleset id: the package
is necessarily bound to the name `engine.rulesets` once any ruleset is imported, so it is
also the function the engine contract names."""

import sys
import types


class _RulesetsPackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from ..core.registry import rulesets

        return rulesets()


sys.modules[__name__].__class__ = _RulesetsPackage
