"""Paired comparisons of two players on the same seeds, finer than win counts: each game's
end as a margin (`Ruleset.margin`, a tuple compared in order from one seat's side), and
per seed which player did better with it. Where both players win nearly every game (a
side the scenario favours), the win counts tie while the margins still differ.

The sign test counts the seeds where the margins differ; the Wilcoxon signed-rank test
and a bootstrap interval of the mean difference use one element of the margin as a
number (Hellenes: the final Prestige from the seat's side)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Margin = tuple[float, ...]


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact binomial p of `better` against `worse` at even odds (ties left out)."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def wilcoxon(diffs: Sequence[float]) -> float:
    """Two-sided p of the Wilcoxon signed-rank test (zeros dropped, tied ranks averaged,
    the normal approximation with its tie and continuity corrections)."""
    nonzero = sorted((abs(d), d > 0) for d in diffs if d != 0)
    n = len(nonzero)
    if n == 0:
        return 1.0
    ranks: list[float] = [0.0] * n
    ties = 0.0
    i = 0
    while i < n:
        j = i
        while j + 1 < n and nonzero[j + 1][0] == nonzero[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    w_plus = sum(r for r, (_, up) in zip(ranks, nonzero) if up)
    mean = n * (n + 1) / 4
    var = n * (n + 1) * (2 * n + 1) / 24 - ties / 48
    if var <= 0:
        return 1.0
    z = max(0.0, abs(w_plus - mean) - 0.5) / math.sqrt(var)
    return math.erfc(z / math.sqrt(2))


def bootstrap_mean(diffs: Sequence[float], draws: int = 10_000, seed: int = 0,
                   level: float = 0.95) -> tuple[float, float]:
    """A percentile bootstrap interval of the mean of `diffs` (seeded: reproducible)."""
    if not diffs:
        return 0.0, 0.0
    rng = random.Random(seed)
    n = len(diffs)
    means = sorted(sum(rng.choices(diffs, k=n)) / n for _ in range(draws))
    cut = (1 - level) / 2
    return means[int(cut * draws)], means[min(draws - 1, int((1 - cut) * draws))]


@dataclass(frozen=True)
class Paired:
    seeds: int
    better: int           # seeds where the first player's margin is the higher
    worse: int
    tied: int
    sign_p: float         # sign test on the seeds that differ
    mean_diff: float      # mean of the chosen element's difference (first minus second)
    interval: tuple[float, float]  # its 95 % bootstrap interval
    wilcoxon_p: float


def compare(firsts: Sequence[Margin], seconds: Sequence[Margin], element: int = 0) -> Paired:
    """The first player's margins against the second's, seed by seed (same order);
    `element` is the part of the margin taken as a number for the mean and Wilcoxon."""
    if len(firsts) != len(seconds):
        raise ValueError("paired margins need one of each per seed")
    better = sum(a > b for a, b in zip(firsts, seconds))
    worse = sum(a < b for a, b in zip(firsts, seconds))
    diffs = [a[element] - b[element] for a, b in zip(firsts, seconds)]
    return Paired(len(diffs), better, worse, len(diffs) - better - worse,
                  sign_test(better, worse), sum(diffs) / len(diffs) if diffs else 0.0,
                  bootstrap_mean(diffs), wilcoxon(diffs))
