"""The built-in games' registrations (the `keryx.games` entries in pyproject.toml;
engine/core/games.py). Each names where the game's pieces live; nothing here imports them."""

from __future__ import annotations

from .core.games import GameEntry

_AS = "engine.rulesets.athens_sparta"

ATHENS_SPARTA = GameEntry(
    id="athens-sparta",
    ruleset=f"{_AS}:RULESET",
    renderer="renders.athens_sparta:RENDERER",
    heuristic="engine.players.athens_sparta:HEURISTIC",
    bench=(("engine", "engine.bench:bench_engine"),
           ("engine_instructions", "engine.bench:bench_instructions"),
           ("render", "renders.bench:bench_render")),
    # the modules where an action's time goes (the profile in docs/benchmarks.md),
    # compiled together so that they call one another natively; data loading, the view
    # and positions run once a game or a post and are left as Python
    compiled=tuple(f"{_AS}.{m}" for m in (
        "asks", "board", "build_flow", "cards", "combat", "combat_flow", "flow", "hits",
        "movement", "moves_flow", "pending", "replacements", "rules", "siege", "state",
        "steps", "strategics",
    )),
)

HELLENES = GameEntry(
    id="hellenes",
    ruleset="engine.rulesets.hellenes:RULESET",
    renderer="renders.hellenes:RENDERER",
    heuristic="engine.players.hellenes:HEURISTIC",
    bench=(("hellenes", "engine.bench:bench_hellenes"),
           ("hellenes_instructions", "engine.bench:bench_hellenes_instructions"),
           ("hellenes_render", "renders.bench:bench_render_hellenes")),
)

EPIC = GameEntry(
    id="epic",
    ruleset="engine.rulesets.epic:RULESET",
    renderer="renders.epic:RENDERER",
    heuristic="engine.players.epic:HEURISTIC",
    bench=(("epic", "engine.bench:bench_epic"),
           ("epic_render", "renders.bench:bench_render_epic")),
)

PERICLES = GameEntry(
    id="pericles",
    ruleset="engine.rulesets.pericles:RULESET",
    renderer="renders.pericles.table:RENDERER",
    heuristic="engine.players.pericles:HEURISTIC",
    bench=(("pericles", "engine.rulesets.pericles.bench:bench_pericles"),),
)

# The PPW plays in self-play, the terminal and tests; channels refuse it
# (`not_in_channels`) until its automated player and Discord flows are done.
PPW = GameEntry(
    id="ppw",
    ruleset="engine.rulesets.ppw:RULESET",
    renderer="renders.ppw:RENDERER",
    heuristic="engine.players.ppw:HEURISTIC",
    bench=(("ppw", "engine.rulesets.ppw.bench:bench_ppw"),),
)
