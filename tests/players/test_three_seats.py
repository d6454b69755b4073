"""The player interface with three seats, two of them allied (tests/fixtures/allies.py):
every level plays whole games, answers every decision form (pick k of n, amounts), plays
with its ally in duels, and does not cheat."""

from __future__ import annotations

import pytest

import engine
import tests.fixtures.allies  # noqa: F401 - registers the ruleset and its heuristic
from engine.core.rng import Rng
from engine.players import decide, player
from engine.players.duel import play_one
from engine.players.testing import assert_player_blind

LEVELS = {"random": {}, "heuristic": {}, "search": {"samples": 3}}


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("people", [3, 2])
def test_every_level_plays_whole_games_on_every_seat(level, people):
    game = engine.new_game("allies", seed=f"three:{level}", options={"players": people})
    players = {s: player(level, s, **LEVELS[level]) for s in game.seats}
    forms = set()
    for _ in range(200):
        if game.outcome is not None:
            break
        prompt = game.prompts()[0]
        forms.add(prompt.form)
        game.act(prompt.seat, decide(game, prompt.seat, players[prompt.seat]))
    assert game.outcome is not None
    assert {"one", "pick"} <= forms  # stances, then claims of k districts


def test_duels_give_a_player_its_whole_team():
    runs = [play_one("allies", "heuristic", "random", f"team:{i}", i) for i in range(3)]
    assert [r.a_seat for r in runs] == ["thebes", "athens", "plataea"]
    for r in runs:
        assert r.winner in ("a", "b", None)
    # Athens' side is Athens and Plataea: both A's, so the duel has two sides, not three.
    assert sum(1 for r in runs if r.a_seat != "thebes") == 2


@pytest.mark.parametrize("level", list(LEVELS))
def test_no_player_reads_another_seats_hidden_stance(level):
    checked = 0
    for seed in range(6):
        game = engine.new_game("allies", seed=f"blind:{seed}")
        rng = Rng(f"walk:{seed}")
        for _ in range(40):
            if game.outcome is not None:
                break
            prompts = game.prompts()
            committed = [p for p in prompts if p.kind == "orders"]
            if committed and len(committed) < 3:  # someone's stance is face down
                seat = committed[0].seat
                checked += assert_player_blind(game, seat, level, seed=seed, **LEVELS[level])
            p = rng.choice(prompts)
            game.act(p.seat, engine.core.decisions.random_answer(p, rng))
    assert checked >= 6
