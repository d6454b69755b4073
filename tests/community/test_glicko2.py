"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system")."""

from __future__ import annotations

import math

import pytest

from service.community.glicko2 import SCALE, Glicko, _e, _g, _new_volatility, idle, rate

PLAYER = Glicko(1500, 200, 0.06)
OPPONENTS = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]


def test_paper_example_final_values():
    new = rate(PLAYER, OPPONENTS, tau=0.5)
    # The paper prints 1464.06 / 151.52 / 0.05999 after rounding its intermediate values to
    # four places; computed without rounding the rating is 1464.0507.
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_paper_example_intermediate_steps():
    mu, phi = PLAYER.mu, PLAYER.phi
    assert (mu, round(phi, 4)) == (0.0, 1.1513)
    gs = [round(_g(o.phi), 4) for o, _ in OPPONENTS]
    assert gs == [0.9955, 0.9531, 0.7242]
    es = [round(_e(mu, o.mu, o.phi), 3) for o, _ in OPPONENTS]
    assert es == [0.639, 0.432, 0.303]
    v = 1 / sum(_g(o.phi) ** 2 * _e(mu, o.mu, o.phi) * (1 - _e(mu, o.mu, o.phi))
                for o, _ in OPPONENTS)
    # the paper rounds g and E first (1.7785); unrounded v is 1.77898
    assert v == pytest.approx(1.7785, abs=1e-3)
    delta = v * sum(_g(o.phi) * (s - _e(mu, o.mu, o.phi)) for o, s in OPPONENTS)
    assert delta == pytest.approx(-0.4834, abs=1e-3)
    sigma = _new_volatility(0.06, phi, v, delta, 0.5)
    assert sigma == pytest.approx(0.05999, abs=1e-5)
    new = rate(PLAYER, OPPONENTS, tau=0.5)
    assert new.mu == pytest.approx(-0.2069, abs=1e-4)
    assert new.phi == pytest.approx(0.8722, abs=1e-4)


def test_no_games_only_deviation_grows():
    new = rate(PLAYER, [])
    assert new.rating == 1500 and new.volatility == 0.06
    assert new.rd == pytest.approx(SCALE * math.sqrt(PLAYER.phi ** 2 + 0.06 ** 2))


def test_idle_growth_is_capped_at_the_start_deviation():
    assert idle(PLAYER, 0) == PLAYER
    assert idle(PLAYER, 10).rd > PLAYER.rd
    assert idle(PLAYER, 1e6).rd == 350


def test_symmetry_of_a_game_between_equals():
    a = rate(Glicko(), [(Glicko(), 1.0)])
    b = rate(Glicko(), [(Glicko(), 0.0)])
    assert a.rating - 1500 == pytest.approx(1500 - b.rating)
    assert a.rating > 1500 and a.rd < 350
