"""Mid-battle saves for the migration of saved version 4 (issue 30: `Battle` split into
procedures): made once by the code of version 4, where the battle was one procedure whose
`stage` and `pending` arguments held where it stood, and kept as they were written in
`fixtures/v4/<stage>-<what it waits for>.json`. One save per place a battle can wait for an answer: the
Formation order (5.41), fortify (7.1), fight-or-Retreat (6.4), a hit or a rout to place
(6.32, 6.33) in the fight, the Panic's pursuit or the Harrying, the Retreat's destination,
Ares' privilege or an Appeal to Ares (11.0), and an Appeal to Poseidon against the Storm
roll after a Retreat (5.22, 11.0), which 400 random games never reached: it is made from a
position (`capture_storms_appeal`: a fleet retreating from the Aegean to the Andros Sea).

    .venv/bin/python -m tests.hellenes.capture_battle_saves   # only on version-4 code
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import engine
from engine.core.decisions import random_answer
from engine.core.rng import Rng

OUT = Path(__file__).with_name("fixtures") / "v4"


def where(state: dict[str, Any]) -> str | None:
    """Where a battle waits, as the version-4 battle frame said it ("stage/pending kind",
    or "stage/the procedure it called")."""
    flow = state["flow"]
    frames = [f for f in flow if f["name"] == "battle"]
    if not frames:
        return None
    a = frames[-1]["args"]
    top = flow[-1]["name"]
    if top != "battle":
        return f"{a.get('stage')}/{top}"
    p = a.get("pending")
    return f"{a.get('stage')}/{p['kind'] if p else '-'}"


def capture(budget: int = 400) -> None:
    seen: dict[str, str] = {}
    for n in range(budget):
        sc = ("431", "413", "415", "sicily")[n % 4]
        g = engine.new_game("hellenes", scenario=sc, seed=f"v4battle:{n}")
        player = Rng(f"player:v4battle:{n}")
        while g.outcome is None:
            p = player.choice(g.prompts())
            g.act(p.seat, random_answer(p, player))
            key = where(g.state)
            if key is not None and key not in seen:
                name = key.replace("/", "-").replace("?", "").removesuffix("--")
                seen[key] = name
                (OUT / f"{name}.json").write_text(g.to_json() + "\n")
                print(key, sc, n, len(g.log))
    print(sorted(seen))


def capture_storms_appeal() -> None:
    area, via = "S_AEG", "S_PAR"
    blocks = {b: {"loc": area, "cv": cv} for b, cv in {"S12": 1, "A14": 2}.items()}
    g = engine.ruleset("hellenes").from_position(dict(
        scenario="431", season=1, prestige=0, blocks=blocks,
        turn={"side": "sparta", "actions": 0}, start="battle",
        sacrifices={"athens": {"Poseidon": 431}, "sparta": {"Poseidon": 431}},
        args={"area": area, "attacker": "sparta", "defender": "athens",
              "formations": [{"area": area, "via": via, "units": ["S12"], "from_sea": True}]}),
        seed="storm:0")
    g.act("athens", "retreat")
    g.act("athens", "S_AND")  # across a DeepSea border: a Storm roll, and an Appeal
    assert [f["name"] for f in g.state["flow"]] == ["battle", "storms", "appeal"]
    (OUT / "storms-appeal.json").write_text(g.to_json() + "\n")


if __name__ == "__main__":
    capture()
    capture_storms_appeal()
