"""`keryx bench`'s player section times every game's automated players (issue 35 point 4:
`ai_decision_ms_p95` for every ruleset)."""

from engine.core import games
from engine.players.bench import bench_players


def test_every_game_with_a_heuristic_gets_its_decision_figures():
    figures = bench_players(games=1, seed="t", search_actions=6, heuristic_actions=6,
                            budget_s=0.05)
    with_heuristic = [g.id for g in games.games().values() if g.heuristic is not None]
    assert {"athens-sparta", "hellenes", "epic", "pericles", "ppw"} <= set(with_heuristic)
    for ruleset_id in with_heuristic:
        prefix = "" if ruleset_id == "athens-sparta" else ruleset_id.replace("-", "_") + "_"
        # one game on seat 0: the search and the heuristic each answered some of the six
        assert 0 < figures[f"{prefix}ai_decisions"] <= 6
        assert 0 < figures[f"{prefix}ai_heuristic_decisions"] <= 6
        assert figures[f"{prefix}ai_decision_ms_p95"] > 0
        assert figures[f"{prefix}ai_heuristic_decision_ms_p95"] > 0


def test_one_game_alone_is_timed_when_named():
    figures = bench_players(games=1, seed="t", rulesets=("hellenes",), search_actions=4,
                            heuristic_actions=4, budget_s=0.05)
    assert set(figures) == {"hellenes_ai_decision_ms_p95", "hellenes_ai_decisions",
                            "hellenes_ai_heuristic_decision_ms_p95",
                            "hellenes_ai_heuristic_decisions"}
