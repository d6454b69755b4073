"""The Athens & Sparta evaluation weighs its capital's danger (rule 10.1: taking it ends
the war): the enemy steps that could attack it next turn against its defenders, not a
flat guard (issue 35)."""

from __future__ import annotations

import pytest

import engine
from engine.players.athens_sparta import (
    DANGER_MAX,
    _capital_safety,
    capital_threat,
    evaluate,
)

ATHENS = "K8"


def _start(seat: str) -> dict:
    game = engine.new_game("athens-sparta", seed="capital")
    return game.view(seat)


def _moved(view: dict, pick, to: str) -> dict:
    return dict(view, blocks=[dict(b, hex=to) if pick(b) else b for b in view["blocks"]])


def test_the_threat_counts_the_enemy_within_reach_of_the_capital():
    view = _start("athens")
    threat = capital_threat(view, "athens", ATHENS)
    near = [b for b in view["blocks"] if b["side"] == "sparta" and b["hex"] == "J7"]
    assert near and threat >= 2 * len(near)
    # Thebes' blocks (beside Athens) sent to Rhodes, far out of reach: the threat falls
    # by what they count (hidden: two steps each)
    far = _moved(view, lambda b: b["side"] == "sparta" and b["hex"] == "J7", "T10")
    assert capital_threat(far, "athens", ATHENS) == threat - 2 * len(near)
    # our own blocks never threaten us
    ours = _moved(view, lambda b: b["side"] == "athens", "J7")
    assert capital_threat(ours, "athens", ATHENS) == threat


def test_a_guard_of_navies_alone_does_not_hold_athens_against_armies_next_door():
    """Issue 35: two blocks moved out left 8 steps of navy, the score rose and Athens
    fell. Sending the armies away with the enemy in reach now costs far more than the
    steps are worth."""
    view = _start("athens")
    city = view["cities"]["Athens"]
    guards = [b for b in view["blocks"] if b["side"] == "athens" and b["hex"] == ATHENS]
    navies = [b for b in guards if b["type"] == "navy"]
    assert len(navies) < len(guards) and capital_threat(view, "athens", ATHENS) > 8
    full = _capital_safety(view, "athens", city, guards)
    stripped = _capital_safety(view, "athens", city, navies)
    assert full - stripped > DANGER_MAX / 3
    # With no enemy in reach the guard needs no armies: the navies' steps fill it.
    calm = _moved(view, lambda b: b["side"] == "sparta", "T10")
    assert capital_threat(calm, "athens", ATHENS) == 0
    assert _capital_safety(calm, "athens", city, guards) == pytest.approx(
        _capital_safety(calm, "athens", city, navies))


@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_more_enemies_in_reach_never_make_the_position_better(seat):
    view = _start(seat)
    capital = "K8" if seat == "athens" else "I10"
    foe = "sparta" if seat == "athens" else "athens"
    scores = []
    for n in range(0, 8, 2):
        extra = [{"hex": capital_neighbour(capital), "side": foe, "in_city": False}] * n
        scores.append(evaluate(dict(view, blocks=view["blocks"] + extra), seat))
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[-1]


def capital_neighbour(h: str) -> str:
    from engine.rulesets.athens_sparta.board import board

    return sorted(board().land[h])[0]
