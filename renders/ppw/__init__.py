"""The Peloponnesian War (ppw) renderer: pictures of views only.

- map (`board.py`): every space on real geography in its controller's colour, paths by
  type, fortresses, rebellion, ravaging, the majors' SPs;
- combat (`battle.py`): a battle record with its dice, modifiers, losses and leaders;
- hand (`cards.py`): the four status cards (rule 1.8), which are public.
"""

from __future__ import annotations

from typing import Any

from renders import theme
from renders.registry import Renderer

from . import battle, board, cards

COLOURS = {side: theme.SIDE[side] for side in ("athens", "sparta", "corinth", "thebes")}


def _map(view: dict[str, Any]) -> bytes:
    return board.render(view)


RENDERER = Renderer(map=_map, combat=battle.render, hand=cards.render, colours=COLOURS)
