"""The gauntlet: short scripted players to measure the levels against players they were not
tuned to (issue 35). Each reads only its seat's view and the prompt it is given (the
options' ids and labels), never the lookahead, the worlds or the game's state, and plays
one plain idea:

- `aggressive`: masses its armies next to the enemy capital, then storms it;
- `passive`: never moves, holds inside its walls, builds up its blocks;
- `raider`: sponsors revolts in the enemy's vacant cities and walks into empty ones;
- `bait-taker`: attacks any enemy block it can reach, whatever the odds;
- `turtle-striker` (where a ruleset has a script for it): keeps everything home until the
  enemy has moved out, then strikes the enemy's weakest held city with everything.

They are not player levels (no bot seat plays them): `keryx duel` takes them by name
(`--b aggressive`) through `engine.players.duel.contender`.
"""

from __future__ import annotations

from .base import GAUNTLET, STYLES, ScriptedPlayer, gauntlet_player, supports

__all__ = ["GAUNTLET", "STYLES", "ScriptedPlayer", "gauntlet_player", "supports"]
