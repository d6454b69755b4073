"""Issue #17: speed work changes nothing a player sees. The random player's games from
fixed seeds show exactly the prompts and events recorded in `fingerprints.json`
(tests/athens_sparta/fingerprint.py; the full set of 30 games runs from the command line)."""

from __future__ import annotations

import pytest

from tests.athens_sparta import fingerprint

RECORDED = fingerprint.recorded()


@pytest.mark.parametrize("seed", fingerprint.SEEDS[:3])
def test_prompts_and_events_are_as_recorded(seed):
    assert fingerprint.fingerprint(seed) == RECORDED[seed]


@pytest.mark.slow
@pytest.mark.parametrize("seed", fingerprint.SEEDS[3:])
def test_prompts_and_events_of_more_games_are_as_recorded(seed):
    assert fingerprint.fingerprint(seed) == RECORDED[seed]
