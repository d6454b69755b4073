"""The event goldens and saved-game fixtures of the Hellenes kernel move (issue 30), made
once by the code before the move (ruleset version 3) and kept as they were written:
`golden_events.json` (the golden games' choices and events, facts not words) and
`fixtures/*.json` (games saved mid-way, some mid-battle). Two fixtures were made the same
way by that code with other stopping points: `413-one-card-committed` (seed
"fixture:commit", stopped once one side had committed a card) and `431-hera-asked` (seed
"fixture:hera:2", a player who always appeals, stopped when Hera's overruling was asked).

    .venv/bin/python -m tests.hellenes.capture_main   # only on the code before the move
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng
from tests.hellenes import golden

HERE = Path(__file__).parent


def norm_events(events: list[Any]) -> list[Any]:
    out = []
    for e in events:
        data = dict(e.data)
        if "battle" in data:
            data["battle"] = {"winner": data["battle"].get("winner")}
        out.append([e.kind, list(e.seats) if e.seats else None, data])
    return out


def prompt_ids(g: engine.Game) -> list[Any]:
    return [[p.seat, p.form, p.lo, p.hi, [o.id for o in p.options]] for p in g.prompts()]


def digest(x: Any) -> str:
    text = json.dumps(x, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def capture() -> None:
    games = []
    for entry in json.loads(golden.FILE.read_text())["games"]:
        g = engine.new_game("hellenes", scenario=entry["scenario"], seed=entry["seed"])
        steps = []
        for seat, answer in entry["log"]:
            ids = digest(prompt_ids(g))
            steps.append([ids, norm_events(g.act(seat, answer))])
        games.append({"scenario": entry["scenario"], "seed": entry["seed"],
                      "log": entry["log"], "outcome": g.outcome.to_dict() if g.outcome else None,
                      "rng": g.rng.counter, "steps": steps})
    out = {"ruleset": "hellenes", "made_with_version": engine.ruleset("hellenes").version,
           "games": games}
    (HERE / "golden_events.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
    fx = HERE / "fixtures"
    for sc in engine.ruleset("hellenes").scenarios:
        g = engine.new_game("hellenes", scenario=sc, seed=f"fixture:{sc}")
        player = Rng(f"player:fixture:{sc}")
        for _ in range(300):
            if g.outcome is not None or len(g.log) >= 120 and g.state.get("battle"):
                break
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))
        (fx / f"{sc}-saved.json").write_text(g.to_json() + "\n")
    g = engine.new_game("hellenes", scenario="431", seed="battle:3")
    player = Rng("player:battle:3")
    while g.outcome is None:
        p = player.choice(g.prompts())
        g.act(p.seat, random_answer(p, player))
        b = g.state.get("battle")
        if b and len(b.get("lines", [])) >= 2 and any(f["name"] == "battle"
                                                      for f in g.state["flow"]):
            break
    (fx / "431-mid-battle.json").write_text(g.to_json() + "\n")


if __name__ == "__main__":
    capture()
