"""Phormio plays honestly (issue 37, point 4): it decides from its seat's view and its
own random stream, so states that differ only in facts hidden from its faction (the
other hands and Entourages, the decks, the other city's markers, secret choices not
yet revealed) give the same decision."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine import new_game
from engine.core.game import Game
from engine.core.rng import Rng
from engine.players import player
from engine.rulesets.pericles.rules import RULESET

ALL = "aristocrats,demagogues,agiad,eurypontid"


def positions(scenario: str, seed: int, every: int, limit: int,
              options: dict[str, Any]) -> Iterator[tuple[Game, str]]:
    """Positions of a game Phormio plays on every seat, each `every`-th decision."""
    g = new_game("pericles", scenario=scenario, seed=seed, options=options)
    bots = {f: player("phormio", seed=f"{seed}:{f}") for f in g.seats}
    n = found = 0
    while g.outcome is None and found < limit:
        p = g.prompts()[0]
        if n % every == 0:
            found += 1
            yield g, p.seat
        g.act(p.seat, bots[p.seat].choose(g.view(p.seat), p))
        n += 1


def same_decision(g: Game, seat: str, k: int) -> int:
    """Phormio's answer in the real state and in `k` states redealt from what the seat
    cannot see; returns how many redealt states differed from the real one."""
    prompt = g.prompt_for(seat)
    assert prompt is not None
    want = player("phormio", seed="honest").choose(g.view(seat), prompt)
    differ = 0
    dump = RULESET.dump(g.state)
    for i in range(k):
        other = RULESET.determinize(g.state, seat, Rng(f"hidden:{i}"))
        differ += RULESET.dump(other) != dump
        p2 = next(p for p in RULESET.prompts(other) if p.seat == seat)
        got = player("phormio", seed="honest").choose(RULESET.view(other, seat), p2)
        assert got == want, f"{seat} at {prompt.kind}: {want} in the real state, {got} " \
                            f"in one that differs only in hidden facts"
    return differ


def test_no_cheating_in_the_assemblies() -> None:
    differed = 0
    for g, seat in positions("assembly-t6", 3, 3, 12, {"phormio": ALL}):
        differed += same_decision(g, seat, 2)
    assert differed > 8  # the hidden facts did change


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_cheating_over_whole_games(seed: int) -> None:
    # Phormio on every seat; the game knows (prime drawn by the rules) or not (its own)
    opts = {"phormio": ALL} if seed % 2 else {}
    differed = checked = 0
    for g, seat in positions("14.1.06 A", seed, 2, 400, opts):
        differed += same_decision(g, seat, 2)
        checked += 1
    assert checked > 80 and differed > checked
