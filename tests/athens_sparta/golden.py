"""Golden games of Athens & Sparta: fixed seeds, the logs random players made, and what
those logs lead to (action count, outcome, a hash of the rules state). A saved game is
its log, so replaying these logs must give exactly these results whatever the code's
shape: `tests/athens_sparta/test_golden.py` checks it.

Beside the three full logs, `golden_events.json.gz` keeps what each of their actions did
(every event's kind, seats and data, no wording) and the rules state each game ends in, so
a failure names the first action and key where a replay parts from the record
(`first_difference`), not just that a hash differs.

Besides the three full logs, `golden_summaries.json` keeps only the end (action count,
outcome, dice drawn, state hash) of the random player's game from each of 200 more seeds
(issue #17): speed work must leave every one of those games exactly as it was.

The state hashes, the events and tests/athens_sparta/fingerprints.json were recomputed once
when A&S moved to the kernel's battle record and keyed outcomes (issue 30): every game was
first checked to play the same (actions, dice, outcomes, every event and the final state
alike once the battle records are set aside, and every record carrying the same dice,
hits, targets and results as the old one).

The full logs replay under the generation of questions they were recorded with (0 when the
record names none); the 200 summaries and the fingerprints play new games, so they follow
the newest generation. They were recorded again for generation 1 (the march through its own
siege, pillage after a revolt: RULINGS.md) after checking that every one of the 200 games
played at generation 0 still ends exactly as recorded. They were recorded again for
generation 2 (5.6: no storm by an army that regrouped into the siege that phase; 5.41:
storming beside a defending navy still at sea, RULINGS.md R37) after checking that all 200
games played at generation 1 still end exactly as recorded (29 of them play differently
at generation 2, all through the 5.41 reading).

Regenerate only when the rules themselves change (and bump the ruleset's `version` or raise
its `generation`):
    .venv/bin/python -m tests.athens_sparta.golden --write
    .venv/bin/python -m tests.athens_sparta.golden --write-summaries
    .venv/bin/python -m tests.athens_sparta.golden --write-events   # same games, events kept
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from engine.core.types import Event
from engine.rulesets.athens_sparta.flow_compat import OLD_NAMES
from engine.testing import first_difference

FILE = Path(__file__).with_name("golden.json")
SAVED = Path(__file__).with_name("golden_saved.json")  # game 1 as stored after SAVED_AT actions
SAVED_AT = 300
SEEDS = ("golden:1", "golden:2", "golden:3")
EVENTS = Path(__file__).with_name("golden_events.json.gz")
SUMMARIES = Path(__file__).with_name("golden_summaries.json")
SUMMARY_SEEDS = tuple(f"golden:{i}" for i in range(1, 201))
# Prompt wording is presentation, not rules: it may change without changing a game. Where
# the flow stands is bookkeeping: the procedures' stack ("flow") replaced the step machine's
# step name and loose sub-step keys (flow_compat.py); the hashes below were recomputed
# without them by the step machine's own code, so old and new code hash the same games
# alike (actions, outcomes and dice are unchanged).
PRESENTATION_KEYS = ("asks", "flow", "step", "msel", "mmode", "sel", "ce_done", "attr_then",
                     "resume", "pending_retreat", "bsel")


def rules_state(game: engine.Game) -> dict[str, Any]:
    state = game.rules.dump(game.state)
    out = {k: v for k, v in state.items() if k not in PRESENTATION_KEYS}
    # The card events' "asked once a battle" places are a typed list now (schema.py); the
    # hashes were taken when they were loose `asked_<place>: true` keys: write them so.
    for key in ("bonus", "betrayal"):
        event = out.get(key)
        if event is not None and "asked" in event:
            out[key] = {k: v for k, v in event.items() if k != "asked"} | {
                f"asked_{h}": True for h in event["asked"]}
    # and four keys that were always null then are gone now (flow_compat.UNUSED)
    out |= {k: None for k in ("pillage", "regroup", "bp", "sub")}
    return with_old_names(out)


def with_old_names(state: dict[str, Any]) -> dict[str, Any]:
    """The state with the short keys it had when the hashes were taken: the typed state
    gave them readable names (flow_compat.OLD_NAMES, which rewrites old saves the other
    way). A name is not a rule: the games are the same, so the hashes are kept."""
    def old(d: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
        back = {new: short for short, new in names.items()}
        return {back.get(k, k): v for k, v in d.items()}

    out = old(state, OLD_NAMES["state"])
    for key in ("battle", "hits", "cards", "build", "bonus"):
        if out.get(key) is not None:
            out[key] = old(out[key], OLD_NAMES[key])
    out["queue"] = [old(item, OLD_NAMES["queue"]) for item in out["queue"]]
    return out


def state_hash(game: engine.Game) -> str:
    text = json.dumps(rules_state(game), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def summary(game: engine.Game) -> dict[str, Any]:
    return {"actions": len(game.log), "outcome": game.outcome.to_dict() if game.outcome else None,
            "rng": game.rng.counter, "state_sha256": state_hash(game)}


def play(seed: str) -> engine.Game:
    """The random player's whole game from `seed`."""
    g = engine.new_game("athens-sparta", seed=seed)
    player = Rng(f"player:{seed}")
    while g.outcome is None:
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
    return g


