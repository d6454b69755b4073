"""Hellenes plays as it did before the kernel move (issue 30): the golden games, replayed,
offer the same choices (option ids) and tell the same events, compared by their facts,
not their words. `golden_events.json` was made by the code before the move
(`tests/hellenes/capture_main.py`); since then events may carry more facts (so that the log
can be worded from them) and a few lines that were only written into the state's log are
told as events of their own kinds (`ADDED`). Since version 6 (issue 32) some questions
changed form (`REFORMED`): the logs are applied as a replay applies an older version's log,
and still tell the same events. A difference names its action and event."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core.game import recorded_options
from tests.hellenes.capture_main import digest, prompt_ids

DATA = json.loads(Path(__file__).with_name("golden_events.json").read_text())
GAMES = DATA["games"]
# Event kinds told since the move for what only the state's log said before.
ADDED = {"recruit-wasted", "recruit-undone", "recruited", "barbarian-disbands", "build",
         "built", "invest"}
# Questions whose choices changed form in version 6 (issue 32): Done first in the menus,
# the movers of a Group Move picked at once and staying offered last, Winter's kinds of
# wintering one line each. The old logs still replay, answer by answer, to the same events.
REFORMED = {"actions", "winter-actions", "movers", "move"}
ADDED |= {"maintain"}  # told since version 6: Maintenance was silent before
# Kinds the kernel's flows name otherwise (a card committed face down is a `Simultaneous`
# choice, engine/core/flows.py).
RENAMED = {"commit": "chosen"}


def _facts(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    data = dict(data)
    if "battle" in data:  # the record's shape changed: its result is compared
        data["battle"] = {"winner": data["battle"].get("winner")}
    if kind == "game_end":  # the outcome's reason is words
        data["outcome"] = {k: v for k, v in data["outcome"].items() if k != "reason"}
    return data


def differences(entry: dict[str, Any]) -> list[str]:
    # recorded before the card editions: they replay with the first (GameOption.before)
    g = engine.new_game("hellenes", scenario=entry["scenario"], seed=entry["seed"],
                        options=recorded_options(engine.ruleset("hellenes"), {}),
                        generation=0)  # recorded before generations
    for i, ((seat, answer), (ids, old)) in enumerate(zip(entry["log"], entry["steps"],
                                                         strict=True)):
        kinds = {p.kind for p in g.prompts()}
        if kinds.isdisjoint(REFORMED) and digest(prompt_ids(g)) != ids:
            return [f"action {i}: other choices offered ({[p.kind for p in g.prompts()]})"]
        # applied as a replay of an older version's log applies it (legacy_answers.py)
        new = [e for e in g._apply(seat, answer) if e.kind not in ADDED]
        if len(new) != len(old):
            return [f"action {i}: events {[e.kind for e in new]}, "
                    f"before {[e[0] for e in old]}"]
        for j, (e, (kind, seats, data)) in enumerate(zip(new, old, strict=True)):
            was = _facts(kind, data)
            now = _facts(e.kind, e.data)
            kind = RENAMED.get(kind, kind)
            if e.kind != kind or list(e.seats or []) != (seats or []):
                return [f"action {i} event {j}: {e.kind} {e.seats}, before {kind} {seats}"]
            changed = [k for k in was if now.get(k) != was[k]]
            if changed:
                return [f"action {i} event {j} ({kind}): {k} is {now.get(k)!r}, "
                        f"before {was[k]!r}" for k in changed]
    return []


@pytest.mark.parametrize("entry", GAMES, ids=[f"{g['scenario']}-{g['seed']}" for g in GAMES])
def test_golden_games_tell_the_same_events(entry):
    assert differences(entry) == []
