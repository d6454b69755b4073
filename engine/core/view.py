"""The view and event contract between rulesets and transports (docs/architecture.md).

A ruleset's `view(state, seat)` is its own JSON; transports must not read it. What they
may read is the `common` part every view carries, typed here, and the `game` part the
kernel adds. The ruleset supplies its share of `common` with `Ruleset.common(view)`,
computed from the already redacted view, so it can never leak what the view hides.

Events: `Event.kind` is the ruleset's word, except for the kinds below, which transports
act on. A `BATTLE_END` event carries the finished battle's record in `data["battle"]`
(what the ruleset's combat renderer draws); a `PHASE_END` event says a public map post
is due; `GAME_END` is emitted by the kernel. An event of any kind whose data carries
`TAKEN` (the city's name) tells that a side took that city from the other (chronicles
count these; a revolt that leaves a city empty is not one).
"""

from __future__ import annotations

from typing import Any, TypedDict

PHASE_END = "phase_end"
BATTLE_END = "battle_end"
GAME_END = "game_end"
RESIGN = "resign"
UNDO = "undo"
EVENT_KINDS = (PHASE_END, BATTLE_END, GAME_END, RESIGN, UNDO)
TAKEN = "taken"  # event data key: the city a side took


class HandItem(TypedDict):
    """One card (or other private holding) of the viewer, as a line of text."""

    id: str
    label: str


class RulesetCommon(TypedDict):
    """The ruleset's share of the common fields."""

    banner: str  # where the game stands, one line: "Olympiad 84 · turn 2 · move"
    # the viewer's own hand (empty for the public); None where the game (or scenario)
    # deals no cards, so transports do not speak of an empty hand
    hand: list[HandItem] | None
    seen: list[HandItem]  # what the viewer was shown of other hands (a peek, say)
    log: list[str]  # public log lines the ruleset keeps in its view (may be empty)
    battle: dict[str, Any] | None  # the battle in progress, for the combat renderer


class CommonView(RulesetCommon):
    """`view["common"]`: every view of every game has these."""

    title: str  # the game's title
    seats: list[str]
    teams: list[list[str]]  # allied seats; every seat alone when no teams
    to_act: list[str]  # seats with an open decision


def empty_common() -> RulesetCommon:
    return {"banner": "", "hand": [], "seen": [], "log": [], "battle": None}
