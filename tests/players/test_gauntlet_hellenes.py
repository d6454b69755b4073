"""The Hellenes gauntlet (engine/players/gauntlet/hellenes.py): four scripted players that
play whole games from the seat's view and the options' facts alone, answer the
multi-select questions (movers, Winter) themselves, and meet the heuristic in duels."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import engine
from engine.core import decisions
from engine.core.game import Game
from engine.core.rng import Rng
from engine.players import decide
from engine.players.duel import cannot_duel, contender
from engine.players.gauntlet import GAUNTLET, gauntlet_player
from engine.players.gauntlet.hellenes import distance
from engine.players.testing import Seen, play_out, variant_game
from keryx.cli import app


def _play(style: str, seat: str, seed: str, against: str = "random",
          limit: int = 6000) -> tuple[Game, Seen]:
    """A whole game, `style` holding `seat`; its (prompt, answer, view) list."""
    game = engine.new_game("hellenes", seed=seed)
    players = {s: contender(style if s == seat else against, f"{seed}:{s}")
               for s in game.seats}
    mine = play_out(game, players, {seat}, limit)
    return game, mine


@pytest.mark.parametrize("style", GAUNTLET)
@pytest.mark.parametrize("seat", ["athens", "sparta"])
def test_each_hellenes_gauntlet_player_plays_a_whole_game_to_its_end(style, seat):
    game, mine = _play(style, seat, f"hg-{style}")
    assert game.outcome is not None, "the game ran into the action limit (a loop of menus)"
    kinds = {p.kind for p, _, _ in mine}
    assert {"commit", "actions"} <= kinds


def test_multi_selects_are_answered_by_the_script_not_at_random():
    """Winter shelters every unit offered; the movers of a Group Move all go."""
    _game, mine = _play("aggressive", "athens", "hg-picks")
    picks = [(p, a) for p, a, _ in mine if p.kind in ("movers", "winter-quarter", "winter-home")]
    assert picks
    for p, answer in picks:
        assert set(answer.split(decisions.SEP)) == {o.id for o in p.options[:p.hi]}


def test_the_passive_player_never_moves():
    _game, mine = _play("passive", "sparta", "hg-passive")
    chosen = [p.option(a) for p, a, _ in mine if p.kind == "actions"]
    assert chosen and not [o for o in chosen if o.data["kind"] in ("move", "muster")]


def test_the_aggressive_player_only_closes_on_the_enemy_capital():
    _game, mine = _play("aggressive", "sparta", "hg-aggr")
    moves = [(p, a) for p, a, _ in mine if p.kind == "move" and a != "stay"]
    assert len(moves) >= 3
    for p, answer in moves:
        here = next(o.data["via"] for o in p.options if o.data.get("length") == 1)
        assert distance(p.option(answer).data["to"], "ATH") < distance(here, "ATH")


def test_the_raider_plays_revolts_and_pillages():
    _game, mine = _play("raider", "sparta", "hg-raid")
    cards = engine.ruleset("hellenes")  # noqa: F841 - the registry is loaded
    events = [p.option(a).data for p, a, _ in mine if p.kind == "commit"
              and p.option(a).data["use"] == "event"]
    revolts = [p for p, _, _ in mine if p.kind == "revolt"]
    assert events and revolts  # a Revolt played takes a vacant subject City (3.12)


def test_the_bait_taker_moves_only_towards_enemy_blocks():
    _game, mine = _play("bait-taker", "athens", "hg-bait")
    engaged = 0
    for p, answer, view in mine:
        if p.kind != "move" or answer == "stay":
            continue
        foes = {b["area"] for b in view["hidden_blocks"] if b["side"] == "sparta"}
        to = p.option(answer).data["to"]
        here = next((o.data["via"] for o in p.options if o.data.get("length") == 1), None)
        assert to in foes or here is None or \
            min(distance(to, f) for f in foes) < min(distance(here, f) for f in foes)
        engaged += bool(p.option(answer).data.get("engages"))
    assert engaged >= 1


@pytest.mark.parametrize("style", GAUNTLET)
def test_hellenes_gauntlet_answers_alike_when_only_hidden_facts_differ(style):
    """No cheating: at positions of a gauntlet game, every hidden variant (enemy
    identities, strengths, hands, the deck) gets the same answer."""
    game = engine.new_game("hellenes", seed=f"hg-blind-{style}")
    players = {s: contender(style if s == "sparta" else "random", f"b:{s}")
               for s in game.seats}
    checked = 0
    for step in range(400):
        if game.outcome is not None:
            break
        p = game.prompts()[0]
        if step % 8 == 0:
            answer = decide(game, p.seat, gauntlet_player(style, step))
            for state in game.rules.hidden_variants(game.state, p.seat, Rng(f"v{step}")):
                other = variant_game(game, state)
                assert decide(other, p.seat, gauntlet_player(style, step)) == answer
                checked += 1
        game.act(p.seat, decide(game, p.seat, players[p.seat]))
    assert checked >= 20


def test_duel_command_runs_hellenes_against_a_gauntlet_player():
    assert cannot_duel("raider", "hellenes") is None
    res = CliRunner().invoke(app, ["duel", "hellenes", "--a", "random", "--b", "raider",
                                   "--games", "1", "--jobs", "1", "--json"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert report["b"] == "raider" and report["games"] == 1
