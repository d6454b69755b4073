"""The Athens & Sparta evaluation gives a city both sides stand in to the battle's likely
winner (rules 5.3-5.4, 5.41), not to its holder whatever the odds (issue 35: the heuristic
as Sparta sent one block against a raider in Corinth in the war's last Olympiad while four
stood next door, and lost the final count, rule 10.2, by a point)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import engine
from engine.players.athens_sparta import HIDDEN_FIGHTS, battle_odds, evaluate
from engine.players.base import player
from engine.players.lookahead import decide

CORINTH = "I8"
# Duel `heuristic` (Sparta) against `raider`, seed a5h-raider:1, saved at Sparta's move
# phase of Olympiad 89, turn 2: a raiding Athenian block alone in Corinth (value 3),
# Spartan stacks of four at J8 and H7 beside it, Sparta a point short on the count.
POSITION = Path(__file__).with_name("positions") / "athens_sparta_corinth_89.json.gz"


def _game() -> engine.Game:
    return engine.load_game(json.loads(gzip.decompress(POSITION.read_bytes())))


def _into(view: dict, ids: list[str], to: str) -> dict:
    return dict(view, blocks=[dict(b, hex=to, in_city=False) if b.get("id") in ids else b
                              for b in view["blocks"]])


def test_the_odds_rise_with_our_steps_and_walls_double_the_defenders():
    one = [{"strength": 4}]
    two = one + [{"strength": 4}]
    assert 0 < battle_odds(one, HIDDEN_FIGHTS, 0) < 0.7 < 0.9 < battle_odds(two, HIDDEN_FIGHTS, 0)
    # the same garrison behind walls takes half-hits (5.41): one block no longer has a chance
    assert battle_odds(one, HIDDEN_FIGHTS, HIDDEN_FIGHTS) < battle_odds(one, HIDDEN_FIGHTS, 0)
    assert battle_odds([{"strength": 1}], 3 * HIDDEN_FIGHTS, 0) == 0


def test_more_blocks_against_a_city_score_more_than_one():
    game = _game()
    view = game.view("sparta")
    assert view["olympiad"] == 89 and view["cities"]["Corinth"]["side"] == "athens"
    beside = [b["id"] for b in view["blocks"] if b["side"] == "sparta" and b["hex"] == "J8"]
    assert len(beside) >= 2
    alone = evaluate(_into(view, beside[:1], CORINTH), "sparta")
    massed = evaluate(_into(view, beside[:2], CORINTH), "sparta")
    assert massed > alone + 1


def test_the_heuristic_masses_on_the_city_that_turns_the_count():
    game = _game()
    me = "sparta"
    pl = player("heuristic", "corinth")
    most = 0
    while (p := game.prompts()[0]).seat == me and p.kind in ("move", "move_dest"):
        game.act(me, decide(game, me, pl))
        most = max(most, sum(1 for b in game.view(me)["blocks"]
                             if b["side"] == me and b["hex"] == CORINTH))
    assert most >= 2

