"""Glicko-2, following Glickman's "Example of the Glicko-2 system" (2013) step by step.

Pure functions over plain numbers; `ratings.py` decides when to call them. Step numbers in
the comments are the paper's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178            # step 2: 400 / ln(10)
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5           # the system constant; the paper suggests 0.3 .. 1.2
EPSILON = 0.000001          # step 5: convergence tolerance


@dataclass(frozen=True, slots=True)
class Glicko:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Glicko, results: Sequence[tuple[Glicko, float]],
         tau: float = DEFAULT_TAU) -> Glicko:
    """One rating period: `results` are (opponent before the period, score 1/0.5/0)."""
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not results:
        # a period without games: only the deviation grows (step 6 alone)
        return Glicko(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    # step 3: estimated variance from game outcomes
    inv_v = 0.0
    total = 0.0
    for opp, score in results:
        g = _g(opp.phi)
        e = _e(mu, opp.mu, opp.phi)
        inv_v += g * g * e * (1.0 - e)
        total += g * (score - e)
    v = 1.0 / inv_v
    # step 4: estimated improvement
    delta = v * total
    # step 5: new volatility
    sigma2 = _new_volatility(sigma, phi, v, delta, tau)
    # step 6: pre-period deviation
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    # step 7: new deviation and rating
    phi2 = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu2 = mu + phi2 * phi2 * total
    # step 8: back to the Glicko scale
    return Glicko(SCALE * mu2 + DEFAULT_RATING, SCALE * phi2, sigma2)


def idle(player: Glicko, periods: float, max_rd: float = DEFAULT_RD) -> Glicko:
    """Deviation growth over `periods` rating periods without games (step 6 with t
    periods: phi^2 + t sigma^2), never above the starting deviation."""
    if periods <= 0:
        return player
    phi = math.sqrt(player.phi ** 2 + periods * player.volatility ** 2)
    return Glicko(player.rating, min(max_rd, SCALE * phi), player.volatility)


def expected_score(a: Glicko, b: Glicko) -> float:
    """The chance that `a` beats `b`, counting both deviations (for profiles)."""
    return _e(a.mu, b.mu, math.sqrt(a.phi ** 2 + b.phi ** 2))
