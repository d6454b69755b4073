"""Golden games of Hellenes: fixed seeds per scenario, the logs random players made, and
what those logs lead to (action count, outcome, dice drawn, a hash of the rules state, a
hash of every prompt offered on the way and of the final views). Replaying them must give
exactly these results whatever the code's shape (searches, caches, indexes):
`tests/hellenes/test_golden.py` checks it.

Regenerate only when the rules themselves change (and bump the ruleset's `version`):
    .venv/bin/python -m tests.hellenes.golden --write

Regenerated for version 3 (issue 32): the player now picks routes (more move options),
fleets may carry land units to sea (a cargo question on every fleet move), the owner picks
the Formation that fights first, one moving Formation joins an Assault, retreats go only
where units could move (and roll for storms), besieged fleets may leave an Assault, each
Storm is its own damage roll, Zeus may be appealed against either hand, an ostracized
Leader returns to the deck, and units unable to retreat fight on (6.4) instead of being
eliminated: random games take other paths.

Regenerated for version 4 (issue 30: no wording in the state, a kernel battle record): the
same logs, action counts, dice and outcomes; the state, view and event-text hashes changed
with the state's shape. That the games play as before is checked by the event goldens
(`test_golden_events.py`, made by the code of version 3).

Version 5 (issue 30: the battle's steps are procedures; mid-battle saves of 4 migrate):
only the version changed, every hash (states, views, prompts and events) is the same.
Then issue 32's words (dice and hits in plain words, one line for a card reveal, Winter's
two Combat phases told apart): only the trace hash (prompt and event texts) changed.
Regenerated for version 6 (issue 32: a Group Move's movers picked in one choice, Winter's
kinds of wintering one multi-select each, Done first in the menus, Winter's steps named):
random players answer other questions, so the games differ. The old logs still replay to
the same events (`test_golden_events.py`, through legacy_answers.py).
Regenerated for version 7 (issue 35: the second card edition, five Revolts of the silver
band printed as other Events): new games deal other cards. The version-6 file is kept as
`golden_v6.json`; its logs replay with the first edition (`test_golden.py`).
Regenerated for generation 1 (the holders of a captured Opposing City may fortify in it
or retreat into it, 7.1, 6.4: RULINGS.md) after checking that the five games recorded
before still replay at generation 0 to exactly their recorded hashes. A log replays at
the generation it names (0 when it names none), as a stored game does.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng

RULESET = "hellenes"
FILE = Path(__file__).with_name("golden.json")
# (scenario, seed): every scenario, the longest one twice.
GAMES = (("431", "golden:1"), ("431", "golden:2"), ("sicily", "golden:3"),
         ("413", "golden:4"), ("415", "golden:5"))


def _sha(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _prompts(game: engine.Game) -> list[Any]:
    return [[p.seat, p.text, p.form, p.lo, p.hi, p.rule,
             [[o.id, o.label, o.rule, o.cap] for o in p.options]] for p in game.prompts()]


class Trace:
    """Everything a game showed on the way: every prompt and every event, hashed."""

    def __init__(self) -> None:
        self._h = hashlib.sha256()

    def add(self, data: Any) -> None:
        self._h.update(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())

    def hexdigest(self) -> str:
        return self._h.hexdigest()


def summary(game: engine.Game, trace: Trace) -> dict[str, Any]:
    return {"actions": len(game.log),
            "outcome": game.outcome.to_dict() if game.outcome else None,
            "rng": game.rng.counter,
            "state_sha256": _sha(game.rules.dump(game.state)),
            "views_sha256": _sha([game.view(seat) for seat in (None, *game.seats)]),
            "trace_sha256": trace.hexdigest()}


def _act(game: engine.Game, trace: Trace, seat: str, answer: str) -> None:
    events = game.act(seat, answer)
    trace.add([[e.kind, e.text, e.seats, e.data] for e in events])


def record(scenario: str, seed: str) -> dict[str, Any]:
    g = engine.new_game(RULESET, scenario=scenario, seed=seed)
    player = Rng(f"player:{seed}")
    trace = Trace()
    while g.outcome is None:
        prompts = g.prompts()
        trace.add(_prompts(g))
        p = player.choice(prompts)
        _act(g, trace, p.seat, random_answer(p, player))
    return {"scenario": scenario, "seed": seed, "generation": g.generation,
            "log": [list(e) for e in g.log], **summary(g, trace)}


def start(entry: dict[str, Any]) -> engine.Game:
    """A recorded game's start, asking the questions of the generation it was recorded
    with (logs written before generations existed are generation 0)."""
    return engine.new_game(RULESET, scenario=entry["scenario"], seed=entry["seed"],
                           generation=entry.get("generation", 0))


def replay(entry: dict[str, Any]) -> tuple[engine.Game, Trace]:
    g = start(entry)
    trace = Trace()
    for seat, answer in entry["log"]:
        trace.add(_prompts(g))
        _act(g, trace, seat, answer)
    return g, trace


if __name__ == "__main__":
    if "--write" in sys.argv:
        data = {"ruleset": RULESET, "version": engine.ruleset(RULESET).version,
                "games": [record(sc, seed) for sc, seed in GAMES]}
        FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {FILE}: "
              f"{[(g['scenario'], g['actions'], g['state_sha256'][:12]) for g in data['games']]}")
