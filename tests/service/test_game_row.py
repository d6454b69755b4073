"""GameRow.moved_to is dataclasses.replace spelt out: it must stay field for field."""

import dataclasses
from datetime import UTC, datetime, timedelta

from service.store.base import GameRow


def test_moved_to_equals_replace_for_every_field() -> None:
    t = datetime(2026, 1, 1, tzinfo=UTC)
    # every field a distinct value, so that a field copied into the wrong place shows
    row = GameRow(id=1, guild_id=2, channel_id=3, ruleset="athens-sparta", scenario="431",
                  options={"o": 1}, status="running", created_by=4, engine_version="e",
                  rules_version="r", seed_hash="h", seed="s", version=5, outcome={"x": 1},
                  created_at=t, started_at=t + timedelta(1), ended_at=t + timedelta(2),
                  updated_at=t + timedelta(3), snapshot_version=6, snapshot="{}",
                  chain="c0")
    assert row.moved_to(9, 8, "c9") == dataclasses.replace(row, version=9, snapshot_version=8,
                                                           chain="c9")
    assert len(dataclasses.fields(GameRow)) == 21  # moved_to names each one
