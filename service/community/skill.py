"""The rating model: Weng-Lin's Plackett-Luce ranking model (the `openskill` library) on
the familiar 1500 scale, and how a rating's uncertainty grows while its player is away.

Pure functions over plain numbers; `ratings.py` decides who is rated and when. The
library's defaults (mu 25, sigma 25/3, beta = sigma/2, tau = sigma/100) are kept in
proportion, scaled so a new player is 1500 with a deviation of 350. docs/community.md,
Ratings, says why this model and not our former Glicko-2.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

BASE = 1500.0      # a new player's rating
SIGMA = 350.0      # a new player's deviation (and the most it grows back to)
BETA = SIGMA / 2   # how much one game's performance varies around a player's skill
TAU = SIGMA / 100  # added to the deviation at every game, so ratings never freeze
DRIFT = 10.0       # per idle rating period the variance grows by DRIFT**2
PROVISIONAL = 230.0  # a deviation above this: too few games to rank the player yet

MODEL_NAME = f"plackett-luce base={BASE:g} sigma={SIGMA:g} beta={BETA:g} tau={TAU:g} drift={DRIFT:g}"

# The library is handed each rating as its distance from BASE. A side's strength is the
# sum of its members', so this way a side of average players is average whatever its
# size: our scenarios balance the sides, not the number of people on them (three allies
# against one Athens is an even game).
_MODEL = PlackettLuce(mu=0.0, sigma=SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True, slots=True)
class Skill:
    rating: float = BASE
    rd: float = SIGMA

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL


def idle(skill: Skill, periods: float) -> Skill:
    """The deviation after `periods` rating periods without a rated game (never above
    SIGMA): a player back after months moves a lot, a regular one little."""
    if periods <= 0:
        return skill
    return Skill(skill.rating, min(SIGMA, math.sqrt(skill.rd ** 2 + periods * DRIFT ** 2)))


def rate(units: Sequence[Sequence[Skill]], places: Sequence[int]) -> list[list[Skill]]:
    """One game: `units[i]` (people rated together: allies sharing a place) finished in
    place `places[i]` (1 best; equal numbers share a place). Every member's new skill, in
    the same shape."""
    if len(units) != len(places) or len(units) < 2:
        raise ValueError("a rated game needs two or more units, each with its place")
    teams = [[_MODEL.rating(mu=s.rating - BASE, sigma=s.rd) for s in unit] for unit in units]
    rated = _MODEL.rate(teams, ranks=[float(p) for p in places])
    return [[Skill(r.mu + BASE, r.sigma) for r in unit] for unit in rated]
