"""Re-check a finished game: the revealed seed matches the hash published at setup, and
replaying the log from that seed gives the same dice, state and outcome."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .game import Game, generation_of, recorded_options
from .registry import ruleset
from .rng import seed_hash


@dataclass
class VerifyReport:
    ok: bool
    problems: list[str] = field(default_factory=list)
    actions: int = 0
    dice: list[int] = field(default_factory=list)
    finished: bool = False  # the replay reaches the end of the game
    seed_hash: str | None = None


def _recorded_state(rules: Any, data: dict[str, Any]) -> Any:
    """The recorded state in today's shape: a record written before a ruleset renamed or
    moved its keys holds the same state in the old shape, which the ruleset's `load`
    rewrites (Athens & Sparta's flow_compat.py), as it does for any saved game."""
    try:
        return rules.dump(rules.load(data["state"]))
    except Exception:  # noqa: BLE001 - a state the ruleset cannot read is not the replay's
        return data["state"]


def _facts(outcome: dict[str, Any] | None) -> dict[str, Any] | None:
    """An outcome without its `reason`, the words for why the game ended: they are built
    when shown, and a reworded reason changes no fact of the game (issue 30, point 3)."""
    return None if outcome is None else {k: v for k, v in outcome.items() if k != "reason"}


def verify_game(exported: str | dict[str, Any]) -> VerifyReport:
    data = json.loads(exported) if isinstance(exported, str) else exported
    problems: list[str] = []
    if seed_hash(data["seed"]) != data["seed_hash"]:
        problems.append("the seed does not match the hash published at setup")
    rules = ruleset(data["ruleset"])
    replayed = Game.create(rules, data["scenario"], data["seed"],
                           recorded_options(rules, data["options"]), data.get("position"),
                           generation_of(data))
    dice: list[int] = []
    for i, (seat, option_id) in enumerate(data["log"]):
        try:
            events = replayed._apply(seat, option_id)
        except Exception as exc:  # noqa: BLE001 - any failure is a verification problem
            problems.append(f"action {i} ({seat}: {option_id}) cannot be replayed: {exc}")
            break
        for ev in events:
            dice.extend(ev.data.get("dice", ()))
    else:
        if "state" in data and rules.dump(replayed.state) != _recorded_state(rules, data):
            problems.append("replaying the log does not reproduce the recorded final state")
        if "rng" in data and replayed.rng.counter != data["rng"]:
            problems.append(f"the log draws {replayed.rng.counter} random numbers, the record "
                            f"says {data['rng']}")
        # A record that states an outcome (exports always do, null for an unfinished
        # game) must state the replay's: a null outcome on a game the log finishes, or
        # an outcome the log never reaches, is refused. A bare engine record (`to_json`)
        # has no outcome field.
        got = replayed.outcome.to_dict() if replayed.outcome else None
        recorded = data.get("outcome")
        if "outcome" in data and _facts(got) != _facts(recorded):
            problems.append(f"replay ends with {got}, the record says {recorded}")
    return VerifyReport(not problems, problems, len(data["log"]), dice,
                        finished=replayed.outcome is not None, seed_hash=data["seed_hash"])
