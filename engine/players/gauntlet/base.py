"""The scripted players' common frame: a script per ruleset, a guard against menus that
lead back where they started, and the plain answers every script shares."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any, ClassVar

from ...core import decisions
from ...core.rng import Rng
from ...core.types import Prompt
from ..base import Lookahead, Player
from ..heuristic import ruleset_of

# The styles of play, each a short script per ruleset (engine/players/gauntlet/<module>.py
# defines `SCRIPTS: {style: function}`).
GAUNTLET = ("aggressive", "passive", "raider", "bait-taker")
# Styles added later, played only where a ruleset's module has a script for them (session
# 15): `turtle-striker` keeps everything home until the enemy has moved out, then strikes
# the enemy's weakest held city (or capital, or home) with everything.
LATER = ("turtle-striker",)
STYLES = GAUNTLET + LATER
MODULES = {"athens-sparta": "athens_sparta", "hellenes": "hellenes", "epic": "epic",
           "ppw": "ppw", "pericles": "pericles"}
# A prompt met again in the same position this many times is taken for a loop of menus:
# the player then ends the phase or goes back instead.
LOOP = 3
ENDING = ("done", "back", "up", "keep", "stay", "none")

Script = Callable[["ScriptedPlayer", dict[str, Any], Prompt], str | None]


def supports(style: str, ruleset_id: str) -> bool:
    return style in STYLES and _script(style, ruleset_id) is not None


def _script(style: str, ruleset_id: str) -> Script | None:
    module = MODULES.get(ruleset_id)
    if module is None:
        return None
    scripts: dict[str, Script] = importlib.import_module(f"{__package__}.{module}").SCRIPTS
    return scripts.get(style)


class ScriptedPlayer(Player):
    """A gauntlet player of one style; its answers come from its ruleset's script, and
    any prompt the script leaves (None) gets the first option that is not going back."""

    level: ClassVar[str] = "gauntlet"

    def __init__(self, style: str, seed: str | int = 0):
        super().__init__(seed)
        self.rng = Rng(f"player:gauntlet-{style}:{seed}")
        self.style = style
        self._seen: dict[str, int] = {}
        self.memory: dict[str, Any] = {}  # the script's own notes (a phase's plan)
        self.repeat = 0  # how often the prompt now answered was met in this position

    def choose(self, view: dict[str, Any], prompt: Prompt,
               lookahead: Lookahead | None = None) -> str:
        if prompt.form != decisions.ONE:
            # a multi-select (Hellenes' movers, Winter's units): the script's answer if it
            # gives one that fits, else a random one
            script = _script(self.style, ruleset_of(view))
            picked = script(self, view, prompt) if script is not None else None
            if picked is not None and decisions.accepts(prompt, picked):
                return picked
            return decisions.random_answer(prompt, self.rng)
        ids = [o.id for o in prompt.options]
        key = json.dumps([prompt.text, ids, {k: v for k, v in view.items() if k != "game"}],
                         sort_keys=True, default=str)
        seen = self._seen[key] = self._seen.get(key, 0) + 1
        if len(self._seen) > 4096:
            self._seen.clear()
        if seen > LOOP:
            return next((e for e in ENDING if e in ids), ids[-1])
        self.repeat = seen
        script = _script(self.style, ruleset_of(view))
        answer = script(self, view, prompt) if script is not None else None
        if answer in ids:
            return str(answer)
        return next((i for i in ids if i not in ("back", "up")), ids[0])


def gauntlet_player(style: str, seed: str | int = 0) -> ScriptedPlayer:
    if style not in STYLES:
        raise ValueError(f"no gauntlet player {style!r}; choose one of {', '.join(STYLES)}")
    return ScriptedPlayer(style, seed)
