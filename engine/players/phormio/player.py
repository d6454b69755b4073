"""The level `phormio`: the playbook's automated opponent for Pericles (section 15).

Each prompt kind has a Phormio rule: the political ones (political.py) and the theater
ones (theater*.py, `THEATER_RULES`, when present); a kind with no Phormio rule yet is
answered as the Pericles heuristic answers it. Phormio reads only its seat's view.

The Prime Strategy is the one the rules drew on the game's dice and the view shows
(rule 15.3, strategy.py). A seat the game does not know is Phormio's (a duel between
levels, a seat handed over in the middle of a game) draws its own with the player's
stream, seeded by the player's seed, the turn and the faction: the same all turn long
and again after a restart, and blind to the game's dice (our ruling R52).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, ClassVar

from ...core.rng import Rng
from ...core.types import Prompt
from ...rulesets.pericles import assembly as asm
from ...rulesets.pericles import strategy as st
from ..base import Lookahead, register_level
from ..heuristic import HeuristicPlayer
from . import political
from .political import Rule
from .strategy import Strategy, strategy_of


def theater_rules(strategy: political.StrategyOf) -> dict[str, Rule]:
    """The theater rules (theater*.py) reading the Prime Strategy through `strategy`:
    `planned_rules(strategy)` where a module offers it, else its THEATER_RULES."""
    out: dict[str, Rule] = {}
    for mod in pkgutil.iter_modules(_package_path()):
        if mod.name.startswith("theater"):
            m = importlib.import_module(f"{__package__}.{mod.name}")
            planned = getattr(m, "planned_rules", None)
            out.update(planned(strategy) if planned is not None
                       else getattr(m, "THEATER_RULES", {}))
    return out


def _package_path() -> list[str]:
    return list(importlib.import_module(__package__ or "").__path__)


def own_strategy(view: dict[str, Any], faction: str, seed: str | int) -> Strategy:
    """A Prime Strategy drawn by the player itself (ruling R52): the rules' walk of the
    matrix (15.3) on a die seeded by the player's seed, the turn and the faction; the
    compatriot's choice is not known, so the walk starts at the top."""
    rng = Rng(f"phormio-ps:{seed}:{view['turn']}:{faction}")
    row, theater, _ = st.choose(view, asm.city_of(faction), rng.die)
    return st.strategy(faction, row, theater, view)


@register_level
class PhormioPlayer(HeuristicPlayer):
    level = "phormio"
    rulesets: ClassVar[tuple[str, ...]] = ("pericles",)

    def __init__(self, seed: str | int = 0, **options: Any):
        super().__init__(seed, **options)
        # the theater rules read the same Prime Strategy as the political ones (a seat
        # the game does not know is Phormio's plays both by the one it drew itself)
        self.rules: dict[str, Rule] = {**political.political_rules(self.strategy),
                                       **theater_rules(self.strategy)}

    def strategy(self, view: dict[str, Any], faction: str) -> Strategy | None:
        return strategy_of(view, faction) or own_strategy(view, faction, self.seed)

    def choose(self, view: dict[str, Any], prompt: Prompt,
               lookahead: Lookahead | None = None) -> str:
        rule = self.rules.get(prompt.kind)
        if rule is not None:
            return rule(view, prompt, self.rng)
        return super().choose(view, prompt, lookahead)
