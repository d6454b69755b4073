"""Phormio's Prime Strategy as a player reads it: the contract for every Phormio rule.

`strategy_of(view, faction)` gives the faction's Prime Strategy (PS) for the current
turn, or None when the view records none (the faction is not automated, or the turn's
PS has not been drawn yet: the rules draw it after the Aristophanes phase, before the
Boule). The rules draw the PS on the game's verifiable dice (rule 15.3,
engine/rulesets/pericles/prime.py) and publish it in every seat's view as
`view["prime"][faction] = {"row": id, "theater": key, "rolls": [...]}`; nothing here
rolls a die, so two calls on one view always agree, also after a restart.

A `Strategy` (frozen) holds:
  * `row`: the matrix row id (data/strategy_<city>.toml), `title`, `ours` (a row of ours);
  * `faction`, `city`;
  * `theaters`: the PS theater first (`theater`), then the row's other theaters where its
    condition holds now, in the matrix's priority order;
  * `issues`: the PS issues in priority order (win them in this order; place them in
    reverse, as queues are LIFO, 15.31 D);
  * `notes`: one `IssueNote` per issue, same order: `place` ("ps" or "capital"),
    `action` (expedition, raid, build, base, convert, move, honor), `commit` (the CG's
    Strategos), `units` (land, naval, naval_edge, opposite) and a `text`.
The matrix overrides the flowcharts where they disagree (15.31).
"""

from __future__ import annotations

from typing import Any

from ...rulesets.pericles.strategy import IssueNote, Row, Strategy, matrix, strategy

__all__ = ["IssueNote", "Row", "Strategy", "matrix", "strategy_of"]


def strategy_of(view: dict[str, Any], faction: str) -> Strategy | None:
    """The faction's Prime Strategy this turn as its view records it, or None."""
    pick = (view.get("prime") or {}).get(faction)
    if not pick:
        return None
    return strategy(faction, pick["row"], pick["theater"], view)
