"""A grouped menu whose pinned options fill the whole limit still lists its leaves (a
random Campaign's Placement menu once divided by a room of zero: seed 256)."""

from __future__ import annotations

from engine import Option
from engine.rulesets.epic import menus


def test_pinned_options_that_fill_the_limit_leave_the_leaves_reachable():
    leaves = [Option(f"u{i}", f"Unit {i:02d}", "7.3", data={"kind": "unit"}) for i in range(60)]
    pinned = [Option(f"l{i}", f"Leader {i}", "7.3") for i in range(menus.LIMIT)]
    top = menus.grouped(leaves, [lambda o: (o.id[:2], o.label[:7])], [], last=pinned)
    groups = [o for o in top if o.id.startswith(menus.GROUP)]
    assert groups, [o.id for o in top]
    reached = {leaf["id"] for g in groups for leaf in (g.data or {})["leaves"]}
    assert reached == {o.id for o in leaves}
