"""Fingerprints of everything a player is shown in random Athens & Sparta games: every
prompt (seat, text, rule, kind, form, bounds and each option's id, label and rule) and
every event (kind, text, seats, data), action by action. Speed work (issue #17) must leave
them all exactly as they were; the golden test only checks where games end, this checks
every step on the way. `tests/athens_sparta/test_fingerprint.py` checks the first games;
the whole set is checked from the command line:

    .venv/bin/python -m tests.athens_sparta.fingerprint           # check all games
    .venv/bin/python -m tests.athens_sparta.fingerprint --write   # record (rules changed)
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng

FILE = Path(__file__).with_name("fingerprints.json")
SEEDS = tuple(f"fingerprint:{i}" for i in range(1, 31))


def fingerprint(seed: str) -> str:
    """The sha256 of the prompts and events of the random player's game from `seed`."""
    g = engine.new_game("athens-sparta", seed=seed)
    player = Rng(f"player:{seed}")
    h = hashlib.sha256()
    while g.outcome is None:
        prompts = g.prompts()
        for p in prompts:
            h.update(json.dumps(p.to_dict(), sort_keys=True).encode())
        p = player.choice(prompts)
        for e in g.act(p.seat, random_answer(p, player)):
            h.update(json.dumps(e.to_dict(), sort_keys=True, default=repr).encode())
    return h.hexdigest()


def recorded() -> dict[str, str]:
    return dict(json.loads(FILE.read_text())["games"])


if __name__ == "__main__":
    if "--write" in sys.argv:
        rows = {s: fingerprint(s) for s in SEEDS}
        FILE.write_text(json.dumps({"ruleset": "athens-sparta", "games": rows}, indent=1) + "\n")
        print(f"wrote {FILE}: {len(rows)} games")
    else:
        want = recorded()
        bad = [s for s in SEEDS if fingerprint(s) != want[s]]
        print(f"{len(SEEDS) - len(bad)} of {len(SEEDS)} games the same"
              + (f"; differ: {', '.join(bad)}" if bad else ""))
        sys.exit(1 if bad else 0)
