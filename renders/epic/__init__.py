"""The Epic of the Peloponnesian War renderer: pictures of views only (docs/rendering.md).

- map (`mapdraw.py` over `basemap.py`): the hex-and-area map of the scenario's regions on
  the real coastline, with cities, control, region markers (AL, ML), sieges, stacks with
  their counts and leaders, the battle and attacks, the turn banner and the region track;
- combat (`combat.py`): a battle record, each round with the odds column and shifts, the
  whole Combat Results Table row for that column with the die rolled, and every morale
  check with its die;
- hand (`aids.py`): the player aids: the AL/ML tracks of every region, the treasuries,
  the leaders and the Force Pools (the Argive League deals no cards).
"""

from __future__ import annotations

from renders import theme
from renders.registry import Renderer

from . import aids, combat, mapdraw

# one colour per player: the League's allies (24.0, 25.0) each have their own
COLOURS = {side: theme.SIDE[side] for side in ("athens", "sparta", "thebes", "corinth")}

RENDERER = Renderer(map=mapdraw.draw_map, combat=combat.render, hand=aids.render,
                    colours=COLOURS)
