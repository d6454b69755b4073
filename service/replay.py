"""Rebuild a game from the store's append-only action log, and compare it with the
stored snapshot. The log (acts, undos, resignations, in order) is the truth; the snapshot
is a cache of it that makes loading instant."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import engine
from engine import Game
from engine.core.game import generation_of, recorded_options

from .store.base import ActionRow


def fresh_game(snapshot: dict[str, Any]) -> Game:
    """The game as it stood at setup, from the facts a snapshot records."""
    position = snapshot.get("position")
    rules = engine.ruleset(snapshot["ruleset"])
    options = recorded_options(rules, snapshot["options"])
    generation = generation_of(snapshot)  # the questions it asked: its own generation
    if position is not None:
        return rules.from_position(position, seed=snapshot["seed"], options=options,
                                   generation=generation)
    return engine.new_game(snapshot["ruleset"], scenario=snapshot["scenario"],
                           seed=snapshot["seed"], options=options, generation=generation)


def apply_action(g: Game, a: ActionRow) -> None:
    if a.kind == "act":
        assert a.option_id is not None
        g.act(a.seat, a.option_id)
    elif a.kind == "undo":
        g.undo(a.seat)
    elif a.kind == "resign":
        g.resign(a.seat)
    else:  # pragma: no cover - the schema's CHECK forbids it
        raise ValueError(f"unknown action kind {a.kind!r}")


def replay_log(snapshot_json: str, actions: Iterable[ActionRow]) -> Game:
    data = json.loads(snapshot_json)
    g = fresh_game(data)
    g.engine_version = data.get("engine_version", g.engine_version)  # a game keeps its own
    for a in actions:
        apply_action(g, a)
    return g


def check_snapshot(snapshot_json: str, version: int, actions: list[ActionRow], *,
                   snapshot_version: int | None = None) -> list[str]:
    """Problems found comparing a stored game with a replay of its log (empty: none).
    The snapshot is of `snapshot_version` (default: the game's `version`); the whole log
    must replay, and its first `snapshot_version` actions must give the snapshot."""
    at = version if snapshot_version is None else snapshot_version
    problems: list[str] = []
    seqs = [a.seq for a in actions]
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"the action log has gaps or duplicates: {seqs}")
    if version != len(actions):
        problems.append(f"the game is at version {version} but the log holds {len(actions)}")
    if not 0 <= at <= version:
        problems.append(f"the snapshot is of version {at}, outside the game's 0-{version}")
    try:
        replayed = replay_log(snapshot_json, actions[:at])
        at_snapshot = replayed.to_json()
        for a in actions[at:]:  # the actions after the snapshot must still be legal
            apply_action(replayed, a)
    except Exception as exc:  # noqa: BLE001 - any failure is a finding here
        return [*problems, f"the log cannot be replayed: {exc}"]
    if at_snapshot != snapshot_json:
        stored = engine.load_game(snapshot_json)
        if at_snapshot != stored.to_json():
            problems.append("the snapshot differs from the replay of the log")
    return problems
