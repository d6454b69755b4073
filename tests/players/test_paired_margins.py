"""Paired margins (engine/players/paired.py): a game's end finer than won or lost, and
the tests that compare two players on the same seeds with it. Hellenes' margin reads
the victory's level (14.21, 14.22, 14.24), the Prestige track and the year it ended."""

from __future__ import annotations

import pytest

import engine
from engine.players.duel import play_one
from engine.players.paired import bootstrap_mean, compare, sign_test, wilcoxon
from engine.rulesets.hellenes import yearend


def _ended(level: str, winner: str, prestige: int, year: int = 421):
    game = engine.new_game("hellenes", seed="margin")
    s = game.state
    s["year"], s["prestige"] = year, prestige
    yearend.win(s, winner or None, "14.24", level)  # type: ignore[arg-type]
    return game


def margin(game, seat: str):
    return game.rules.margin(game.state, seat)


def test_hellenes_margin_orders_levels_then_prestige_then_the_year():
    """From Sparta's side: a Decisive Victory (14.21) above a Major one (14.24) above a
    Minor one, a Draw at 0 however the track stands, every Athenian win below; the
    track counts Athens' way, so Sparta's 12 is +12 for Sparta and -12 for Athens; a
    win in an earlier year (a larger year BC) beats the same win later."""
    decisive = _ended("decisive", "sparta", -15, 428)
    major = _ended("major", "sparta", -12)
    minor = _ended("minor", "sparta", -6)
    draw = _ended("draw", "", -3)
    lost = _ended("minor", "athens", 7)
    assert margin(major, "sparta") == (2.0, 12.0, 421.0)
    assert margin(major, "athens") == (-2.0, -12.0, -421.0)
    assert margin(draw, "sparta") == (0.0, 3.0, 0.0)
    ranked = [margin(g, "sparta") for g in (decisive, major, minor, draw, lost)]
    assert ranked == sorted(ranked, reverse=True)
    sooner = _ended("decisive", "sparta", -15, 429)
    assert margin(sooner, "sparta") > margin(decisive, "sparta")
    # a loss that lasted longer is the better loss
    assert margin(decisive, "athens") < margin(_ended("decisive", "sparta", -15, 425), "athens")


def test_a_resignation_is_a_decisive_end_and_an_open_game_has_no_margin():
    game = engine.new_game("hellenes", seed="margin")
    assert game.rules.margin(game.state, "sparta") is None
    game.resign("athens")
    assert game.rules.margin(game.state, "sparta") == (3.0, 0.0, game.state["year"])
    assert game.rules.margin(game.state, "athens")[0] == -3.0


def test_a_ruleset_without_a_count_keeps_no_margin():
    game = engine.new_game("athens-sparta", seed="margin")
    assert game.rules.margin(game.state, "sparta") is None


def test_sign_test_is_the_exact_binomial():
    assert sign_test(8, 2) == pytest.approx(2 * (1 + 10 + 45) / 1024)
    assert sign_test(5, 5) == 1.0
    assert sign_test(0, 0) == 1.0
    assert sign_test(0, 6) == pytest.approx(2 / 64)


def test_wilcoxon_ranks_drop_zeros_and_average_ties():
    # |d| 1..5 ranked 1..5, W+ = 13 against 7.5, variance 13.75: z = 5/sqrt(13.75)
    assert wilcoxon([1, -2, 3, 4, 0, 5]) == pytest.approx(0.17752, abs=1e-4)
    # three tied at rank 2: W+ = 4 against 3, variance 3.5 - 24/48 = 3
    assert wilcoxon([2, 2, -2]) == pytest.approx(0.77283, abs=1e-4)
    assert wilcoxon([0, 0]) == 1.0


def test_bootstrap_interval_holds_the_mean_and_is_reproducible():
    diffs = [3.0, 1.0, 4.0, -1.0, 5.0, 9.0, 2.0, 6.0]
    low, high = bootstrap_mean(diffs)
    assert low < sum(diffs) / len(diffs) < high
    assert (low, high) == bootstrap_mean(diffs)
    assert bootstrap_mean([2.0] * 5) == (2.0, 2.0)


def test_compare_counts_seeds_by_the_whole_margin():
    """Seeds tie only when every element ties; the number tested is the element asked."""
    firsts = [(3.0, 20.0, 430.0), (2.0, 11.0, 421.0), (1.0, 5.0, 421.0), (-1.0, -6.0, -421.0)]
    seconds = [(3.0, 20.0, 428.0), (2.0, 11.0, 421.0), (2.0, 10.0, 421.0), (-2.0, -10.0, -421.0)]
    p = compare(firsts, seconds, element=1)
    assert (p.better, p.worse, p.tied) == (2, 1, 1)
    assert p.mean_diff == pytest.approx((0 + 0 - 5 + 4) / 4)
    with pytest.raises(ValueError):
        compare(firsts, seconds[:2])


@pytest.mark.slow  # one whole heuristic game of Hellenes (10-30 s)
def test_a_duel_game_carries_the_winners_margin():
    run = play_one("hellenes", "heuristic", "heuristic", "margin:0", 1)
    assert run.a_margin is not None
    won = 1 if run.winner == "a" else -1 if run.winner == "b" else 0
    assert (run.a_margin[0] > 0) - (run.a_margin[0] < 0) == won
