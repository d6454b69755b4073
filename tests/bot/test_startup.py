"""What `keryx run` does before it connects: the long-lived heap frozen out of the
collector's way (docs/benchmarks.md, the p99)."""

from __future__ import annotations

import gc

from bot.main import freeze_long_lived


def test_start_up_freezes_every_rulesets_tables():
    gc.unfreeze()
    try:
        frozen = freeze_long_lived()
        # the maps, boards and tables of the three games are tens of thousands of objects
        assert frozen == gc.get_freeze_count() > 30_000
    finally:
        gc.unfreeze()
