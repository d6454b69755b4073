"""Mirrored duels pair each of A's games with B's game on the same seed and seat."""

from __future__ import annotations

from engine.players.duel import DuelGame, paired_summary


def game(winner: str | None, margin: tuple[float, ...] | None = None) -> DuelGame:
    return DuelGame("s", "sparta", winner, 10, a_margin=margin)


def test_seeds_won_alone_are_counted_each_way_and_shared_results_are_not():
    firsts = [game("a"), game("a"), game("b"), game("a"), game(None)]
    mirrors = [game("a"), game("b"), game("a"), game(None), game("b")]
    out = paired_summary(firsts, mirrors)
    assert (out["won_alone"], out["mirror_won_alone"]) == (2, 1)
    assert out["sign_p"] == 1.0  # 2 against 1 is no evidence
    assert "margin" not in out  # the fixture games keep no margin


def test_margins_compare_in_order_and_weigh_the_count_behind_the_result():
    firsts = [game("a", (3.0, 18.0, 431.0)), game("a", (2.0, 9.0, 430.0)),
              game("b", (-1.0, -2.0, -420.0))]
    mirrors = [game("a", (3.0, 25.0, 431.0)), game("a", (1.0, 4.0, 425.0)),
               game("b", (-2.0, -5.0, -425.0))]
    out = paired_summary(firsts, mirrors)["margin"]
    assert (out["better"], out["worse"], out["tied"]) == (2, 1, 0)
    assert 0.0 < out["wilcoxon_p"] <= 1.0


def test_a_clear_run_of_seeds_won_alone_is_significant():
    out = paired_summary([game("a")] * 12, [game("b")] * 12)
    assert out["won_alone"] == 12 and out["sign_p"] < 0.001