def record(seed: str) -> dict[str, Any]:
    g = play(seed)
    return {"seed": seed, "generation": g.generation, "log": [list(e) for e in g.log],
            **summary(g)}


def start(entry: dict[str, Any]) -> engine.Game:
    """A recorded game's start, asking the questions of the generation it was recorded
    with (the logs written before generations existed are generation 0)."""
    return engine.new_game("athens-sparta", seed=entry["seed"],
                           generation=entry.get("generation", 0))


def replay(entry: dict[str, Any]) -> engine.Game:
    g = start(entry)
    for seat, answer in entry["log"]:
        g.act(seat, answer)
    return g


def facts(events: list[Event]) -> list[Any]:
    """What an action did, as plain JSON: each event's kind, seats and data (its wording
    is presentation and left out)."""
    return json.loads(json.dumps([[e.kind, e.seats, e.data] for e in events]))


def trace(entry: dict[str, Any]) -> tuple[engine.Game, list[Any]]:
    """Replay a golden log, keeping what every action did."""
    g = start(entry)
    done = [facts(g.act(seat, answer)) for seat, answer in entry["log"]]
    return g, done


def where_it_parts(entry: dict[str, Any], expected: dict[str, Any]) -> str | None:
    """The first place a replay of `entry` differs from what `expected` recorded (its
    actions' events, then its final rules state); None when it plays the same."""
    g, done = trace(entry)
    for i, (want, got) in enumerate(zip(expected["actions"], done)):
        diff = first_difference(want, got)
        if diff is not None:
            seat, answer = entry["log"][i]
            return f"{entry['seed']}: action {i} ({seat} {answer!r}), events{diff}"
    if len(expected["actions"]) != len(done):
        return f"{entry['seed']}: {len(done)} actions, {len(expected['actions'])} recorded"
    diff = first_difference(expected["final"], json.loads(json.dumps(rules_state(g))))
    return None if diff is None else f"{entry['seed']}: the final state{diff}"


def write_events(entries: list[dict[str, Any]]) -> None:
    out = {}
    for entry in entries:
        g, done = trace(entry)
        out[entry["seed"]] = {"actions": done, "final": rules_state(g)}
    text = json.dumps(out, separators=(",", ":"), sort_keys=True)
    EVENTS.write_bytes(gzip.compress(text.encode(), mtime=0))


def read_events() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(EVENTS.read_bytes()))
    return data


if __name__ == "__main__":
    if "--write-summaries" in sys.argv:
        rows = [{"seed": s, **summary(play(s))} for s in SUMMARY_SEEDS]
        lines = ",\n".join(json.dumps(r, separators=(",", ":")) for r in rows)
        SUMMARIES.write_text(f'{{"ruleset":"athens-sparta","games":[\n{lines}\n]}}\n')
        print(f"wrote {SUMMARIES}: {len(rows)} games")
    elif "--write-events" in sys.argv:  # the same games, their events kept
        write_events(json.loads(FILE.read_text())["games"])
        print(f"wrote {EVENTS}")
    elif "--write" in sys.argv:
        data = {"ruleset": "athens-sparta", "games": [record(s) for s in SEEDS]}
        FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        first = data["games"][0]
        g = start(first)
        for seat, answer in first["log"][:SAVED_AT]:
            g.act(seat, answer)
        SAVED.write_text(g.to_json() + "\n")
        write_events(data["games"])
        print(f"wrote {FILE}: {[(g['actions'], g['state_sha256'][:12]) for g in data['games']]}")
